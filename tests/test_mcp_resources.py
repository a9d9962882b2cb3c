"""Connected documents as MCP resources: listed, read through readDocument, and announced when they change."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread

pytestmark = pytest.mark.anyio


@pytest.fixture
def server(certs_dir):
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=5.0)).start()
    yield running
    running.stop()


def paging_pane(total: int):
    """A pane that answers readDocument with `total` one-line blocks, two per page."""
    async def handler(command: dict[str, Any]) -> dict[str, Any]:
        args = command["op"]["args"]
        assert command["op"]["op"] == "readDocument" and args["format"] == "markdown"
        start = args["offset"]
        end = min(start + 2, total)
        return {"ok": True, "op": "readDocument", "diagnostics": [], "data": {
            "format": "markdown", "offset": start, "nextOffset": end if end < total else None,
            "totalBlocks": total, "markdown": "\n\n".join(f"Paragraph {i}" for i in range(start, end))}}
    return handler


async def test_each_connected_document_is_a_listed_resource(server):
    pane = await FakePane(server, title="Plan.docx").connect()
    async with mcp_client(server.config) as client:
        listed = (await client.list_resources()).resources
        templates = (await client.list_resource_templates()).resource_templates
    assert [(str(r.uri), r.name, r.mime_type) for r in listed] == [(f"word://{pane.session}/markdown", "Plan.docx",
                                                                    "text/markdown")]
    assert [t.uri_template for t in templates] == ["word://{document}/markdown?offset={offset}"]
    await pane.close()


async def test_reading_a_resource_gives_a_page_of_markdown_and_how_to_page_on(server):
    pane = await FakePane(server, handler=paging_pane(5)).connect()
    async with mcp_client(server.config) as client:
        first = (await client.read_resource(f"word://{pane.session}/markdown")).contents[0]
        last = (await client.read_resource(f"word://{pane.session}/markdown?offset=4")).contents[0]
    assert first.mime_type == "text/markdown"
    assert first.text.startswith("Paragraph 0\n\nParagraph 1")
    assert f"word://{pane.session}/markdown?offset=2" in first.text and "offset 2" in first.text
    assert last.text.startswith("Paragraph 4") and "end of document: 5 blocks" in last.text
    await pane.close()


async def test_reading_an_unknown_document_or_a_bad_uri_fails_clearly(server):
    from mcp.shared.exceptions import MCPError

    async with mcp_client(server.config) as client:
        with pytest.raises(MCPError) as unknown:
            await client.read_resource("word://doc_nope/markdown")
        with pytest.raises(MCPError) as bad:
            await client.read_resource("word://doc_x/other")
    assert "doc_nope" in str(unknown.value) and "no document" in str(unknown.value)
    assert "expected word://<document id>/markdown" in str(bad.value)


async def test_a_document_connecting_or_leaving_is_announced_to_listening_clients(server):
    import anyio

    async with mcp_client(server.config) as client:
        async with client.listen(resources_list_changed=True) as subscription:
            events: list[str] = []

            async def collect() -> None:
                async for event in subscription:
                    events.append(type(event).__name__)
                    if len(events) == 2:
                        return

            async with anyio.create_task_group() as group:
                group.start_soon(collect)
                pane = await FakePane(server).connect()
                await pane.close()
                with anyio.fail_after(5):
                    while len(events) < 2:
                        await anyio.sleep(0.02)
    assert events == ["ResourcesListChanged", "ResourcesListChanged"]
