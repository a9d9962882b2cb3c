"""A pane frame that is not JSON (text that does not parse, or a binary frame) is answered, never only logged.

QA: the bridge logged "skipped a frame that is not JSON" and did nothing else, so a broken pane waited forever:
before its hello for the 10 s hello timeout, after it for ever. Now a first frame that is not JSON closes the socket
(1007 for text, 1003 for binary) after an error frame saying why; a later one is answered with an error frame,
which the pane shows, and the connection goes on serving.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets

from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("frame", "code", "kind"), [
    ("not json", 1007, "text that is not JSON"),
    (b"\x00\xffnot json", 1003, "a binary frame that is not JSON"),
])
async def test_a_first_frame_that_is_not_json_is_answered_and_closed_at_once(
        bridge: ServerThread, frame: str | bytes, code: int, kind: str) -> None:
    async with websockets.connect(bridge.ws_url, ssl=bridge.client_ssl()) as ws:
        await ws.send(frame)
        reply = json.loads(await asyncio.wait_for(ws.recv(), 3))  # not after the 10 s hello timeout
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 3)
    assert reply["type"] == "error" and reply["code"] == "E_INVALID_ARG", reply
    assert "hello" in reply["msg"] and kind in reply["msg"], reply
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code and closed.value.rcvd.reason
    pane = await FakePane(bridge).connect()  # the bridge is none the worse
    assert [d["id"] for d in bridge.bridge.hub.documents()] == [pane.session]
    await pane.close()


async def edit(bridge: ServerThread) -> dict[str, Any]:
    async with mcp_client(bridge.config) as client:
        result = await client.call_tool("editTask", {"meta": meta("getSelection")})
    return dict(result.structured_content or {})


@pytest.mark.parametrize(("frame", "kind"), [("not json", "text"), (b"\x00\xff", "binary")])
async def test_a_later_frame_that_is_not_json_gets_an_error_frame_and_the_pane_keeps_working(
        bridge: ServerThread, frame: str | bytes, kind: str) -> None:
    pane = await FakePane(bridge).connect()
    await pane._ws.send(frame)
    await wait_until(lambda: bool(pane.notices), timeout=3)
    [notice] = pane.notices
    assert notice["type"] == "error" and notice["code"] == "E_INVALID_ARG", notice
    assert "not JSON" in notice["msg"] and kind in notice["msg"], notice
    answer = await edit(bridge)  # still connected, still serving
    assert answer["ok"] is True and [c["op"]["op"] for c in pane.received] == ["getSelection"], answer
    await pane.close()


async def test_a_binary_frame_that_is_json_is_still_read(bridge: ServerThread) -> None:
    """What a pane sent in a binary frame was always read as UTF-8 text: a pane doing so keeps working."""
    async with websockets.connect(bridge.ws_url, ssl=bridge.client_ssl()) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "session": None, "token": None,
                                  "document": {"title": "Bin.docx", "url": "https://example.test/Bin.docx"},
                                  "host": {"app": "Word", "platform": "Simulator", "version": "test"},
                                  "apiSets": {"WordApi": "1.9"}}).encode())
        reply = json.loads(await asyncio.wait_for(ws.recv(), 3))
        assert reply["type"] == "welcome", reply
        await ws.send(b'{"type":"ping"}')
        assert json.loads(await asyncio.wait_for(ws.recv(), 3)) == {"type": "pong"}
