"""FourEyesGuardrail inside the real `litellm` package (offline), against a real `foureyes serve`: the hook is called
directly, with the `data` LiteLLM's proxy builds for `call_mcp_tool` and for completions."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import urllib.request
from pathlib import Path
from typing import Any, Dict, Optional

import pytest
import yaml
from foureyes_client import FourEyes
from foureyes_litellm import FourEyesBlocked, FourEyesGuardrail
from foureyes_litellm.guardrail import DECISION_KEY
from litellm.caching import DualCache
from litellm.exceptions import GuardrailRaisedException
from litellm.types.guardrails import LitellmParams
from litellm.types.proxy.auth.user_api_key_auth import UserAPIKeyAuth

ROOT = Path(__file__).resolve().parents[2]
USER = UserAPIKeyAuth(user_id="pytest")


def mcp(server: str, tool: str, arguments: Any, call_id: Optional[str] = None, **extra: Any) -> Dict[str, Any]:
    data: Dict[str, Any] = {"mcp_tool_name": tool, "mcp_arguments": arguments, "mcp_server_name": server, "metadata": {}}
    if call_id is not None:
        data["litellm_call_id"] = call_id
    data.update(extra)
    return data


def hook(g: FourEyesGuardrail, data: Dict[str, Any], call_type: str = "call_mcp_tool") -> Any:
    return asyncio.run(g.async_pre_call_hook(USER, DualCache(), data, call_type))


@pytest.fixture(autouse=True)
def _no_executor_from_the_shell(monkeypatch):
    """The guardrail reads FOUREYES_EXECUTOR_TOKEN; a developer's shell must not change what these tests run."""
    monkeypatch.delenv("FOUREYES_EXECUTOR_TOKEN", raising=False)


@pytest.fixture
def guardrail(server) -> FourEyesGuardrail:
    return FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"], timeout=10)


@pytest.fixture
def alice(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["alice"], timeout=10)


@pytest.fixture
def bot(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["bot"], timeout=10)


def test_permitted_tool_call_passes_and_is_handed_off(guardrail, bot, unique):
    data = mcp("files", "read_text_file", {"path": "/srv/notes/todo.md"}, call_id=unique)
    assert hook(guardrail, data) is data
    note = data["metadata"]["foureyes"]
    assert (note["action"], note["verdict"], note["reasons"]) == ("mcp.files.read_text_file", "permit", ["observe"])
    assert bot.decision(note["decision_id"]).status == "unknown"  # handed to LiteLLM, outcome not seen yet


def test_out_of_bounds_tool_call_is_blocked_with_the_reason(guardrail, unique):
    with pytest.raises(GuardrailRaisedException) as e:
        hook(guardrail, mcp("payments", "refund", {"order_id": "ord_1", "amount_eur": 5000}, call_id=unique))
    assert isinstance(e.value, FourEyesBlocked)
    assert e.value.verdict.verdict == "deny" and e.value.verdict.codes == ["bounds"]
    assert e.value.status_code == 400 and e.value.blocked_content
    assert "above max 100" in e.value.message and e.value.guardrail_name == "foureyes"


def test_approval_required_blocks_then_the_retry_is_released(guardrail, alice, bot, unique):
    args = {"repo": "acme/retire-me"}
    with pytest.raises(FourEyesBlocked) as first:
        hook(guardrail, mcp("github", "delete_repository", dict(args)))
    v = first.value.verdict
    assert v.verdict == "defer" and v.codes == ["approval_required"]
    assert first.value.approval_id == v.approval_id is not None
    assert f"approval {v.approval_id}" in first.value.message

    with pytest.raises(FourEyesBlocked) as still:  # retried before anyone answered: the same pending approval
        hook(guardrail, mcp("github", "delete_repository", dict(args)))
    assert still.value.approval_id == v.approval_id

    alice.approve(v.approval_id, v.digest)
    data = mcp("github", "delete_repository", dict(args))
    assert hook(guardrail, data) is data  # the same call, after approval: released
    released = data["metadata"]["foureyes"]
    assert released["verdict"] == "permit" and "approved" in released["reasons"]
    assert bot.decision(released["decision_id"]).supersedes == v.decision_id

    with pytest.raises(FourEyesBlocked) as again:  # the approval was for one execution
        hook(guardrail, mcp("github", "delete_repository", dict(args)))
    assert again.value.verdict.verdict == "defer" and again.value.approval_id != v.approval_id


def test_rejected_call_is_denied_on_retry(guardrail, alice, unique):
    args = {"repo": f"acme/r-{unique[-8:]}"}
    with pytest.raises(FourEyesBlocked) as first:
        hook(guardrail, mcp("github", "delete_repository", dict(args)))
    alice.reject(first.value.approval_id, reason="no")
    with pytest.raises(FourEyesBlocked) as retry:
        hook(guardrail, mcp("github", "delete_repository", dict(args)))
    assert retry.value.verdict.verdict == "deny" and "approval_rejected" in retry.value.verdict.codes


def test_unknown_tool_is_default_denied(guardrail, unique):
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, mcp("shell", "run_command", {"cmd": "rm -rf /"}, call_id=unique))
    assert e.value.verdict.action == "mcp.shell.run_command"
    assert e.value.verdict.verdict == "defer" and e.value.verdict.codes == ["default_deny"]


def test_missing_server_name_is_litellm(guardrail, unique):
    data = mcp("files", "read_text_file", {"path": "/srv/notes/x.md"}, call_id=unique)
    del data["mcp_server_name"]
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, data)
    assert e.value.verdict.action == "mcp.litellm.read_text_file" and e.value.verdict.codes == ["default_deny"]


def test_identical_calls_each_get_a_decision_and_success_reports_executed(guardrail, bot, unique):
    args = {"order_id": "ord_42", "amount_eur": 1}
    ids = []
    for _ in range(3):
        data = mcp("payments", "refund", dict(args))  # no call id: LiteLLM's MCP path does not send one
        hook(guardrail, data)
        ids.append(data["metadata"]["foureyes"]["decision_id"])
    assert len(set(ids)) == 3, "a replayed permit would let limits and budgets undercount"
    assert bot.decision(ids[-1]).budgets[0].consumed != bot.decision(ids[0]).budgets[0].consumed

    class Logging:  # LiteLLM's logging object: the hook leaves the decision on model_call_details
        model_call_details: Dict[str, Any] = {}

    logging_obj = Logging()
    data = mcp("payments", "refund", dict(args), litellm_logging_obj=logging_obj)
    hook(guardrail, data)
    decision_id = logging_obj.model_call_details[DECISION_KEY]
    assert bot.decision(decision_id).status == "unknown"
    asyncio.run(guardrail.async_log_success_event(logging_obj.model_call_details, None, None, None))
    assert bot.decision(decision_id).status == "executed"


@pytest.mark.parametrize("late", [False, True])
def test_a_success_seen_past_execute_timeout_stays_unknown(server, bot, unique, caplog, late):
    g = FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"], timeout=10, execute_timeout=0.2)

    class Logging:
        model_call_details: Dict[str, Any] = {}

    logging_obj = Logging()
    hook(g, mcp("payments", "refund", {"order_id": "ord_77", "amount_eur": 1}, litellm_logging_obj=logging_obj))
    decision_id = logging_obj.model_call_details[DECISION_KEY]
    if late:
        time.sleep(0.4)
    with caplog.at_level(logging.WARNING, logger="foureyes_litellm"):
        asyncio.run(g.async_log_success_event(logging_obj.model_call_details, None, None, None))
    assert bot.decision(decision_id).status == ("unknown" if late else "executed")
    assert ("past execute_timeout" in caplog.text) == late


@pytest.mark.parametrize("bad", [0, -1, "soon", float("nan")])
def test_execute_timeout_must_be_a_positive_number(server, bad):
    with pytest.raises(ValueError, match="execute_timeout"):
        FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"], execute_timeout=bad)


def test_a_new_guardrail_process_does_not_replay_a_handed_off_permit(server, bot, unique):
    data = mcp("files", "read_text_file", {"path": "/srv/notes/restart.md"})
    hook(FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"]), data)
    first = data["metadata"]["foureyes"]["decision_id"]
    fresh = FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"])  # as after a restart
    again = mcp("files", "read_text_file", {"path": "/srv/notes/restart.md"})
    hook(fresh, again)
    assert again["metadata"]["foureyes"]["decision_id"] != first


def test_the_arguments_that_will_run_are_judged(guardrail, unique):
    data = mcp("payments", "refund", {"order_id": "ord_1", "amount_eur": 5}, call_id=unique)
    data["modified_arguments"] = {"order_id": "ord_1", "amount_eur": 5000}  # an earlier guardrail's rewrite
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, data)
    assert e.value.verdict.params["amount_eur"] == 5000


def test_json_string_arguments_are_parsed(guardrail, unique):
    data = mcp("files", "read_text_file", '{"path": "/srv/notes/s.md"}', call_id=unique)
    hook(guardrail, data)
    assert data["metadata"]["foureyes"]["verdict"] == "permit"


@pytest.mark.parametrize(
    "server_name,tool,arguments",
    [("files", "read text", {}), ("my.files", "read_text_file", {}), ("files", "read_text_file", [1, 2])],
)
def test_unnameable_calls_are_refused_locally(closed_port_url, server_name, tool, arguments):
    g = FourEyesGuardrail(api_base=closed_port_url, api_key="t", fail_mode="open")
    with pytest.raises(FourEyesBlocked) as e:  # even fail-open: nothing was unreachable, the call is malformed
        hook(g, mcp(server_name, tool, arguments))
    assert "refused" in e.value.message


def test_completion_model_allowed_and_not(guardrail, unique):
    data = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": "hi"}], "litellm_call_id": unique}
    assert hook(guardrail, data, "acompletion") is data
    assert data["metadata"]["foureyes"]["action"] == "llm.completion"
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, {"model": "gpt-5-ultra", "messages": [], "litellm_call_id": unique + "x"}, "completion")
    assert e.value.verdict.verdict == "deny" and e.value.verdict.action == "llm.completion"


def test_other_call_types_are_actions_too_and_listing_is_not_gated(guardrail, unique):
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, {"model": "text-embedding-3-small", "input": "x", "litellm_call_id": unique}, "aembedding")
    assert e.value.verdict.action == "llm.embedding" and e.value.verdict.codes == ["default_deny"]
    data = {"metadata": {}}
    assert hook(guardrail, data, "list_mcp_tools") is data and "foureyes" not in data["metadata"]


def test_unreachable_fails_closed(closed_port_url):
    g = FourEyesGuardrail(api_base=closed_port_url, api_key="t", timeout=2)
    with pytest.raises(FourEyesBlocked) as e:
        hook(g, mcp("files", "read_text_file", {"path": "/srv/notes/a.md"}))
    assert e.value.status_code == 503 and not e.value.blocked_content and e.value.verdict is None
    assert "fail closed" in e.value.message and "unreachable" in e.value.message


def test_fail_open_is_explicit_and_logged(closed_port_url, caplog):
    with caplog.at_level(logging.WARNING, logger="foureyes_litellm"):
        g = FourEyesGuardrail(api_base=closed_port_url, api_key="t", timeout=2, fail_mode="open")
        data = mcp("files", "read_text_file", {"path": "/srv/notes/a.md"})
        assert hook(g, data) is data
    messages = [r.getMessage() for r in caplog.records]
    assert any("fail_mode=open" in m and "UNCHECKED" in m for m in messages), messages
    assert sum("letting mcp.files.read_text_file through UNCHECKED" in m for m in messages) == 1


def test_fail_open_never_covers_a_refusal(server):
    g = FourEyesGuardrail(api_base=server.url, api_key="fe_wrong", fail_mode="open")
    with pytest.raises(FourEyesBlocked) as e:  # a bad token is an answer, not an outage
        hook(g, mcp("files", "read_text_file", {"path": "/srv/notes/a.md"}))
    assert "unauthorized" in e.value.message


def test_fail_mode_is_closed_or_open_only(server):
    for bad in ("", "Open", "fail_open", "permissive"):
        with pytest.raises(ValueError, match="fail_mode"):
            FourEyesGuardrail(api_base=server.url, api_key="t", fail_mode=bad)


def test_config_yaml_instantiates_the_guardrail_as_the_proxy_does(server, monkeypatch):
    """guardrail_registry.initialize_custom_guardrail: cls(guardrail_name=…, event_hook=mode, default_on=…,
    **litellm_params minus guardrail/mode/default_on/stream_scope, dumped with exclude_none)."""
    config = yaml.safe_load((ROOT / "integrations" / "litellm" / "config.yaml").read_text())
    entry = config["guardrails"][0]
    params = LitellmParams(**entry["litellm_params"])
    assert params.guardrail == "foureyes_litellm.FourEyesGuardrail" and params.mode == "pre_mcp_call"
    extra = {
        k: v
        for k, v in params.model_dump(exclude_none=True).items()
        if k not in ("guardrail", "mode", "default_on", "stream_scope")
    }
    extra["api_base"] = server.url  # the example points at 127.0.0.1:8080
    monkeypatch.setenv("FOUREYES_TOKEN", server.tokens["bot"])
    g = FourEyesGuardrail(guardrail_name=entry["guardrail_name"], event_hook=params.mode, default_on=True, **extra)
    assert g.fail_mode == "closed" and g.client.token == server.tokens["bot"] and g.client.timeout == 5
    # `executor_api_key: os.environ/FOUREYES_EXECUTOR_TOKEN` with the variable unset: the agent reports.
    assert extra["executor_api_key"] == "os.environ/FOUREYES_EXECUTOR_TOKEN" and g.reporter is g.client
    data = mcp("files", "read_text_file", {"path": "/srv/notes/cfg.md"})
    assert hook(g, data) is data
    with pytest.raises(ValueError):  # a pre-call guardrail cannot be registered for another hook
        FourEyesGuardrail(guardrail_name="x", event_hook="during_mcp_call", api_base=server.url, api_key="t")


def test_the_example_policy_loads(server):
    out = server.cli("policy", "check", str(ROOT / "integrations" / "litellm" / "policy.yaml"))
    assert "4 actions" in out


# ------------------------------------------------------------------------------------ reports by an executor (ADR-51)


def _agent_with_executor(server, for_agent: Optional[str] = None) -> "tuple[str, str, str, str]":
    """A fresh agent (the session's `bot` must keep reporting itself) and an executor serving `for_agent` (default:
    that agent): (agent name, agent token, executor name, executor token)."""
    suffix = time.time_ns()
    agent, runner = f"llm-agent-{suffix}", f"llm-runner-{suffix}"
    agent_token = server.token(agent, "agent")
    out = server.cli("token", "create", "--name", runner, "--role", "executor", "--for", for_agent or agent, "--json")
    return agent, agent_token, runner, json.loads(out)["token"]


def _reports_of(server, decision_id: int) -> "list[Dict[str, Any]]":
    """The journal's report events (`unknown`, `executed`, `failed`) of one decision, read by the admin."""
    request = urllib.request.Request(
        f"{server.url}/v1/journal?after_seq=0&limit=5000", headers={"Authorization": f"Bearer {server.tokens['admin']}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        events = json.loads(answer.read())
    return [
        e
        for e in events
        if e["kind"] in ("unknown", "executed", "failed") and e["data"].get("decision_id") == decision_id
    ]


class _Logging:  # LiteLLM's logging object: the hook leaves the decision on model_call_details
    def __init__(self) -> None:
        self.model_call_details: Dict[str, Any] = {}


@pytest.mark.parametrize("via", ["litellm_params", "environment"])
def test_with_an_executor_key_both_reports_are_the_executors(server, monkeypatch, via):
    _, agent_token, runner, runner_token = _agent_with_executor(server)
    if via == "environment":
        monkeypatch.setenv("FOUREYES_EXECUTOR_TOKEN", runner_token)
        g = FourEyesGuardrail(api_base=server.url, api_key=agent_token, timeout=10)
    else:
        g = FourEyesGuardrail(api_base=server.url, api_key=agent_token, executor_api_key=runner_token, timeout=10)
    assert g.reporter is not g.client and g.reporter.token == runner_token and g.client.token == agent_token
    assert runner_token not in repr(g.reporter)
    logging_obj = _Logging()
    data = mcp("files", "read_text_file", {"path": f"/srv/notes/{via}.md"}, litellm_logging_obj=logging_obj)
    assert hook(g, data) is data
    decision_id = data["metadata"]["foureyes"]["decision_id"]
    asyncio.run(g.async_log_success_event(logging_obj.model_call_details, None, None, None))
    runner_client = FourEyes(server.url, runner_token, timeout=10)
    assert runner_client.decision(decision_id).status == "executed"
    reports = _reports_of(server, decision_id)
    assert [(e["kind"], e["data"].get("reported_by")) for e in reports] == [("unknown", runner), ("executed", runner)]


@pytest.mark.parametrize("fail_mode", ["closed", "open"])
def test_without_the_executor_key_the_refused_hand_off_blocks_and_is_logged(server, caplog, fail_mode):
    agent, agent_token, runner, runner_token = _agent_with_executor(server)
    g = FourEyesGuardrail(api_base=server.url, api_key=agent_token, timeout=10, fail_mode=fail_mode)
    with caplog.at_level(logging.ERROR, logger="foureyes_litellm"):
        with pytest.raises(FourEyesBlocked) as e:  # a refusal is an answer, not an outage: even fail-open blocks
            hook(g, mcp("files", "read_text_file", {"path": "/srv/notes/no-executor.md"}))
    message = e.value.message
    assert "refused this guardrail's report" in message and f"has an executor credential ({runner})" in message
    assert "executor_api_key" in message and "FOUREYES_EXECUTOR_TOKEN" in message and "Not executed" in message
    assert e.value.status_code == 403 and e.value.verdict.verdict == "permit"
    assert any("refused this guardrail's report" in r.getMessage() for r in caplog.records), caplog.records
    # The permit was never handed to LiteLLM: it stays intended (nothing ran, nothing was reported).
    assert FourEyes(server.url, runner_token, timeout=10).decision(e.value.verdict.decision_id).status == "intended"
    assert agent_token not in message and runner_token not in message


def _decided_by(server, agent: str) -> "list[Dict[str, Any]]":
    """Every decision `agent` got, as the admin lists them."""
    request = urllib.request.Request(
        f"{server.url}/v1/decisions?status=all&limit=10000",
        headers={"Authorization": f"Bearer {server.tokens['admin']}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return [d for d in json.loads(answer.read()) if d["agent"] == agent]


@pytest.mark.parametrize("fail_mode", ["closed", "open"])
def test_credentials_that_do_not_fit_block_every_call_before_anything_is_decided(server, caplog, fail_mode):
    other, other_token, other_runner, others_runner = _agent_with_executor(server)
    agent, agent_token, runner, runner_token = _agent_with_executor(server)
    cases = [
        # (api_key, executor_api_key, what the message says)
        (
            agent_token,
            others_runner,
            f"`executor_api_key` is `{other_runner}`, the executor of agent `{other}`, not an "
            f"executor serving `{agent}` (the agent of `api_key`)",
        ),
        (
            agent_token,
            other_token,
            f"`executor_api_key` is `{other}`, a credential with role agent, not an executor serving `{agent}`",
        ),
        (
            agent_token,
            server.tokens["alice"],
            f"`executor_api_key` is `alice`, a credential with role approver, not an executor serving `{agent}`",
        ),
        (agent_token, "fe_not_a_token", "FourEyes does not accept `executor_api_key`"),
        (server.tokens["alice"], None, "`api_key` is `alice`, a credential with role approver"),
        (runner_token, None, f"`api_key` is `{runner}`, a credential with role executor"),
        ("fe_not_a_token", runner_token, "FourEyes does not accept `api_key`"),
    ]
    for i, (api_key, executor_key, expected) in enumerate(cases):
        g = FourEyesGuardrail(
            api_base=server.url, api_key=api_key, executor_api_key=executor_key, timeout=10, fail_mode=fail_mode
        )
        caplog.clear()
        with caplog.at_level(logging.ERROR, logger="foureyes_litellm"):
            for attempt in range(2):  # found once, then every call is blocked the same way
                with pytest.raises(FourEyesBlocked) as e:  # a wrong credential is an answer: even fail-open blocks
                    hook(g, mcp("files", "read_text_file", {"path": f"/srv/notes/misfit-{i}-{attempt}.md"}))
                message = e.value.message
                assert "misconfigured" in message and expected in message, (i, message)
                assert e.value.status_code == 403 and e.value.verdict is None and "Not executed" in message
                for token in (api_key, executor_key):
                    assert token is None or len(token) < 16 or token not in message, "a token was shown"
        errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1 and expected in errors[0], (i, errors)
    # Nothing was decided, so no permit waits `intended` for a report that would be refused.
    assert _decided_by(server, agent) == [] and _decided_by(server, other) == []


def test_a_second_agent_token_of_the_same_agent_is_not_an_executor(server, unique):
    """FourEyes keeps one token per principal today, so a second agent-role token of `bot` (as a token rotation that
    kept the old one alive would make) is stood in for by a tiny server answering `GET /v1/me` for it. Its principal
    is the agent itself; its role is what refuses it."""
    import http.server
    import threading as _threading

    class Me(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
            known = self.path == "/v1/me" and self.headers.get("Authorization") == "Bearer fe_second_bot_token"
            body = json.dumps({"name": "bot", "role": "agent", "totp": False} if known else {"error": {}}).encode()
            self.send_response(200 if known else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    fake = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Me)
    _threading.Thread(target=fake.serve_forever, daemon=True).start()
    try:
        second = FourEyes(f"http://127.0.0.1:{fake.server_address[1]}", "fe_second_bot_token", timeout=10)
        assert second.me().name == "bot"
        g = FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"], reporter=second, timeout=10)
        before = len(_decided_by(server, "bot"))
        with pytest.raises(FourEyesBlocked) as e:
            hook(g, mcp("files", "read_text_file", {"path": "/srv/notes/second-token.md"}, call_id=unique))
        assert (
            "`executor_api_key` is `bot`, a credential with role agent, not an executor serving `bot` (the agent of "
            "`api_key`)"
        ) in e.value.message
        assert len(_decided_by(server, "bot")) == before
    finally:
        fake.shutdown()
        fake.server_close()


def test_credentials_misfit_names_both_principals():
    from foureyes_client import Identity
    from foureyes_litellm.guardrail import credentials_misfit

    bot = Identity(name="bot", role="agent", totp=False)
    assert credentials_misfit(bot, None) is None
    assert credentials_misfit(bot, Identity(name="runner", role="executor", totp=False, serves="bot")) is None
    for executor, what in [
        (Identity(name="bot", role="agent", totp=False), "a credential with role agent"),
        (Identity(name="r", role="executor", totp=False, serves="other"), "the executor of agent `other`"),
        (Identity(name="r", role="executor", totp=False), "an executor that names no agent"),
        (Identity(name="root", role="admin", totp=True), "a credential with role admin"),
    ]:
        said = credentials_misfit(bot, executor)
        assert said is not None and said.startswith(
            f"`executor_api_key` is `{executor.name}`, {what}, not an executor serving `bot`"
        ), said
        assert "--for bot" in said
    said = credentials_misfit(Identity(name="alice", role="approver", totp=False), None)
    assert said is not None and said.startswith("`api_key` is `alice`, a credential with role approver")


def test_an_outage_during_the_check_fails_closed_and_the_check_runs_again(server, closed_port_url):
    _, agent_token, runner, runner_token = _agent_with_executor(server)
    away = FourEyes(closed_port_url, runner_token, timeout=2)
    g = FourEyesGuardrail(api_base=server.url, api_key=agent_token, reporter=away, timeout=10)
    with pytest.raises(FourEyesBlocked) as e:
        hook(g, mcp("files", "read_text_file", {"path": "/srv/notes/outage.md"}))
    assert e.value.status_code == 503 and "fail closed" in e.value.message and "misconfigured" not in e.value.message
    g.reporter = FourEyes(server.url, runner_token, timeout=10)  # FourEyes is back
    data = mcp("files", "read_text_file", {"path": "/srv/notes/outage.md"})
    assert hook(g, data) is data
    assert [e["data"].get("reported_by") for e in _reports_of(server, data["metadata"]["foureyes"]["decision_id"])] == [
        runner
    ]


def test_a_refused_executed_report_is_logged_as_an_error(server, caplog):
    _, agent_token, runner, runner_token = _agent_with_executor(server)
    g = FourEyesGuardrail(api_base=server.url, api_key=agent_token, executor_api_key=runner_token, timeout=10)
    logging_obj = _Logging()
    data = mcp("files", "read_text_file", {"path": "/srv/notes/revoked.md"}, litellm_logging_obj=logging_obj)
    hook(g, data)
    decision_id = data["metadata"]["foureyes"]["decision_id"]
    server.cli("token", "revoke", runner)  # between the hand-off and the success callback
    with caplog.at_level(logging.ERROR, logger="foureyes_litellm"):
        asyncio.run(g.async_log_success_event(logging_obj.model_call_details, None, None, None))
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert any(f"refused the report of decision {decision_id} as executed" in m for m in errors), errors
    assert FourEyes(server.url, agent_token, timeout=10).decision(decision_id).status == "unknown"


def test_the_executor_key_must_not_be_the_agent_key(server):
    with pytest.raises(ValueError, match="is the agent token"):
        FourEyesGuardrail(api_base=server.url, api_key="fe_same", executor_api_key="fe_same")
