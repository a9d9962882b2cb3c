"""How companion tools answer: the seeds' success shape and their JSON-RPC errors.

MCP content items can only be text, image or resource, so a seed's object (`{"type": "file_content", …}`)
travels as `structuredContent` and again as a JSON text item after the seed's one-line text.
Errors are JSON-RPC errors with the seed's `code`, `message` and `data` (`error_type`, the fields the seed
shows, `suggestions`). Values echoed in errors go through `clip_value`, so a 100,000-character argument comes
back as its first 200 characters and its length.
"""

from __future__ import annotations

import json
from typing import Any, Final

from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent

from bridge.outbound import CLIP_AT, clip

__all__ = ["INTERNAL_ERROR", "INVALID_PARAMS", "clip", "clip_value", "seed_error", "seed_result"]

INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603


def clip_value(value: Any, limit: int = CLIP_AT) -> Any:
    """`value` as an error may echo it: a long string clipped (`clip`), a large array or object as its clipped
    JSON text; anything short unchanged."""
    if isinstance(value, str):
        return clip(value, limit)
    if isinstance(value, list | dict):
        try:
            text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
        except (TypeError, ValueError, RecursionError):
            return f"({type(value).__name__})"
        return value if len(text) <= limit else clip(text, limit)
    return value


def seed_result(line: str, obj: dict[str, Any]) -> CallToolResult:
    """The seed's text line first, then its object as JSON (and as structuredContent)."""
    return CallToolResult(
        content=[TextContent(type="text", text=line),
                 TextContent(type="text", text=json.dumps(obj, ensure_ascii=False, separators=(",", ":")))],
        structured_content=obj,
    )


def seed_error(code: int, message: str, error_type: str, suggestions: list[str], **fields: Any) -> MCPError:
    """A JSON-RPC error as the seeds show it: `raise seed_error(...)` from a tool."""
    data: dict[str, Any] = {"error_type": error_type, **fields, "suggestions": list(suggestions)}
    return MCPError(code=code, message=message, data=data)
