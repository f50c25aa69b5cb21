#!/usr/bin/env python3
"""What building the test suite costs, per revision: CPU seconds (user + sys of cargo and everything it runs: rustc,
the C compiler, the linker), the number of test binaries and the bytes they hold (issue 18, ADR-361).

Each revision's tree is exported with `git archive` into a scratch directory and built in a fresh target directory:

1. `cargo build SCOPE --lib --bins` — the dependencies and the workspace's own libraries and binaries. Unless
   `--cold`, only the first revision builds this from nothing; each later one starts from a copy of the first one's
   target directory after this step (same Cargo.lock, same dependency artifacts), so step 1 is cold only for the first.
   With `--from-target DIR`, every revision starts from a copy of DIR (a target directory whose dependencies are
   built, e.g. a worktree's), so no step is cold: the quick way on a busy machine.
2. `cargo nextest run SCOPE --no-run` — what the test layout changes: the unit-test and integration-test binaries,
   the examples, the dev-dependencies. Timed on its own: this is the figure to compare.

CPU seconds are the children's rusage: other load on the machine slows the wall clock, not them. Run it niced on a
shared machine:

    nice -n 10 python3 scripts/test_build_cost.py 4254a78 HEAD
    nice -n 10 python3 scripts/test_build_cost.py --scope '-p foureyes-mcp -p support-desk' 4254a78 HEAD
    nice -n 10 python3 scripts/test_build_cost.py --from-target target --scope '-p foureyes-mcp' 4254a78 HEAD
"""

import argparse
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, env: dict[str, str], log: Path) -> tuple[float, float]:
    """Runs `command`, its output appended to `log`; returns (CPU seconds, wall seconds). Fails loudly."""
    cpu, wall = children_cpu(), time.monotonic()
    with log.open("a") as out:
        out.write(f"$ {shlex.join(command)}\n")
        out.flush()
        status = subprocess.run(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT).returncode
    if status != 0:
        sys.exit(f"`{shlex.join(command)}` failed ({status}) in {cwd}; see {log}")
    return children_cpu() - cpu, time.monotonic() - wall


def test_binaries(cwd: Path, env: dict[str, str], scope: list[str]) -> list[Path]:
    listed = subprocess.run(
        ["cargo", "nextest", "list", *scope, "--list-type", "binaries-only", "--message-format", "json"],
        cwd=cwd, env=env, check=True, capture_output=True, text=True,
    )
    binaries = json.loads(listed.stdout)["rust-binaries"].values()
    return sorted(Path(b["binary-path"]) for b in binaries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("revs", nargs="+", help="git revisions to compare, in order")
    parser.add_argument("--scope", default="--workspace", help="cargo package selection (default: --workspace)")
    parser.add_argument("--scratch", default="/tmp/test-build-cost", help="where trees and target dirs go")
    parser.add_argument("--cold", action="store_true", help="build step 1 from nothing for every revision")
    parser.add_argument("--from-target", help="start every revision from a copy of this target directory")
    args = parser.parse_args()

    repo = Path(subprocess.run(["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True,
                               text=True).stdout.strip())
    scratch = Path(args.scratch)
    scratch.mkdir(parents=True, exist_ok=True)
    scope = shlex.split(args.scope)
    log = scratch / "build.log"
    rows = []
    first_target = None
    for rev in args.revs:
        commit = subprocess.run(["git", "rev-parse", "--short", rev], cwd=repo, check=True, capture_output=True,
                                text=True).stdout.strip()
        tree, target = scratch / f"src-{commit}", scratch / f"target-{commit}"
        for old in (tree, target):
            shutil.rmtree(old, ignore_errors=True)
        tree.mkdir()
        archive = subprocess.run(["git", "archive", commit], cwd=repo, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        cold = args.from_target is None and (args.cold or first_target is None)
        if args.from_target is not None:
            subprocess.run(["cp", "-a", str(Path(args.from_target).resolve()), str(target)], check=True)
        elif not cold:
            subprocess.run(["cp", "-a", str(first_target), str(target)], check=True)
        env = dict(os.environ, CARGO_TARGET_DIR=str(target))
        print(f"{commit}: step 1, cargo build {args.scope} --lib --bins ({'cold' if cold else 'on a copy'}) …",
              file=sys.stderr, flush=True)
        base_cpu, base_wall = timed(["cargo", "build", *scope, "--lib", "--bins"], tree, env, log)
        if first_target is None and not args.cold and args.from_target is None:
            first_target = scratch / "target-step1"
            shutil.rmtree(first_target, ignore_errors=True)
            subprocess.run(["cp", "-a", str(target), str(first_target)], check=True)
        print(f"{commit}: step 2, cargo nextest run {args.scope} --no-run …", file=sys.stderr, flush=True)
        tests_cpu, tests_wall = timed(["cargo", "nextest", "run", *scope, "--no-run"], tree, env, log)
        binaries = test_binaries(tree, env, scope)
        rows.append((commit, cold, base_cpu, base_wall, tests_cpu, tests_wall, len(binaries),
                     sum(b.stat().st_size for b in binaries)))
        shutil.rmtree(target, ignore_errors=True)
    if first_target is not None:
        shutil.rmtree(first_target, ignore_errors=True)

    print(f"scope: {args.scope}; CPU = user + sys seconds of cargo and its children; wall is load-dependent")
    print("| rev | step 1: deps + libs + bins | step 2: test targets (`nextest run --no-run`) | test binaries | "
          "bytes of test binaries |")
    print("| --- | --- | --- | --- | --- |")
    for commit, cold, base_cpu, base_wall, tests_cpu, tests_wall, count, size in rows:
        seeded = "on a copy of " + args.from_target if args.from_target else "on the first rev's deps"
        step1 = f"{base_cpu:.0f} s CPU, {base_wall:.0f} s wall ({'cold' if cold else seeded})"
        print(f"| {commit} | {step1} | {tests_cpu:.0f} s CPU, {tests_wall:.0f} s wall | {count} | "
              f"{size / 1e6:.0f} MB |")


if __name__ == "__main__":
    main()
