"""The core of `editTask`: parse → prepare (pictures) → hub → shaped result.

Transports (MCP over stdio or HTTP, `/rpc`, `word-bridge call`) all come
through here, so every path validates and answers the same way.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from typing import Any

import httpx

from bridge.word.envelope import OpError
from bridge.word.hub import Hub, ProgressCallback, RequestKey
from bridge.word.ops import ParsedOp, parse_edit_task
from bridge.word.pictures import PictureLimits, load_picture


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
        content: str,
        meta: str | dict[str, Any] | None = None,
        action: str | None = None,
        target: str | None = None,
        task_id: str | None = None,
        document: str | None = None,
        progress: ProgressCallback | None = None,
    ) -> dict[str, Any]:
        """One `editTask` call: the envelope plus `taskId` and `document`."""
        task_id = task_id or "task_" + secrets.token_hex(8)
        try:
            parsed = parse_edit_task(content=content, meta=meta, action=action, target=target)
        except OpError as err:
            return _shape(err.envelope(), task_id, None)
        # The request as the client asked it (before pictures are fetched): a retry must repeat exactly this.
        key = RequestKey.of(parsed.wire(), document)
        repeat = self.hub.cached(task_id, key)
        if repeat is not None:
            return _shape(repeat.envelope, task_id, repeat.document)
        try:
            parsed = await self._prepare(parsed)
        except OpError as err:
            return _shape(err.envelope(), task_id, None)
        outcome = await self.hub.submit(
            parsed.wire(), content=content, task_id=task_id, document=document, progress=progress, key=key
        )
        envelope = outcome.envelope
        if parsed.diagnostics and not outcome.cached:
            envelope = {**envelope, "diagnostics": [*parsed.diagnostics, *(envelope.get("diagnostics") or [])]}
        return _shape(envelope, task_id, outcome.document)

    async def _prepare(self, parsed: ParsedOp) -> ParsedOp:
        """Turn what the pane cannot do itself into canonical args (pictures: fetch and normalise)."""
        if parsed.op != "insertPicture":
            return parsed
        args = dict(parsed.args)
        if self._http is None:
            self._http = httpx.AsyncClient(follow_redirects=True, max_redirects=5)
        picture = await load_picture(args["source"], args["data"], self.picture_limits, client=self._http)
        args.update(source="base64", data=picture.data_b64, format=picture.format,
                    naturalWidth=picture.width, naturalHeight=picture.height)
        return dataclasses.replace(parsed, args=args)

    async def list_documents(self) -> dict[str, Any]:
        return {"documents": self.hub.documents()}


def _shape(envelope: dict[str, Any], task_id: str, document: dict[str, Any] | None) -> dict[str, Any]:
    shaped = {"ok": envelope.get("ok", False), "op": envelope.get("op", "unknown"), "data": envelope.get("data") or {}}
    if not shaped["ok"]:
        shaped["code"] = envelope.get("code", "E_RUNTIME")
    shaped["diagnostics"] = list(envelope.get("diagnostics") or [])
    shaped["taskId"] = task_id
    shaped["document"] = {"id": document["id"], "title": document["title"]} if document else None
    return shaped


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
