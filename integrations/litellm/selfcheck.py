#!/usr/bin/env python3
"""Self-check: the FourEyes guardrail inside real LiteLLM, against a real FourEyes server.

    foureyes --db fe.db --policy integrations/litellm/policy.yaml serve --listen 127.0.0.1:8080
    foureyes --db fe.db token create --name litellm --role agent
    python integrations/litellm/selfcheck.py --server http://127.0.0.1:8080 --token fe_…

For an agent that has an executor (``foureyes token create --role executor --for litellm``), add
``--executor-token fe_…`` (or set FOUREYES_EXECUTOR_TOKEN): the guardrail then reports as the executor, and without it
the permitted case is blocked, because FourEyes refuses the agent's own report.

Instantiates ``FourEyesGuardrail`` with the installed ``litellm`` (offline: the bundled model cost map) and calls
its ``async_pre_call_hook`` as LiteLLM's proxy does for ``call_mcp_tool``, once per case: a permitted call, a call
out of bounds, a call that needs a human's approval, and a tool the policy does not know. It prints one line per case
(tool, arguments, what FourEyes decided, whether the hook let it through) and exits 0 only if every case behaved as
expected (1 otherwise, 2 on bad usage).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import uuid
from typing import Optional

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # offline: never fetch the model cost map

# (case, MCP server, tool, arguments, expected FourEyes verdict, expected reason code, expected to pass)
CASES = [
    ("permitted", "files", "read_text_file", {"path": "/srv/notes/todo.md"}, "permit", "observe", True),
    ("bounds-denied", "payments", "refund", {"order_id": "ord_1001", "amount_eur": 5000}, "deny", "bounds", False),
    (
        "approval-required",
        "github",
        "delete_repository",
        {"repo": "acme/legacy-site"},
        "defer",
        "approval_required",
        False,
    ),
    ("unknown-tool", "shell", "run_command", {"cmd": "rm -rf /srv"}, "defer", "default_deny", False),
]


async def check(server: str, token: str, timeout: float, executor_token: Optional[str] = None) -> int:
    from litellm.caching import DualCache
    from litellm.types.proxy.auth.user_api_key_auth import UserAPIKeyAuth

    from foureyes_litellm import FourEyesBlocked, FourEyesGuardrail

    guardrail = FourEyesGuardrail(
        api_base=server, api_key=token, executor_api_key=executor_token, timeout=timeout, guardrail_name="foureyes"
    )
    who = "the executor token" if guardrail.reporter is not guardrail.client else "the agent token"
    print(f"selfcheck: deciding with the agent token, reporting with {who}", flush=True)
    cache = DualCache()
    user = UserAPIKeyAuth(user_id="selfcheck")
    run = uuid.uuid4().hex[:8]  # each run asks afresh, so it can be repeated against the same server
    failures = 0
    for case, mcp_server, tool, arguments, want_verdict, want_code, want_pass in CASES:
        data = {
            "mcp_tool_name": tool,
            "mcp_arguments": dict(arguments),
            "mcp_server_name": mcp_server,
            "litellm_call_id": f"selfcheck-{run}-{case}",
            "metadata": {},
        }
        passed, verdict, message = False, None, ""
        try:
            result = await guardrail.async_pre_call_hook(user, cache, data, "call_mcp_tool")
            passed = True
            note = (result or data).get("metadata", {}).get("foureyes", {})
            verdict = f"{note.get('verdict')} ({', '.join(note.get('reasons', []))}; decision {note.get('decision_id')})"
            got_verdict, got_codes = note.get("verdict"), note.get("reasons", [])
        except FourEyesBlocked as e:
            v = e.verdict
            message = e.foureyes_message
            if v is None:
                verdict, got_verdict, got_codes = f"none ({message})", None, []
            else:
                extra = f"; approval {v.approval_id}" if v.approval_id is not None else ""
                verdict = f"{v.verdict} ({', '.join(v.codes)}; decision {v.decision_id}{extra})"
                got_verdict, got_codes = v.verdict, v.codes
        ok = got_verdict == want_verdict and want_code in got_codes and passed == want_pass
        failures += 0 if ok else 1
        hook = "let through" if passed else "blocked"
        print(
            f"[{'ok' if ok else 'FAIL'}] {case:<17} tool={mcp_server}/{tool} "
            f"args={json.dumps(arguments, separators=(',', ':'))} foureyes={verdict} hook={hook}",
            flush=True,
        )
        if not ok:
            print(
                f"       expected foureyes={want_verdict} ({want_code}) hook={'let through' if want_pass else 'blocked'}"
                + (f"; message: {message}" if message else ""),
                flush=True,
            )
    if failures:
        print(f"selfcheck: {failures} of {len(CASES)} cases misbehaved", flush=True)
        return 1
    print(f"selfcheck: all {len(CASES)} cases behaved as expected", flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="FourEyes base URL, e.g. http://127.0.0.1:8080")
    parser.add_argument("--token", required=True, help="an agent token (foureyes token create --role agent)")
    parser.add_argument(
        "--executor-token",
        help="optional: the token of an executor serving the agent, used for reports (or FOUREYES_EXECUTOR_TOKEN)",
    )
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per FourEyes call (default 10)")
    args = parser.parse_args()
    return asyncio.run(check(args.server, args.token, args.timeout, args.executor_token))


if __name__ == "__main__":
    sys.exit(main())
