"""Calling a seed-000 tool in tests: its success shape checked on the way, or the JSON-RPC error it raised."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError


async def seed_success(client: Client, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """The seed's text line and object (the object travels as structuredContent and as a JSON text item)."""
    result = await client.call_tool(tool, args)
    assert not result.is_error, result.content
    assert json.loads(result.content[1].text) == result.structured_content
    return {"line": result.content[0].text, **(result.structured_content or {})}


async def seed_failure(client: Client, tool: str, args: dict[str, Any]) -> MCPError:
    with pytest.raises(MCPError) as caught:
        await client.call_tool(tool, args)
    return caught.value
