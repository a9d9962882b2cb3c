"""A pane's first frame that is JSON but not an object: an error frame and close 1002, like any malformed hello."""

from __future__ import annotations

import json

import pytest
import websockets

from tests.support import FakePane, ServerThread

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("frame", "kind"), [
    ("[1, 2]", "array"), ("null", "null"), ("5", "number"), ('"hello"', "string"), ("true", "boolean"),
])
async def test_a_hello_that_is_not_an_object_is_refused_with_an_error_frame_and_close_1002(
        bridge: ServerThread, frame: str, kind: str) -> None:
    async with websockets.connect(bridge.ws_url, ssl=bridge.client_ssl()) as ws:
        await ws.send(frame)
        reply = json.loads(await ws.recv())
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()
    assert reply == {"type": "error", "code": "E_INVALID_ARG",
                     "msg": f'the first frame must be a hello: a JSON object with type "hello", got {kind}'}
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1002
    # The bridge is none the worse: a real pane connects next.
    pane = await FakePane(bridge).connect()
    assert [d["id"] for d in bridge.bridge.hub.documents()] == [pane.session]
    await pane.close()
