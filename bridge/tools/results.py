"""How companion tools answer: the seeds' success shape and their JSON-RPC errors.

MCP content items can only be text, image or resource, so a seed's object (`{"type": "file_content", …}`)
travels as `structuredContent` and again as a JSON text item after the seed's one-line text.
Errors are JSON-RPC errors with the seed's `code`, `message` and `data` (`error_type`, the fields the seed
shows, `suggestions`).
"""

from __future__ import annotations

import json
from typing import Any, Final

from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent

INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603


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
