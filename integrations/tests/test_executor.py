"""The executor (decide → run → report) against a real `foureyes serve`."""

from __future__ import annotations

import threading
import time
from decimal import Decimal

import pytest
from foureyes_client import AlreadyDecided, AlreadyReported, AwaitingApproval, Denied, FourEyes, Overran, executor

READ = "mcp.files.read_text_file"
REFUND = "mcp.payments.refund"
DELETE = "mcp.github.delete_repository"


@pytest.fixture
def bot(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["bot"], timeout=10)


@pytest.fixture
def alice(server) -> FourEyes:
    return FourEyes(server.url, server.tokens["alice"], timeout=10)


class Spy:
    def __init__(self, result=None, error=None):
        self.calls = 0
        self.result = result
        self.error = error

    def __call__(self):
        self.calls += 1
        if self.error is not None:
            raise self.error
        return self.result


def test_permit_runs_and_reports_executed(bot: FourEyes, unique: str):
    fn = Spy(result={"refunded": 20})
    rid = f"{unique}-r"
    out = executor.run(bot, rid, REFUND, {"order_id": "ord_9", "amount_eur": 20}, fn, detail=lambda r: {"result": r})
    assert out == {"refunded": 20} and fn.calls == 1
    v = bot.decide(rid, REFUND, {"order_id": "ord_9", "amount_eur": 20})  # the same request id: the stored decision
    assert v.status == "executed" and v.report_detail == {"result": {"refunded": 20}}


def test_same_request_id_never_runs_twice(bot: FourEyes, unique: str):
    rid, params = f"{unique}-r", {"path": "/srv/notes/once.md"}
    first = Spy(result="text")
    executor.run(bot, rid, READ, params, first)
    second = Spy(result="text")
    with pytest.raises(AlreadyReported) as e:
        executor.run(bot, rid, READ, params, second)
    assert second.calls == 0 and e.value.verdict.status == "executed"


def test_a_permit_another_call_received_and_did_not_report_is_not_run(bot: FourEyes, unique: str):
    rid, params = f"{unique}-r", {"path": "/srv/notes/in-flight.md"}
    taken = bot.decide(rid, READ, params)  # another executor got the permit and has not reported it (yet)
    assert taken.permitted and taken.status == "intended" and taken.replayed is False
    fn = Spy(result="text")
    with pytest.raises(AlreadyDecided) as e:
        executor.run(bot, rid, READ, params, fn)
    assert fn.calls == 0 and e.value.verdict.replayed is True and e.value.verdict.decision_id == taken.decision_id


def test_exception_reports_failed_and_reraises(bot: FourEyes, unique: str):
    rid, params = f"{unique}-r", {"order_id": "ord_10", "amount_eur": 30}
    with pytest.raises(RuntimeError, match="provider down"):
        executor.run(bot, rid, REFUND, params, Spy(error=RuntimeError("provider down")))
    v = bot.decide(rid, REFUND, params)
    assert v.status == "failed" and "provider down" in v.report_detail["error"]


def test_an_action_past_its_deadline_is_reported_unknown_and_its_late_finish_changes_nothing(bot: FourEyes, unique: str):
    rid, params = f"{unique}-r", {"order_id": "ord_11", "amount_eur": 40}
    release = threading.Event()
    finished = threading.Event()

    def slow():
        release.wait(10)
        finished.set()
        return "late"

    started = time.monotonic()
    with pytest.raises(Overran) as e:
        executor.run(bot, rid, REFUND, params, slow, timeout=0.3)
    assert time.monotonic() - started < 5 and e.value.timeout == 0.3
    v = bot.decide(rid, REFUND, params)
    assert v.status == "unknown" and v.report_detail == {"overran_s": Decimal("0.3")}
    release.set()
    assert finished.wait(5)
    time.sleep(0.2)  # the late finish is logged only: the decision's outcome does not change
    assert bot.decide(rid, REFUND, params).status == "unknown"


def test_an_action_within_its_deadline_reports_as_usual(bot: FourEyes, unique: str):
    rid, params = f"{unique}-r", {"order_id": "ord_12", "amount_eur": 5}
    assert executor.run(bot, rid, REFUND, params, Spy(result="ok"), timeout=5) == "ok"
    assert bot.decide(rid, REFUND, params).status == "executed"
    rid2 = f"{unique}-r2"
    with pytest.raises(RuntimeError, match="declined"):
        executor.run(bot, rid2, REFUND, params, Spy(error=RuntimeError("declined")), timeout=5)
    assert bot.decide(rid2, REFUND, params).status == "failed"


def test_a_deadline_must_be_positive(bot: FourEyes, unique: str):
    fn = Spy()
    with pytest.raises(ValueError, match="positive"):
        executor.run(bot, f"{unique}-r", READ, {"path": "/srv/notes/x.md"}, fn, timeout=0)
    assert fn.calls == 0


def test_deny_does_not_run(bot: FourEyes, unique: str):
    fn = Spy()
    with pytest.raises(Denied) as e:
        executor.run(bot, f"{unique}-r", REFUND, {"order_id": "ord_1", "amount_eur": 900}, fn)
    assert fn.calls == 0 and e.value.verdict.codes == ["bounds"]


def test_defer_raises_awaiting_approval(bot: FourEyes, unique: str):
    fn = Spy()
    with pytest.raises(AwaitingApproval) as e:
        executor.run(bot, f"{unique}-r", DELETE, {"repo": "acme/a"}, fn)
    assert fn.calls == 0 and e.value.approval_id is not None
    assert f"approval {e.value.approval_id}" in e.value.message


def test_defer_with_wait_runs_after_approval(bot: FourEyes, alice: FourEyes, unique: str):
    rid, params = f"{unique}-r", {"repo": "acme/b"}

    def approve_soon():
        for _ in range(100):
            mine = [a for a in alice.approvals("pending") if a.request.get("request_id") == rid]
            if mine:
                time.sleep(0.3)  # the executor is inside its long-poll by now
                alice.approve(mine[0].approval_id, mine[0].digest)
                return
            time.sleep(0.05)

    approver = threading.Thread(target=approve_soon)
    approver.start()
    fn = Spy(result="deleted")
    started = time.monotonic()
    try:
        assert executor.run(bot, rid, DELETE, params, fn, wait=True, wait_timeout=20) == "deleted"
    finally:
        approver.join()
    assert fn.calls == 1 and time.monotonic() - started < 15
    assert bot.decide(rid, DELETE, params).status == "executed"


def test_defer_with_wait_gives_up_after_the_timeout(bot: FourEyes, unique: str):
    fn = Spy()
    with pytest.raises(AwaitingApproval):
        executor.run(bot, f"{unique}-r", DELETE, {"repo": "acme/c"}, fn, wait=True, wait_timeout=0.5)
    assert fn.calls == 0


def test_the_example_agent_runs(server):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "integrations" / "python"))
    done = subprocess.run(
        [sys.executable, str(root / "integrations/python/examples/agent.py"), "--server", server.url, "--token",
         server.tokens["bot"]],
        capture_output=True, text=True, timeout=60, env=env,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("mcp.files.read_text_file: executed")
    assert lines[1].startswith("mcp.payments.refund: executed")
    assert lines[2].startswith("mcp.payments.refund: denied") and "above max 100" in lines[2]
    assert lines[3].startswith("mcp.github.delete_repository: awaiting approval")


def _agent_with_executor(server) -> "tuple[FourEyes, FourEyes, str, str]":
    """A fresh agent and an executor serving it (the session's server is shared: `bot` must keep reporting)."""
    import json

    suffix = time.time_ns()
    agent, runner = f"agent-{suffix}", f"runner-{suffix}"
    agent_token = server.token(agent, "agent")
    out = server.cli("token", "create", "--name", runner, "--role", "executor", "--for", agent, "--json")
    created = json.loads(out)
    assert created["role"] == "executor" and created["serves"] == agent
    return (
        FourEyes(server.url, agent_token, timeout=10),
        FourEyes(server.url, created["token"], timeout=10),
        agent,
        runner,
    )


def test_an_executor_client_reports_and_the_agents_own_report_is_forbidden(server, unique: str):
    from foureyes_client import Forbidden

    agent, runner, agent_name, runner_name = _agent_with_executor(server)
    rid, params = f"{unique}-r", {"order_id": "ord_11", "amount_eur": 5}
    fn = Spy(result={"refunded": 5})
    assert executor.run(agent, rid, REFUND, params, fn, reporter=runner, detail=lambda r: {"result": r}) == fn.result
    v = runner.decision(agent.decide(rid, REFUND, params).decision_id)  # the executor reads its agent's decision
    assert v.status == "executed" and v.report_detail == {"result": {"refunded": 5}}

    # The agent's own report is refused, and says why; the decision stays intended.
    taken = agent.decide(f"{unique}-own", REFUND, params)
    with pytest.raises(Forbidden) as e:
        agent.report(taken.decision_id, "failed")
    assert f"agent `{agent_name}` has an executor credential ({runner_name})" in str(e.value)
    assert runner.decision(taken.decision_id).status == "intended"
    # The executor can neither decide nor see another agent's decisions.
    with pytest.raises(Forbidden):
        runner.decide(f"{unique}-x", READ, {"path": "/srv/notes/x.md"})
    theirs = FourEyes(server.url, server.tokens["bot"], timeout=10).decide(f"{unique}-bot", READ, {"path": "/a"})
    with pytest.raises(Forbidden):
        runner.report(theirs.decision_id, "executed")


def test_without_a_reporter_an_agent_with_an_executor_leaves_the_outcome_unconfirmed(server, unique: str):
    agent, runner, _, _ = _agent_with_executor(server)
    rid, params = f"{unique}-r", {"path": "/srv/notes/unconfirmed.md"}
    fn = Spy(result="text")
    # The function ran; the agent's report is refused (logged, not raised: the action's fate is sealed).
    assert executor.run(agent, rid, READ, params, fn) == "text" and fn.calls == 1
    assert runner.decision(agent.decide(rid, READ, params).decision_id).status == "intended"
