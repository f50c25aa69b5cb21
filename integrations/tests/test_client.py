"""The Python client against a real `foureyes serve`: every call, the typed answers and the typed errors."""

from __future__ import annotations

from decimal import Decimal

import pytest
from foureyes_client import (
    BadRequest,
    Approval,
    Conflict,
    Forbidden,
    FourEyes,
    FourEyesError,
    Identity,
    NotFound,
    Unauthorized,
    Unreachable,
    Verdict,
    WaitResult,
)

READ = "mcp.files.read_text_file"
REFUND = "mcp.payments.refund"
DELETE = "mcp.github.delete_repository"


@pytest.fixture
def bot(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["bot"], timeout=10)


@pytest.fixture
def alice(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["alice"], timeout=10)


def test_permit_report_and_fetch(bot: FourEyes, unique: str):
    v = bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/todo.md"})
    assert isinstance(v, Verdict)
    assert (v.verdict, v.status, v.tier, v.codes) == ("permit", "intended", 0, ["observe"])
    assert v.permitted and not v.deferred and not v.denied
    assert v.agent == "bot" and v.action == READ and v.params == {"path": "/srv/notes/todo.md"}
    assert len(v.digest) == 64 and v.approval_id is None
    done = bot.report(v.decision_id, "executed", {"bytes": 42})
    assert (done.decision_id, done.status, done.report_detail) == (v.decision_id, "executed", {"bytes": 42})
    assert done.reported_at_ms is not None
    assert bot.decision(v.decision_id).status == "executed"


def test_budgets_are_typed(bot: FourEyes, unique: str):
    v = bot.decide(f"{unique}-r", REFUND, {"order_id": "ord_7", "amount_eur": 12.5})
    assert v.permitted and v.codes == ["within_policy"]
    budget = next(b for b in v.budgets if b.kind == "budget")
    assert (budget.param, budget.per, budget.limit, budget.requested) == ("amount_eur", "1d", "500", "12.5")
    assert not budget.exceeded
    released = bot.report(v.decision_id, "failed", {"error": "payment provider down"})
    assert released.status == "failed"


def test_exact_numbers_travel_as_written_both_ways(bot: FourEyes, unique: str):
    # The refund's max is 100: a Decimal a hair above it is sent as its text, never rounded to 100 by a float.
    v = bot.decide(f"{unique}-edge", REFUND, {"order_id": "ord_9", "amount_eur": Decimal("100.000000000001")})
    assert v.denied and v.codes == ["bounds"], v.message
    # More digits than the approval digest can name: refused before judging, not rounded.
    with pytest.raises(BadRequest) as refused:
        bot.decide(f"{unique}-long", REFUND, {"order_id": "ord_9", "amount_eur": Decimal("99.0000000000000000001")})
    assert "RFC 8785" in str(refused.value)
    # What the decision echoes comes back as the exact decimal that was sent.
    ok = bot.decide(f"{unique}-ok", REFUND, {"order_id": "ord_9", "amount_eur": Decimal("12.35")})
    assert ok.permitted and ok.params["amount_eur"] == Decimal("12.35")
    assert isinstance(ok.params["amount_eur"], Decimal)
    bot.report(ok.decision_id, "failed", {"error": "test"})


def test_out_of_bounds_is_denied_with_a_reason(bot: FourEyes, unique: str):
    v = bot.decide(f"{unique}-r", REFUND, {"order_id": "ord_1", "amount_eur": 5000})
    assert v.denied and v.status == "closed" and v.codes == ["bounds"]
    assert "above max 100" in v.message


def test_idempotency_same_id_same_answer_and_conflict(bot: FourEyes, unique: str):
    first = bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/a.md"})
    again = bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/a.md"})
    assert again.decision_id == first.decision_id
    with pytest.raises(Conflict) as e:
        bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/b.md"})
    assert (e.value.code, e.value.status) == ("conflict", 409)
    assert "different content" in e.value.message


def test_approve_wait_and_release(bot: FourEyes, alice: FourEyes, unique: str):
    rid = f"{unique}-r"
    deferred = bot.decide(rid, DELETE, {"repo": "acme/old"})
    assert deferred.deferred and deferred.status == "awaiting_approval" and deferred.codes == ["approval_required"]
    pending = alice.approvals("pending")
    card = next(a for a in pending if a.approval_id == deferred.approval_id)
    assert isinstance(card, Approval)
    assert (card.action, card.params, card.digest, card.status) == (DELETE, {"repo": "acme/old"}, deferred.digest, "pending")
    assert card.age_ms is not None and card.expires_in_ms is not None
    assert alice.approval(card.approval_id).decision_id == deferred.decision_id

    waited = bot.wait(deferred.decision_id, timeout=0.2)
    assert isinstance(waited, WaitResult)
    assert waited.waiting and waited.timed_out and waited.approval is not None and not waited.approved

    with pytest.raises(FourEyesError) as wrong:
        alice.approve(card.approval_id, "0" * 64)
    assert wrong.value.code == "digest_mismatch"

    vote = alice.approve(card.approval_id, card.digest)
    assert vote.counted and vote.approval.status == "approved" and vote.approval.approvers == ("alice",)

    answered = bot.wait(deferred.decision_id, timeout=5)
    assert not answered.waiting and not answered.timed_out and answered.approved
    assert answered.next.startswith("approved")

    released = bot.decide(rid, DELETE, {"repo": "acme/old"})
    assert released.permitted and released.supersedes == deferred.decision_id
    assert released.decision_id != deferred.decision_id


def test_decide_says_whether_it_is_a_replay(bot: FourEyes, alice: FourEyes, unique: str):
    first = bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/replay.md"})
    again = bot.decide(f"{unique}-r", READ, {"path": "/srv/notes/replay.md"})
    assert (first.replayed, again.replayed, again.decision_id) == (False, True, first.decision_id)
    assert bot.decision(first.decision_id).replayed is None  # only decide answers carry it
    deferred = bot.decide(f"{unique}-d", DELETE, {"repo": "acme/replay"})
    assert deferred.deferred and deferred.replayed is False
    assert bot.decide(f"{unique}-d", DELETE, {"repo": "acme/replay"}).replayed is True  # still pending
    alice.approve(deferred.approval_id, deferred.digest)
    released = bot.decide(f"{unique}-d", DELETE, {"repo": "acme/replay"})
    assert released.permitted and released.replayed is False  # the release is made by this call
    assert bot.decide(f"{unique}-d", DELETE, {"repo": "acme/replay"}).replayed is True


def test_revoke_withdraws_an_approval_before_it_is_used(bot: FourEyes, alice: FourEyes, unique: str):
    rid = f"{unique}-r"
    deferred = bot.decide(rid, DELETE, {"repo": "acme/revoke"})
    with pytest.raises(Conflict) as pending:
        alice.revoke(deferred.approval_id, "not yet approved")
    assert (pending.value.code, pending.value.status) == ("approval_not_revocable", 409)
    alice.approve(deferred.approval_id, deferred.digest)
    with pytest.raises(Forbidden):
        bot.revoke(deferred.approval_id, "the agent cannot withdraw consent")
    revoked = alice.revoke(deferred.approval_id, "wrong repository")
    assert isinstance(revoked, Approval)
    assert (revoked.status, revoked.revoked_by, revoked.revoke_reason, revoked.decided_by) == (
        "revoked", "alice", "wrong repository", "alice")
    assert bot.wait(deferred.decision_id, timeout=5).next.startswith("revoked")
    after = bot.decide(rid, DELETE, {"repo": "acme/revoke"})
    assert after.denied and after.codes == ["approval_revoked"] and after.replayed is False
    with pytest.raises(Conflict):
        alice.revoke(deferred.approval_id, "again")
    assert [a.approval_id for a in alice.approvals("revoked")].count(deferred.approval_id) == 1


def test_reject(bot: FourEyes, alice: FourEyes, unique: str):
    rid = f"{unique}-r"
    deferred = bot.decide(rid, DELETE, {"repo": "acme/keep"})
    rejected = alice.reject(deferred.approval_id, reason="we still need it", digest=deferred.digest)
    assert (rejected.status, rejected.reject_reason, rejected.decided_by) == ("rejected", "we still need it", "alice")
    assert bot.wait(deferred.decision_id, timeout=5).next.startswith("rejected")
    after = bot.decide(rid, DELETE, {"repo": "acme/keep"})
    assert after.denied and "approval_rejected" in after.codes


def test_roles_are_enforced(bot: FourEyes, alice: FourEyes, unique: str):
    with pytest.raises(Forbidden) as agent_approving:
        bot.approvals()
    assert agent_approving.value.status == 403
    with pytest.raises(Forbidden):
        alice.decide(f"{unique}-r", READ, {"path": "/srv/notes/x.md"})


def test_me_says_who_each_token_is_and_nothing_secret(server, bot: FourEyes, alice: FourEyes):
    import json

    args = ("--name", "client-me-runner", "--role", "executor", "--for", "bot", "--json")
    created = server.cli("token", "create", *args)
    runner = json.loads(created)["token"]
    try:
        assert bot.me() == Identity(name="bot", role="agent", totp=False, serves=None)
        assert alice.me() == Identity(name="alice", role="approver", totp=False)
        assert FourEyes(server.url, server.tokens["admin"]).me().role == "admin"
        executor = FourEyes(server.url, runner).me()
        assert (executor.name, executor.role, executor.serves) == ("client-me-runner", "executor", "bot")
        assert runner not in json.dumps(executor.raw) and server.tokens["bot"] not in json.dumps(bot.me().raw)
    finally:
        server.cli("token", "revoke", "client-me-runner")  # `bot` must keep reporting for itself in other tests
    with pytest.raises(Unauthorized):
        FourEyes(server.url, runner).me()  # revoked
    with pytest.raises(Unauthorized):
        FourEyes(server.url, "fe_not_a_token").me()


def test_an_identity_without_a_field_the_client_relies_on_is_a_protocol_error():
    from foureyes_client import ProtocolError

    assert Identity.from_json({"name": "x", "role": "auditor", "totp": True}).role == "auditor"  # a newer role parses
    for broken in (
        {"role": "agent", "totp": False},
        {"name": "x", "role": "agent"},
        {"name": "x", "role": "agent", "totp": "no"},
        {"name": "x", "role": "executor", "totp": False, "serves": 7},
    ):
        with pytest.raises(ProtocolError):
            Identity.from_json(broken)


def test_unknown_token_is_unauthorized(server, unique: str):
    with pytest.raises(Unauthorized) as e:
        FourEyes(server.url, "fe_not_a_token").decide(f"{unique}-r", READ, {})
    assert (e.value.code, e.value.status) == ("unauthorized", 401)
    assert not e.value.unavailable


def test_missing_decision_is_not_found(bot: FourEyes):
    with pytest.raises(NotFound):
        bot.decision(999_999_999)


def test_unreachable_is_typed(closed_port_url: str):
    with pytest.raises(Unreachable) as e:
        FourEyes(closed_port_url, "t", timeout=2).decide("r", READ, {})
    assert e.value.code == "unreachable" and e.value.status is None and e.value.unavailable


def test_client_side_guards():
    fe = FourEyes("http://127.0.0.1:9", "t")
    with pytest.raises(ValueError):
        fe.report(1, "done")
    with pytest.raises(ValueError):
        FourEyes("127.0.0.1:8080")
    assert "secret-token" not in repr(FourEyes("http://127.0.0.1:9", "secret-token"))
