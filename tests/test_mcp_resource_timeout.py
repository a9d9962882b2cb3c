"""A resource read the pane does not answer in time: the error says what a resource reader can do.

QA: reading word://<id>/markdown of a huge document failed with "… Retry with the same taskId (task_…)", which a
resource reader cannot follow: it passes no taskId.
"""

from __future__ import annotations

from typing import Any

import anyio
import pytest

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread

pytestmark = pytest.mark.anyio


async def slow_pane(command: dict[str, Any]) -> dict[str, Any]:
    await anyio.sleep(3)
    return {"ok": True, "op": "readDocument", "diagnostics": [], "data": {}}


async def test_a_resource_read_that_times_out_says_to_read_it_again_or_page_it(certs_dir):
    from mcp.shared.exceptions import MCPError

    # A bridge that waits half a second for its pane.
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=0.5)).start()
    try:
        pane = await FakePane(server, handler=slow_pane).connect()
        uri = f"word://{pane.session}/markdown"
        async with mcp_client(server.config) as client:
            with pytest.raises(MCPError) as timed_out:
                await client.read_resource(uri)
        await pane.close()
    finally:
        server.stop()
    message = str(timed_out.value)
    assert "did not answer within" in message
    assert "taskId" not in message
    assert f"Read {uri} again" in message
    assert "editTask readDocument" in message and "maxChars" in message and "offset" in message
