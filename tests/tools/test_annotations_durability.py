"""A real server process killed with SIGKILL between and during calls, then started again: every answered
call is still there, and no call is half applied (each is one SQLite transaction)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
import anyio
import pytest
from mcp import Client, StdioServerParameters

from bridge.server.mcp_tools import build_mcp_server
from bridge.word.hub import Hub
from bridge.word.service import EditService
from tests.tools.test_annotations import FEE, chunks, ok

pytestmark = [pytest.mark.anyio, pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")]

SCRIPT = Path(__file__).with_name("annotation_server.py")


async def bridge_registers_annotations() -> bool:
    async with Client(build_mcp_server(EditService(Hub()))) as client:
        return "start_session" in {t.name for t in (await client.list_tools()).tools}


@pytest.fixture(params=["script", "bridge-stdio"])
async def command(request: pytest.FixtureRequest, unused_tcp_port: int) -> list[str]:
    """The server to kill: the annotation tools alone, or the whole bridge (`python -m bridge stdio`)."""
    if request.param == "script":
        return [sys.executable, str(SCRIPT)]
    if not await bridge_registers_annotations():
        pytest.skip("build_mcp_server does not register bridge.tools.annotations yet")
    return [sys.executable, "-m", "bridge", "stdio", "--no-tls", "--port", str(unused_tcp_port)]


def child_pids() -> set[int]:
    """Our child processes, from /proc (the stdio client starts the server as a direct child)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == os.getpid():
                    found.add(int(entry.name))
    return found


@contextlib.asynccontextmanager
async def running(command: list[str], data_dir: Path) -> AsyncIterator[tuple[Client, int]]:
    """A server process and a client on its stdio; yields the client and the server's pid."""
    before = child_pids()
    params = StdioServerParameters(command=command[0], args=command[1:], cwd=str(Path(__file__).parents[2]),
                                   env={**os.environ, "WORD_BRIDGE_DATA_DIR": str(data_dir)})
    connection = Client(params)
    client = await connection.__aenter__()
    try:
        await client.list_tools()
        (pid,) = child_pids() - before
        yield client, pid
    except BaseException:
        with contextlib.suppress(Exception):
            await connection.__aexit__(None, None, None)
        raise
    with contextlib.suppress(Exception):  # after a SIGKILL, closing the client's side may fail
        await connection.__aexit__(None, None, None)


def kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(ChildProcessError):
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return
        try:  # the process may vanish between the check and the read (ProcessLookupError, FileNotFoundError)
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return
        if state in ("Z", "X"):
            return
        time.sleep(0.02)
    raise TimeoutError(f"process {pid} survived SIGKILL")


async def test_killed_between_calls(command: list[str], tmp_path: Path) -> None:
    async with running(command, tmp_path) as (client, pid):
        session = (await ok(client, "start_session", {"config": {"chunks": chunks(100)}}))["sessionId"]
        await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [
            {"chunkId": str(i), **FEE, "keywords": [f"k{i}"]} for i in range(40)]})
        await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "99", "notes": "last one"})
        await ok(client, "add_relation", {"sessionId": session, "sourceChunkId": "1", "targetChunkId": "2",
                                          "relationType": "footnotes"})
        progress = await ok(client, "get_progress", {"sessionId": session})
        exported = await ok(client, "export_annotations", {"sessionId": session})
        kill(pid)
    async with running(command, tmp_path) as (client, _):
        assert await ok(client, "get_progress", {"sessionId": session}) == progress
        assert await ok(client, "export_annotations", {"sessionId": session}) == exported
    assert progress["annotatedChunks"] == 41 and exported["chunks"][1]["relations"] == {"footnotes": ["2"]}


async def test_killed_during_calls(command: list[str], tmp_path: Path) -> None:
    """Batches of 50 in flight when the process dies: each batch is all saved or not at all."""
    batches = [[{"chunkId": str(b * 50 + i), "tags": [f"batch {b}"], "notes": f"note {b * 50 + i}"}
                for i in range(50)] for b in range(40)]
    answered: list[int] = []
    async with running(command, tmp_path) as (client, pid):
        session = (await ok(client, "start_session", {"config": {"chunks": chunks(2000)}}))["sessionId"]

        async def annotator(lane: int) -> None:
            for b in range(lane, len(batches), 4):
                try:
                    await ok(client, "annotate_chunks", {"sessionId": session, "annotations": batches[b]})
                except Exception:
                    return  # the server died under this call
                answered.append(b)

        async with anyio.create_task_group() as group:
            for lane in range(4):
                group.start_soon(annotator, lane)
            while len(answered) < 8:
                await anyio.sleep(0.001)
            kill(pid)
    assert 8 <= len(answered) < len(batches)
    async with running(command, tmp_path) as (client, _):
        exported = json.loads((await client.call_tool("export_annotations", {"sessionId": session})).content[0].text)
    by_id = {c["chunk_id"]: c for c in exported["chunks"]}
    saved_batches = set()
    for b, batch in enumerate(batches):
        saved = [by_id[item["chunkId"]]["tags"] == item["tags"] and by_id[item["chunkId"]]["notes"] == item["notes"]
                 for item in batch]
        untouched = [by_id[item["chunkId"]]["tags"] == [] and by_id[item["chunkId"]]["notes"] == "" for item in batch]
        assert all(saved) or all(untouched), f"batch {b} was half applied"
        if all(saved):
            saved_batches.add(b)
    assert set(answered) <= saved_batches

