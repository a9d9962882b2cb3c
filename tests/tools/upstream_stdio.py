"""A small upstream MCP server for the file tool's tests, written with the MCP SDK.

`python tests/tools/upstream_stdio.py [NAME]` serves it over stdio; tests/tools/upstream_http.py serves the same
tools over Streamable HTTP. Tools:
- `echo`: answers the arguments it received, exactly (as JSON text and structured content);
- `bulk_insert(records, table)`: the seed's example, "Successfully inserted N records into T table";
- `whoami`: the server's name and process id (to see a connection reused);
- `env(name)`: an environment variable of the server process;
- `fail`: a tool error (`isError`), "Invalid data format"; `rpc_error`: a JSON-RPC error;
- `picture`: only an image item (no text).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, ImageContent, InputRequiredResult, TextContent

PNG_1PX = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


class EchoServer(MCPServer):
    """`echo` takes any arguments: the SDK's argument model would drop those its signature does not name."""

    async def call_tool(self, name: str, arguments: dict[str, Any],
                        context: Context | None = None) -> CallToolResult | InputRequiredResult:
        if name == "echo":
            return CallToolResult(content=[TextContent(type="text", text=json.dumps(arguments))],
                                  structured_content={"received": arguments})
        return await super().call_tool(name, arguments, context)


def build(name: str = "upstream") -> MCPServer:
    server = EchoServer(name)

    @server.tool(description="Answer the arguments received.")
    def echo() -> CallToolResult:
        return CallToolResult(content=[TextContent(type="text", text="unused: EchoServer.call_tool answers echo")])

    @server.tool(description="Insert records into a table.")
    def bulk_insert(records: list[dict[str, Any]], table: str, validate: bool = False) -> str:
        return f"Successfully inserted {len(records)} records into {table} table"

    @server.tool(description="This server's name and process id.")
    def whoami() -> dict[str, Any]:
        return {"name": name, "pid": os.getpid()}

    @server.tool(description="An environment variable of this process.")
    def env(variable: str) -> str:
        return os.environ.get(variable, "<unset>")

    @server.tool(description="Count the lines of a text.")
    def lines(text: str) -> str:
        return f"{len(text.splitlines())} lines, the first: {text.splitlines()[0]}"

    @server.tool(description="Always fails as a tool.")
    def fail() -> str:
        raise ToolError("Invalid data format")

    @server.tool(description="Always fails with a JSON-RPC error.")
    def rpc_error() -> str:
        raise MCPError(code=-32602, message="records rejected by the database")

    @server.tool(description="Only an image.")
    def picture() -> CallToolResult:
        return CallToolResult(content=[ImageContent(type="image", data=PNG_1PX, mime_type="image/png")])

    return server


if __name__ == "__main__":
    build(sys.argv[1] if len(sys.argv) > 1 else "upstream").run()
