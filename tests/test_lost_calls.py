"""An edit whose answer is lost with the bridge (kill -9 mid-op) names the taskId to retry with, always.

The bridge runs as a process of its own, killed while its pane holds the op. The call came without a taskId through
`word-bridge stdio` forwarding (the per-request lane, and the SDK route `RemoteEditService`), or through
`word-bridge call` with or without --task-id: the forwarder gives it one before it leaves, the bridge runs the op
under it, and the "may or may not have been applied" answer says to retry with it.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.setup.probe import bridge_is_running
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, meta, wait_until

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def fresh_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")}


class BridgeProcess:
    """`word-bridge serve` in a process of its own, so a test can kill -9 it; enough of ServerThread for FakePane."""

    def __init__(self, certs_dir: Path, port: int) -> None:
        self.config = BridgeConfig(port=port, certs_dir=certs_dir)
        self.ws_url = f"wss://localhost:{port}/ws"
        self.process = subprocess.Popen([sys.executable, "-m", "bridge", "serve", "--port", str(port), "--certs",
                                         str(certs_dir)], cwd=ROOT, env=fresh_env(), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while not bridge_is_running(self.config):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the bridge did not start")
            time.sleep(0.1)

    def client_ssl(self) -> Any:
        return ssl_context_trusting(ensure_dev_certs(self.config.certs_dir))

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()  # SIGKILL: no answer, no close frame, no goodbye
        self.process.wait(15)


@pytest.fixture
def doomed(certs_dir: Path, unused_tcp_port: int) -> Iterator[BridgeProcess]:
    bridge = BridgeProcess(certs_dir, unused_tcp_port)
    yield bridge
    bridge.kill()


async def never(command: dict[str, Any]) -> None:
    return None  # the pane holds the op: it is running in Word when the bridge dies


def killed_mid_op(bridge: BridgeProcess, call: Callable[[], Awaitable[T]]) -> tuple[T, str]:
    """Start `call`, kill the bridge once its pane holds the op, and return the call's answer and the op's id."""

    async def scenario() -> tuple[T, str]:
        pane = await FakePane(bridge, handler=never).connect()  # type: ignore[arg-type]
        try:
            running = asyncio.create_task(call())
            await wait_until(lambda: len(pane.received) == 1, timeout=30)
            await asyncio.to_thread(bridge.kill)
            return await asyncio.wait_for(running, 60), pane.received[0]["id"]
        finally:
            await pane.close()

    return asyncio.run(scenario())


def assert_names_the_task_id(envelope: dict[str, Any], task_id: str) -> None:
    assert envelope["ok"] is False and envelope["code"] == "E_RUNTIME", envelope
    assert envelope["taskId"] == task_id
    [message] = [d["msg"] for d in envelope["diagnostics"] if d["level"] == "error"]
    assert "may or may not have been applied" in message, message
    assert message.endswith(f"Retry with the same taskId ({task_id}) to get its result without running it twice."), \
        message
    assert message.count("Retry with") == 1


def test_a_call_forwarded_by_word_bridge_stdio_without_a_task_id_names_the_one_it_ran_under(doomed, tmp_path):
    params = StdioServerParameters(command=sys.executable, cwd=ROOT, env=fresh_env(), args=[
        "-m", "bridge", "stdio", "--port", str(doomed.config.port), "--certs", str(doomed.config.certs_dir)])

    async def call() -> dict[str, Any]:
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with Client(stdio_client(params, errlog=errlog)) as client:
                result = await client.call_tool("editTask", {"meta": meta("insertText", text="x")})
                return result.structured_content

    envelope, ran_as = killed_mid_op(doomed, call)
    assert ran_as.startswith("task_")
    assert_names_the_task_id(envelope, ran_as)


def test_a_call_through_the_sdk_route_without_a_task_id_names_the_one_it_ran_under(doomed):
    async def call() -> dict[str, Any]:
        remote = RemoteEditService(doomed.config)
        try:
            return await remote.edit_task(meta=meta("insertText", text="x"))
        finally:
            await remote.aclose()

    envelope, ran_as = killed_mid_op(doomed, call)
    assert_names_the_task_id(envelope, ran_as)


@pytest.mark.parametrize("given", ["T-42", None])
def test_word_bridge_call_names_the_task_id_to_retry_with(doomed, given):
    option = ["--task-id", given] if given else []

    async def call() -> dict[str, Any]:
        done = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "bridge", "call", "insertText", '{"text":"x"}', "--port",
                             str(doomed.config.port), "--certs", str(doomed.config.certs_dir), *option],
            capture_output=True, text=True, cwd=ROOT, timeout=60, env=fresh_env())
        assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
        return json.loads(done.stdout)

    envelope, ran_as = killed_mid_op(doomed, call)
    assert ran_as == (given or ran_as) and ran_as.startswith(given or "task_")
    assert_names_the_task_id(envelope, ran_as)
