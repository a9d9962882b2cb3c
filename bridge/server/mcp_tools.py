"""The MCP server `mcp_word`: thin tools over EditService.

Each tool parses its flat arguments, calls the core, and shapes the result;
the transports (stdio, Streamable HTTP) are chosen elsewhere.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.subscriptions import InMemorySubscriptionBus, ResourcesListChanged
from mcp.shared.exceptions import MCPError
from mcp.shared.inbound import find_invalid_x_mcp_header, x_mcp_header_map
from mcp.types import CallToolResult, InputRequiredResult, TextContent, Tool, ToolAnnotations
from mcp.types import Resource as MCPResource
from mcp.types import ResourceTemplate as MCPResourceTemplate
from pydantic import BaseModel, WithJsonSchema

from bridge import __version__
from bridge.server.flat_schema import inline_refs
from bridge.server.mcp_resources import document_templates, list_document_resources, parse_uri, read_document_resource
from bridge.tools import register_all
from bridge.tools.arguments import RawText
from bridge.word.envelope import clean, clean_text, has_lone_surrogate
from bridge.word.ops import SUPPORTED_OPS, describe_ops
from bridge.word.service import EditService, compact_json, misplaced_flag_refusal

if TYPE_CHECKING:
    from bridge.word.remote import RemoteEditService

SERVER_NAME = "mcp_word"
EDIT_TASK = "editTask"
QUALIFIED_EDIT_TASK = f"{SERVER_NAME}__editTask"

EDIT_TASK_DESCRIPTION = """Edit the Word document the person has open (Word on Windows, Mac or the web, through the Word Bridge task pane) and get a typed result back.

Pass `content` (a short human-readable summary) and `meta`: a word.op envelope, as a JSON object or a JSON string:
{"type":"word.op","op":"<op>","version":"1.0","args":{...}}
The result is {ok, op, data, code?, diagnostics, taskId, document}. Ids returned in data (rangeId, tableId) can be passed to later calls (scope "rangeId:<id>", tableRef "tableId:<id>") while the pane stays open.
Without meta, `content` is plain text inserted per `action` (insert|replace|append) and `target` (cursor|selection|document).
Give a `taskId` to make a call safe to retry: a repeated taskId returns the first result without editing again. `document` picks a document by id or title (see listDocuments); default: the most recently active one.
Error codes: E_INVALID_ARG (bad input, `field` names it), E_NOT_FOUND (no document, unknown id), E_UNSUPPORTED (op/feature not available on this host), E_PERMISSION (edits paused by the person, or a read-only/protected document), E_RUNTIME, E_TIMEOUT.

"""


# The arguments are typed loosely in Python (RawText: any JSON value, and a string never JSON-decoded by the SDK,
# so content '["a"]' stays that text) and described by these schemas: clients validate and models author
# against the schema, while anything a client still gets wrong reaches EditService and comes back as a typed
# envelope naming the field (never a raw validation message).
CONTENT_SCHEMA: dict[str, Any] = {
    "type": "string",
    "description": "Short human-readable summary of the edit, shown in the pane's log (default: a summary of the op). "
                   "Legacy form (no meta): the text itself.",
}
LEGACY_ACTION_SCHEMA: dict[str, Any] = {"type": "string", "enum": ["insert", "replace", "append"],
                                        "description": "Legacy form only (ignored when meta is given)."}
LEGACY_TARGET_SCHEMA: dict[str, Any] = {"type": "string", "enum": ["cursor", "selection", "document"],
                                        "description": "Legacy form only (ignored when meta is given)."}
TASK_ID_SCHEMA: dict[str, Any] = {"type": "string", "maxLength": 200,
                                  "description": "Your id for this edit: an exact repeat returns the first result "
                                                 "without editing again; another request under it is refused."}
DOCUMENT_SCHEMA: dict[str, Any] = {"type": "string", "maxLength": 300,
                                   "description": "Document id or title (see listDocuments); default the most recently active."}


def meta_schema() -> dict[str, Any]:
    """The word.op envelope as JSON Schema: an object with `op` as an enum, or the same as a JSON string."""
    envelope = {
        "type": "object",
        "description": "The word.op envelope; see the tool description for each op's args.",
        "properties": {
            "type": {"const": "word.op"},
            "op": {"type": "string", "enum": list(SUPPORTED_OPS)},
            "version": {"type": "string", "default": "1.0", "description": "1.x"},
            "args": {"type": "object", "description": "The op's arguments.", "additionalProperties": True},
        },
        "required": ["type", "op"],
        "additionalProperties": True,
    }
    as_text = {"type": "string", "description": "The same envelope as a JSON string (the seed's form)."}
    return {"anyOf": [envelope, as_text]}


_DIAGNOSTIC_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"level": {"enum": ["info", "warn", "error"]}, "msg": {"type": "string"},
                   "field": {"type": ["string", "null"]}},
    "required": ["level", "msg"],
}
# The results as JSON Schema, written out flat: no $defs/$ref (which some clients cannot resolve, and which cost
# the SDK's client validator a lookup per item) and no per-call validation on this side, where `_shape` and the
# hub build every result (tests/test_mcp_transports.py checks real results against these schemas).
EDIT_RESULT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "The result envelope (docs/protocol.md), plus which task and document it was.",
    "properties": {
        "ok": {"type": "boolean"},
        "op": {"type": "string"},
        "data": {"type": "object"},
        "code": {"type": ["string", "null"], "description": "E_INVALID_ARG, E_NOT_FOUND, … when ok is false"},
        "diagnostics": {"type": "array", "items": _DIAGNOSTIC_SCHEMA},
        "taskId": {"type": "string"},
        "document": {"type": ["object", "null"], "properties": {"id": {"type": "string"}, "title": {"type": "string"}},
                     "required": ["id", "title"]},
    },
    "required": ["ok", "op", "data", "diagnostics", "taskId", "document"],
}
DOCUMENT_LIST_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"documents": {"type": "array", "items": {"type": "object"}}},
    "required": ["documents"],
}
OUTPUT_SCHEMAS = {"editTask": EDIT_RESULT_SCHEMA, "listDocuments": DOCUMENT_LIST_SCHEMA}


class WordMCPServer(MCPServer):
    """MCPServer that answers the qualified tool name without listing it twice, and lists open documents as resources."""

    def __init__(self, *args: Any, service: EditService | RemoteEditService, **kwargs: Any) -> None:
        self.events = InMemorySubscriptionBus()
        super().__init__(*args, subscriptions=self.events, **kwargs)
        self.word_service = service
        self._pending_events: set[asyncio.Task[None]] = set()
        self._declares_headers: dict[str, tuple[dict[str, Any], bool]] = {}
        self._listed: dict[str, tuple[Tool, Tool]] = {}

    async def list_tools(self) -> list[Tool]:
        """The tools with flat output schemas (flat_schema.py), the qualified editTask alias left out."""
        return [self._published(t) for t in await super().list_tools() if t.name != QUALIFIED_EDIT_TASK]

    def _published(self, tool: Tool) -> Tool:
        known = self._listed.get(tool.name)
        if known is None or known[0] != tool:
            schema = OUTPUT_SCHEMAS.get(tool.name, tool.output_schema)
            known = (tool, tool.model_copy(update={"output_schema": schema and inline_refs(schema)}))
            self._listed[tool.name] = known
        return known[1]

    def _tool_input_schema(self, name: str) -> dict[str, Any] | None:
        """The input schema the SDK checks a call's `Mcp-Param-*` headers against; None when the tool declares none.

        The SDK walks the whole input schema twice on every tools/call looking for `x-mcp-header` annotations.
        None of the Word tools declare one, so for them that walk always finds nothing, and on editTask's schema
        it cost 0.09 M instructions a call (tests/bench/bench_instructions.py). A tool that declares one is
        still checked as the SDK does.
        """
        schema = super()._tool_input_schema(name)
        if schema is None:
            return None
        known = self._declares_headers.get(name)
        if known is None or known[0] is not schema:
            known = (schema, bool(x_mcp_header_map(schema)) or find_invalid_x_mcp_header(schema) is not None)
            self._declares_headers[name] = known
        return schema if known[1] else None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None
                        ) -> CallToolResult | InputRequiredResult:
        """Every tool's call (over MCP, and /rpc's), its answer and its error cleaned of lone surrogates.

        A lone UTF-16 surrogate (from a pane's answer, a JSON string argument a tool decoded, a file) cannot be
        encoded as UTF-8: the transport would fail the whole answer (the SDK's writers raise, a stdio process
        dies). Each one becomes U+FFFD here, the one place every tool's result passes.
        """
        if name in (EDIT_TASK, QUALIFIED_EDIT_TASK) and isinstance(arguments, dict) \
                and (refused := misplaced_flag_refusal(arguments)) is not None:
            return edit_result(refused)
        try:
            result = await super().call_tool(name, arguments, context)
        except MCPError as exc:
            if not has_lone_surrogate([exc.error.message, exc.error.data]):
                raise
            raise MCPError(exc.error.code, clean_text(exc.error.message), clean(exc.error.data)) from exc
        except ToolError as exc:
            if has_lone_surrogate(str(exc)):
                exc.args = (clean_text(str(exc)),)
            raise
        return result if isinstance(result, InputRequiredResult) else cleaned(result)

    async def list_resources(self) -> list[MCPResource]:
        return [*await super().list_resources(), *await list_document_resources(self.word_service)]

    async def list_resource_templates(self) -> list[MCPResourceTemplate]:
        return [*await super().list_resource_templates(), *document_templates()]

    async def read_resource(self, uri: Any, context: Any = None) -> Any:
        ours = parse_uri(str(uri))
        if ours is None:
            return await super().read_resource(uri, context)
        return await read_document_resource(self.word_service, *ours)

    def documents_changed(self) -> None:
        """Tell listening clients that the resource list changed (a document connected or went away)."""
        task = asyncio.get_running_loop().create_task(self.events.publish(ResourcesListChanged()))
        self._pending_events.add(task)
        task.add_done_callback(self._pending_events.discard)


def cleaned(value: Any) -> Any:
    """`value` (a tool's result: models, dicts, lists, strings) with every lone surrogate replaced by U+FFFD.

    Dicts and lists are cleaned in place; a model is copied only when one of its fields changed. A result of
    text blocks and structured content (every editTask answer) is looked at in one go first.
    """
    if type(value) is CallToolResult and _plain_and_clean(value):
        return value
    if isinstance(value, BaseModel):
        updates = {name: fixed for name, item in value.__dict__.items() if (fixed := cleaned(item)) is not item}
        return value.model_copy(update=updates) if updates else value
    if isinstance(value, list) and any(isinstance(item, BaseModel) for item in value):
        items = [cleaned(item) for item in value]
        return items if any(new is not old for new, old in zip(items, value, strict=True)) else value
    return clean(value) if isinstance(value, str | dict | list) else value


def _plain_and_clean(result: CallToolResult) -> bool:
    """Whether `result` is text blocks and structured content only, none of them holding a lone surrogate."""
    texts = []
    for block in result.content:
        if type(block) is not TextContent or block.annotations is not None or block.meta is not None:
            return False
        texts.append(block.text)
    return result.meta is None and not has_lone_surrogate(result.structured_content) \
        and not any(has_lone_surrogate(text) for text in texts)


def edit_result(result: dict[str, Any]) -> CallToolResult:
    """An editTask envelope as the tool's result: structured, the same as JSON text, an error when not ok."""
    return CallToolResult(content=[TextContent(type="text", text=compact_json(result))], structured_content=result,
                          is_error=not result["ok"])


def build_mcp_server(service: EditService | RemoteEditService) -> MCPServer:
    """The `mcp_word` server with `editTask` (and its qualified alias) and `listDocuments`."""
    server = WordMCPServer(
        SERVER_NAME,
        service=service,
        version=__version__,
        instructions=(
            "Edit the Word document the person has open. Call listDocuments to see connected documents, "
            "then editTask with a word.op envelope in `meta`. Read a document with readDocument (or its "
            "word://<id>/markdown resource) before editing it."
        ),
    )
    hub = getattr(service, "hub", None)
    if hub is not None:
        hub.on_documents_changed(server.documents_changed)
    register_all(server, service)

    async def edit_task(
        content: Annotated[RawText, WithJsonSchema(CONTENT_SCHEMA)] = None,  # type: ignore[assignment]
        meta: Annotated[Any, WithJsonSchema(meta_schema())] = None,
        action: Annotated[RawText, WithJsonSchema(LEGACY_ACTION_SCHEMA)] = None,  # type: ignore[assignment]
        target: Annotated[RawText, WithJsonSchema(LEGACY_TARGET_SCHEMA)] = None,  # type: ignore[assignment]
        taskId: Annotated[RawText, WithJsonSchema(TASK_ID_SCHEMA)] = None,  # type: ignore[assignment]
        document: Annotated[RawText, WithJsonSchema(DOCUMENT_SCHEMA)] = None,  # type: ignore[assignment]
        ctx: Context | None = None,
    ) -> CallToolResult:
        progress = None
        if ctx is not None:
            async def progress(done: float, total: float | None, message: str | None) -> None:
                try:
                    await ctx.report_progress(done, total, message)
                except Exception:  # progress is best effort; the result still matters
                    pass

        result = await service.edit_task(
            content=content, meta=meta, action=action, target=target, task_id=taskId, document=document,
            progress=progress,
        )
        return edit_result(result)

    description = EDIT_TASK_DESCRIPTION + describe_ops()
    annotations = ToolAnnotations(title="Edit Word document", read_only_hint=False, destructive_hint=True,
                                  idempotent_hint=False, open_world_hint=False)
    server.tool(name="editTask", title="Edit Word document", description=description,
                annotations=annotations)(edit_task)
    server.tool(name=QUALIFIED_EDIT_TASK, title="Edit Word document", description="Same as editTask.",
                annotations=annotations)(edit_task)

    @server.tool(
        name="listDocuments",
        title="List connected Word documents",
        description="The Word documents whose Word Bridge task pane is connected: id, title, platform, paused.",
        annotations=ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                    open_world_hint=False),
    )
    async def list_documents() -> CallToolResult:
        # A forwarded call the bridge refused (e.g. a wrong token) comes back as an error envelope with no documents.
        result = await service.list_documents()
        return CallToolResult(content=[TextContent(type="text", text=compact_json(result))],
                              structured_content=result, is_error=result.get("ok") is False)

    return server
