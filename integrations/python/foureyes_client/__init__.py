"""A small typed client for the FourEyes HTTP API, standard library only.

    from foureyes_client import FourEyes
    fe = FourEyes("http://127.0.0.1:8080", token="fe_…")
    v = fe.decide("r1", "payments.refund", {"order_id": "ord_1", "amount_eur": 20})
    if v.permitted: …; fe.report(v.decision_id, "executed")

See :mod:`foureyes_client.executor` for decide → run → report in one call.
"""

from . import executor
from .client import ENDPOINTS, Endpoint, FourEyes
from .errors import (
    BadRequest,
    Conflict,
    Forbidden,
    FourEyesError,
    NotFound,
    PayloadTooLarge,
    ProtocolError,
    ServerError,
    Unauthorized,
    Unprocessable,
    Unreachable,
)
from .executor import AlreadyDecided, AlreadyReported, AwaitingApproval, Blocked, Denied, DryRun, Overran
from .types import Approval, ApprovalVote, Budget, Demotion, Identity, Reason, Verdict, WaitResult

__all__ = [
    "ENDPOINTS",
    "AlreadyDecided",
    "AlreadyReported",
    "Approval",
    "ApprovalVote",
    "AwaitingApproval",
    "BadRequest",
    "Blocked",
    "Budget",
    "Conflict",
    "Demotion",
    "Denied",
    "DryRun",
    "Endpoint",
    "Forbidden",
    "FourEyes",
    "FourEyesError",
    "Identity",
    "NotFound",
    "Overran",
    "PayloadTooLarge",
    "ProtocolError",
    "Reason",
    "ServerError",
    "Unauthorized",
    "Unprocessable",
    "Unreachable",
    "Verdict",
    "WaitResult",
    "executor",
]

__version__ = "0.1.0"
