"""Only here to depend on the client package by its path in this repository (integrations/python), so that
`pip install ./integrations/litellm` works alone and never looks for `foureyes-client` on a package index."""

from pathlib import Path

from setuptools import setup

CLIENT = Path(__file__).resolve().parent.parent / "python"
if not (CLIENT / "pyproject.toml").is_file():
    raise SystemExit(f"foureyes-litellm is installed from the FourEyes repository: {CLIENT} is missing")

setup(install_requires=["litellm>=1.110", f"foureyes-client @ {CLIENT.as_uri()}"])
