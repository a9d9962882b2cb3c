"""`word-bridge stdio` forwarding: the Word tools' calls pass straight through to the bridge on the port.

The client may speak a handshake-era protocol (Claude Desktop, most clients today) or the 2026
per-request one; the bridge hears one self-contained HTTP exchange per call either way, and the
client gets its answer and progress in its own version. Calls the bridge did not run go the SDK
route; a call that went out and got no answer is never sent twice.
"""

from __future__ import annotations

import asyncio
import http.server
import json
import os
import shutil
import socket
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp_types import CLIENT_INFO_META_KEY, SERVER_INFO_META_KEY, JSONRPCRequest
from starlette.types import ASGIApp, Receive, Scope, Send

from bridge.config import BridgeConfig
from bridge.word.pass_through import PassThrough, for_version
from bridge.word.remote import bridge_http_client
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio
T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
WORD_TOOLS = frozenset({"editTask", "mcp_word__editTask", "listDocuments"})


class BodyTap:
    """ASGI middleware keeping the headers and JSON body of every /mcp POST the bridge receives."""

    def __init__(self, app: ASGIApp, seen: list[tuple[dict[str, str], Any]]) -> None:
        self.app = app
        self.seen = seen

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or not scope["path"].startswith("/mcp"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []

        async def tapped() -> Any:
            message = await receive()
            if message["type"] == "http.request":
                chunks.append(message.get("body", b""))
            return message

        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        self.seen.append((headers, None))
        index = len(self.seen) - 1
        await self.app(scope, tapped, send)
        self.seen[index] = (headers, json.loads(b"".join(chunks) or b"null"))


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"}


def _stdio_args(config: BridgeConfig) -> list[str]:
    return ["-m", "bridge", "stdio", "--port", str(config.port), "--certs", str(config.certs_dir)]


def _stdio(config: BridgeConfig, errlog: Any, **env: str) -> Client:
    """The Python SDK's client on a `word-bridge stdio` that forwards to the bridge on `config`'s port."""
    params = StdioServerParameters(command=sys.executable, args=_stdio_args(config), cwd=ROOT, env={**_env(), **env})
    return Client(stdio_client(params, errlog=errlog))


def with_pane(server: ServerThread, scenario: Callable[[FakePane], Awaitable[T]], **pane: Any) -> T:
    """Run `scenario` with a fake pane connected to `server`, then stop the server."""

    async def main() -> T:
        connected = await FakePane(server, **pane).connect()
        try:
            return await scenario(connected)
        finally:
            await connected.close()

    try:
        return asyncio.run(main())
    finally:
        server.stop()


class Progressing:
    """A pane handler that reports progress twice before answering (it needs the pane it answers for)."""

    pane: FakePane | None = None

    async def __call__(self, command: dict[str, Any]) -> dict[str, Any]:
        assert self.pane is not None
        for done in (1, 2):
            await self.pane.send({"type": "progress", "id": command["id"], "done": done, "total": 2,
                                  "message": f"{done}/2"})
        await asyncio.sleep(0.05)
        return {"ok": True, "op": "replace", "data": {"replaced": 2}, "diagnostics": []}


def test_a_handshake_era_client_gets_progress_and_its_own_result_shape_through_one_exchange(certs_dir, tmp_path):
    """A 2025-06-18 client, written line by line as Claude Desktop would: what it reads is what its version
    defines (no 2026 `resultType`, no server stamp), and the bridge heard the call from that client."""
    seen: list[tuple[dict[str, str], Any]] = []
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir))
    server.bridge.app.add_middleware(BodyTap, seen=seen)
    server.start()

    progressing = Progressing()

    async def scenario(pane: FakePane) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
        progressing.pane = pane
        with open(tmp_path / "stderr.txt", "w") as errlog:
            child = await asyncio.create_subprocess_exec(
                sys.executable, *_stdio_args(server.config), cwd=ROOT, env=_env(), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=errlog)
        assert child.stdin is not None and child.stdout is not None

        async def write(message: dict[str, Any]) -> None:
            child.stdin.write((json.dumps(message) + "\n").encode())  # type: ignore[union-attr]
            await child.stdin.drain()  # type: ignore[union-attr]

        async def read() -> dict[str, Any]:
            return json.loads(await asyncio.wait_for(child.stdout.readline(), 30))  # type: ignore[union-attr]

        try:
            await write({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "raw-test-client", "version": "9.9"}}})
            assert (await read())["result"]["protocolVersion"] == "2025-06-18"
            await write({"jsonrpc": "2.0", "method": "notifications/initialized"})
            await write({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
                "name": "editTask", "_meta": {"progressToken": "p-1"},
                "arguments": {"content": "x", "meta": meta("replace", target="document", replaceWith="y")}}})
            notes = []
            while "id" not in (message := await read()):
                notes.append(message)
            await write({"jsonrpc": "2.0", "id": "bad", "method": "tools/call",
                         "params": {"name": "listDocuments", "arguments": ["not", "an", "object"]}})
            refused = await read()
            return notes, message, refused
        finally:
            child.stdin.close()
            await asyncio.wait_for(child.wait(), 30)

    notes, answer, refused = with_pane(server, scenario, handler=progressing)
    assert answer["id"] == 2
    result = answer["result"]
    assert result["structuredContent"]["data"] == {"replaced": 2} and result["isError"] is False
    assert "resultType" not in result and SERVER_INFO_META_KEY not in result.get("_meta", {})
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
    assert [n["params"]["progress"] for n in notes if n["method"] == "notifications/progress"] == [1, 2]
    assert all(n["params"]["progressToken"] == "p-1" for n in notes)
    calls = [(headers, body) for headers, body in seen if body and body.get("method") == "tools/call" and body["id"] == 2]
    assert len(calls) == 1, calls  # one exchange, no session handshake for it
    headers, body = calls[0]
    assert headers["mcp-method"] == "tools/call" and headers["mcp-name"] == "editTask"
    assert body["method"] == "tools/call" and body["params"]["_meta"][CLIENT_INFO_META_KEY]["name"] == "raw-test-client"
    assert refused["id"] == "bad" and refused["error"]["code"] == -32602, refused  # the bridge's own refusal, relayed
    assert "Traceback" not in (tmp_path / "stderr.txt").read_text()


TS_SDK = ROOT / "addin" / "node_modules" / "@modelcontextprotocol" / "sdk"


@pytest.mark.skipif(shutil.which("node") is None or not TS_SDK.exists(),
                    reason="needs node and `npm ci` in addin/ (scripts/test.sh does both)")
def test_the_typescript_sdk_client_gets_valid_results_and_progress_through_a_forwarding_stdio(certs_dir, tmp_path):
    """Claude Desktop and most Node clients are built on the TypeScript SDK, which checks each result against the
    tool's output schema: the forwarded answers must pass it, in the version that client negotiated."""
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()

    progressing = Progressing()

    async def scenario(pane: FakePane) -> dict[str, Any]:
        progressing.pane = pane
        with open(tmp_path / "stderr.txt", "w") as errlog:
            child = await asyncio.create_subprocess_exec(
                "node", str(ROOT / "tests" / "clients" / "ts_stdio_client.mjs"), str(ROOT / "addin"),
                sys.executable, *_stdio_args(server.config), cwd=ROOT, stdout=asyncio.subprocess.PIPE,
                stderr=errlog, env={**_env(), "EDIT_META": json.dumps(
                    meta("replace", target="document", replaceWith="y"))})
            out, _ = await asyncio.wait_for(child.communicate(), 60)
        assert child.returncode == 0, (tmp_path / "stderr.txt").read_text()
        return json.loads(out.decode().strip().splitlines()[-1])

    seen = with_pane(server, scenario, title="Node.docx", handler=progressing)
    assert "editTask" in seen["tools"]
    assert seen["edit"]["isError"] is False and seen["edit"]["structuredContent"]["data"] == {"replaced": 2}
    assert [p["progress"] for p in seen["progress"]] == [1, 2]
    assert [d["title"] for d in seen["listed"]["structuredContent"]["documents"]] == ["Node.docx"]


def test_a_cancelled_forwarded_call_ends_on_the_bridge_and_the_next_call_is_answered(certs_dir, tmp_path):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()

    async def never(command: dict[str, Any]) -> None:
        return None

    async def scenario(pane: FakePane) -> tuple[int, int, Any]:
        session = server.bridge.hub.session(pane.session or "")
        assert session is not None
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with _stdio(server.config, errlog) as client:
                pending: list[int] = []

                async def watch() -> None:
                    while True:
                        pending.append(len(session.pending))
                        await asyncio.sleep(0.02)

                watcher = asyncio.create_task(watch())
                with anyio.move_on_after(3):  # the SDK client tells the server it gave up
                    await client.call_tool("editTask", {"content": "x", "meta": meta("getSelection")})
                await wait_until(lambda: not session.pending, timeout=10)
                watcher.cancel()
                listed = await client.call_tool("listDocuments", {})
                return max(pending), len(session.pending), listed

    waiting, after, listed = with_pane(server, scenario, handler=never)
    assert waiting == 1 and after == 0
    assert listed.structured_content["documents"][0]["title"] == "Report.docx"


# ---- the bridge did not run it, or did not answer ------------------------------------------------

class StandIn(http.server.BaseHTTPRequestHandler):
    """A server on the port that is not (or not quite) a current bridge; `behaviour` says how it answers."""

    behaviour = "old"
    requests = 0

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        type(self).requests += 1
        self.rfile.read(int(self.headers["content-length"]))
        if self.behaviour == "hang-up":
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        status, ctype, body = {
            "old": (400, "application/json", json.dumps({"jsonrpc": "2.0", "id": 7, "error": {
                "code": -32022, "message": "Unsupported protocol version"}})),
            "sessions only": (400, "application/json", json.dumps({"jsonrpc": "2.0", "id": "server-error", "error": {
                "code": -32600, "message": "Bad Request: Missing session ID"}})),
            "guard": (403, "text/plain", "Forbidden"),
            "crash": (500, "text/plain", "Internal Server Error"),
        }[self.behaviour]
        data = body.encode()
        self.send_response(status)
        self.send_header("content-type", ctype)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def stand_in(tmp_path: Path) -> Iterator[tuple[BridgeConfig, type[StandIn]]]:
    handler = type("Handler", (StandIn,), {"requests": 0})
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield BridgeConfig(port=httpd.server_address[1], tls=False, certs_dir=tmp_path / "certs"), handler
    httpd.shutdown()
    httpd.server_close()


def _call(name: str, arguments: dict[str, Any]) -> JSONRPCRequest:
    return JSONRPCRequest(jsonrpc="2.0", id=7, method="tools/call", params={"name": name, "arguments": arguments})


async def _forward(config: BridgeConfig, request: JSONRPCRequest) -> tuple[bool, list[Any], PassThrough]:
    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async with bridge_http_client(config) as http:
        lane = PassThrough(config, http, WORD_TOOLS)
        lane.observe(JSONRPCRequest(jsonrpc="2.0", id=1, method="initialize", params={
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}))
        assert lane.takes(request)
        answered = await lane.forward(request, send)
    return answered, sent, lane


@pytest.mark.parametrize("behaviour", ["old", "sessions only", "guard"])
async def test_a_call_the_bridge_did_not_run_goes_the_sdk_route(stand_in, behaviour):
    config, handler = stand_in
    handler.behaviour = behaviour
    answered, sent, lane = await _forward(config, _call("editTask", {"meta": meta("getSelection")}))
    assert answered is False and sent == [] and handler.requests == 1
    assert lane.enabled is (behaviour == "guard")  # a bridge without per-request calls: the session route from now


@pytest.mark.parametrize("behaviour", ["hang-up", "crash"])
async def test_an_edit_that_went_out_unanswered_is_an_e_runtime_envelope_and_not_sent_again(stand_in, behaviour):
    config, handler = stand_in
    handler.behaviour = behaviour
    answered, sent, _ = await _forward(config, _call("editTask", {"meta": meta("insertText", text="x"),
                                                                  "taskId": "t-9"}))
    assert answered is True and handler.requests == 1
    result = sent[0].result
    envelope = result["structuredContent"]
    assert result["isError"] is True and "resultType" not in result
    assert envelope["code"] == "E_RUNTIME" and envelope["op"] == "insertText" and envelope["taskId"] == "t-9"
    assert "may or may not have been applied" in envelope["diagnostics"][0]["msg"]


async def test_a_read_only_call_that_went_unanswered_is_asked_again_the_sdk_route(stand_in):
    config, handler = stand_in
    handler.behaviour = "hang-up"
    answered, sent, _ = await _forward(config, _call("listDocuments", {}))
    assert answered is False and sent == []


def test_results_take_the_shape_of_the_clients_version():
    modern = {"content": [], "structuredContent": {"ok": True}, "isError": False, "resultType": "complete",
              "_meta": {SERVER_INFO_META_KEY: {"name": "mcp_word", "version": "1"}, "other": 1}}
    assert for_version("2026-07-28", modern) == modern
    legacy = for_version("2025-06-18", modern)
    assert "resultType" not in legacy and legacy["_meta"] == {"other": 1}
    assert legacy["structuredContent"] == {"ok": True}


def test_calls_written_before_stdin_ends_are_all_answered_when_stdin_is_a_file(certs_dir, tmp_path):
    """stdin from a file takes the SDK's threaded stdio transport (as on Windows), and end of input does not drop the
    calls still on their way: the process answers every one before it exits."""
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    lines = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "file", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        *({"jsonrpc": "2.0", "id": 10 + i, "method": "tools/call", "params": {
            "name": "editTask", "arguments": {"meta": meta("insertText", text=f"line {i}")}}} for i in range(3)),
        {"jsonrpc": "2.0", "id": 20, "method": "tools/call", "params": {"name": "listDocuments", "arguments": {}}},
    ]
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))

    async def scenario(pane: FakePane) -> list[dict[str, Any]]:
        with open(tmp_path / "in.jsonl", "rb") as stdin, open(tmp_path / "out.jsonl", "wb") as stdout, \
                open(tmp_path / "err.txt", "wb") as stderr:
            child = await asyncio.create_subprocess_exec(sys.executable, *_stdio_args(server.config), cwd=ROOT,
                                                         env=_env(), stdin=stdin, stdout=stdout, stderr=stderr)
            assert await asyncio.wait_for(child.wait(), 60) == 0
        return [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]

    answers = {message["id"]: message for message in with_pane(server, scenario) if "id" in message}
    assert sorted(answers) == [1, 10, 11, 12, 20], answers
    echoed = [answers[10 + i]["result"]["structuredContent"]["data"]["echo"]["text"] for i in range(3)]
    assert echoed == ["line 0", "line 1", "line 2"]
    assert answers[20]["result"]["structuredContent"]["documents"][0]["title"] == "Report.docx"


def test_concurrent_forwarded_calls_each_get_their_own_answer(certs_dir, tmp_path):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()

    async def scenario(pane: FakePane) -> list[str]:
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with _stdio(server.config, errlog) as client:
                results = await asyncio.gather(*(
                    client.call_tool("editTask", {"meta": meta("insertText", text=f"call {i}")}) for i in range(16)))
        return [result.structured_content["data"]["echo"]["text"] for result in results]

    echoed = with_pane(server, scenario)
    assert echoed == [f"call {i}" for i in range(16)]


def test_a_forwarded_call_carries_the_token_and_is_taken_at_the_first_try(certs_dir, tmp_path):
    """With the right token the bridge takes the call as it came: one POST, not a refusal and a second route."""
    seen: list[tuple[dict[str, str], Any]] = []
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, token="t0ken"))
    server.bridge.app.add_middleware(BodyTap, seen=seen)
    server.start()

    async def scenario(pane: FakePane) -> Any:
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with _stdio(server.config, errlog, WORD_BRIDGE_TOKEN="t0ken") as client:
                return await client.call_tool("editTask", {"meta": meta("insertText", text="guarded")})

    result = with_pane(server, scenario, token="t0ken")
    assert result.structured_content["data"]["echo"]["text"] == "guarded"
    posts = [headers for headers, _ in seen if headers.get("mcp-name") == "editTask"]
    assert len(posts) == 1 and posts[0]["authorization"] == "Bearer t0ken", posts


def test_a_call_cut_off_mid_way_is_said_once_with_how_to_retry() -> None:
    """The forwarder got the HTTP layer's "closed the connection" message and wrapped it twice, without the retry."""
    from bridge.config import BridgeConfig
    from bridge.word.remote import disconnected_message, unexpected_failure

    config = BridgeConfig(port=3999)
    inner = disconnected_message(config, "Server disconnected without sending a response.")
    for message in (unexpected_failure(config, RuntimeError(inner), "t-1").msg, disconnected_message(config, inner, "t-1")):
        assert message.count("may or may not have been applied") == 1, message
        assert message.count("closed the connection without answering") == 1, message
        assert message.endswith("Retry with the same taskId (t-1) to get its result without running it twice."), message
    other = unexpected_failure(config, ValueError("bad frame")).msg
    assert other == ("the bridge on port 3999 did not answer as expected (bad frame); an edit may or may not have "
                     "been applied")
