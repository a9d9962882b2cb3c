"""call_tool_with_file_content → `word:text_processor` for a client that offers sampling: the inner tool gets the
outer call's capabilities. On 2026-07-28 its request for the client's model (an `InputRequiredResult`) is relayed
as this tool's own and the retried call resumes it; on 2025-11-25 the request goes mid-call. In memory, over the
real bridge's HTTPS, and through `word-bridge stdio`."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, CreateMessageRequestParams, CreateMessageResult, TextContent

from bridge.config import BridgeConfig
from bridge.tools import file_tool, text_processor
from bridge.word.remote import bridge_http_client, mcp_url
from tests.support import ServerThread
from tests.tools.file_tool_support import allowed_folder

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"
ROOT = Path(__file__).resolve().parents[2]
REPORT = "AI changes business. Companies adopt it quickly. Some worry about jobs. Most see gains."
SUMMARIZE = {"server": "word", "tool_name": "text_processor", "file_path": "report.txt", "data_key": "text",
             "tool_args": {"operation": "summarize"}, "output_format": "string"}


@pytest.fixture
def report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return allowed_folder(tmp_path, monkeypatch, **{"report.txt": REPORT})


class Model:
    """The client's model: answers every sampling request with a short summary and keeps the prompts."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    async def __call__(self, context: Any, params: CreateMessageRequestParams) -> CreateMessageResult:
        self.asked.append(params.messages[0].content.text)  # type: ignore[union-attr]
        return CreateMessageResult(role="assistant", model="client-model",
                                   content=TextContent(type="text", text="AI brings gains."))


def processed(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    line, body = result.content[0].text.split("\n", 1)  # type: ignore[union-attr]
    assert line == "Text successfully summarized"
    return json.loads(body)


def build() -> MCPServer:
    server = MCPServer("t")
    file_tool.register(server, None)
    text_processor.register(server, None)
    return server


@pytest.mark.parametrize("mode", ["auto", "legacy"])  # 2026-07-28 (input_required relayed) and 2025-11-25 (mid-call)
async def test_the_inner_tool_asks_the_calling_clients_model(report, mode):
    model = Model()
    async with Client(build(), sampling_callback=model, mode=mode) as client:
        found = processed(await client.call_tool(NAME, SUMMARIZE))
    assert (found["engine"], found["model"], found["processed_text"]) == ("sampling", "client-model",
                                                                          "AI brings gains.")
    assert found["original_text"] == REPORT
    assert len(model.asked) == 1 and model.asked[0].endswith(REPORT)


async def test_without_sampling_the_inner_tool_runs_offline(report):
    async with Client(build()) as client:
        found = processed(await client.call_tool(NAME, SUMMARIZE))
    assert (found["engine"], found["method"]) == ("offline", "extractive")


@pytest.fixture
def bridge(certs_dir, report: Path):
    running = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=10.0)).start()
    yield running
    running.stop()


async def test_over_the_bridges_https(bridge):
    model = Model()
    async with bridge_http_client(bridge.config) as http:
        transport = streamable_http_client(mcp_url(bridge.config), http_client=http)
        async with Client(transport, sampling_callback=model) as client:
            found = processed(await client.call_tool(NAME, SUMMARIZE))
    assert (found["engine"], found["processed_text"]) == ("sampling", "AI brings gains.") and len(model.asked) == 1


async def test_through_word_bridge_stdio(bridge, tmp_path):
    config = bridge.config
    env = {k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"}
    params = StdioServerParameters(command=sys.executable, cwd=ROOT, env=env, args=[
        "-m", "bridge", "stdio", "--port", str(config.port), "--certs", str(config.certs_dir)])
    model = Model()
    with (tmp_path / "stdio.log").open("w") as errlog:
        async with Client(stdio_client(params, errlog=errlog), sampling_callback=model) as client:
            found = processed(await client.call_tool(NAME, SUMMARIZE))
    assert (found["engine"], found["processed_text"]) == ("sampling", "AI brings gains.") and len(model.asked) == 1
