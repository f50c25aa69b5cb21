"""FourEyes for LiteLLM: a guardrail that turns MCP tool calls and completions into FourEyes decisions."""

from .guardrail import FAIL_MODES, FourEyesBlocked, FourEyesGuardrail

__all__ = ["FAIL_MODES", "FourEyesBlocked", "FourEyesGuardrail"]
__version__ = "0.1.0"
