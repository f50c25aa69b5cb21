#!/usr/bin/env python3
"""An example agent: every side effect goes through FourEyes with the executor (decide → run → report).

    python integrations/python/examples/agent.py --server http://127.0.0.1:8080 --token fe_… [--wait 120]

Against a server running integrations/litellm/policy.yaml it reads a note (permitted), refunds 20 € (permitted,
within bounds and budget), tries to refund 5000 € (denied: out of bounds) and asks to delete a repository (deferred
to a human; with --wait it long-polls for the approval and then deletes). The "tools" here are local stand-ins.
"""

from __future__ import annotations

import argparse
import sys
import uuid

from foureyes_client import AwaitingApproval, Denied, FourEyes, FourEyesError, executor


def read_note(path: str) -> str:
    return f"(contents of {path})"


def refund(order_id: str, amount_eur: float) -> dict:
    return {"order_id": order_id, "refunded_eur": amount_eur}


def delete_repository(repo: str) -> str:
    return f"deleted {repo}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True, help="an agent token")
    parser.add_argument("--wait", type=float, default=0, help="seconds to wait for a human's approval (default: 0)")
    args = parser.parse_args()
    fe = FourEyes(args.server, args.token)
    run = uuid.uuid4().hex[:8]  # request ids are idempotency keys: one per intended action

    steps = [
        ("read", "mcp.files.read_text_file", {"path": "/srv/notes/todo.md"}, lambda: read_note("/srv/notes/todo.md")),
        ("refund", "mcp.payments.refund", {"order_id": "ord_1001", "amount_eur": 20}, lambda: refund("ord_1001", 20)),
        ("refund", "mcp.payments.refund", {"order_id": "ord_1002", "amount_eur": 5000}, lambda: refund("ord_1002", 5000)),
        ("delete", "mcp.github.delete_repository", {"repo": "acme/legacy"}, lambda: delete_repository("acme/legacy")),
    ]
    for i, (name, action, params, fn) in enumerate(steps):
        request_id = f"agent-{run}-{i}-{name}"
        try:
            result = executor.run(fe, request_id, action, params, fn, wait=args.wait > 0, wait_timeout=args.wait)
            print(f"{action}: executed -> {result}")
        except Denied as e:
            print(f"{action}: denied -> {e.verdict.message}")
        except AwaitingApproval as e:
            print(f"{action}: awaiting approval {e.approval_id} (re-run with the same request id once approved)")
        except FourEyesError as e:
            print(f"{action}: FourEyes error -> {e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
