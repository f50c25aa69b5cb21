"""Fixtures: a real `foureyes serve` on loopback, on a temporary database, with integrations/litellm/policy.yaml.

The binary comes from FOUREYES_BIN (default target/debug/foureyes, relative to the repository root). The packages
under test are imported from this source tree (it wins over an installed copy), litellm from the environment.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict

import pytest

ROOT = Path(__file__).resolve().parents[2]
for src in (ROOT / "integrations" / "litellm", ROOT / "integrations" / "python"):
    sys.path.insert(0, str(src))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

POLICY = ROOT / "integrations" / "litellm" / "policy.yaml"
# The command line names the database and policy; the environment must not add to it.
CLEAN_ENV = {k: v for k, v in os.environ.items() if k not in ("FOUREYES_DB", "FOUREYES_POLICY", "FOUREYES_LISTEN")}


def foureyes_bin() -> Path:
    path = Path(os.environ.get("FOUREYES_BIN", "target/debug/foureyes"))
    return path if path.is_absolute() else ROOT / path


@dataclass
class Server:
    url: str
    db: Path
    bin: Path
    tokens: Dict[str, str]

    def cli(self, *args: str) -> str:
        done = subprocess.run(
            [str(self.bin), "--db", str(self.db), *args], capture_output=True, text=True, timeout=60, env=CLEAN_ENV
        )
        if done.returncode != 0:
            raise AssertionError(f"foureyes {' '.join(args)} exited {done.returncode}: {done.stderr}{done.stdout}")
        return done.stdout

    def token(self, name: str, role: str) -> str:
        if name not in self.tokens:
            out = self.cli("token", "create", "--name", name, "--role", role, "--json")
            self.tokens[name] = json.loads(out)["token"]
        return self.tokens[name]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory):
    binary = foureyes_bin()
    if not binary.is_file():
        pytest.fail(f"no FourEyes binary at {binary}: run `cargo build -p foureyes` or set FOUREYES_BIN", False)
    tmp = tmp_path_factory.mktemp("foureyes")
    db, log_path = tmp / "fe.db", tmp / "serve.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(binary), "--db", str(db), "--policy", str(POLICY), "serve", "--listen", "127.0.0.1:0"],
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=CLEAN_ENV,
        )
    url = admin = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (url is None or admin is None):
        if proc.poll() is not None:
            pytest.fail(f"foureyes serve exited {proc.returncode}:\n{log_path.read_text(errors='replace')}", False)
        for line in log_path.read_text(errors="replace").splitlines():
            if line.startswith("FourEyes serving ") and " on http://" in line:
                url = line.rsplit(" on ", 1)[1].strip()
            if "admin token (shown once, keep it):" in line:
                admin = line.rsplit(":", 1)[1].strip()
        time.sleep(0.05)
    if url is None or admin is None:
        proc.kill()
        pytest.fail(f"foureyes serve did not start within 30 s:\n{log_path.read_text(errors='replace')}", False)
    srv = Server(url=url, db=db, bin=binary, tokens={"admin": admin})
    srv.token("bot", "agent")
    srv.token("alice", "approver")
    try:
        yield srv
    finally:
        proc.send_signal(signal.SIGINT)  # graceful shutdown
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def unique(request: pytest.FixtureRequest) -> str:
    """A request-id prefix unique to this test (the server is shared by the session)."""
    return f"{request.node.name}-{time.time_ns()}"


@pytest.fixture
def closed_port_url() -> str:
    """A loopback URL nothing listens on."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}"
