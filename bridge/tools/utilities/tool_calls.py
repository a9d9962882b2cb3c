"""Any tool of the MCP server as a seed-002 method: what lets `/rpc` call every tool `list_tools` lists.

The call runs in process, as an MCP client's would, and its answer is mapped onto the seed's shapes:
- a result is the tool's `structuredContent` (else `{"content": [...]}`, its MCP content items) plus the seed's
  `success`: false when the tool reported a failure in its answer (MCP `isError`, e.g. an editTask envelope with
  `ok: false`), which keeps that answer whole;
- a refusal is a UtilityError with the seed's code: 400 bad arguments (a JSON-RPC -32602 or -32600, a validation
  failure), 404 unknown tool, 500 anything else (a tool's `data.status`, when it gives one, wins).

There is no MCP session behind such a call: the tool sees a client without capabilities (no sampling, so
text_processor uses its configured endpoint or its rules) and progress reports go nowhere.
"""

from __future__ import annotations

import logging
from typing import Any, Final

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, ClientCapabilities
from pydantic import ValidationError

from bridge.outbound import clip
from bridge.tools.utilities.common import BAD_REQUEST, FAILURE, NOT_FOUND, UtilityError

log = logging.getLogger(__name__)

SEED_CODES: Final = (BAD_REQUEST, NOT_FOUND, FAILURE)
JSONRPC_CODES: Final = {-32600: BAD_REQUEST, -32602: BAD_REQUEST, -32601: NOT_FOUND}


class SessionlessContext(Context):
    """The context of a call without an MCP session: no client capabilities, progress reported nowhere."""

    def __init__(self, server: MCPServer) -> None:
        super().__init__(mcp_server=server)

    @property
    def client_capabilities(self) -> ClientCapabilities | None:
        return None

    async def report_progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        return None


async def tool_names(server: MCPServer) -> list[str]:
    """The tools `server` lists, in its order: exactly the ones a seed-002 call may name."""
    return [tool.name for tool in await server.list_tools()]


async def call_tool(server: MCPServer, name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The seed's `result` for calling tool `name` of `server` with `params`; raises UtilityError."""
    names = await tool_names(server)
    if name not in names:
        raise UtilityError(NOT_FOUND, f"Tool not found: {clip(name)}", "tool_not_found",
                           ["Call list_tools for the tools this server offers"], available_methods=names)
    context = SessionlessContext(server)
    try:
        answer = await server.call_tool(name, params, context)
    except MCPError as exc:
        raise _from_mcp(exc) from None
    except ToolError as exc:
        if isinstance(exc, UnexpectedToolError):
            log.error("Tool %r raised an unexpected exception", name, exc_info=exc)
        raise _from_tool_error(exc) from None
    if not isinstance(answer, CallToolResult):
        raise UtilityError(FAILURE, f"Tool '{name}' asked for input, which a call without an MCP session cannot "
                                    "give", "input_required", ["Call it over MCP (/mcp)"])
    return result_of(answer)


def result_of(answer: CallToolResult) -> dict[str, Any]:
    """The tool's object (its structured content, else its content items) with the seed's `success`."""
    if answer.structured_content is not None:
        body = dict(answer.structured_content)
    else:
        body = answer.model_dump(mode="json", by_alias=True, exclude_none=True, include={"content"})
    return {**body, "success": not answer.is_error}


def _from_mcp(exc: MCPError) -> UtilityError:
    """A tool's JSON-RPC error with the seed's code; its `error_details`, when given, complete the message."""
    data = exc.data if isinstance(exc.data, dict) else {}
    status = data.get("status")
    code = status if status in SEED_CODES else JSONRPC_CODES.get(exc.code, FAILURE)
    details = data.get("error_details")
    message = f"{exc.message}: {details}" if isinstance(details, str) and details not in exc.message else exc.message
    return UtilityError(code, message, str(data.get("error_type") or "tool_error"), list(data.get("suggestions") or ()))


def _from_tool_error(exc: ToolError) -> UtilityError:
    """The SDK's refusal of the arguments (400) or a tool's crash (500, with its cause)."""
    cause = exc.__cause__
    if isinstance(cause, ValidationError):
        fields = sorted({".".join(str(part) for part in error["loc"]) or "(arguments)" for error in cause.errors()})
        return UtilityError(BAD_REQUEST, f"Invalid {', '.join(fields)}: {cause.errors()[0]['msg']}",
                            "invalid_parameter", ["Check the parameters against the tool's inputSchema (list_tools)"])
    if isinstance(exc, UnexpectedToolError) and cause is not None:
        return UtilityError(FAILURE, f"Internal error: {type(cause).__name__}: {clip(str(cause))}",
                            "tool_execution_failed")
    return UtilityError(FAILURE, str(exc), "tool_error")
