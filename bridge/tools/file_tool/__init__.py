"""`call_tool_with_file_content` (seed 003): feed a data file to any MCP tool without passing it through the model.

`register(server, word)` adds the tool. Upstream connections (stdio processes, HTTP sessions) stay open between
calls; the server's shutdown must call `await aclose()` to end them.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Final

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, InputRequiredResult, ToolAnnotations

from bridge.tools.annotations.unknown_arguments import pass_unknown_arguments
from bridge.tools.argument_names import unknown_message
from bridge.tools.arguments import RawText, list_schema
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.tool import NAME, OUTPUT_FORMATS, error_result, run
from bridge.tools.file_tool.upstream import UpstreamPool

SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "server": {"type": "string",
               "description": "The name of the upstream MCP server (e.g., 'database-mcp', 'shopify-mcp'); 'word' is "
                              "this bridge itself (e.g. tool_name 'editTask'), others come from the MCP config"},
    "tool_name": {"type": "string",
                  "description": "The name of the tool to call on the server (e.g., 'bulk_insert', 'create_products')"},
    "file_path": {"type": "string",
                  "description": "Path to the input file (must be within allowed directories). Supported formats: "
                                 "JSON, CSV, TSV, YAML, XML, TXT, each also gzip-compressed (.csv.gz, …)"},
    "data_key": {"type": "string",
                 "description": "Parameter name for file content in tool arguments. If not provided, file content "
                                "becomes the entire tool arguments. Dots reach into nested objects, creating them "
                                "(e.g. 'meta.args.data'); an array item is [n] or .n (e.g. "
                                "'meta.args.ops[0].args.data'). A parameter the tool takes as a string gets the "
                                "file's text as it is (a YAML or XML file: its JSON conversion, as JSON text)"},
    "tool_args": {"type": "object", "additionalProperties": {},
                  "description": "Additional arguments to merge with file data. If data_key conflicts with an "
                                 "existing key, the file content overwrites it and a warning is returned"},
    "output_format": {"type": "string", "enum": ["json", "string"],
                      "description": "Output format for the response. 'json' returns full MCP response with metadata "
                                     "(default), 'string' returns clean text content"},
    "description": {"type": "string", "description": "Description for stored response"},
    "storage_path": {"type": "string",
                     "description": "Where to store response: a directory within the allowed directories (relative "
                                    "to the first one). Giving any storage option stores the response and returns a "
                                    "resource_link instead of the response itself"},
    "filename": {"type": "string", "description": "Custom response filename (default: <server>_<tool>_<time>.json)"},
    "response_format": {"type": "string",
                        "description": "Format for response storage: 'json' or 'string' (default: output_format)"},
}
DESCRIPTION: Final = (
    "Reads structured data from files (CSV, JSON, YAML, XML, TSV, TXT, and .gz versions) and passes it to "
    "upstream MCP tools, so large data never passes through the conversation. Supports selectable output formats "
    "for optimal LLM context management.\n\n"
    "Output Format Options:\n- 'json': Returns full MCP response with metadata (default)\n"
    "- 'string': Returns clean text content, ideal for human-readable responses\n\n"
    "CSV/TSV become arrays of objects keyed by the header row (numbers typed); YAML reads by YAML 1.2's core "
    "schema (yes, NO, 01234, 0x1F, 12:30:00 stay text); XML follows xmltodict's convention ('@attr', '#text'); "
    "workbooks and Word files (XLSX, XLS, ODS, DOCX) are refused: save them as CSV or Unicode Text (.txt); text is UTF-8, or UTF-16/UTF-32 with a byte-order mark. Files must be inside the allowed directories (WORD_BRIDGE_ALLOWED_DIRS), at most 10 MB. "
    "Server 'word' is this bridge: e.g. a CSV as a Word table: {server: \"word\", tool_name: \"editTask\", "
    "file_path: \"people.csv\", data_key: \"meta.args.data\", tool_args: {content: \"People table\", meta: "
    "{type: \"word.op\", op: \"table.create\", version: \"1.0\", args: {scope: \"document\", location: \"end\"}}}}. "
    "Other servers come from the mcpServers config (WORD_BRIDGE_MCP_CONFIG); an unknown name lists them.\n\n"
    "Examples:\n"
    "- Database operation: {server: \"database-mcp\", tool_name: \"bulk_insert\", file_path: \"/data/users.csv\", "
    "data_key: \"records\", tool_args: {table: \"users\"}, output_format: \"string\"}\n"
    "- API call with JSON analysis: {server: \"api-mcp\", tool_name: \"get_data\", file_path: \"/config.json\", "
    "output_format: \"json\"}\n"
    "- Text processing: {server: \"nlp-mcp\", tool_name: \"analyze_text\", file_path: \"/docs/content.txt\", "
    "output_format: \"string\"}"
)

_POOLS: weakref.WeakSet[UpstreamPool] = weakref.WeakSet()


def register(server: MCPServer, word: object = None) -> None:
    """Add `call_tool_with_file_content` to `server`; server `word` calls `server`'s own tools in process."""
    pool = UpstreamPool()
    _POOLS.add(pool)
    host = server  # the wire argument `server` (an upstream's name) shadows it inside the tool

    async def call_tool_with_file_content(
        server: RawText = None, tool_name: RawText = None, file_path: RawText = None,  # type: ignore[assignment]
        data_key: RawText = None, tool_args: Any = None, output_format: RawText = None,  # type: ignore[assignment]
        description: RawText = None, storage_path: RawText = None,  # type: ignore[assignment]
        filename: RawText = None, response_format: RawText = None,  # type: ignore[assignment]
        ctx: Context | None = None, unknown_arguments: Any = None,
    ) -> CallToolResult | InputRequiredResult:
        if unknown_arguments:  # a misspelt tool_args or data_key would be dropped: the upstream call goes wrong
            return error_result(FileToolError(unknown_message(list(unknown_arguments), list(SCHEMA))), server,
                                tool_name, output_format if output_format in OUTPUT_FORMATS else "json", [])
        raw = {"server": server, "tool_name": tool_name, "file_path": file_path, "data_key": data_key,
               "tool_args": tool_args, "output_format": output_format, "description": description,
               "storage_path": storage_path, "filename": filename, "response_format": response_format}
        return await run(host, pool, raw, ctx)

    server.tool(name=NAME, title="Call Tool with File Content", description=DESCRIPTION,
                annotations=ToolAnnotations(title="Call Tool with File Content", read_only_hint=False,
                                            destructive_hint=True, idempotent_hint=False,
                                            open_world_hint=True))(call_tool_with_file_content)
    list_schema(server, NAME, SCHEMA, ["server", "tool_name", "file_path"])
    pass_unknown_arguments(server, NAME)


async def aclose() -> None:
    """Close the upstream connections opened on this event loop (call it from the server's shutdown)."""
    await asyncio.gather(*(pool.aclose() for pool in list(_POOLS)), return_exceptions=True)


__all__ = ["NAME", "SCHEMA", "aclose", "register"]
