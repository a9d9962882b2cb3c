"""`call_tool_with_file_content` (seed 003): read a data file, merge it into tool arguments, call an MCP tool.

The file's rows never pass through the model: it names the file, this tool reads and converts it (formats.py),
puts it into the arguments (merge.py) and calls the tool, either on this bridge itself (server `word`, in
process) or on an upstream server from the MCP config (upstream.py). The answer follows the seed's
`formatToolResponse`: `json` (default) is the upstream's full response pretty-printed, `string` its text. Every
failure is a result with `isError` and the seed's text; warnings (an overwritten key, a renamed column) follow
the answer as extra text items. Values echoed in an error are clipped to 200 characters; a path argument with a
control character (NUL…) is refused as invalid before anything touches the file system.

When the tool's input schema says the argument at `data_key` is a string, it gets the file's text instead of the
parsed value (target_schema.py); a YAML or XML file its JSON conversion as JSON text (formats.py). An upstream error that names that argument says data_key put the file there.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import stat
from pathlib import Path
from typing import Any, Final

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import MCPServerError
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, ContentBlock, InputRequiredResult, ResourceLink, TextContent

from bridge.tools.allowed_paths import (InvalidPath, OutsideAllowedDirs, PathChanged, allowed_dirs, open_inside,
                                        path_problem, refuse_secret_content, resolve_readable)
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.formats import Parsed, header_only, parse_file
from bridge.tools.file_tool.merge import blame_hint, merge_file_data, split_key
from bridge.tools.file_tool.storage import StorageTarget, plan_storage, write_response
from bridge.tools.file_tool.target_schema import takes_array, takes_string
from bridge.tools.file_tool.upstream import BUILT_IN, UpstreamPool, load_servers, unknown_server
from bridge.tools.results import clip

log = logging.getLogger(__name__)

NAME: Final = "call_tool_with_file_content"
MAX_FILE_SIZE: Final = 10 * 1024 * 1024
OUTPUT_FORMATS: Final = ("json", "string")
STRING_ARGS: Final = ("server", "tool_name", "file_path", "data_key", "description", "storage_path", "filename")
REQUIRED_ARGS: Final = ("server", "tool_name", "file_path")
PATH_ARGS: Final = ("file_path", "storage_path", "filename")


def read_file_bytes(file_path: str, max_size: int = MAX_FILE_SIZE) -> bytes:
    """The bytes of a regular file inside the allowed directories, at most `max_size` of them."""
    shown = clip(file_path)
    try:
        dirs = allowed_dirs()  # NoAllowedDirs (an OutsideAllowedDirs) when the default would be `/` or the home folder
        resolved = resolve_readable(file_path, dirs)
    except InvalidPath as exc:
        raise FileToolError(f"Invalid file_path: {exc.reason}") from None
    except OutsideAllowedDirs as exc:  # or one of the bridge's secret places, the message says which
        raise FileToolError(exc.refusal("File path", shown)) from None
    except (OSError, RuntimeError):  # a symlink loop
        raise FileToolError(f"File '{shown}' does not exist or is not readable") from None
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = open_inside(resolved, flags, dirs=dirs)  # never through a symlink swapped into the path since the check
    except OutsideAllowedDirs as exc:
        raise FileToolError(exc.refusal("File path", shown)) from None
    except PathChanged as exc:
        raise FileToolError(f"File '{shown}' does not exist or is not readable ({exc.strerror})") from None
    except OSError:
        raise FileToolError(f"File '{shown}' does not exist or is not readable") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileToolError(f"File '{shown}' does not exist or is not readable (not a regular file)")
        if info.st_size > max_size:
            raise _too_large(info.st_size, max_size)
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(max_size + 1)  # a file that grew since fstat() is still cut at the limit
    if len(data) > max_size:
        raise _too_large(len(data), max_size)
    try:
        refuse_secret_content(file_path, resolved, data, dirs)
    except OutsideAllowedDirs as exc:
        raise FileToolError(exc.refusal("File path", shown)) from None
    return data


def _too_large(size: int, max_size: int) -> FileToolError:
    return FileToolError(f"File size {size} bytes exceeds maximum allowed size of {max_size} bytes "
                         f"({max_size // (1024 * 1024)}MB)")


def read_and_parse(file_path: str, as_text: bool = False, tab_rows: bool = True) -> Parsed:
    """The seed's `readAndParseFile`: fence, size limit, read, convert (or only decode, `as_text`)."""
    return parse_file(read_file_bytes(file_path), file_path, MAX_FILE_SIZE, as_text, tab_rows)


# ---- the seed's response formatting -------------------------------------------------------------------------
def response_dict(result: CallToolResult) -> dict[str, Any]:
    """The full MCP response as its wire JSON (`content`, `structuredContent`, `isError`, `_meta`)."""
    return result.model_dump(mode="json", by_alias=True, exclude_none=True, exclude={"result_type"})


def actual_content(result: CallToolResult) -> Any:
    """The seed's `extractActualContent`: the text items, else the structured content, else the content items."""
    texts = [item.text for item in result.content if isinstance(item, TextContent)]
    if texts:
        return "\n".join(texts)
    if result.structured_content is not None:
        return result.structured_content
    return response_dict(result).get("content", [])


def format_tool_response(result: CallToolResult, output_format: str) -> str:
    """The seed's `formatToolResponse`."""
    if output_format == "string":
        content = actual_content(result)
        return content if isinstance(content, str) else json.dumps(content, indent=2, ensure_ascii=False)
    return json.dumps(response_dict(result), indent=2, ensure_ascii=False)


def _timestamp() -> str:
    """`new Date().toISOString()`: UTC with milliseconds and a Z."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _label(value: Any, name: str) -> str:
    """One half of the seed's `tool: "<server>:<tool_name>"`; a missing argument reads `(no <name>)`, not None."""
    if value is None or value == "":
        return f"(no {name})"
    return clip(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str))


def error_result(error: FileToolError, server: Any, tool_name: Any, output_format: str,
                 warnings: list[str]) -> CallToolResult:
    """The seed's error response, shaped by `output_format`."""
    log.warning("Failed to call tool with file content: %s", error.message)
    if output_format == "string":
        text = f"Error in call_tool_with_file_content: {error.message}"
    else:
        body: dict[str, Any] = {"error": error.message, "tool": f"{_label(server, 'server')}:"
                                                                f"{_label(tool_name, 'tool_name')}",
                                "timestamp": _timestamp()}
        if error.response is not None:
            body["response"] = error.response
        text = json.dumps(body, indent=2, ensure_ascii=False)
    content: list[ContentBlock] = [TextContent(type="text", text=text)]
    content += [TextContent(type="text", text=w) for w in warnings]
    return CallToolResult(content=content, is_error=True)


# ---- the pipeline ---------------------------------------------------------------------------------------------
def _check_args(raw: dict[str, Any]) -> dict[str, Any]:
    """Loosely typed arguments checked here, so a mistake is answered in the seed's error format."""
    args = dict(raw)
    for name in STRING_ARGS:
        value = args.get(name)
        if value is not None and not isinstance(value, str):
            raise FileToolError(f"Invalid {name}: must be a string")
    missing = [name for name in REQUIRED_ARGS if not args.get(name)]
    if len(missing) == 1:
        raise FileToolError(f"Invalid {missing[0]}: required (a non-empty string)")
    if missing:
        raise FileToolError(f"Invalid {', '.join(missing[:-1])} and {missing[-1]}: required (non-empty strings)")
    for name in PATH_ARGS:
        problem = path_problem(args[name]) if args.get(name) else None
        if problem is not None:
            raise FileToolError(f"Invalid {name}: {problem}")
    tool_args = args.get("tool_args")
    if isinstance(tool_args, str):  # a client that sent the object as a JSON string
        try:
            tool_args = json.loads(tool_args)
        except ValueError:
            pass
    if tool_args is not None and not isinstance(tool_args, dict):
        raise FileToolError("Invalid tool_args: must be an object")
    args["tool_args"] = tool_args
    for name in ("output_format", "response_format"):
        value = args.get(name)
        if value is not None and value not in OUTPUT_FORMATS:
            raise FileToolError(f"Invalid {name}: must be one of {', '.join(OUTPUT_FORMATS)}")
    args["output_format"] = args.get("output_format") or "json"
    args["response_format"] = args.get("response_format") or args["output_format"]
    return args


async def _resolve(server: MCPServer, name: str, tool: str) -> tuple[dict[str, Any], Path] | None:
    """Where the call goes, checked before the file is read: None for `word`, else the config entry."""
    if name == BUILT_IN:
        if tool == NAME:
            raise FileToolError(f"Tool '{NAME}' cannot call itself")
        if server._tool_manager.get_tool(tool) is None:
            listed = sorted(t.name for t in await server.list_tools())
            raise FileToolError(f"Unknown tool '{clip(tool)}' on server '{BUILT_IN}'. Available tools: "
                                f"{', '.join(listed)}")
        return None
    servers, path = await anyio.to_thread.run_sync(load_servers)
    spec = servers.get(name)
    if spec is None:
        raise unknown_server(name, servers, path)
    return spec, path


async def _argument_schema(server: MCPServer, pool: UpstreamPool, name: str, tool: str, data_key: str | None,
                           upstream: tuple[dict[str, Any], Path] | None) -> tuple[bool, bool]:
    """What the tool's input schema says of the argument at `data_key`: whether it is a string (it then gets the
    file's text, not the parsed value: a CSV for data_formatter's `data`), and whether a TXT sheet (tab-separated
    rows, Excel's "Unicode Text") goes in as rows. The seed passes TXT as text; rows go to an argument whose schema
    asks for an array, and to this server's own tools (`word`: editTask's table.create takes a TXT sheet)."""
    if not data_key:
        return False, upstream is None
    steps = split_key(data_key)
    if upstream is None:
        found = server._tool_manager.get_tool(tool)
        schema = found.parameters if found is not None else None
    else:
        spec, path = upstream
        schema = await pool.input_schema(name, spec, path.parent, tool)
    return takes_string(schema, steps), upstream is None or takes_array(schema, steps)


async def _call(server: MCPServer, pool: UpstreamPool, name: str, tool: str, arguments: dict[str, Any],
                upstream: tuple[dict[str, Any], Path] | None,
                ctx: Context | None) -> CallToolResult | InputRequiredResult:
    """The seed's `callUpstreamTool`, with `word` answered by this server in process.

    A `word` tool runs with this call's own context, so it sees the client's capabilities (sampling…) and, on
    2026-07-28, the answers of a retried round: its `InputRequiredResult` (e.g. text_processor asking the client's
    model) is returned as this tool's own, the client answers it and retries this call, and the inner tool resumes.
    This tool has no questions of its own, so the round's `input_responses`/`request_state` are the inner tool's.
    """
    if upstream is None:
        try:
            return await server.call_tool(tool, arguments, ctx)
        except (MCPServerError, MCPError) as exc:  # argument validation, a tool's ToolError or JSON-RPC error
            raise FileToolError(f"Upstream tool '{tool}' failed: {exc}") from None
    spec, path = upstream
    try:
        return await pool.call(name, spec, path.parent, tool, arguments)
    except MCPError as exc:
        raise FileToolError(f"Upstream tool '{tool}' failed: {exc.message}") from None


async def _store(storage: StorageTarget, result: CallToolResult) -> ResourceLink:
    text = format_tool_response(result, storage.response_format)
    try:
        return await anyio.to_thread.run_sync(write_response, storage, text)
    except FileToolError as exc:  # the call ran: say so, and keep its answer
        raise FileToolError(f"The tool call succeeded but its response could not be stored: {exc.message}",
                            response=response_dict(result)) from None


async def run(server: MCPServer, pool: UpstreamPool, raw: dict[str, Any],
              ctx: Context | None) -> CallToolResult | InputRequiredResult:
    """Validate, read, parse, merge, call, format; any failure becomes the seed's error result. A `word` tool's
    request for the client's input is relayed as is (see `_call`); the retried call runs the pipeline again."""
    output_format = str(raw["output_format"]) if raw.get("output_format") in OUTPUT_FORMATS else "json"
    warnings: list[str] = []
    try:
        args = _check_args(raw)
        upstream = await _resolve(server, args["server"], args["tool_name"])
        storage: StorageTarget | None = None
        if any(args[k] is not None for k in ("storage_path", "filename", "description")) or raw.get("response_format"):
            storage = await anyio.to_thread.run_sync(lambda: plan_storage(
                server=args["server"], tool_name=args["tool_name"], storage_path=args["storage_path"],
                filename=args["filename"], response_format=args["response_format"], description=args["description"]))
        as_text, tab_rows = await _argument_schema(server, pool, args["server"], args["tool_name"], args["data_key"],
                                                   upstream)
        parsed = await anyio.to_thread.run_sync(read_and_parse, args["file_path"], as_text, tab_rows)
        header_only(parsed, as_rows=upstream is None)
        if as_text and parsed.converted:
            warnings.append(f"data_key '{clip(args['data_key'])}' takes a string (the tool's input schema), so the "
                            f"file's content was passed converted from {parsed.format.upper()} to JSON text")
        elif as_text and parsed.format != "txt":
            warnings.append(f"data_key '{clip(args['data_key'])}' takes a string (the tool's input schema), so the "
                            f"file's text was passed as it is, not converted from {parsed.format.upper()}")
        warnings += parsed.notes
        merged = merge_file_data(parsed.value, args["data_key"], args["tool_args"])
        warnings += merged.warnings
        try:
            result = await _call(server, pool, args["server"], args["tool_name"], merged.arguments, upstream, ctx)
        except FileToolError as exc:
            raise FileToolError(exc.message + blame_hint(exc.message, args["data_key"], parsed.value),
                                response=exc.response) from None
        if isinstance(result, InputRequiredResult):
            return result
        if result.is_error:
            reason = actual_content(result)
            reason = reason if isinstance(reason, str) else json.dumps(reason, ensure_ascii=False)
            raise FileToolError(f"Upstream tool '{args['tool_name']}' failed: {reason}"
                                f"{blame_hint(reason, args['data_key'], parsed.value)}", response=response_dict(result))
        content: list[ContentBlock]
        if storage is not None:
            link = await _store(storage, result)
            content = [TextContent(type="text", text=f"Response of {args['server']}:{args['tool_name']} stored as "
                                                     f"{link.name} ({link.size} bytes): {link.uri}"), link]
        else:
            content = [TextContent(type="text", text=format_tool_response(result, output_format))]
    except FileToolError as exc:
        return error_result(exc, raw.get("server"), raw.get("tool_name"), output_format, warnings)
    except Exception as exc:  # a bug or an unforeseen failure: still the seed's error shape, with the cause
        log.exception("%s failed", NAME)
        error = FileToolError(f"{type(exc).__name__}: {exc}")
        return error_result(error, raw.get("server"), raw.get("tool_name"), output_format, warnings)
    content += [TextContent(type="text", text=w) for w in warnings]
    return CallToolResult(content=content, is_error=False)
