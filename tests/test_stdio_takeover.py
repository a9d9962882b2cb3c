"""A `word-bridge stdio` forwarder serves the port itself once the `stdio` that served it has quit.

Two desktop MCP clients (Claude Desktop and Cursor, say) each start one: quitting the first used to leave every
call through the second answering "no Word Bridge answers on port …" until something served the port again.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from bridge.config import BridgeConfig
from tests.support import FakePane, meta, wait_until
from tests.test_mcp_transports import _PortServer

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parent.parent
TAKEOVER_LINE = "this process serves it now"


class StdioProcess:
    """The MCP SDK's stdio client on a `word-bridge stdio`, held open by a task of its own, so the processes
    can quit in any order (a client's context must otherwise close in the task, and order, it opened)."""

    def __init__(self, port: int, certs_dir: Path, errlog: Path) -> None:
        self.params = StdioServerParameters(command=sys.executable, cwd=ROOT, args=[
            "-m", "bridge", "stdio", "--port", str(port), "--certs", str(certs_dir)])
        self.errlog = errlog
        self._quit = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> Client:
        ready: asyncio.Future[Client] = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._hold(ready))
        return await ready

    async def _hold(self, ready: asyncio.Future[Client]) -> None:
        try:
            with open(self.errlog, "w") as errlog:
                async with Client(stdio_client(self.params, errlog=errlog)) as client:
                    ready.set_result(client)
                    await self._quit.wait()
        except Exception as exc:
            if not ready.done():
                ready.set_exception(exc)
            raise

    async def quit(self) -> None:
        """Close the client's end: the process exits, as when a person quits the MCP client."""
        self._quit.set()
        if self._task is not None:
            await asyncio.wait_for(self._task, 30)


@contextlib.asynccontextmanager
async def _processes(port: int, certs_dir: Path, tmp_path: Path, *names: str) -> AsyncIterator[list[StdioProcess]]:
    """One StdioProcess a name (its stderr in tmp_path/<name>.txt), all quit at the end."""
    processes = [StdioProcess(port, certs_dir, tmp_path / f"{name}.txt") for name in names]
    try:
        yield processes
    finally:
        for process in processes:
            with contextlib.suppress(Exception):
                await process.quit()


async def _edit(client: Client, op: str = "getSelection") -> dict[str, Any]:
    result = await client.call_tool("editTask", {"content": "x", "meta": meta(op)})
    return dict(result.structured_content or {})


def _no_document(envelope: dict[str, Any]) -> bool:
    """The usual answer of a bridge with no pane connected (not 'no Word Bridge answers')."""
    return envelope.get("code") == "E_NOT_FOUND" and "no Word document is connected" in envelope["diagnostics"][0]["msg"]


async def test_a_forwarder_serves_the_port_when_the_stdio_that_served_it_quits(certs_dir, unused_tcp_port, tmp_path):
    port = unused_tcp_port
    probe = _PortServer(BridgeConfig(port=port, certs_dir=certs_dir))

    async def never(command: dict[str, Any]) -> None:
        return None

    async with _processes(port, certs_dir, tmp_path, "first", "second") as (first, second):
        await first.start()
        await wait_until(probe.ready, timeout=30)
        forwarder = await second.start()
        pane = await FakePane(probe, title="First.docx").connect()  # type: ignore[arg-type]
        before = await _edit(forwarder)
        pane.handler = never
        in_flight = asyncio.create_task(_edit(forwarder))
        await wait_until(lambda: len(pane.received) == 2, timeout=15)
        await first.quit()  # its bridge goes with it, mid-call
        during = await asyncio.wait_for(in_flight, 30)
        await pane.close()
        # Resources take the SDK route, on a session the first bridge held: the first call after, to take over.
        resources_gone = await forwarder.list_resources()
        gone = await _edit(forwarder)  # the second stdio serves the port now
        listed = await forwarder.call_tool("listDocuments", {})
        pane = await FakePane(probe, title="Again.docx").connect()  # type: ignore[arg-type]
        after = await _edit(forwarder)
        resources = await forwarder.list_resources()
        await pane.close()
    assert before["ok"] and before["document"]["title"] == "First.docx", before
    assert not during["ok"] and "may or may not have been applied" in during["diagnostics"][0]["msg"], during
    assert _no_document(gone), gone
    assert listed.structured_content is not None and listed.structured_content["documents"] == []
    assert after["ok"] and after["document"]["title"] == "Again.docx", after
    assert resources_gone.resources == [] and [r.name for r in resources.resources] == ["Again.docx"], resources
    lines = (tmp_path / "second.txt").read_text().splitlines()
    took = [line for line in lines if TAKEOVER_LINE in line]
    assert len(took) == 1 and "INFO" in took[0], lines
    assert not any("Traceback" in line for line in lines), lines


async def test_two_forwarders_racing_for_the_port_share_the_one_that_wins(certs_dir, unused_tcp_port, tmp_path):
    port = unused_tcp_port
    probe = _PortServer(BridgeConfig(port=port, certs_dir=certs_dir))
    async with _processes(port, certs_dir, tmp_path, "first", "second", "third") as (first, *others):
        await first.start()
        await wait_until(probe.ready, timeout=30)
        forwarders = [await other.start() for other in others]
        await first.quit()
        gone = await asyncio.gather(*(_edit(forwarder) for forwarder in forwarders))
        pane = await FakePane(probe, title="Shared.docx").connect()  # type: ignore[arg-type]
        after = await asyncio.gather(*(_edit(forwarder) for forwarder in forwarders))
        await pane.close()
    assert all(_no_document(envelope) for envelope in gone), gone
    assert all(envelope["ok"] and envelope["document"]["id"] == pane.session for envelope in after), after
    took = [name for name in ("second", "third") if TAKEOVER_LINE in (tmp_path / f"{name}.txt").read_text()]
    assert len(took) == 1, took
