"""The executor: decide → run the function → report, the two phases of FourEyes in one call.

    from foureyes_client import FourEyes, executor
    fe = FourEyes("http://127.0.0.1:8080", token)
    receipt = executor.run(fe, "refund-ord_1001", "payments.refund", {"order_id": "ord_1001", "amount_eur": 20},
                           lambda: shop.refund("ord_1001", 20))

* permit → ``fn()`` runs; its return value is returned and the decision reported ``executed``. If ``fn`` raises,
  the decision is reported ``failed`` (the limits it reserved are released) and the exception is re-raised; an
  interruption (``KeyboardInterrupt``, task cancellation) is reported ``unknown`` (it may have happened).
* defer → :class:`AwaitingApproval` with the approval id; or, with ``wait=True``, the executor long-polls the
  durable ``wait`` endpoint and then re-sends the same ``request_id``, which returns the released verdict.
* deny → :class:`Denied`; dry run → :class:`DryRun`. ``fn`` does not run.
* ``timeout=`` (seconds) is the action's deadline: ``fn`` runs on a worker thread, and if it has not returned by
  then the decision is reported ``unknown`` (it may have happened: what it reserved stays held for a person to
  settle) and :class:`Overran` is raised. Python cannot stop a thread, so ``fn`` may still finish later; its late
  result or error is logged, never reported (one outcome per decision, and "unknown" is the honest one).
* ``reporter=`` names the client that reports the outcome: a :class:`FourEyes` holding the *executor* credential
  that serves the agent (``foureyes token create --role executor --for AGENT``). Once an agent has an executor,
  the server refuses the agent's own reports, so a compromised agent cannot release a reservation by reporting
  ``failed`` or claim ``executed``; the agent's client still decides and waits. Without ``reporter`` the deciding
  client reports, as before.

    runner = FourEyes("http://127.0.0.1:8080", executor_token)
    executor.run(fe, "refund-ord_1001", "payments.refund", params, do_refund, reporter=runner)

* The same ``request_id`` is the idempotency key: a permit that was already reported is never run a second time
  (:class:`AlreadyReported`), and neither is a permit an earlier call already received but has not reported
  (:class:`AlreadyDecided`, from the answer's ``replayed``): that call may be running it, or have run it before
  it crashed. At most once: such a decision stays "intended, not confirmed" for a person to settle.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable, Mapping, Optional, TypeVar

from .client import FourEyes
from .errors import FourEyesError
from .types import Verdict

log = logging.getLogger("foureyes_client")

T = TypeVar("T")


class Blocked(Exception):
    """FourEyes did not permit the action; ``fn`` did not run. ``verdict`` is the decision."""

    def __init__(self, message: str, verdict: Optional[Verdict] = None):
        super().__init__(message)
        self.message = message
        self.verdict = verdict


class Denied(Blocked):
    """The verdict is ``deny``: out of bounds, rejected by a human, kill switch…"""


class AwaitingApproval(Blocked):
    """The verdict is ``defer``: a human must approve first. Re-send the same ``request_id`` after approval."""

    def __init__(self, approval_id: Optional[int], message: str, verdict: Optional[Verdict] = None):
        super().__init__(message, verdict)
        self.approval_id = approval_id


class DryRun(Blocked):
    """The verdict is ``dry_run``: a rehearsal; ``verdict.would_have`` says what would have happened."""


class AlreadyReported(Blocked):
    """The ``request_id`` names a permit whose outcome was already reported: running again would act twice."""


class AlreadyDecided(Blocked):
    """The ``request_id`` names a permit an earlier call received (``replayed``) and has not reported: it may be
    running, or have run. Not run again; ``foureyes decisions list --status intended`` shows it."""


class Overran(TimeoutError):
    """``fn`` did not return within the executor's ``timeout``: the decision was reported ``unknown`` (the action may
    have happened; what it reserved stays held). ``fn`` may still be running on its worker thread."""

    def __init__(self, message: str, verdict: Verdict, timeout: float):
        super().__init__(message)
        self.message = message
        self.verdict = verdict
        self.timeout = timeout


def run(
    client: FourEyes,
    request_id: str,
    action: str,
    params: Optional[Mapping[str, Any]],
    fn: Callable[[], T],
    *,
    target: Optional[str] = None,
    session: Optional[str] = None,
    wait: bool = False,
    wait_timeout: float = 300.0,
    detail: Optional[Callable[[T], Any]] = None,
    reporter: Optional[FourEyes] = None,
    timeout: Optional[float] = None,
) -> T:
    """Decide, run ``fn`` only on a permit, report the outcome, return ``fn``'s result.

    ``wait=True`` long-polls up to ``wait_timeout`` seconds for a human to answer a deferral. ``detail`` maps
    ``fn``'s result to the JSON ``detail`` of the ``executed`` report (for an undo, report ``{"before": …}``).
    ``reporter`` reports instead of ``client`` (an executor credential serving the agent; see the module doc).
    ``timeout`` is the action's deadline in seconds (see the module doc): past it, ``unknown`` and :class:`Overran`.
    """
    verdict = client.decide(request_id, action, params, target=target, session=session)
    if verdict.deferred and wait:
        deadline = time.monotonic() + wait_timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            answer = client.wait(verdict.decision_id, timeout=min(remaining, 30.0))
            if not answer.waiting:
                break
        verdict = client.decide(request_id, action, params, target=target, session=session)
    return execute(client, verdict, fn, detail=detail, reporter=reporter, timeout=timeout)


def execute(
    client: FourEyes,
    verdict: Verdict,
    fn: Callable[[], T],
    *,
    detail: Optional[Callable[[T], Any]] = None,
    reporter: Optional[FourEyes] = None,
    timeout: Optional[float] = None,
) -> T:
    """Phase B for a verdict you already have: run ``fn`` if (and only if) it is a fresh permit, then report
    through ``reporter`` (an executor credential serving the agent) or, without one, through ``client``.
    ``timeout`` (seconds) is the action's deadline: past it the decision is reported ``unknown`` and
    :class:`Overran` raised."""
    check(verdict)
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, got {timeout!r}")
    via = reporter if reporter is not None else client
    try:
        result = fn() if timeout is None else _within(verdict, fn, timeout)
    except Overran:
        _report(via, verdict, "unknown", {"overran_s": timeout})
        raise
    except Exception as e:
        _report(via, verdict, "failed", {"error": f"{type(e).__name__}: {e}"[:2000]})
        raise
    except BaseException as e:  # interrupted mid-action: it may or may not have happened
        _report(via, verdict, "unknown", {"interrupted": type(e).__name__})
        raise
    _report(via, verdict, "executed", detail(result) if detail is not None else None)
    return result


def _within(verdict: Verdict, fn: Callable[[], T], timeout: float) -> T:
    """Runs ``fn`` on a daemon thread and waits at most ``timeout`` seconds for it. Past the deadline the thread is
    abandoned (Python cannot stop it): whatever it does later is logged, not reported."""
    done = threading.Event()
    lock = threading.Lock()
    box: dict = {}

    def work() -> None:
        try:
            value = fn()
            outcome = ("result", value)
        except BaseException as e:  # noqa: BLE001 — handed to the waiting caller (or logged if it gave up)
            outcome = ("error", e)
        with lock:
            if box.get("abandoned"):
                log.warning(
                    "FourEyes: decision %s finished %.1fs past its %.3gs deadline (%s); it stays reported `unknown`",
                    verdict.decision_id,
                    time.monotonic() - box["started"],
                    timeout,
                    "returned" if outcome[0] == "result" else f"raised {type(outcome[1]).__name__}",
                )
                return
            box["outcome"] = outcome
        done.set()

    box["started"] = time.monotonic()
    threading.Thread(target=work, name=f"foureyes-exec-{verdict.decision_id}", daemon=True).start()
    finished = done.wait(timeout)
    with lock:
        if not finished and "outcome" not in box:
            box["abandoned"] = True
            raise Overran(
                f"{verdict.action} (decision {verdict.decision_id}) did not finish within {timeout:g}s: reported "
                "`unknown` (it may have happened; what it reserved stays held)",
                verdict,
                timeout,
            )
        kind, value = box["outcome"]
    if kind == "error":
        raise value
    return value


def check(verdict: Verdict) -> None:
    """Raise the matching :class:`Blocked` unless ``verdict`` is a permit that may still be executed."""
    what = f"{verdict.action} (decision {verdict.decision_id})"
    if verdict.verdict == "permit":
        if verdict.status != "intended":
            raise AlreadyReported(
                f"{what} was already reported `{verdict.status}` for request_id `{verdict.request_id}`: "
                "not running it again (use a new request_id for a new action)",
                verdict,
            )
        if verdict.replayed:
            raise AlreadyDecided(
                f"{what} was already permitted to an earlier call with request_id `{verdict.request_id}`, which has "
                "not reported it: it may be running or have run, so it is not run again",
                verdict,
            )
        return
    if verdict.verdict == "defer":
        raise AwaitingApproval(
            verdict.approval_id,
            f"{what} awaits human approval {verdict.approval_id} (digest {verdict.digest}): {verdict.message}",
            verdict,
        )
    if verdict.verdict == "dry_run":
        raise DryRun(f"{what} is a dry run (would have: {verdict.would_have}): {verdict.message}", verdict)
    raise Denied(f"{what} was denied: {verdict.message}", verdict)


def _report(client: FourEyes, verdict: Verdict, outcome: str, detail: Any) -> None:
    try:
        client.report(verdict.decision_id, outcome, detail)
    except FourEyesError as e:
        # The action's fate is already sealed; failing the caller now would misstate it. The decision stays
        # "intended, not confirmed" on the server, where `decisions list --status intended` shows it.
        log.warning("FourEyes: could not report decision %s as %s: %s", verdict.decision_id, outcome, e)
