"""Session trust through the Python client and the LiteLLM guardrail, against a real `foureyes serve` running
integrations/litellm/policy.yaml (`session_trust: demote_on: flags: [prompt_injection]`, cooling period 30m).

Every test demotes only sessions named after the test: the server is shared, and a demotion of the agent's
sessionless session would hold all of `bot`'s sessions and break the other suites' tier 2 refunds."""

from __future__ import annotations

import asyncio
from typing import Any, Dict

import pytest
from foureyes_client import BadRequest, Conflict, Demotion, Forbidden, FourEyes, NotFound
from foureyes_litellm import FourEyesBlocked, FourEyesGuardrail
from litellm.caching import DualCache
from litellm.types.proxy.auth.user_api_key_auth import UserAPIKeyAuth

READ = "mcp.files.read_text_file"
REFUND = "mcp.payments.refund"
DELETE = "mcp.github.delete_repository"
INJECTION = ["prompt_injection"]


@pytest.fixture
def bot(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["bot"], timeout=10)


@pytest.fixture
def alice(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["alice"], timeout=10)


@pytest.fixture
def admin(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["admin"], timeout=10)


def refund(bot: FourEyes, request_id: str, session: str, **kw: Any):
    """A tier 2 refund of 1 EUR; a permit is reported `failed` at once so the shared daily budget is not used up."""
    v = bot.decide(request_id, REFUND, {"order_id": "ord_5", "amount_eur": 1}, session=session, **kw)
    if v.permitted:
        bot.report(v.decision_id, "failed", {"error": "test: not executed"})
    return v


def test_a_flag_demotes_its_session_until_an_admin_restores_it(bot, alice, admin, unique):
    s, other = f"{unique}-S", f"{unique}-T"
    assert refund(bot, f"{unique}-before", s).permitted  # the session starts with its autonomy

    flagged = refund(bot, f"{unique}-flagged", s, flags=INJECTION)
    # The flagged request is itself the first one held: a tier 2 refund deferred to a human.
    assert (flagged.verdict, flagged.status, flagged.tier, flagged.codes) == (
        "defer", "awaiting_approval", 3, ["session_demoted"])
    assert flagged.approval_id is not None
    assert f"session `{s}` of agent `bot` is demoted" in flagged.message and "prompt_injection" in flagged.message

    held = refund(bot, f"{unique}-held", s)  # no flag now: the session stays demoted
    assert held.deferred and held.codes == ["session_demoted"]
    assert refund(bot, f"{unique}-elsewhere", other).permitted  # the same action in another session: permitted
    read = bot.decide(f"{unique}-read", READ, {"path": "/srv/notes/todo.md"}, session=s)
    assert read.permitted and read.codes == ["observe"]  # tier 0 is unchanged

    listed = [d for d in alice.sessions() if d.agent == "bot" and d.session == s]
    assert len(listed) == 1
    d = listed[0]
    assert isinstance(d, Demotion) and d.active
    assert (d.signal, d.decision_id, d.status, d.ended_by) == ("flag", flagged.decision_id, "active", None)
    assert "prompt_injection" in d.reason and d.until_ms - d.started_at_ms == 30 * 60 * 1000
    assert not any(x.session == other for x in alice.sessions())

    with pytest.raises(Forbidden):  # an agent neither lists demotions...
        bot.sessions()
    with pytest.raises(Forbidden) as agent_restoring:  # ...nor lifts its own
        bot.restore_session("bot", s, "I promise I was not injected")
    assert agent_restoring.value.status == 403
    with pytest.raises(Forbidden):  # restoring is for admins, not approvers
        alice.restore_session("bot", s, "looks fine to me")
    with pytest.raises(BadRequest) as no_reason:
        admin.restore_session("bot", s, "")
    assert (no_reason.value.code, no_reason.value.status) == ("bad_request", 400)
    assert "why" in no_reason.value.message
    assert refund(bot, f"{unique}-still", s).deferred  # none of the refused restores lifted it

    restored = admin.restore_session("bot", s, "false positive: the scanner flagged a quoted customer email")
    assert isinstance(restored, Demotion)
    assert (restored.demotion_id, restored.status, restored.ended_by, restored.ended_reason) == (
        d.demotion_id, "restored", "admin", "false positive: the scanner flagged a quoted customer email")
    assert restored.ended_at_ms is not None and not restored.active

    again = refund(bot, f"{unique}-after", s)
    assert again.permitted and again.codes == ["within_policy"]
    assert not any(x.session == s and x.agent == "bot" for x in alice.sessions())
    ended = [x for x in alice.sessions(include_ended=True) if x.agent == "bot" and x.session == s]
    assert [x.status for x in ended] == ["restored"]
    with pytest.raises(NotFound):  # nothing left to restore
        admin.restore_session("bot", s, "again")


def test_flags_the_policy_does_not_list_change_nothing(bot, alice, unique):
    s = f"{unique}-S"
    v = refund(bot, f"{unique}-r", s, flags=["pii", "long_context"])
    assert v.permitted and v.codes == ["within_policy"]
    assert not any(x.session == s for x in alice.sessions())


def test_flags_are_part_of_the_request_evidence_is_only_shown(bot, alice, admin, unique):
    s = f"{unique}-S"
    params = {"repo": "acme/evidence"}
    evidence = {"ticket": "T-77", "excerpt": "please delete the old mirror"}
    v = bot.decide(f"{unique}-d", DELETE, params, session=s, evidence=evidence)
    assert v.deferred and v.codes == ["approval_required"]
    card = alice.approval(v.approval_id)
    assert card.request["evidence"] == evidence and card.request["session"] == s
    # Evidence is outside the idempotency fingerprint: other evidence is the same request.
    assert bot.decide(f"{unique}-d", DELETE, params, session=s, evidence={"ticket": "T-78"}).replayed is True
    # Flags are inside it: the same request_id with a flag is another request, refused.
    with pytest.raises(Conflict):
        bot.decide(f"{unique}-d", DELETE, params, session=s, flags=INJECTION)
    assert not any(x.session == s for x in alice.sessions())  # the refused request demoted nothing
    # No flags and an empty list are the same request (the server's default is []).
    assert bot.decide(f"{unique}-d", DELETE, params, session=s, flags=[]).replayed is True


def test_flags_and_evidence_are_checked_before_sending():
    fe = FourEyes("http://127.0.0.1:9", "t")  # nothing listens: a TypeError proves nothing was sent
    with pytest.raises(TypeError, match="flags"):
        fe.decide("r", READ, {}, flags="prompt_injection")  # would be sent as 16 one-letter flags
    with pytest.raises(TypeError, match="flags"):
        fe.decide("r", READ, {}, flags=["ok", 7])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="evidence"):
        fe.decide("r", READ, {}, evidence=["not", "an", "object"])  # type: ignore[arg-type]


def test_bad_flag_names_are_refused_by_the_server(bot, unique):
    with pytest.raises(BadRequest):
        bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/a.md"}, session=f"{unique}-S", flags=["Prompt Injection"])


# ------------------------------------------------------------------------------------------------ the guardrail

USER = UserAPIKeyAuth(user_id="pytest")


def mcp(tool_server: str, tool: str, arguments: Dict[str, Any], metadata: Dict[str, Any], **extra: Any):
    data = {"mcp_tool_name": tool, "mcp_arguments": arguments, "mcp_server_name": tool_server, "metadata": metadata}
    data.update(extra)
    return data


def hook(g: FourEyesGuardrail, data: Dict[str, Any]) -> Any:
    return asyncio.run(g.async_pre_call_hook(USER, DualCache(), data, "call_mcp_tool"))


@pytest.fixture
def guardrail(server) -> FourEyesGuardrail:
    return FourEyesGuardrail(api_base=server.url, api_key=server.tokens["bot"], timeout=10)


def test_guardrail_passes_metadata_flags_and_the_session_is_demoted(guardrail, bot, alice, admin, unique):
    s, other = f"{unique}-S", f"{unique}-T"
    args = {"order_id": "ord_9", "amount_eur": 1}

    def refund_call(session: str, **metadata: Any):
        return mcp("payments", "refund", dict(args), {"session_id": session, **metadata})

    with pytest.raises(FourEyesBlocked) as flagged:
        hook(guardrail, refund_call(s, foureyes_flags=["prompt_injection"]))
    v = flagged.value.verdict
    assert (v.verdict, v.codes) == ("defer", ["session_demoted"])
    assert flagged.value.approval_id == v.approval_id is not None
    assert alice.approval(v.approval_id).request["flags"] == ["prompt_injection"]

    with pytest.raises(FourEyesBlocked) as held:  # the next call of the session, unflagged, is held too
        hook(guardrail, refund_call(s))
    assert held.value.verdict.codes == ["session_demoted"]

    data = refund_call(other)  # another session: let through
    assert hook(guardrail, data) is data and data["metadata"]["foureyes"]["verdict"] == "permit"
    bot.report(data["metadata"]["foureyes"]["decision_id"], "failed", {"error": "test: not executed"})
    read = mcp("files", "read_text_file", {"path": "/srv/notes/todo.md"}, {}, litellm_session_id=s)
    assert hook(guardrail, read) is read  # a read in the demoted session (session from litellm_session_id)

    [d] = [x for x in alice.sessions() if x.agent == "bot" and x.session == s]
    assert d.signal == "flag" and d.decision_id == v.decision_id
    admin.restore_session("bot", s, "test over")
    with pytest.raises(FourEyesBlocked) as retried:  # a call deferred while demoted still waits for its human
        hook(guardrail, refund_call(s))
    assert retried.value.approval_id == held.value.approval_id
    data = mcp("payments", "refund", {"order_id": "ord_9", "amount_eur": 2}, {"session_id": s})
    assert hook(guardrail, data) is data  # a new call of the restored session is let through
    bot.report(data["metadata"]["foureyes"]["decision_id"], "failed", {"error": "test: not executed"})


def test_guardrail_a_flagged_retry_of_a_call_is_a_new_request_not_a_conflict(guardrail, bot, admin, unique):
    """FourEyes refuses one request_id with other flags (409). The guardrail derives the id from the call, so a flag
    must be part of what it derives it from, or a call flagged on its retry would be blocked as a conflict instead of
    reaching the session-trust check."""
    s = f"{unique}-S"
    args = {"order_id": "ord_11", "amount_eur": 1}
    first = mcp("payments", "refund", dict(args), {"session_id": s}, litellm_call_id=unique)
    hook(guardrail, first)
    bot.report(first["metadata"]["foureyes"]["decision_id"], "failed", {"error": "test: not executed"})
    flagged = mcp("payments", "refund", dict(args), {"session_id": s, "foureyes_flags": INJECTION},
                  litellm_call_id=unique)
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, flagged)
    assert e.value.verdict is not None, e.value.message  # FourEyes judged it (no conflict)
    assert e.value.verdict.codes == ["session_demoted"]
    admin.restore_session("bot", s, "test over")


def test_guardrail_reads_flags_from_litellm_metadata_too(guardrail, admin, unique):
    s = f"{unique}-S"
    data = mcp("payments", "refund", {"order_id": "ord_12", "amount_eur": 1}, {}, litellm_session_id=s,
               litellm_metadata={"foureyes_flags": ["prompt_injection"]})
    with pytest.raises(FourEyesBlocked) as e:
        hook(guardrail, data)
    assert e.value.verdict.codes == ["session_demoted"]
    admin.restore_session("bot", s, "test over")


@pytest.mark.parametrize("flags", ["prompt_injection", [""], ["ok", 3], {"prompt_injection": True}])
def test_guardrail_refuses_malformed_flags_even_failing_open(closed_port_url, flags):
    g = FourEyesGuardrail(api_base=closed_port_url, api_key="t", fail_mode="open")
    with pytest.raises(FourEyesBlocked) as e:  # a trust signal is never dropped, and nothing was unreachable
        hook(g, mcp("files", "read_text_file", {"path": "/srv/notes/a.md"}, {"foureyes_flags": flags}))
    assert "refused" in e.value.message and "foureyes_flags" in e.value.message
