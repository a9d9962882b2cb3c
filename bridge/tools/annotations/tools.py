"""The six annotation tools of seed 004 as tools of `mcp_word`: start_session, annotate_chunk(s), add_relation,
get_progress, export_annotations.

Answers follow the seed: the result object as JSON in one text item, or `isError: true` with the seed's error
object (`{"type", "message", "issues"?}`). The SDK takes the arguments loosely, so that input failing the listed
schema reaches the models (the same schema) and comes back as the seed's typed error with Zod-style issues
instead of the SDK's own message; business rules against the stored session come after. Storage runs in worker
threads; every call is one SQLite transaction.
"""

from __future__ import annotations

import json
import logging
import warnings
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, Final

from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ValidationError
from pydantic.json_schema import PydanticJsonSchemaWarning

from bridge.tools.annotations.database import check_data_dir
from bridge.tools.annotations.document import document_chunks
from bridge.tools.annotations.errors import AnnotationError, ErrorType
from bridge.tools.annotations.highlight import highlight_annotated
from bridge.tools.annotations.models import (AddRelationIn, AnnotateChunksEnvelope, AnnotationFields, SessionIn,
                                             StartSessionIn, annotation_models, custom_issue, seed_schema, zod_issues)
from bridge.tools.annotations.rules import taxonomy_issues
from bridge.tools.annotations.session_document import identify
from bridge.tools.annotations.storage_calls import in_thread, store
from bridge.tools.annotations.store import DOCUMENT_SOURCE
from bridge.tools.annotations.taxonomy import DEFAULT_TAXONOMY, Taxonomy, TaxonomyError, load_taxonomy
from bridge.tools.annotations.unknown_arguments import misspelt_keys, pass_unknown_arguments
from bridge.tools.arguments import RawText, list_schema
from bridge.tools.word_access import DocumentArgumentError, DocumentReadError, WordAccess

log = logging.getLogger(__name__)


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()
"""The default of every tool parameter: an argument left out, told apart from one sent as JSON null."""
LISTED_CHUNK_IDS: Final = 200
"""start_session from the document lists at most this many chunk ids (get_progress lists every pending one)."""

MERGE_RULE: Final = ("Annotating a chunk again merges: each field given replaces the stored one (lists and the "
                     "subtypes map are replaced, an empty list clears), fields left out keep their value, relations "
                     "are kept.")
DESCRIPTIONS: Final = {
    "start_session": "Initialize a new annotation session with a config file. Pass `config.chunks` (chunk_id, "
                     "position, text), or `fromDocument: true` to chunk the Word document open in Word Bridge "
                     "(per paragraph, or per heading section with `split: \"heading\"`). Returns the sessionId; "
                     "from the document also `document` (its id and title: highlights go to it) and `chunkIds`: "
                     "a chunk's id is the position of its first block in the document (\"0\", \"2\", \"4\", …), "
                     "not a count.",
    "annotate_chunk": "Annotate a single chunk with categories, subtypes, and metadata. Labels must be the labels "
                      "of the chunk's categories; subtypes map a category to one of its subtypes. " + MERGE_RULE,
    "annotate_chunks": "Annotate multiple chunks in a single call (partial success semantics): each item "
                       "succeeds or fails on its own; the result counts both. " + MERGE_RULE,
    "add_relation": "Define a directed relation between two chunks of the session (dependencies, footnotes or "
                    "references); adding the same relation again changes nothing.",
    "get_progress": "Query annotation progress for a session: totals, completion percentage (two decimals) and "
                    "the pending chunk ids in position order.",
    "export_annotations": "Export complete annotation JSON for the session: every chunk in position order with "
                          "its categories, labels, subtypes, keywords, tags, relations (by type), notes, summary.",
}


def _text(obj: Any, *, error: bool = False) -> CallToolResult:
    body = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    return CallToolResult(content=[TextContent(type="text", text=body)], is_error=error)


async def _answer(work: Awaitable[Any]) -> CallToolResult:
    """The seed's answer: the result as JSON text, or its error object with isError."""
    try:
        return _text(await work)
    except AnnotationError as exc:
        return _text(exc.payload(), error=True)


def _taxonomy() -> Taxonomy:
    """The taxonomy in force; StorageError first when the data directory cannot be used at all."""
    check_data_dir()
    try:
        return load_taxonomy()
    except TaxonomyError as exc:
        raise AnnotationError("InvalidConfig", str(exc), exc.issues) from None


def _given(unknown: dict[str, Any] | None, **args: Any) -> dict[str, Any]:
    """The arguments a client sent (JSON null included), without those it left out; `unknown`: those the tool
    has no parameter for (`unknown_arguments`), for the models to refuse by name."""
    return {**{k: v for k, v in args.items() if v is not UNSET}, **(unknown or {})}


def _checked(model: type[BaseModel], args: dict[str, Any]) -> Any:
    """Model validation (strict, like Zod: no coercion). An optional argument sent as null counts as left out; a
    required one sent as null is reported as null ("Expected string, received null"), not as missing."""
    fields = model.model_fields
    kept = {k: v for k, v in args.items() if v is not None or k not in fields or fields[k].is_required()}
    typos = misspelt_keys(model, kept)  # inside config, whose other extra keys are accepted
    try:
        parsed = model.model_validate(kept, strict=True)
    except ValidationError as exc:
        raise _Invalid(_json_string_issues(zod_issues(exc, model=model), args) + typos) from None
    if typos:
        raise _Invalid(typos)
    return parsed


class _Invalid(Exception):
    def __init__(self, issues: list[dict[str, Any]]) -> None:
        super().__init__("invalid")
        self.issues = issues


def _validate(model: type[BaseModel], args: dict[str, Any], error_type: ErrorType, message: str) -> Any:
    try:
        return _checked(model, args)
    except _Invalid as exc:
        raise AnnotationError(error_type, message, exc.issues) from None


def _json_string_issues(issues: list[dict[str, Any]], args: dict[str, Any]) -> list[dict[str, Any]]:
    """Say where a JSON string given for an object or array argument stops parsing (clients send objects as JSON
    text, decoded before validation when it parses), rather than only "Expected object, received string"."""
    out = []
    for issue in issues:
        value = args.get(issue["path"][0]) if len(issue["path"]) == 1 else None
        if (issue.get("code") == "invalid_type" and issue.get("received") == "string"
                and issue.get("expected") in ("object", "array") and isinstance(value, str)
                and value.lstrip()[:1] in ("{", "[")):
            try:
                json.loads(value)
            except ValueError as exc:
                where = (f"{exc.msg} at line {exc.lineno} column {exc.colno} (character {exc.pos})"
                         if isinstance(exc, json.JSONDecodeError) else str(exc))
                issue = {**issue, "message": f"Expected {issue['expected']}, received a string that is not valid "
                                             f"JSON: {where}"}
        out.append(issue)
    return out


def _duplicates(chunks: list[tuple[str, int, str]], where: Sequence[str | int]) -> list[dict[str, Any]]:
    first: dict[str, int] = {}
    issues = []
    for n, (chunk_id, _, _) in enumerate(chunks):
        if chunk_id in first:
            issues.append(custom_issue([*where, n, "chunk_id"],
                                       f"Duplicate chunk_id '{chunk_id}' (first at index {first[chunk_id]})"))
        first.setdefault(chunk_id, n)
    return issues


async def start_session(word: WordAccess, args: dict[str, Any]) -> dict[str, Any]:
    parsed: StartSessionIn = _validate(StartSessionIn, args, "InvalidConfig", "Config validation failed")
    await in_thread(_taxonomy)  # validated at the start of every session: a broken taxonomy.json stops here
    if parsed.fromDocument and parsed.config is not None:
        raise AnnotationError("InvalidConfig", "Config validation failed", [custom_issue(
            ["fromDocument"], "Pass either config or fromDocument: true, not both")])
    read_warning: str | None = None
    if parsed.fromDocument:
        try:
            chunks, answered, read_warning = await document_chunks(word, parsed.document, parsed.split)
        except DocumentArgumentError as exc:
            raise AnnotationError("InvalidConfig", f"Could not read the Word document: {exc}", [custom_issue(
                ["document"], "Pass the id of one document (listDocuments lists them)")]) from None
        except DocumentReadError as exc:
            raise AnnotationError("InvalidConfig", f"Could not read the Word document: {exc}", [custom_issue(
                ["fromDocument"], "Open the document in Word with the Word Bridge task pane connected, or pass "
                                  "config.chunks")]) from None
        if not chunks:
            raise AnnotationError("InvalidConfig", "The Word document has no text to annotate", [custom_issue(
                ["fromDocument"], "The document has no non-empty paragraph or table")])
        source, where = f"{DOCUMENT_SOURCE}{parsed.document or ''}", ["chunks"]
        document = await identify(word, answered, parsed.document)
    elif parsed.config is not None:
        chunks = [(c.chunk_id, c.position, c.text) for c in parsed.config.chunks]
        source, where, document = "config", ["config", "chunks"], None
    else:
        missing = ({"code": "invalid_type", "expected": "object", "received": "null", "path": ["config"],
                    "message": "Expected object, received null"} if "config" in args else
                   {"code": "invalid_type", "received": "undefined", "path": ["config"], "message": "Required"})
        raise AnnotationError("InvalidConfig", "Config validation failed", [missing])
    duplicates = _duplicates(chunks, where)
    if duplicates:
        raise AnnotationError("DuplicateChunk", f"Config has {len(duplicates)} duplicate chunk_id(s)", duplicates)
    session_id, count = await in_thread(lambda: store().create_session(chunks, source, document))
    made: dict[str, Any] = {"sessionId": session_id, "chunkCount": count, "message": "Session created successfully"}
    if document is not None and document.id is not None:  # beyond the seed: where highlights will go
        made["document"] = document.ref()
    if read_warning:  # beyond the seed: the chunks may hold a paragraph twice or miss one
        made["warning"] = read_warning
    if parsed.fromDocument:  # beyond the seed: the ids no one chose (block positions), to annotate by
        made["chunkIds"] = [chunk_id for chunk_id, _, _ in chunks[:LISTED_CHUNK_IDS]]
        if count > LISTED_CHUNK_IDS:
            made["chunkIdsNote"] = (f"the first {LISTED_CHUNK_IDS} of {count} chunk ids; get_progress lists every "
                                    "pending one")
    return made


async def annotate_chunk(args: dict[str, Any], word: WordAccess | None = None) -> dict[str, Any]:
    taxonomy = await in_thread(_taxonomy)
    single, _, _ = annotation_models(taxonomy)
    parsed = _validate(single, args, "InvalidAnnotation", "Annotation validation failed")
    location = None
    if parsed.highlight:
        location = await in_thread(lambda: store().chunk_location(parsed.sessionId, parsed.chunkId))
        if location is not None and location.document is None:
            raise AnnotationError("InvalidAnnotation", "highlight marks the chunk in the Word document, so the session "
                                  "must have been started with fromDocument: true; nothing was saved", [custom_issue(
                                      ["highlight"], "Annotate without highlight: true")])
    item = AnnotationFields.model_validate(parsed.model_dump(include=set(AnnotationFields.model_fields)))
    (outcome,) = await in_thread(lambda: store().annotate(parsed.sessionId, [item],
                                                            partial(taxonomy_issues, taxonomy=taxonomy)))
    if isinstance(outcome, AnnotationError):
        raise outcome
    if location is not None and word is not None:
        outcome = {**outcome, "highlight": await highlight_annotated(word, parsed.sessionId, parsed.chunkId,
                                                                     location, outcome)}
    return outcome


async def annotate_chunks(args: dict[str, Any]) -> dict[str, Any]:
    taxonomy = await in_thread(_taxonomy)
    envelope: AnnotateChunksEnvelope = _validate(AnnotateChunksEnvelope, args, "InvalidAnnotation",
                                                 "Annotation validation failed")
    _, item_model, _ = annotation_models(taxonomy)
    results: list[dict[str, Any] | None] = [None] * len(envelope.annotations)
    valid: list[tuple[int, AnnotationFields]] = []
    for n, raw in enumerate(envelope.annotations):
        try:
            valid.append((n, _checked(item_model, raw)))
        except _Invalid as exc:
            error = AnnotationError("InvalidAnnotation", "Annotation validation failed", exc.issues)
            results[n] = {"chunkId": raw.get("chunkId"), "success": False, "error": error.payload()}
    outcomes = await in_thread(lambda: store().annotate(
        envelope.sessionId, [item for _, item in valid], partial(taxonomy_issues, taxonomy=taxonomy)))
    for (n, item), outcome in zip(valid, outcomes, strict=True):
        results[n] = ({"chunkId": item.chunkId, "success": False, "error": outcome.payload()}
                      if isinstance(outcome, AnnotationError) else
                      {"chunkId": item.chunkId, "success": True, "data": outcome})
    succeeded = sum(1 for r in results if r and r["success"])
    return {"results": results, "successCount": succeeded, "errorCount": len(results) - succeeded}


async def add_relation(args: dict[str, Any]) -> dict[str, Any]:
    parsed: AddRelationIn = _validate(AddRelationIn, args, "InvalidRelation", "Relation validation failed")
    if parsed.sourceChunkId == parsed.targetChunkId:
        raise AnnotationError("InvalidRelation", "A chunk cannot be related to itself", [custom_issue(
            ["targetChunkId"], "targetChunkId must differ from sourceChunkId")])
    added = await in_thread(lambda: store().add_relation(parsed.sessionId, parsed.sourceChunkId,
                                                           parsed.targetChunkId, parsed.relationType))
    return {"message": "Relation added" if added else "Relation already exists",
            "sourceChunkId": parsed.sourceChunkId, "targetChunkId": parsed.targetChunkId,
            "relationType": parsed.relationType}


def _session(args: dict[str, Any]) -> str:
    """The session id argument: InvalidInput when it is left out or not a string, or comes with other arguments;
    SessionNotFound when it is a string that cannot name a session (not a uuid)."""
    value = args.get("sessionId")
    issues = _checked_issues(SessionIn, args)
    if not isinstance(value, str):
        what = "is required" if "sessionId" not in args else "must be a string"
        raise AnnotationError("InvalidInput", f"Input validation failed: sessionId {what} (the sessionId "
                                              "start_session returned)", issues)
    if any(issue["code"] == "unrecognized_keys" for issue in issues):
        raise AnnotationError("InvalidInput", "Input validation failed: the one argument is sessionId", issues)
    parsed: SessionIn = _validate(SessionIn, args, "SessionNotFound", "Invalid sessionId")
    return parsed.sessionId


def _checked_issues(model: type[BaseModel], args: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        _checked(model, args)
    except _Invalid as exc:
        return exc.issues
    return []


async def get_progress(args: dict[str, Any]) -> dict[str, Any]:
    session_id = _session(args)
    return await in_thread(lambda: store().progress(session_id))


async def export_annotations(args: dict[str, Any]) -> str:
    session_id = _session(args)
    return await in_thread(lambda: store().export_text(session_id))


def _listed_taxonomy() -> Taxonomy:
    try:
        return load_taxonomy()
    except TaxonomyError as exc:
        log.warning("%s; the annotation tools list the default taxonomy until it is fixed", exc)
        return DEFAULT_TAXONOMY


def register(server: MCPServer, word: WordAccess) -> None:
    """Add the six annotation tools to `server`, listed with the seed's input schemas."""
    single, _, listed = annotation_models(_listed_taxonomy())

    async def start_session_tool(config: Any = UNSET, fromDocument: Any = UNSET, document: RawText = UNSET,
                                 split: RawText = UNSET, unknown_arguments: Any = None) -> CallToolResult:
        return await _answer(start_session(word, _given(unknown_arguments, config=config, fromDocument=fromDocument,
                                                        document=document, split=split)))

    async def annotate_chunk_tool(sessionId: RawText = UNSET, chunkId: RawText = UNSET, categories: Any = UNSET,
                                  labels: Any = UNSET, subtypes: Any = UNSET, keywords: Any = UNSET,
                                  tags: Any = UNSET, notes: RawText = UNSET, summary: RawText = UNSET,
                                  highlight: Any = UNSET, unknown_arguments: Any = None) -> CallToolResult:
        return await _answer(annotate_chunk(_given(
            unknown_arguments, sessionId=sessionId, chunkId=chunkId, categories=categories, labels=labels,
            subtypes=subtypes, keywords=keywords, tags=tags, notes=notes, summary=summary, highlight=highlight), word))

    async def annotate_chunks_tool(sessionId: RawText = UNSET, annotations: Any = UNSET,
                                   unknown_arguments: Any = None) -> CallToolResult:
        return await _answer(annotate_chunks(_given(unknown_arguments, sessionId=sessionId, annotations=annotations)))

    async def add_relation_tool(sessionId: RawText = UNSET, sourceChunkId: RawText = UNSET,
                                targetChunkId: RawText = UNSET, relationType: RawText = UNSET,
                                unknown_arguments: Any = None) -> CallToolResult:
        return await _answer(add_relation(_given(unknown_arguments, sessionId=sessionId, sourceChunkId=sourceChunkId,
                                                 targetChunkId=targetChunkId, relationType=relationType)))

    async def get_progress_tool(sessionId: RawText = UNSET, unknown_arguments: Any = None) -> CallToolResult:
        return await _answer(get_progress(_given(unknown_arguments, sessionId=sessionId)))

    async def export_annotations_tool(sessionId: RawText = UNSET, unknown_arguments: Any = None) -> CallToolResult:
        return await _answer(export_annotations(_given(unknown_arguments, sessionId=sessionId)))

    def hints(*, read_only: bool, destructive: bool, idempotent: bool) -> ToolAnnotations:
        return ToolAnnotations(read_only_hint=read_only, destructive_hint=destructive, idempotent_hint=idempotent,
                               open_world_hint=False)

    tools: list[tuple[str, str, Callable[..., Awaitable[CallToolResult]], type[BaseModel], ToolAnnotations]] = [
        ("start_session", "Start annotation session", start_session_tool, StartSessionIn,
         hints(read_only=False, destructive=False, idempotent=False)),
        ("annotate_chunk", "Annotate chunk", annotate_chunk_tool, single,
         hints(read_only=False, destructive=True, idempotent=True)),
        ("annotate_chunks", "Annotate chunks", annotate_chunks_tool, listed,
         hints(read_only=False, destructive=True, idempotent=True)),
        ("add_relation", "Add chunk relation", add_relation_tool, AddRelationIn,
         hints(read_only=False, destructive=False, idempotent=True)),
        ("get_progress", "Annotation progress", get_progress_tool, SessionIn,
         hints(read_only=True, destructive=False, idempotent=True)),
        ("export_annotations", "Export annotations", export_annotations_tool, SessionIn,
         hints(read_only=True, destructive=False, idempotent=True)),
    ]
    for name, title, fn, model, hinted in tools:
        hinted.title = title
        with warnings.catch_warnings():  # UNSET is no JSON default; the listed schema is the seed's (below)
            warnings.simplefilter("ignore", PydanticJsonSchemaWarning)
            server.tool(name=name, title=title, description=DESCRIPTIONS[name], annotations=hinted)(fn)
        schema = seed_schema(model)
        list_schema(server, name, schema["properties"], schema.get("required", []))
        pass_unknown_arguments(server, name)
