"""``FourEyesGuardrail``: a LiteLLM ``CustomGuardrail`` that asks FourEyes before every MCP tool call (and, in
``pre_call`` mode, every completion) and lets it through only on a permit.

* ``call_mcp_tool`` → ``decide(action="mcp.<server>.<tool>", params=<tool arguments>)``; the server is LiteLLM's
  ``mcp_server_name`` (the MCP server's alias or name), or ``litellm`` when LiteLLM does not say.
* completions (``completion``, ``text_completion``, ``responses``, ``anthropic_messages`` and their async forms) →
  ``decide(action="llm.completion", params={"model": data["model"]})``; any other call type ``X`` →
  ``llm.X`` (so the policy's default deny covers what it does not name). ``list_mcp_tools`` is a listing, not a side
  effect, and is not gated.
* permit → the request continues; deny, defer or dry run → ``GuardrailRaisedException`` (a
  :class:`FourEyesBlocked`) carrying the FourEyes message and the approval id.
* the session (LiteLLM's ``litellm_session_id`` or ``metadata["session_id"]``) is sent as FourEyes' ``session``, and
  the names in ``metadata["foureyes_flags"]`` (a list of strings, e.g. ``["prompt_injection"]`` set by an earlier
  guardrail or the caller) as its ``flags``: a flag the policy lists under ``session_trust`` demotes the session.
  Flags that are not a list of strings block the call (a trust signal is never dropped).
* FourEyes unreachable (or failing) → blocked (``fail_mode: closed``, the default). ``fail_mode: open`` lets the call
  through unchecked and logs a warning every time; no other value is accepted.

The ``request_id`` is derived from (call type, action, canonical arguments, LiteLLM call id when there is one, the
session and the flags when there are any), so retrying a deferred call after a human approved it re-sends the same
id and FourEyes releases it. A permit is handed out once: when the guardrail lets a call through it reports the
decision ``unknown`` ("handed to LiteLLM, outcome not yet seen"), and LiteLLM's success callback upgrades it to
``executed``. An identical later call therefore gets a new decision (the id gains a generation suffix), so limits and
budgets count every call.

Who reports: the agent token (``api_key``) decides; both reports (``unknown`` at the hand-off, ``executed`` on
success) go out with ``executor_api_key`` (or ``FOUREYES_EXECUTOR_TOKEN``) when it is set: the token of an executor
that serves the agent (``foureyes token create --role executor --for AGENT``). Once an agent has an executor the
server refuses the agent's own reports (ADR-51), so a leaked agent token cannot release a reservation by reporting
``failed``, nor claim ``executed``. LiteLLM is the executor here: it runs the call after the hook lets it through.
Before its first call the guardrail asks ``GET /v1/me`` who its tokens are: ``api_key`` must be an agent, and
``executor_api_key`` an executor whose ``serves`` is exactly that agent. A misfit (another agent's executor, a
person's token, another agent-role token, even one of the same agent) is logged as an ERROR and blocks every call
before anything is decided, whatever ``fail_mode`` says (a wrong credential is an answer, not an outage); FourEyes
unreachable during the check is an outage like any other (``fail_mode`` applies, and the check runs again on the
next call). A refused hand-off report (the executor was revoked since) still blocks the call (an unreported permit
must not run); a refused ``executed`` report is logged as an error (the call already ran; its decision stays
``unknown``).

Deadline: ``execute_timeout`` (seconds, optional) bounds the time from the hand-off to LiteLLM's success callback.
A call whose success is seen later than that is not upgraded to ``executed``: it stays ``unknown`` (what it reserved
stays held for a person to settle) and the overrun is logged, because an answer that arrives past its deadline may
belong to a call the client already gave up on (and retried).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple

from foureyes_client import FourEyes, FourEyesError, Identity, Verdict
from foureyes_client.client import dumps_exact, loads_exact
from foureyes_client.errors import Forbidden, NotFound, Unauthorized
from litellm.exceptions import GuardrailRaisedException
from litellm.integrations.custom_guardrail import CustomGuardrail
from litellm.types.guardrails import GuardrailEventHooks

log = logging.getLogger("foureyes_litellm")

FAIL_MODES = ("closed", "open")

#: Call types that are a completion of some kind: all become `llm.completion`.
COMPLETION_CALL_TYPES = frozenset(
    {
        "completion",
        "acompletion",
        "text_completion",
        "atext_completion",
        "responses",
        "aresponses",
        "anthropic_messages",
    }
)
#: Call types that cause no side effect and are not gated.
UNGATED_CALL_TYPES = frozenset({"list_mcp_tools"})

#: Where the decision id of a permitted call is kept on LiteLLM's logging object, for the success callback.
DECISION_KEY = "foureyes_decision_id"
#: The request metadata key whose list of names is sent as FourEyes ``flags`` (trust signals such as
#: ``prompt_injection``), read from ``metadata`` and ``litellm_metadata``.
FLAGS_KEY = "foureyes_flags"

_SEGMENT = re.compile(r"^[A-Za-z0-9_-]+$")
_MAX_GENERATIONS = 64
_MEMORY = 10_000


class FourEyesBlocked(GuardrailRaisedException):
    """LiteLLM's guardrail exception, with the FourEyes verdict attached (``verdict`` is ``None`` when FourEyes could
    not be asked)."""

    def __init__(
        self,
        guardrail_name: Optional[str],
        message: str,
        *,
        verdict: Optional[Verdict] = None,
        status_code: int = 400,
        blocked_content: bool = True,
    ):
        super().__init__(
            guardrail_name=guardrail_name,
            message=message,
            status_code=status_code,
            blocked_content=blocked_content,
        )
        self.foureyes_message = message
        self.verdict = verdict
        self.approval_id = verdict.approval_id if verdict is not None else None


@dataclass(frozen=True)
class Ask:
    """What the guardrail asks FourEyes for one call."""

    action: str
    params: Dict[str, Any]
    base_request_id: str
    session: Optional[str]
    flags: Tuple[str, ...] = ()


def _setting(value: Any, env: str) -> Optional[str]:
    """A config value, resolving LiteLLM's `os.environ/NAME` form; else the environment variable `env`."""
    if isinstance(value, str) and value.startswith("os.environ/"):
        value = os.environ.get(value[len("os.environ/") :])
    if value is None or value == "":
        value = os.environ.get(env)
    return str(value) if value else None


def _canonical(value: Any) -> str:
    return dumps_exact(value, sort_keys=True)


class FourEyesGuardrail(CustomGuardrail):
    """Register in LiteLLM's ``config.yaml``::

        guardrails:
          - guardrail_name: foureyes
            litellm_params:
              guardrail: foureyes_litellm.FourEyesGuardrail
              mode: pre_mcp_call
              default_on: true
              api_base: http://127.0.0.1:8080        # or FOUREYES_URL
              api_key: os.environ/FOUREYES_TOKEN     # an agent token
              executor_api_key: os.environ/FOUREYES_EXECUTOR_TOKEN  # optional: reports as the agent's executor
              fail_mode: closed                      # or open (logged)
              execute_timeout: 30                    # optional: a success seen later stays `unknown`
    """

    def __init__(
        self,
        api_base: Optional[str] = None,
        api_key: Optional[str] = None,
        fail_mode: str = "closed",
        timeout: Optional[float] = None,
        client: Optional[FourEyes] = None,
        executor_api_key: Optional[str] = None,
        reporter: Optional[FourEyes] = None,
        guardrail_name: Optional[str] = "foureyes",
        event_hook: Any = GuardrailEventHooks.pre_mcp_call,
        default_on: bool = True,
        execute_timeout: Optional[float] = None,
        **kwargs: Any,
    ):
        if fail_mode not in FAIL_MODES:
            raise ValueError(f"fail_mode must be `closed` (the default) or `open`, got {fail_mode!r}")
        if execute_timeout is not None:
            try:
                execute_timeout = float(execute_timeout)
            except (TypeError, ValueError):
                execute_timeout = float("nan")
            if not execute_timeout > 0:
                raise ValueError("execute_timeout must be a positive number of seconds")
        kwargs.setdefault(
            "supported_event_hooks", [GuardrailEventHooks.pre_call, GuardrailEventHooks.pre_mcp_call]
        )
        super().__init__(guardrail_name=guardrail_name, event_hook=event_hook, default_on=default_on, **kwargs)
        if client is None:
            base = _setting(api_base, "FOUREYES_URL")
            token = _setting(api_key, "FOUREYES_TOKEN")
            if base is None or token is None:
                raise ValueError(
                    "FourEyesGuardrail needs the FourEyes URL and an agent token: set `api_base` and `api_key` in the "
                    "guardrail's litellm_params, or FOUREYES_URL and FOUREYES_TOKEN"
                )
            client = FourEyes(base, token, timeout=float(timeout) if timeout else 5.0)
        if reporter is None:
            executor_token = _setting(executor_api_key, "FOUREYES_EXECUTOR_TOKEN")
            if executor_token is not None:
                if executor_token == client.token:
                    raise ValueError(
                        "FourEyesGuardrail: `executor_api_key` is the agent token (`api_key`) itself: give the token "
                        "of an executor that serves the agent (foureyes token create --role executor --for AGENT)"
                    )
                reporter = FourEyes(client.base_url, executor_token, timeout=client.timeout)
        self.client = client
        #: Who reports outcomes: the executor's client when one is configured, else the agent's.
        self.reporter = reporter if reporter is not None else client
        self.fail_mode = fail_mode
        #: Seconds from the hand-off to the success callback past which a call stays ``unknown`` (None: no deadline).
        self.execute_timeout = execute_timeout
        if fail_mode == "open":
            log.warning(
                "FourEyes guardrail `%s`: fail_mode=open — when FourEyes (%s) cannot be reached, calls pass UNCHECKED",
                guardrail_name,
                client.base_url,
            )
        self._lock = threading.Lock()
        # The first-use credential check (see `_check_credentials`): done once, or failed for good with this message.
        self._credentials_lock = threading.Lock()
        self._credentials_ok = False
        self._misconfigured: Optional[str] = None
        self._generation: "OrderedDict[str, int]" = OrderedDict()
        self._delivered: "OrderedDict[int, None]" = OrderedDict()
        # Decision id → monotonic time of its hand-off, for `execute_timeout`.
        self._handed_off: "OrderedDict[int, float]" = OrderedDict()
        # Identical concurrent calls take turns, so one permit is never handed out twice by this process.
        self._stripes = [threading.Lock() for _ in range(64)]

    # ---------------------------------------------------------------------------------------------- the hook

    async def async_pre_call_hook(self, user_api_key_dict: Any, cache: Any, data: dict, call_type: str) -> Any:
        ask = self._ask(data, call_type)
        if ask is None:
            return data
        try:
            verdict = await asyncio.to_thread(self._decide, ask)
        except FourEyesError as e:
            if e.unavailable and self.fail_mode == "open":
                log.warning(
                    "FourEyes unavailable (%s); fail_mode=open: letting %s through UNCHECKED", e, ask.action
                )
                return data
            raise FourEyesBlocked(
                self.guardrail_name,
                f"FourEyes could not judge {ask.action}: {e.message} [{e.code}]; blocked (fail closed)",
                status_code=503 if e.unavailable else 400,
                blocked_content=False,
            ) from None
        except FourEyesBlocked:
            raise
        except Exception as e:  # a bug must never open the door
            raise FourEyesBlocked(
                self.guardrail_name,
                f"FourEyes guardrail failed on {ask.action}: {type(e).__name__}: {e}; blocked (fail closed)",
                status_code=500,
                blocked_content=False,
            ) from None
        self._annotate(data, verdict)
        if verdict.verdict == "permit":
            return data
        raise FourEyesBlocked(self.guardrail_name, self._explain(verdict), verdict=verdict)

    # ------------------------------------------------------------------------------- outcome (best effort)

    async def async_log_success_event(self, kwargs: Any, response_obj: Any, start_time: Any, end_time: Any) -> None:
        """LiteLLM's success callback: the permitted call ran, so its decision becomes ``executed``. A failed call
        stays ``unknown`` (it may have had an effect)."""
        decision_id = kwargs.get(DECISION_KEY) if isinstance(kwargs, Mapping) else None
        if isinstance(decision_id, int) and not isinstance(decision_id, bool):
            overran = self._overran(decision_id)
            if overran is not None:
                log.warning(
                    "FourEyes: decision %s succeeded %.1fs after its hand-off, past execute_timeout=%gs: it stays "
                    "`unknown` for a person to settle",
                    decision_id,
                    overran,
                    self.execute_timeout,
                )
                return
            try:
                await asyncio.to_thread(
                    self.reporter.report, decision_id, "executed", {"by": "foureyes-litellm", "seen": "success"}
                )
            except (Forbidden, Unauthorized) as e:
                # Not a passing outage: this guardrail's credential may not report for the agent, and every later
                # hand-off will be refused too (and blocked). The call ran; its decision stays `unknown`.
                log.error(
                    "FourEyes refused the report of decision %s as executed (it stays `unknown`): %s. %s",
                    decision_id,
                    e,
                    self._reporting_hint(),
                )
            except FourEyesError as e:
                log.warning("FourEyes: could not report decision %s executed: %s", decision_id, e)

    # ------------------------------------------------------------------------------------------- internals

    def _ask(self, data: Mapping[str, Any], call_type: str) -> Optional[Ask]:
        call_type = str(getattr(call_type, "value", call_type))
        if call_type in UNGATED_CALL_TYPES:
            return None
        if call_type == "call_mcp_tool":
            tool = data.get("mcp_tool_name") or data.get("name")
            server = data.get("mcp_server_name") or "litellm"
            if not isinstance(tool, str) or not tool:
                self._refuse("an MCP tool call without a tool name")
            for what, segment in (("server", server), ("tool", tool)):
                if not isinstance(segment, str) or not _SEGMENT.match(segment):
                    self._refuse(
                        f"MCP {what} name {segment!r} cannot be named as a FourEyes action (letters, digits, `_`, `-`)"
                    )
            action = f"mcp.{server}.{tool}"
            # The arguments LiteLLM will run: an earlier guardrail's rewrite wins over the original.
            arguments = data.get("modified_arguments") or data.get("mcp_arguments")
            if arguments is None:
                arguments = data.get("arguments")
            params = self._arguments(action, arguments)
        elif call_type in COMPLETION_CALL_TYPES:
            action = "llm.completion"
            model = data.get("model")
            params = {"model": model} if isinstance(model, str) else {}
        else:
            name = call_type[1:] if call_type.startswith("a") and call_type[1:] in _KNOWN_CALL_TYPES else call_type
            if not _SEGMENT.match(name):
                self._refuse(f"call type {call_type!r} cannot be named as a FourEyes action")
            action = f"llm.{name}"
            model = data.get("model")
            params = {"model": model} if isinstance(model, str) else {}
        call_id = data.get("litellm_call_id") or _header(data, "x-litellm-call-id")
        flags, session = self._flags(data, action), _session(data)
        ident: Dict[str, Any] = {"v": 1, "call_type": call_type, "action": action, "params": params, "call_id": call_id}
        # Calls without a session or flags keep the ids they always had; the others must differ from them:
        if session is not None:
            # FourEyes keeps trust per session but does not fingerprint the session: without it here, the same call
            # in another session would replay this session's decision (e.g. a `session_demoted` deferral).
            ident["session"] = session
        if flags:
            # Flags are part of FourEyes' idempotency fingerprint: the same call with other flags must be another
            # request, not a 409 on the first one's id.
            ident["flags"] = list(flags)
        try:
            material = _canonical(ident)
        except (TypeError, ValueError) as e:
            self._refuse(f"the arguments of {action} are not plain JSON ({e})")
        base = "litellm-" + hashlib.sha256(material.encode("utf-8")).hexdigest()[:32]
        return Ask(action=action, params=params, base_request_id=base, session=session, flags=flags)

    def _flags(self, data: Mapping[str, Any], action: str) -> Tuple[str, ...]:
        """The FourEyes flags in the request's metadata, sorted and without repeats (their order means nothing).
        Anything but a list of strings is refused rather than ignored: dropping a `prompt_injection` flag would
        let a call through that the policy means to hold."""
        found = set()
        for key in ("metadata", "litellm_metadata"):
            metadata = data.get(key)
            value = metadata.get(FLAGS_KEY) if isinstance(metadata, Mapping) else None
            if value is None:
                continue
            if not isinstance(value, (list, tuple)) or not all(isinstance(f, str) and f for f in value):
                self._refuse(f"`{key}.{FLAGS_KEY}` on {action}: expected a list of flag names, got {value!r}")
            found.update(value)
        return tuple(sorted(found))

    def _arguments(self, action: str, arguments: Any) -> Dict[str, Any]:
        if arguments is None:
            return {}
        if isinstance(arguments, str):
            try:
                # Exact numbers (issue 15): a fraction the model wrote is sent as written, not through a float.
                arguments = loads_exact(arguments) if arguments.strip() else {}
            except ValueError:
                self._refuse(f"the arguments of {action} are a string that is not JSON")
        if not isinstance(arguments, Mapping):
            self._refuse(f"the arguments of {action} are {type(arguments).__name__}, not a JSON object")
        return dict(arguments)

    def _refuse(self, why: str) -> None:
        raise FourEyesBlocked(self.guardrail_name, f"FourEyes guardrail refused {why}; blocked (fail closed)")

    def _decide(self, ask: Ask) -> Verdict:
        """Ask FourEyes, skipping answers that were already handed out (a replayed permit or a delivered deny)."""
        self._check_credentials()
        stripe = self._stripes[int(ask.base_request_id[-8:], 16) % len(self._stripes)]
        with stripe:
            return self._decide_locked(ask)

    def _decide_locked(self, ask: Ask) -> Verdict:
        with self._lock:
            generation = self._generation.get(ask.base_request_id, 0)
        for _ in range(_MAX_GENERATIONS):
            request_id = ask.base_request_id if generation == 0 else f"{ask.base_request_id}.{generation}"
            verdict = self.client.decide(
                request_id, ask.action, ask.params, session=ask.session, flags=list(ask.flags)
            )
            with self._lock:
                seen = verdict.decision_id in self._delivered
            # A permit is used once handed off (reported), and also when it is a replay still `intended`: another
            # thread, process or replica received it first and may be handing it to LiteLLM right now.
            used = seen or (verdict.verdict == "permit" and (verdict.status != "intended" or bool(verdict.replayed)))
            pending = verdict.verdict == "defer" and verdict.status == "awaiting_approval"
            if used and not pending:
                generation += 1
                continue
            if verdict.verdict == "permit":
                # Hand-off: from here on it may happen. Reported before LiteLLM runs it, so a replay is recognisable
                # by its status even after a restart; the success callback upgrades it to `executed`.
                self._hand_off(ask, verdict)
            with self._lock:
                if verdict.verdict == "permit":
                    self._remember(self._handed_off, verdict.decision_id, time.monotonic())
                self._remember(self._generation, ask.base_request_id, generation)
                if not pending:
                    self._remember(self._delivered, verdict.decision_id, None)
            return verdict
        raise FourEyesError(
            "too_many_replays",
            f"{_MAX_GENERATIONS} stored answers in a row for {ask.action}: refusing to guess",
        )

    def _check_credentials(self) -> None:
        """On first use (the constructor runs while LiteLLM loads its config, maybe before FourEyes is up, and must
        not block its event loop): ``GET /v1/me`` with ``api_key`` and, when set, ``executor_api_key``. A misfit is
        found before anything is decided, so no permit is left ``intended`` for a report that would be refused; it
        is final (the tokens are fixed until LiteLLM restarts). An outage raises :class:`FourEyesError` and is
        tried again on the next call."""
        with self._credentials_lock:
            if self._credentials_ok:
                return
            if self._misconfigured is None:
                self._misconfigured = self._misfit()
                if self._misconfigured is None:
                    self._credentials_ok = True
                    return
                log.error("FourEyes guardrail `%s`: %s", self.guardrail_name, self._misconfigured)
        raise FourEyesBlocked(
            self.guardrail_name,
            f"FourEyes guardrail misconfigured: {self._misconfigured} Not executed (fail closed).",
            status_code=403,
            blocked_content=False,
        )

    def _misfit(self) -> Optional[str]:
        """Why the credentials do not fit (``None``: they do, or need not be checked). Raises on an outage."""
        executor = self.reporter is not self.client
        asked = [(self.client, "api_key")] + ([(self.reporter, "executor_api_key")] if executor else [])
        found: List[Identity] = []
        for client, setting in asked:
            try:
                found.append(client.me())
            except (Unauthorized, Forbidden) as e:
                return f"FourEyes does not accept `{setting}`: {e.message} [{e.code}]."
            except NotFound:
                if executor:
                    return (
                        f"FourEyes at {client.base_url} has no GET /v1/me (older than this guardrail?), so "
                        f"`executor_api_key` cannot be checked: upgrade the server."
                    )
                # Without an executor nothing depends on it: each decision checks `api_key`'s role itself.
                log.warning(
                    "FourEyes at %s has no GET /v1/me (older than this guardrail?): `api_key` is not checked up front",
                    client.base_url,
                )
                return None
        return credentials_misfit(found[0], found[1] if executor else None)

    def _hand_off(self, ask: Ask, verdict: Verdict) -> None:
        """Reports a permit ``unknown`` before LiteLLM runs it. A refused report (the agent has an executor and none
        is configured, or the configured one was revoked after the first-use check) blocks the call: a permit that cannot be
        reported must not run. The permit stays ``intended``, holding what it reserved, for a person to settle."""
        try:
            self.reporter.report(
                verdict.decision_id, "unknown", {"by": "foureyes-litellm", "seen": "handed to LiteLLM"}
            )
        except (Forbidden, Unauthorized) as e:
            message = (
                f"FourEyes permitted {ask.action} (decision {verdict.decision_id}) but refused this guardrail's "
                f"report of it: {e.message} [{e.code}]. {self._reporting_hint()} Not executed (fail closed); the "
                f"decision stays `intended`."
            )
            log.error("%s", message)
            raise FourEyesBlocked(
                self.guardrail_name, message, verdict=verdict, status_code=403, blocked_content=False
            ) from None

    def _overran(self, decision_id: int) -> Optional[float]:
        """Seconds since the hand-off when that is past ``execute_timeout``; None within it (or without one). A
        decision this process did not hand off (its memory was full) has no known start and is judged overrun."""
        if self.execute_timeout is None:
            return None
        with self._lock:
            started = self._handed_off.pop(decision_id, None)
        if started is None:
            return float("inf")
        elapsed = time.monotonic() - started
        return elapsed if elapsed > self.execute_timeout else None

    def _reporting_hint(self) -> str:
        if self.reporter is self.client:
            return (
                "If the agent has an executor credential, give the guardrail its token: `executor_api_key` in "
                "litellm_params, or FOUREYES_EXECUTOR_TOKEN."
            )
        return (
            "Check `executor_api_key` (FOUREYES_EXECUTOR_TOKEN): it must be a live executor credential for the agent "
            "whose token is `api_key` (foureyes token create --role executor --for AGENT)."
        )

    @staticmethod
    def _remember(table: "OrderedDict[Any, Any]", key: Any, value: Any) -> None:
        table[key] = value
        table.move_to_end(key)
        while len(table) > _MEMORY:
            table.popitem(last=False)

    def _annotate(self, data: dict, verdict: Verdict) -> None:
        """Leave the decision where LiteLLM's logging and the success callback can see it."""
        note = {
            "decision_id": verdict.decision_id,
            "request_id": verdict.request_id,
            "action": verdict.action,
            "verdict": verdict.verdict,
            "reasons": [r.code for r in verdict.reasons],
            "approval_id": verdict.approval_id,
        }
        try:
            from litellm.litellm_core_utils.core_helpers import get_metadata_variable_name_from_kwargs

            key = get_metadata_variable_name_from_kwargs(data)
        except ImportError:  # pragma: no cover - older litellm
            key = "metadata"
        metadata = data.get(key)
        if metadata is None:
            metadata = data[key] = {}
        if isinstance(metadata, dict):
            metadata["foureyes"] = note
        logging_obj = data.get("litellm_logging_obj")
        details = getattr(logging_obj, "model_call_details", None)
        if verdict.verdict == "permit" and isinstance(details, dict):
            details[DECISION_KEY] = verdict.decision_id

    @staticmethod
    def _explain(v: Verdict) -> str:
        why = "; ".join(f"{r.message} [{r.code}]" for r in v.reasons) or "no reason given"
        head = f"FourEyes decision {v.decision_id} on {v.action}"
        if v.verdict == "defer":
            return (
                f"{head}: deferred to a human, approval {v.approval_id} (digest {v.digest}). {why}. "
                f"Not executed; retry the same call after approval {v.approval_id} is approved."
            )
        if v.verdict == "dry_run":
            return f"{head}: dry run (would have: {v.would_have}). {why}. Not executed."
        return f"{head}: denied. {why}. Not executed."


def credentials_misfit(agent: Identity, executor: Optional[Identity]) -> Optional[str]:
    """Why the guardrail's credentials do not fit, or ``None``: ``agent`` (``api_key``) must be an agent, and
    ``executor`` (``executor_api_key``, when set) an executor serving exactly that agent. The message names both
    principals. An agent-role ``executor_api_key`` is refused even when its principal is the agent itself: once the
    agent has an executor, the server refuses the agent's own reports, so the hand-off report would be refused."""
    if agent.role != "agent":
        return (
            f"`api_key` is `{agent.name}`, a credential with role {agent.role}: the guardrail decides with an agent "
            f"token (foureyes token create --role agent)."
        )
    if executor is None or (executor.role == "executor" and executor.serves == agent.name):
        return None
    if executor.role != "executor":
        what = f"a credential with role {executor.role}"
    elif executor.serves is None:
        what = "an executor that names no agent"
    else:
        what = f"the executor of agent `{executor.serves}`"
    a = agent.name
    return (
        f"`executor_api_key` is `{executor.name}`, {what}, not an executor serving `{a}` (the agent of `api_key`): "
        f"its reports of `{a}`'s decisions would be refused. Give the token of an executor for `{a}` (foureyes token "
        f"create --role executor --for {a})."
    )


def _header(data: Mapping[str, Any], name: str) -> Optional[str]:
    for key in ("metadata", "litellm_metadata"):
        metadata = data.get(key)
        headers = metadata.get("headers") if isinstance(metadata, Mapping) else None
        if isinstance(headers, Mapping):
            for k, v in headers.items():
                if isinstance(k, str) and k.lower() == name and isinstance(v, str) and v:
                    return v
    return None


def _session(data: Mapping[str, Any]) -> Optional[str]:
    try:
        from litellm.integrations.custom_guardrail import get_session_id_from_request_data

        session = get_session_id_from_request_data(data)
    except Exception:  # older litellm, or odd metadata: no session
        session = None
    if not session:
        return None
    if len(session.encode("utf-8")) > 256:
        session = "sha256:" + hashlib.sha256(session.encode("utf-8")).hexdigest()
    return session


def _known_call_types() -> frozenset:
    try:
        from litellm.types.utils import CallTypes

        return frozenset(c.value for c in CallTypes)
    except Exception:  # pragma: no cover
        return frozenset()


_KNOWN_CALL_TYPES = _known_call_types()
