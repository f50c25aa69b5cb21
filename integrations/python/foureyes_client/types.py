"""The API's answers as dataclasses. Each keeps the JSON it came from in ``raw``; parsing is strict about the fields
the client relies on (a missing one is a :class:`ProtocolError`, which means client and server drifted apart)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

from .errors import ProtocolError

VERDICTS = ("permit", "deny", "defer", "dry_run")
OUTCOMES = ("executed", "failed", "unknown")


def _need(obj: Mapping[str, Any], key: str, kind: Any, what: str) -> Any:
    if not isinstance(obj, Mapping):
        raise ProtocolError(f"{what} is not a JSON object: {obj!r}")
    if key not in obj:
        raise ProtocolError(f"{what} has no `{key}` field")
    value = obj[key]
    if kind is not None and not isinstance(value, kind):
        raise ProtocolError(f"{what}.{key} is {type(value).__name__}, expected {kind}")
    if kind is int and isinstance(value, bool):
        raise ProtocolError(f"{what}.{key} is a boolean, expected an integer")
    return value


def _opt(obj: Mapping[str, Any], key: str, kind: Any, what: str) -> Any:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError(f"{what}.{key} is {type(value).__name__}, expected {kind}")
    return value


@dataclass(frozen=True)
class Reason:
    """Why: a code for machines (``bounds``, ``approval_required``, ``default_deny``…) and a sentence for people."""

    code: str
    message: str

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Reason":
        return cls(code=_need(obj, "code", str, "reason"), message=_need(obj, "message", str, "reason"))


@dataclass(frozen=True)
class Budget:
    """One limit or budget window at decision time. Amounts are exact decimals, sent as strings."""

    kind: str
    key: str
    per: str
    limit: str
    consumed: str
    requested: str
    remaining: str
    resets_at_ms: int
    exceeded: bool
    param: Optional[str] = None
    #: The shared effect (``effects:`` in the policy, e.g. ``money.out``) this cap belongs to, if any.
    effect: Optional[str] = None

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Budget":
        w = "budget"
        return cls(
            kind=_need(obj, "kind", str, w),
            key=_need(obj, "key", str, w),
            per=_need(obj, "per", str, w),
            limit=_need(obj, "limit", str, w),
            consumed=_need(obj, "consumed", str, w),
            requested=_need(obj, "requested", str, w),
            remaining=_need(obj, "remaining", str, w),
            resets_at_ms=_need(obj, "resets_at_ms", int, w),
            exceeded=_need(obj, "exceeded", bool, w),
            param=_opt(obj, "param", str, w),
            effect=_opt(obj, "effect", str, w),
        )


@dataclass(frozen=True)
class Verdict:
    """A decision as the API returns it from ``decide``, ``report``, ``decisions/{id}`` and ``wait``."""

    decision_id: int
    request_id: str
    agent: str
    action: str
    verdict: str
    reasons: Tuple[Reason, ...]
    approval_id: Optional[int]
    tier: int
    status: str
    digest: str
    budgets: Tuple[Budget, ...]
    params: Dict[str, Any]
    decided_at_ms: int
    would_have: Optional[str] = None
    supersedes: Optional[int] = None
    reported_at_ms: Optional[int] = None
    report_detail: Any = None
    target: Optional[str] = None
    undo_of: Optional[int] = None
    #: Only in the answer to ``decide``: True when this call returned the decision its ``request_id`` already had
    #: (an idempotent retry: nothing new was decided), False when this call made it (a first request, or the
    #: release of an answered deferral). ``None`` for verdicts read elsewhere (``report``, ``decision``, ``wait``).
    replayed: Optional[bool] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    #: The fields this class requires in every verdict object (checked against the OpenAPI description).
    REQUIRED = (
        "decision_id",
        "request_id",
        "agent",
        "action",
        "verdict",
        "reasons",
        "approval_id",
        "tier",
        "status",
        "digest",
        "budgets",
        "params",
        "decided_at_ms",
    )
    #: ``decide`` answers carry ``replayed`` as well.
    DECIDE_REQUIRED = REQUIRED + ("replayed",)

    @classmethod
    def from_decide(cls, obj: Mapping[str, Any]) -> "Verdict":
        """A ``decide`` answer: a verdict that must say whether it is a replay."""
        _need(obj, "replayed", bool, "decide answer")
        return cls.from_json(obj)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Verdict":
        w = "verdict"
        verdict = _need(obj, "verdict", str, w)
        if verdict not in VERDICTS:
            raise ProtocolError(f"unknown verdict `{verdict}`: expected one of {', '.join(VERDICTS)}")
        _need(obj, "approval_id", None, w)  # present, possibly null
        return cls(
            decision_id=_need(obj, "decision_id", int, w),
            request_id=_need(obj, "request_id", str, w),
            agent=_need(obj, "agent", str, w),
            action=_need(obj, "action", str, w),
            verdict=verdict,
            reasons=tuple(Reason.from_json(r) for r in _need(obj, "reasons", list, w)),
            approval_id=_opt(obj, "approval_id", int, w),
            tier=_need(obj, "tier", int, w),
            status=_need(obj, "status", str, w),
            digest=_need(obj, "digest", str, w),
            budgets=tuple(Budget.from_json(b) for b in _need(obj, "budgets", list, w)),
            params=dict(_need(obj, "params", dict, w)),
            decided_at_ms=_need(obj, "decided_at_ms", int, w),
            would_have=_opt(obj, "would_have", str, w),
            supersedes=_opt(obj, "supersedes", int, w),
            reported_at_ms=_opt(obj, "reported_at_ms", int, w),
            report_detail=obj.get("report_detail"),
            target=_opt(obj, "target", str, w),
            undo_of=_opt(obj, "undo_of", int, w),
            replayed=_opt(obj, "replayed", bool, w),
            raw=dict(obj),
        )

    @property
    def permitted(self) -> bool:
        return self.verdict == "permit"

    @property
    def deferred(self) -> bool:
        return self.verdict == "defer"

    @property
    def denied(self) -> bool:
        return self.verdict == "deny"

    @property
    def codes(self) -> List[str]:
        """The reason codes, in order."""
        return [r.code for r in self.reasons]

    @property
    def message(self) -> str:
        """The reasons' sentences joined: what to show a person or a model."""
        return "; ".join(r.message for r in self.reasons)


@dataclass(frozen=True)
class Approval:
    """A human approval: the exact action (``request``) and the ``digest`` an approver must send back."""

    approval_id: int
    decision_id: int
    request: Dict[str, Any]
    reasons: Tuple[Reason, ...]
    digest: str
    required: int
    step_up: bool
    acknowledged: Tuple[str, ...]
    approvers: Tuple[str, ...]
    status: str
    created_at_ms: int
    expires_at_ms: int
    decided_by: Optional[str] = None
    reject_reason: Optional[str] = None
    consumed_by: Optional[int] = None
    #: Who withdrew it and why (status ``revoked``); ``decided_by`` still names who approved it.
    revoked_by: Optional[str] = None
    revoke_reason: Optional[str] = None
    #: Only on the approval endpoints (not in ``wait``).
    age_ms: Optional[int] = None
    expires_in_ms: Optional[int] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    REQUIRED = (
        "approval_id",
        "decision_id",
        "request",
        "reasons",
        "digest",
        "required",
        "step_up",
        "acknowledged",
        "approvers",
        "status",
        "created_at_ms",
        "expires_at_ms",
    )

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Approval":
        w = "approval"
        return cls(
            approval_id=_need(obj, "approval_id", int, w),
            decision_id=_need(obj, "decision_id", int, w),
            request=dict(_need(obj, "request", dict, w)),
            reasons=tuple(Reason.from_json(r) for r in _need(obj, "reasons", list, w)),
            digest=_need(obj, "digest", str, w),
            required=_need(obj, "required", int, w),
            step_up=_need(obj, "step_up", bool, w),
            acknowledged=tuple(_need(obj, "acknowledged", list, w)),
            approvers=tuple(_need(obj, "approvers", list, w)),
            status=_need(obj, "status", str, w),
            created_at_ms=_need(obj, "created_at_ms", int, w),
            expires_at_ms=_need(obj, "expires_at_ms", int, w),
            decided_by=_opt(obj, "decided_by", str, w),
            reject_reason=_opt(obj, "reject_reason", str, w),
            consumed_by=_opt(obj, "consumed_by", int, w),
            revoked_by=_opt(obj, "revoked_by", str, w),
            revoke_reason=_opt(obj, "revoke_reason", str, w),
            age_ms=_opt(obj, "age_ms", int, w),
            expires_in_ms=_opt(obj, "expires_in_ms", int, w),
            raw=dict(obj),
        )

    @property
    def action(self) -> str:
        return str(self.request.get("action", ""))

    @property
    def params(self) -> Dict[str, Any]:
        p = self.request.get("params")
        return dict(p) if isinstance(p, dict) else {}


@dataclass(frozen=True)
class ApprovalVote:
    """The answer to ``approve``: whether this vote counted, and the approval after it."""

    counted: bool
    approval: Approval

    REQUIRED = ("counted", "approval")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "ApprovalVote":
        return cls(
            counted=_need(obj, "counted", bool, "vote"),
            approval=Approval.from_json(_need(obj, "approval", dict, "vote")),
        )


@dataclass(frozen=True)
class WaitResult:
    """The answer to the durable long-poll ``wait``. ``next`` says what to do: wait again, re-send the same
    ``request_id`` (approved), do not execute (rejected or revoked), or request again (expired)."""

    decision: Verdict
    approval: Optional[Approval]
    waiting: bool
    timed_out: bool
    next: str

    REQUIRED = ("decision", "approval", "waiting", "timed_out", "next")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "WaitResult":
        w = "wait"
        approval = _need(obj, "approval", None, w)
        return cls(
            decision=Verdict.from_json(_need(obj, "decision", dict, w)),
            approval=Approval.from_json(approval) if approval is not None else None,
            waiting=_need(obj, "waiting", bool, w),
            timed_out=_need(obj, "timed_out", bool, w),
            next=_need(obj, "next", str, w),
        )

    @property
    def approved(self) -> bool:
        return self.approval is not None and self.approval.status == "approved"


#: The signals a session can be demoted on (``session_trust.demote_on`` in the policy).
DEMOTION_SIGNALS = ("denials", "bounds_violation", "unknown_action", "flag")
DEMOTION_STATUSES = ("active", "expired", "restored")


@dataclass(frozen=True)
class Demotion:
    """A demotion of one session (``session_trust`` in the policy): while ``active``, the session's tier 1–2 actions
    are deferred to a human with reason ``session_demoted``. ``session`` is ``None`` for the agent's requests
    without a session id; such a demotion holds every session of the agent."""

    demotion_id: int
    agent: str
    signal: str
    #: What was observed, e.g. ``3 denials within 1h`` (for a flag: which flag).
    reason: str
    #: The decision that observed the signal.
    decision_id: int
    started_at_ms: int
    #: End of the cooling period.
    until_ms: int
    #: As of the request: an active demotion past ``until_ms`` is ``expired``.
    status: str
    session: Optional[str] = None
    ended_at_ms: Optional[int] = None
    #: The admin who restored it, and why.
    ended_by: Optional[str] = None
    ended_reason: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    REQUIRED = ("demotion_id", "agent", "signal", "reason", "decision_id", "started_at_ms", "until_ms", "status")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Demotion":
        w = "demotion"
        status = _need(obj, "status", str, w)
        if status not in DEMOTION_STATUSES:
            raise ProtocolError(f"unknown demotion status `{status}`: expected one of {', '.join(DEMOTION_STATUSES)}")
        # The signal is kept as sent: a newer server may name a signal this client does not know yet, and listing
        # demotions must not fail over it (nothing here branches on the signal).
        return cls(
            demotion_id=_need(obj, "demotion_id", int, w),
            agent=_need(obj, "agent", str, w),
            signal=_need(obj, "signal", str, w),
            reason=_need(obj, "reason", str, w),
            decision_id=_need(obj, "decision_id", int, w),
            started_at_ms=_need(obj, "started_at_ms", int, w),
            until_ms=_need(obj, "until_ms", int, w),
            status=status,
            session=_opt(obj, "session", str, w),
            ended_at_ms=_opt(obj, "ended_at_ms", int, w),
            ended_by=_opt(obj, "ended_by", str, w),
            ended_reason=_opt(obj, "ended_reason", str, w),
            raw=dict(obj),
        )

    @property
    def active(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class Identity:
    """Who a credential is (``GET /v1/me``): its principal ``name`` (for an agent, the agent name its decisions
    carry), its ``role`` (``agent``, ``approver``, ``admin``, ``executor``; kept as sent, so a role this client does
    not know yet still parses), the agent an executor ``serves`` (``None`` for the other roles) and whether a TOTP
    authenticator is enrolled for step-up approvals. Never the token."""

    name: str
    role: str
    totp: bool
    serves: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    REQUIRED = ("name", "role", "totp")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Identity":
        w = "identity"
        return cls(
            name=_need(obj, "name", str, w),
            role=_need(obj, "role", str, w),
            totp=_need(obj, "totp", bool, w),
            serves=_opt(obj, "serves", str, w),
            raw=dict(obj),
        )
