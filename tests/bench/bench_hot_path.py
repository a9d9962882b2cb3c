"""Benchmark: where editTask's extra server time goes, piece by piece, in one process.

bench_instructions says how much more the bridge's server executes for an `editTask` than a bare
SDK server for its tool; this says which pieces it is made of. Each piece of the path is timed
alone on the payloads of the benchmark's call (`getSelection`, answered by the fake pane):
our validation and bookkeeping, JSON, the MCP SDK's per-tool work that depends on the tool's
schema (editTask's against listDocuments'), WebSocket framing, and TLS records. Best of several
rounds in microseconds per call, printed with each piece's share of the sum. What no piece here
covers (event-loop wake-ups, asyncio's TLS transport, socket syscalls) is the rest of
bench_instructions' difference.
Run: .venv/bin/python -m tests.bench.bench_hot_path [N]
"""

from __future__ import annotations

import json
import ssl
import sys
import tempfile
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mcp.shared.inbound import validate_mcp_param_headers
from mcp.types import CallToolResult, TextContent
from websockets.client import ClientProtocol
from websockets.protocol import State
from websockets.server import ServerProtocol

from bridge.server.mcp_tools import build_mcp_server
from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.word.hub import Hub
from bridge.word.retries import RequestKey
from bridge.word.ops import parse_edit_task
from bridge.word.service import EditService, _shape, compact_json
from tests.support import meta

ROUNDS = 7
META = meta("getSelection")
DOCUMENT = {"id": "doc_1", "title": "Report.docx"}
ENVELOPE = {"ok": True, "op": "getSelection", "data": {"echo": {}}, "diagnostics": []}
AI_CMD = {"type": "ai-cmd", "id": "task_0123456789abcdef", "content": "x",
          "op": {"type": "word.op", "op": "getSelection", "version": "1.0", "args": {}}}
AI_RESULT = {"type": "ai-result", "id": "task_0123456789abcdef", "result": ENVELOPE, "stats": {"ms": 1.0, "syncs": 1}}


def best_us(action: Callable[[], Any], n: int) -> float:
    """Microseconds per call: the best of ROUNDS rounds of `n` calls (the least disturbed by the rest of the machine)."""
    return min(timeit.repeat(action, number=n, repeat=ROUNDS)) / n * 1e6


def tls_pair(certs_dir: Path) -> tuple[ssl.SSLObject, ssl.SSLObject, tuple[ssl.MemoryBIO, ...]]:
    """A client and a server TLS end over memory BIOs, handshake done, as the pane's socket would be."""
    certs = ensure_dev_certs(certs_dir)
    server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_ctx.load_cert_chain(certs.cert, certs.key)
    client_ctx = ssl_context_trusting(certs)
    c_in, c_out, s_in, s_out = (ssl.MemoryBIO() for _ in range(4))
    client = client_ctx.wrap_bio(c_in, c_out, server_hostname="localhost")
    server = server_ctx.wrap_bio(s_in, s_out, server_side=True)
    for _ in range(10):
        for end in (client, server):
            try:
                end.do_handshake()
            except ssl.SSLWantReadError:
                pass
        s_in.write(c_out.read())
        c_in.write(s_out.read())
        if client.version() is not None and server.version() is not None:
            try:
                client.do_handshake()
                server.do_handshake()
                break
            except ssl.SSLWantReadError:
                continue
    return client, server, (c_in, c_out, s_in, s_out)


def pieces(certs_dir: Path) -> dict[str, Callable[[], Any]]:
    """Each piece of the editTask path that a bare call does not have, as a callable doing it once."""
    hub = Hub()
    mcp = build_mcp_server(EditService(hub))
    tools = mcp._tool_manager  # the registered tools: their schemas and argument/result adapters
    edit, listing = tools.get_tool("editTask"), tools.get_tool("listDocuments")
    assert edit is not None and listing is not None
    arguments = {"content": "x", "meta": META}
    result = {**ENVELOPE, "taskId": AI_CMD["id"], "document": DOCUMENT}
    call_result = CallToolResult(content=[TextContent(type="text", text=compact_json(result))],
                                 structured_content=result)
    frame = json.dumps(AI_RESULT, separators=(",", ":"))

    server_ws, client_ws = ServerProtocol(state=State.OPEN), ClientProtocol("wss://localhost/ws", state=State.OPEN)
    client_ws.send_text(frame.encode())
    masked = b"".join(client_ws.data_to_send())  # what the pane sends: a masked frame

    def ws_send() -> None:
        server_ws.send_text(json.dumps(AI_CMD, separators=(",", ":")).encode())
        server_ws.data_to_send()

    def ws_receive() -> None:
        server_ws.receive_data(masked)
        server_ws.events_received()

    client, server, (c_in, c_out, s_in, s_out) = tls_pair(certs_dir)
    command = json.dumps(AI_CMD, separators=(",", ":")).encode()

    def tls_out_and_in() -> None:  # the server writes the ai-cmd, reads the ai-result (each a record)
        server.write(command)
        c_in.write(s_out.read())
        client.read(65536)
        client.write(masked)
        s_in.write(c_out.read())
        server.read(65536)

    return {
        "parse and validate the envelope": lambda: parse_edit_task(content="x", meta=META),
        "retry key, cache lookup, result shape": lambda: (
            hub.cached("task_1", RequestKey.of(AI_CMD["op"])), _shape(ENVELOPE, "task_1", DOCUMENT)),
        "JSON: ai-cmd out, ai-result in, result text": lambda: (
            json.dumps(AI_CMD, separators=(",", ":")), json.loads(frame), compact_json(result)),
        "SDK: argument pre-parse (RawText: left as sent)": lambda: (
            edit.fn_metadata.pre_parse_json(arguments)),
        # The SDK checks Mcp-Param headers against what the server's lookup gives; for a tool without x-mcp-header
        # (all of ours) that is None and the check is skipped.
        "SDK: Mcp-Param header check (none declared: skipped)": lambda: (
            validate_mcp_param_headers(mcp._tool_input_schema("editTask"), arguments, {})),  # type: ignore[attr-defined]
        "SDK: result conversion (no output validation)": lambda: edit.fn_metadata.convert_result(call_result),
        "WebSocket framing: ai-cmd out, ai-result in": lambda: (ws_send(), ws_receive()),
        "TLS records: ai-cmd out, ai-result in": tls_out_and_in,
    }


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory(prefix="wb-hot-") as work:
        figures = {name: best_us(action, n) for name, action in pieces(Path(work)).items()}
    total = sum(figures.values())
    print(f"editTask's extra pieces, best of {ROUNDS} rounds of {n} (microseconds per call; share of the sum)")
    for name, us in figures.items():
        print(f"  {name:<52} {us:7.1f} us  {us / total:5.1%}")
    print(f"  {'sum':<52} {total:7.1f} us")


if __name__ == "__main__":
    main()
