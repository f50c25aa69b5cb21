"""Typed errors. Every failure of a call to FourEyes is a :class:`FourEyesError` with ``code``, ``message`` and the
HTTP ``status`` (``None`` when no HTTP answer arrived). The server's error body is ``{"error": {"code", "message"}}``.
"""

from __future__ import annotations

from typing import Optional


class FourEyesError(Exception):
    """An error answer from FourEyes, or no usable answer at all."""

    def __init__(self, code: str, message: str, status: Optional[int] = None):
        super().__init__(f"{code}: {message}" if status is None else f"{code} (HTTP {status}): {message}")
        self.code = code
        self.message = message
        self.status = status

    @property
    def unavailable(self) -> bool:
        """True when FourEyes could not judge at all (unreachable, or a server-side failure), as opposed to an
        answer that refuses the request. A fail-open caller may only ever proceed on these."""
        return False


class Unreachable(FourEyesError):
    """No HTTP answer: connection refused, DNS failure, timeout, connection reset."""

    def __init__(self, message: str):
        super().__init__("unreachable", message, None)

    @property
    def unavailable(self) -> bool:
        return True


class BadRequest(FourEyesError):
    """400: malformed body, unknown field, bad action name, oversized params (the refusal is journaled)."""


class Unauthorized(FourEyesError):
    """401: missing or unknown token."""


class Forbidden(FourEyesError):
    """403: the token's role may not do this (an agent approving, self-approval, another agent's decision)."""


class NotFound(FourEyesError):
    """404: no such decision or approval."""


class Conflict(FourEyesError):
    """409: idempotency conflict (same request_id, different content), invalid state, approval not pending."""


class PayloadTooLarge(FourEyesError):
    """413: request body over the server's limit."""


class Unprocessable(FourEyesError):
    """422: e.g. an invalid policy on reload."""


class ServerError(FourEyesError):
    """5xx: FourEyes could not decide (e.g. ``storage_error``)."""

    @property
    def unavailable(self) -> bool:
        return True


class ProtocolError(FourEyesError):
    """The answer was not what the API promises (not JSON, a missing field): client and server disagree."""

    def __init__(self, message: str, status: Optional[int] = None):
        super().__init__("bad_response", message, status)


_BY_STATUS = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    413: PayloadTooLarge,
    422: Unprocessable,
}


def error_for(status: int, code: str, message: str) -> FourEyesError:
    """The typed error for an HTTP error answer."""
    if status >= 500:
        return ServerError(code, message, status)
    return _BY_STATUS.get(status, FourEyesError)(code, message, status)
