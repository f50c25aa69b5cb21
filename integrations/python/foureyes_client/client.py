"""The HTTP client. Standard library only (``urllib``), synchronous and thread-safe (no shared connection state).

Every call the client makes is listed in :data:`ENDPOINTS`; a test checks that table against the server's
``/openapi.json`` so client and server cannot drift apart silently.
"""

from __future__ import annotations

import decimal
import json
import socket
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from .errors import FourEyesError, ProtocolError, Unreachable, error_for
from .types import OUTCOMES, Approval, ApprovalVote, Demotion, Identity, Verdict, WaitResult


@dataclass(frozen=True)
class Endpoint:
    """One API operation the client uses: what it may send and which answer it expects."""

    method: str
    path: str
    #: JSON body fields the client may send (the server rejects unknown fields).
    body: Tuple[str, ...] = ()
    #: Body fields the client always sends.
    body_always: Tuple[str, ...] = ()
    #: Query parameters the client may send.
    query: Tuple[str, ...] = ()
    #: The answer type: ``decide``, ``verdict``, ``wait``, ``approval``, ``approval_list``, ``vote``, ``demotion``,
    #: ``demotion_list``, ``identity``.
    answer: str = ""


# The body of a decide; `/v1/execute` takes the same one (it decides, then runs the connector).
_DECIDE_BODY = (
    "request_id",
    "action",
    "params",
    "target",
    "undo_of",
    "dry_run",
    "approval_id",
    "session",
    "evidence",
    "flags",
)
_DECIDE_BODY_ALWAYS = ("request_id", "action", "params")

ENDPOINTS: Dict[str, Endpoint] = {
    "decide": Endpoint(
        "POST",
        "/v1/decide",
        body=_DECIDE_BODY,
        body_always=_DECIDE_BODY_ALWAYS,
        answer="decide",
    ),
    "execute": Endpoint(
        "POST",
        "/v1/execute",
        body=_DECIDE_BODY,
        body_always=_DECIDE_BODY_ALWAYS,
        answer="decide",
    ),
    "decision": Endpoint("GET", "/v1/decisions/{id}", answer="verdict"),
    "report": Endpoint(
        "POST", "/v1/decisions/{id}/report", body=("outcome", "detail"), body_always=("outcome",), answer="verdict"
    ),
    "wait": Endpoint("GET", "/v1/decisions/{id}/wait", query=("timeout",), answer="wait"),
    "approvals": Endpoint("GET", "/v1/approvals", query=("status",), answer="approval_list"),
    "approval": Endpoint("GET", "/v1/approvals/{id}", answer="approval"),
    "approve": Endpoint(
        "POST", "/v1/approvals/{id}/approve", body=("digest", "totp"), body_always=("digest",), answer="vote"
    ),
    "reject": Endpoint("POST", "/v1/approvals/{id}/reject", body=("reason", "digest"), answer="approval"),
    "revoke": Endpoint("POST", "/v1/approvals/{id}/revoke", body=("why",), body_always=("why",), answer="approval"),
    "sessions": Endpoint("GET", "/v1/sessions", query=("status",), answer="demotion_list"),
    "me": Endpoint("GET", "/v1/me", answer="identity"),
    "restore_session": Endpoint(
        "POST",
        "/v1/sessions/restore",
        body=("agent", "session", "why"),
        body_always=("agent", "why"),
        answer="demotion",
    ),
}

#: Which fields each answer type must carry.
ANSWER_FIELDS: Dict[str, Tuple[str, ...]] = {
    "decide": Verdict.DECIDE_REQUIRED,
    "verdict": Verdict.REQUIRED,
    "wait": WaitResult.REQUIRED,
    "approval": Approval.REQUIRED,
    "approval_list": Approval.REQUIRED,
    "vote": ApprovalVote.REQUIRED,
    "demotion": Demotion.REQUIRED,
    "demotion_list": Demotion.REQUIRED,
    "identity": Identity.REQUIRED,
}

Seconds = Union[int, float]


class FourEyes:
    """A FourEyes API client.

    ``FourEyes("http://127.0.0.1:8080", token)`` — ``token`` is a bearer token from
    ``foureyes token create --name NAME --role agent|approver|admin`` (or ``--role executor --for AGENT``).
    ``timeout`` (seconds) bounds every call; :meth:`wait` adds its long-poll time on top.
    """

    def __init__(self, base_url: str, token: Optional[str] = None, timeout: Seconds = 10.0):
        if not base_url.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got {base_url!r}")
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = float(timeout)

    def __repr__(self) -> str:  # never show the token
        return f"FourEyes({self.base_url!r})"

    # ------------------------------------------------------------------------------------------------ agent calls

    def decide(
        self,
        request_id: str,
        action: str,
        params: Optional[Mapping[str, Any]] = None,
        *,
        target: Optional[str] = None,
        undo_of: Optional[int] = None,
        dry_run: bool = False,
        approval_id: Optional[int] = None,
        session: Optional[str] = None,
        flags: Optional[Sequence[str]] = None,
        evidence: Optional[Mapping[str, Any]] = None,
    ) -> Verdict:
        """Phase A: ask whether ``action`` with ``params`` may happen. The same ``request_id`` with the same content
        returns the same decision (``replayed`` is then True), or, after a human answered its approval, the
        released one (a new decision: ``replayed`` False).

        ``session`` names the agent's conversation or run: session trust is kept per (agent, session). ``flags``
        are what the caller's own checks noticed about how this request came about (e.g. ``prompt_injection`` from
        a content scanner); a flag the policy lists under ``session_trust.demote_on.flags`` demotes the session,
        starting with this request. Flags are part of the idempotency fingerprint (the same ``request_id`` with
        other flags is a :class:`Conflict`), not of the approval digest. ``evidence`` (a JSON object, at most 16 KiB)
        is shown to the approver and is part of neither."""
        body = _decide_body("decide", request_id, action, params, target, undo_of, dry_run, approval_id, session,
                            flags, evidence)
        return Verdict.from_decide(self._call("decide", body=body))

    def report(self, decision_id: int, outcome: str, detail: Any = None) -> Verdict:
        """Phase B: say what happened to a permitted action: ``executed``, ``failed`` (did not happen; limits are
        released) or ``unknown`` (may have happened; limits are kept). An agent token reports its own decisions,
        an executor token those of the agent it serves; once the agent has an executor, the agent's own report is
        :class:`Forbidden`."""
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, got {outcome!r}")
        body: Dict[str, Any] = {"outcome": outcome}
        if detail is not None:
            body["detail"] = detail
        return Verdict.from_json(self._call("report", ids=(decision_id,), body=body))

    def execute(
        self,
        request_id: str,
        action: str,
        params: Optional[Mapping[str, Any]] = None,
        *,
        target: Optional[str] = None,
        undo_of: Optional[int] = None,
        dry_run: bool = False,
        approval_id: Optional[int] = None,
        session: Optional[str] = None,
        flags: Optional[Sequence[str]] = None,
        evidence: Optional[Mapping[str, Any]] = None,
    ) -> Verdict:
        """FourEyes executes: decide, and on a permit this call made, FourEyes runs the action's ``execute:``
        connector with the credentials it holds and reports the outcome. The agent holds no credential for the real
        system. ``verdict.raw["ran"]`` says whether this call ran it, ``verdict.raw["outcome"]`` how it went
        (``executed``, ``failed``, ``unknown``), ``verdict.report_detail`` the response or output tail (when a
        secret was in scope, only the fields the policy's ``reveal:`` names, ADR-481). A deferral carries ``approval_id``: call again with the same ``request_id`` once a person approved
        and it runs, exactly once. A replay runs nothing again."""
        body = _decide_body("execute", request_id, action, params, target, undo_of, dry_run, approval_id, session,
                            flags, evidence)
        return Verdict.from_decide(self._call("execute", body=body))

    def decision(self, decision_id: int) -> Verdict:
        return Verdict.from_json(self._call("decision", ids=(decision_id,)))

    def wait(self, decision_id: int, timeout: Union[Seconds, str] = 30) -> WaitResult:
        """Long-poll until the decision's approval is answered (or expires), at most ``timeout`` (seconds, or a
        duration such as ``"30s"``; the server caps it). Durable: the answer comes from the database."""
        text = timeout if isinstance(timeout, str) else f"{max(0, int(float(timeout) * 1000))}ms"
        seconds = _duration_seconds(text)
        answer = self._call("wait", ids=(decision_id,), query={"timeout": text}, extra_timeout=seconds)
        return WaitResult.from_json(answer)

    # ------------------------------------------------------------------------------------ approver and admin calls

    def approvals(self, status: Optional[str] = "pending") -> List[Approval]:
        """Approvals with ``status`` (pending, approved, rejected, expired, consumed, revoked; ``None`` or ``"all"``:
        all)."""
        query = {"status": status} if status is not None else None
        answer = self._call("approvals", query=query)
        if not isinstance(answer, list):
            raise ProtocolError(f"GET /v1/approvals answered {type(answer).__name__}, expected a list")
        return [Approval.from_json(a) for a in answer]

    def approval(self, approval_id: int) -> Approval:
        return Approval.from_json(self._call("approval", ids=(approval_id,)))

    def approve(self, approval_id: int, digest: str, totp: Optional[str] = None) -> ApprovalVote:
        """Approve exactly the action whose digest you were shown. Needs an approver or admin token; nobody
        approves their own request."""
        body: Dict[str, Any] = {"digest": digest}
        if totp is not None:
            body["totp"] = totp
        return ApprovalVote.from_json(self._call("approve", ids=(approval_id,), body=body))

    def reject(self, approval_id: int, reason: Optional[str] = None, digest: Optional[str] = None) -> Approval:
        body: Dict[str, Any] = {}
        if reason is not None:
            body["reason"] = reason
        if digest is not None:
            body["digest"] = digest
        return Approval.from_json(self._call("reject", ids=(approval_id,), body=body))

    def revoke(self, approval_id: int, why: str) -> Approval:
        """Withdraw an approval that was given and not yet used: its release is then denied ``approval_revoked``.
        ``why`` is required (journaled). A pending, used, rejected or expired approval cannot be revoked
        (:class:`Conflict`, ``approval_not_revocable``); an agent token never can (:class:`Forbidden`)."""
        return Approval.from_json(self._call("revoke", ids=(approval_id,), body={"why": why}))

    def sessions(self, include_ended: bool = False) -> List[Demotion]:
        """Demoted sessions, newest first (the server returns at most 1000): those still holding their session, or
        with ``include_ended`` the expired and restored ones too. Needs an approver or admin token."""
        answer = self._call("sessions", query={"status": "all" if include_ended else "active"})
        if not isinstance(answer, list):
            raise ProtocolError(f"GET /v1/sessions answered {type(answer).__name__}, expected a list")
        return [Demotion.from_json(d) for d in answer]

    def restore_session(self, agent: str, session: Optional[str], why: str) -> Demotion:
        """End ``agent``'s demotion of ``session`` before its cooling period is over (admins only; journaled with
        the admin's name and ``why``, which is required: an empty one is a :class:`BadRequest`). ``session=None``
        restores the agent's sessionless demotion, the one that holds all its sessions; restoring a session does
        not lift that. No active demotion is :class:`NotFound`; a non-admin token :class:`Forbidden`."""
        body: Dict[str, Any] = {"agent": agent, "why": why}
        if session is not None:
            body["session"] = session
        return Demotion.from_json(self._call("restore_session", body=body))

    # ---------------------------------------------------------------------------------------------------- other

    def me(self) -> Identity:
        """Who this client's token is: principal, role, the agent an executor serves, whether TOTP is enrolled.
        Any live credential may ask and nothing is journaled; an unknown or revoked token is
        :class:`Unauthorized`. A process that holds an agent token and an executor token checks with it that the
        executor ``serves`` exactly the agent (see ``foureyes_litellm``) before anything runs."""
        return Identity.from_json(self._call("me"))

    def healthz(self) -> Dict[str, Any]:
        answer = self._request("GET", "/healthz", None, None, 0.0)
        if not isinstance(answer, dict):
            raise ProtocolError("GET /healthz did not answer a JSON object")
        return answer

    def openapi(self) -> Dict[str, Any]:
        """The server's OpenAPI description (``GET /openapi.json``)."""
        answer = self._request("GET", "/openapi.json", None, None, 0.0)
        if not isinstance(answer, dict):
            raise ProtocolError("GET /openapi.json did not answer a JSON object")
        return answer

    # ------------------------------------------------------------------------------------------------ transport

    def _call(
        self,
        name: str,
        ids: Tuple[int, ...] = (),
        body: Optional[Dict[str, Any]] = None,
        query: Optional[Dict[str, str]] = None,
        extra_timeout: float = 0.0,
    ) -> Any:
        ep = ENDPOINTS[name]
        path = ep.path
        for value in ids:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name}: ids are integers, got {value!r}")
            path = path.replace("{id}", str(value), 1)
        if body is not None:
            unknown = set(body) - set(ep.body)
            if unknown:  # the server rejects unknown fields; catch the mistake here with a clearer message
                raise ValueError(f"{name}: fields {sorted(unknown)} are not part of {ep.method} {ep.path}")
        elif ep.method == "POST":
            body = {}
        return self._request(ep.method, path, body, query, extra_timeout)

    def _request(
        self,
        method: str,
        path: str,
        body: Optional[Dict[str, Any]],
        query: Optional[Dict[str, str]],
        extra_timeout: float,
    ) -> Any:
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = None
        headers = {"Accept": "application/json", "User-Agent": "foureyes-client-python/0.1"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if body is not None:
            data = dumps_exact(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        where = f"{method} {self.base_url}{path}"
        try:
            with urllib.request.urlopen(request, timeout=self.timeout + extra_timeout) as response:
                status = response.status
                raw = response.read()
        except urllib.error.HTTPError as e:
            raw = e.read() if e.fp is not None else b""
            raise _http_error(e.code, raw, where) from None
        except (urllib.error.URLError, socket.timeout, ConnectionError, TimeoutError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise Unreachable(f"{where}: {reason}") from None
        try:
            return loads_exact(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ProtocolError(f"{where} answered {status} with a body that is not JSON: {raw[:200]!r}", status)



def _decide_body(
    what: str,
    request_id: str,
    action: str,
    params: Optional[Mapping[str, Any]],
    target: Optional[str],
    undo_of: Optional[int],
    dry_run: bool,
    approval_id: Optional[int],
    session: Optional[str],
    flags: Optional[Sequence[str]],
    evidence: Optional[Mapping[str, Any]],
) -> Dict[str, Any]:
    """The body of a decide (or execute) request."""
    body: Dict[str, Any] = {"request_id": request_id, "action": action, "params": dict(params or {})}
    if target is not None:
        body["target"] = target
    if undo_of is not None:
        body["undo_of"] = undo_of
    if dry_run:
        body["dry_run"] = True
    if approval_id is not None:
        body["approval_id"] = approval_id
    if session is not None:
        body["session"] = session
    if flags is not None:
        # A bare string would be sent as a list of its letters; say so instead.
        if isinstance(flags, (str, bytes)) or not all(isinstance(f, str) for f in flags):
            raise TypeError(f"{what}: flags is a list of strings, got {flags!r}")
        if flags:  # none is the server's default: omitted, so the request is the same one as without flags
            body["flags"] = list(flags)
    if evidence is not None:
        if not isinstance(evidence, Mapping):
            raise TypeError(f"{what}: evidence is a JSON object (a mapping), got {type(evidence).__name__}")
        body["evidence"] = dict(evidence)
    return body


def loads_exact(text: str) -> Any:
    """JSON with every fraction read as a :class:`decimal.Decimal` from its text, never through a float: the
    params a decision echoes come back exactly as sent (``500.0000000000000001`` stays that number)."""
    return json.loads(text, parse_float=decimal.Decimal)


def dumps_exact(value: Any, sort_keys: bool = False) -> str:
    """Compact JSON in which a :class:`decimal.Decimal` is written as its exact text (``json.dumps`` refuses it,
    and a float would round it). NaN and infinities are refused, as the server refuses them."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise ValueError(f"{value} is not a JSON number")
        return str(value)
    if isinstance(value, (int, float)):
        return json.dumps(value, allow_nan=False)
    if isinstance(value, Mapping):
        items = sorted(value.items()) if sort_keys else value.items()
        for key, _ in items:
            if not isinstance(key, str):
                raise TypeError(f"JSON object keys must be strings, not {type(key).__name__}")
        inner = ",".join(f"{json.dumps(k, ensure_ascii=False)}:{dumps_exact(v, sort_keys)}" for k, v in items)
        return "{" + inner + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dumps_exact(v, sort_keys) for v in value) + "]"
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def _http_error(status: int, raw: bytes, where: str) -> FourEyesError:
    try:
        obj = json.loads(raw.decode("utf-8"))
        err = obj["error"]
        code, message = str(err["code"]), str(err["message"])
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        code, message = f"http_{status}", f"{where}: {raw[:300].decode('utf-8', 'replace') or 'no body'}"
    return error_for(status, code, message)


def _duration_seconds(text: str) -> float:
    """`30s`, `2m`, `500ms` or a number of seconds, as the server parses it (for the socket timeout only)."""
    t = text.strip()
    try:
        if t.endswith("ms"):
            return float(t[:-2]) / 1000
        for suffix, factor in (("s", 1), ("m", 60), ("h", 3600)):
            if t.endswith(suffix):
                return float(t[: -len(suffix)]) * factor
        return float(t)
    except ValueError:
        return 0.0
