"""The core of `editTask`: parse → prepare (pictures) → hub → shaped result.

Transports (MCP over stdio or HTTP, `/rpc`, `word-bridge call`) all come
through here, so every path validates and answers the same way.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import httpx

from bridge import outbound
from bridge.outbound import clip
from bridge.word.envelope import (
    Code,
    OpError,
    clean,
    clean_text,
    diagnostic,
    has_lone_surrogate,
    lone_surrogate_at,
    surrogate_escape,
)
from bridge.word.hub import Hub
from bridge.word.ops import SUPPORTED_OPS, ParsedOp, parse_edit_task, summarize
from bridge.word.ops.parse import OP_FLAGS, misplaced_flag
from bridge.word.ops.normalize import json_type
from bridge.word.pictures import PictureLimits, load_picture
from bridge.word.retries import RequestKey
from bridge.word.sessions import ProgressCallback, new_task_id

MAX_TASK_ID = 200
MAX_DOCUMENT_REF = 300


class EditService:
    """Runs `editTask` calls against the hub."""

    def __init__(self, hub: Hub, *, picture_limits: PictureLimits | None = None) -> None:
        self.hub = hub
        self.picture_limits = picture_limits or PictureLimits()
        self._http: httpx.AsyncClient | None = None

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()
            self._http = None

    async def edit_task(
        self,
        *,
        content: Any = None,
        meta: Any = None,
        action: Any = None,
        target: Any = None,
        task_id: Any = None,
        document: Any = None,
        progress: ProgressCallback | None = None,
    ) -> dict[str, Any]:
        """One `editTask` call: the envelope plus `taskId` and `document`.

        Arguments arrive as the client sent them (any JSON): every check answers with a typed envelope.
        """
        blank_task_id = isinstance(task_id, str) and not task_id.strip()
        try:
            task_id = _optional_text(task_id, "taskId", MAX_TASK_ID)
            task_id = None if task_id is None or not task_id.strip() else task_id
            generated = task_id is None  # known to the client only from the answer (TaskLedger says why it matters)
            task_id = task_id or new_task_id()
            document = _optional_text(document, "document", MAX_DOCUMENT_REF)
        except OpError as err:  # the refusal names the op the call asked for, and echoes no more than a valid taskId
            echoed = clip(clean_text(task_id), MAX_TASK_ID) if isinstance(task_id, str) else ""
            return self._refused(err.envelope(named_op(meta)), echoed, clean(content), None)
        try:
            _refuse_lone_surrogates({"meta": meta, "content": content, "action": action, "target": target,
                                     "taskId": task_id, "document": document})
        except OpError as err:
            return self._refused(err.envelope(named_op(meta)), clean_text(task_id), clean(content),
                                 clean_text(document) if document else None)
        try:
            parsed = parse_edit_task(content=content, meta=meta, action=action, target=target)
        except OpError as err:
            return self._refused(err.envelope(), task_id, content, document)
        if content is None:
            content = summarize(parsed.op, parsed.args)
        # The request as the client asked it (before pictures are fetched): a retry must repeat exactly this.
        key = RequestKey.of(parsed.wire(), document)
        repeat = self.hub.cached(task_id, key)
        if repeat is not None:
            if not repeat.final:  # the same taskId for another request: refused, nothing ran
                return self._refused(repeat.envelope, task_id, content, document, repeat.document)
            return _shape(repeat.envelope, task_id, repeat.document)
        try:
            parsed = await self._prepare(parsed)
        except OpError as err:
            return self._refused(err.envelope(), task_id, content, document)
        outcome = await self.hub.submit(
            parsed.wire(), content=content, task_id=task_id, document=document, progress=progress, key=key,
            generated=generated)
        envelope = outcome.envelope
        notes = list(parsed.diagnostics) if not outcome.cached else []
        if blank_task_id:  # the client meant to give one: say which id a retry must repeat
            notes.append(diagnostic("info", f"taskId was blank, so this call got its own: {task_id} (repeat it to "
                                    "retry without running the op twice)", "taskId"))
        if notes:
            envelope = {**envelope, "diagnostics": [*notes, *(envelope.get("diagnostics") or [])]}
        return _shape(envelope, task_id, outcome.document)

    def _refused(self, envelope: dict[str, Any], task_id: str, content: Any, document: str | None,
                 served_by: dict[str, Any] | None = None) -> dict[str, Any]:
        """A call the server refused: shaped for the client, and shown in the pane's log."""
        summary = content if isinstance(content, str) and content else str(envelope.get("op", "unknown"))
        target = served_by["id"] if served_by else document
        self.hub.tell_refused(task_id, summary, envelope, target)
        return _shape(envelope, task_id, served_by)

    async def _prepare(self, parsed: ParsedOp) -> ParsedOp:
        """Turn what the pane cannot do itself into canonical args (pictures: fetch and normalise), batches included."""
        if parsed.op == "insertPicture":
            return dataclasses.replace(parsed, args=await self._picture_args(parsed.args))
        if parsed.op == "batch" and any(item["op"] == "insertPicture" for item in parsed.args["ops"]):
            ops = []
            for index, item in enumerate(parsed.args["ops"]):
                if item["op"] == "insertPicture":
                    try:
                        item = {**item, "args": await self._picture_args(item["args"])}
                    except OpError as err:
                        raise OpError(err.code, f"args.ops[{index}]: {err.msg}", op="batch",
                                      field=f"args.ops[{index}].{err.field}" if err.field else None) from None
                ops.append(item)
            return dataclasses.replace(parsed, args={**parsed.args, "ops": ops})
        return parsed

    async def _picture_args(self, args: dict[str, Any]) -> dict[str, Any]:
        if self._http is None:
            # Every connection passes the address guard (redirects are followed hop by hop by the pictures module).
            self._http = outbound.guarded_client(timeout=self.picture_limits.timeout_s)
        picture = await load_picture(args["source"], args["data"], self.picture_limits, client=self._http)
        return {**args, "source": "base64", "data": picture.data_b64, "format": picture.format,
                "naturalWidth": picture.width, "naturalHeight": picture.height}

    async def list_documents(self) -> dict[str, Any]:
        return {"documents": self.hub.documents()}


def misplaced_flag_refusal(arguments: dict[str, Any]) -> dict[str, Any] | None:
    """editTask's refusal of an op flag (dryRun, expectText, trackChanges) given beside `meta`, or None.

    The tool's own arguments are content, meta, action, target, taskId and document: a flag beside them never
    reaches the op (an MCP server drops arguments its tool does not declare), and a "dry run" would edit for real.
    """
    flag = next((f for f in OP_FLAGS if f in arguments), None)
    if flag is None:
        return None
    error = OpError(Code.INVALID_ARG, misplaced_flag(flag, flag, "an argument of editTask beside meta"), field=flag)
    task_id = arguments.get("taskId")
    task_id = task_id if isinstance(task_id, str) and task_id.strip() and len(task_id) <= MAX_TASK_ID else new_task_id()
    return _shape(error.envelope(named_op(arguments.get("meta"))), clean_text(task_id), None)


def _optional_text(value: Any, field: str, max_length: int) -> str | None:
    """A string argument that may be absent: refuse other JSON types and oversize values by name."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise OpError(Code.INVALID_ARG, f"{field} must be a string, got {json_type(value)}", field=field)
    if len(value) > max_length:
        raise OpError(Code.INVALID_ARG, f"{field} is {len(value)} characters long; at most {max_length}", field=field)
    return value or None


def named_op(meta: Any) -> str:
    """The op a call's `meta` (an object or a JSON string) names, when it is one; else "unknown"."""
    if isinstance(meta, str):
        try:
            meta = json.loads(meta)
        except (ValueError, RecursionError):
            return "unknown"
    op = meta.get("op") if isinstance(meta, dict) else None
    return op if isinstance(op, str) and op in SUPPORTED_OPS else "unknown"


def _refuse_lone_surrogates(arguments: dict[str, Any]) -> None:
    """Refuse (E_INVALID_ARG, naming the field) an argument holding a lone UTF-16 surrogate, before anything parses it.

    Such a string is not text: Word would store a broken character, and no answer echoing it could be encoded.
    `meta`'s fields are named as the envelope's are (`args.text`), a JSON string's after decoding it.
    One look at everything first (a JSON encoding, at C speed): nearly every call holds none.
    """
    meta = arguments.get("meta")
    if not has_lone_surrogate(arguments) and not (isinstance(meta, str) and surrogate_escape(meta)):
        return
    for name, value in arguments.items():
        if name == "meta":
            if isinstance(value, str) and surrogate_escape(value):
                try:
                    value = json.loads(value)
                except (ValueError, RecursionError):
                    continue  # the parser says what is wrong with it
            found = lone_surrogate_at(value, "" if isinstance(value, dict | list) else "meta")
        else:
            found = lone_surrogate_at(value, name)
        if found is not None:
            field, index = found
            field = field or "meta"
            raise OpError(Code.INVALID_ARG, f"{field} holds a lone UTF-16 surrogate at character {index}: half of a "
                          "character (such as an emoji cut in two), which is not text Word can store. Send whole "
                          "characters (in a JSON escape, an emoji is a pair such as \\ud83d\\ude00)", field=field)


def _shape(envelope: dict[str, Any], task_id: str, document: dict[str, Any] | None) -> dict[str, Any]:
    shaped = {"ok": envelope.get("ok", False), "op": envelope.get("op", "unknown"), "data": envelope.get("data") or {}}
    if not shaped["ok"]:
        shaped["code"] = envelope.get("code", "E_RUNTIME")
    shaped["diagnostics"] = list(envelope.get("diagnostics") or [])
    shaped["taskId"] = task_id
    shaped["document"] = {"id": document["id"], "title": document["title"]} if document else None
    return shaped


_COMPACT = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def compact_json(value: Any) -> str:
    """JSON without spaces, non-ASCII kept (one encoder for every call: json.dumps with options builds one each time)."""
    return _COMPACT.encode(value)
