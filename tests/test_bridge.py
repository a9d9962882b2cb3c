"""The bridge end to end without a browser: MCP over HTTP, the hub, /ws, security.

A real server (TLS, uvicorn) runs in a thread; a Python fake pane speaks
protocol 1 over a real WSS connection.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import httpx
import pytest
import websockets

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta, wait_until

pytestmark = pytest.mark.anyio


@pytest.fixture
def config(certs_dir) -> BridgeConfig:
    return BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=5.0)


@pytest.fixture
def server(config):
    running = ServerThread(config).start()
    yield running
    running.stop()


async def call(server: ServerThread, arguments: dict[str, Any], name: str = "editTask") -> Any:
    async with mcp_client(server.config) as client:
        return await client.call_tool(name, arguments)


async def test_http_edit_task_reaches_the_pane_and_returns_its_result(server):
    pane = await FakePane(server).connect()
    result = await call(server, {"content": "say hi", "meta": meta("insertText", text="Hi")})
    assert not result.is_error
    envelope = result.structured_content
    assert envelope["ok"] is True and envelope["op"] == "insertText"
    # The pane received the canonical op with the seed's defaults filled in.
    assert envelope["data"]["echo"] == {"text": "Hi", "scope": "selection", "location": "replace",
                                        "newParagraph": False, "keepFormatting": True}
    assert envelope["document"] == {"id": pane.session, "title": "Report.docx"}
    assert json.loads(result.content[0].text) == envelope
    assert pane.received[0]["content"] == "say hi"
    await pane.close()


async def test_meta_as_json_string_and_legacy_form(server):
    pane = await FakePane(server).connect()
    as_string = await call(server, {"content": "x", "meta": json.dumps(meta("getSelection"))})
    assert as_string.structured_content["ok"] is True
    legacy = await call(server, {"content": "Thanks", "action": "append", "target": "document"})
    echo = legacy.structured_content["data"]["echo"]
    assert echo["text"] == "Thanks" and echo["scope"] == "document" and echo["location"] == "end"
    assert echo["newParagraph"] is True
    await pane.close()


async def test_list_documents_shows_the_pane_and_healthz_agrees(server):
    pane = await FakePane(server, title="Budget.docx").connect()
    result = await call(server, {}, name="listDocuments")
    docs = result.structured_content["documents"]
    assert [d["title"] for d in docs] == ["Budget.docx"] and docs[0]["id"] == pane.session
    async with httpx.AsyncClient(verify=server.client_ssl()) as http:
        health = (await http.get(server.base_url + "/healthz")).json()
    assert health["status"] == "ok" and health["documents"][0]["id"] == pane.session
    assert set(health["documents"][0]) >= {"id", "title", "platform", "connectedAt", "paused"}
    await pane.close()


async def test_qualified_tool_name_is_accepted_but_not_listed(server):
    pane = await FakePane(server).connect()
    async with mcp_client(server.config) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        result = await client.call_tool("mcp_word__editTask", {"content": "x", "meta": meta("getSelection")})
    assert "editTask" in names and "listDocuments" in names and "mcp_word__editTask" not in names
    assert result.structured_content["ok"] is True
    await pane.close()


async def test_bad_input_never_reaches_the_pane(server):
    pane = await FakePane(server).connect()
    cases = [
        (meta("insertText"), "E_INVALID_ARG", "args.text"),
        (meta("nope"), "E_UNSUPPORTED", None),
        ({"type": "word.op", "op": "insertText", "version": "2.0", "args": {"text": "x"}}, "E_UNSUPPORTED", None),
        ("{not json", "E_INVALID_ARG", "meta"),
    ]
    for bad, code, field in cases:
        result = await call(server, {"content": "bad", "meta": bad})
        envelope = result.structured_content
        assert result.is_error and envelope["ok"] is False and envelope["code"] == code, envelope
        if field:
            assert envelope["diagnostics"][0]["field"] == field
    assert pane.received == []
    await pane.close()


async def test_no_document_connected_says_how_to_connect(server):
    result = await call(server, {"content": "x", "meta": meta("getSelection")})
    envelope = result.structured_content
    assert envelope["code"] == "E_NOT_FOUND"
    assert any("task pane" in d["msg"] for d in envelope["diagnostics"])


async def test_pane_disconnect_fails_the_in_flight_op_within_a_second(server):
    async def never(command: dict[str, Any]) -> None:
        return None

    pane = await FakePane(server, handler=never).connect()

    async def disconnect_when_received() -> float:
        await wait_until(lambda: bool(pane.received))
        await pane.close()
        return time.monotonic()

    closer = asyncio.create_task(disconnect_when_received())
    result = await call(server, {"content": "x", "meta": meta("insertText", text="a"), "taskId": "t-disc"})
    finished = time.monotonic()
    closed_at = await closer
    envelope = result.structured_content
    assert envelope["code"] == "E_RUNTIME" and "may or may not have been applied" in envelope["diagnostics"][0]["msg"]
    assert finished - closed_at < 1.0


async def test_deadline_gives_e_timeout(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, op_timeout=0.5)).start()
    try:
        async def never(command: dict[str, Any]) -> None:
            return None

        pane = await FakePane(server, handler=never).connect()
        started = time.monotonic()
        result = await call(server, {"content": "x", "meta": meta("getSelection")})
        assert result.structured_content["code"] == "E_TIMEOUT"
        assert time.monotonic() - started < 3
        await pane.close()
    finally:
        server.stop()


async def test_repeated_task_id_returns_the_first_result_without_asking_again(server):
    counter = {"n": 0}

    async def counting(command: dict[str, Any]) -> dict[str, Any]:
        counter["n"] += 1
        return {"ok": True, "op": command["op"]["op"], "data": {"run": counter["n"]}, "diagnostics": []}

    pane = await FakePane(server, handler=counting).connect()
    args = {"content": "x", "meta": meta("insertText", text="once"), "taskId": "task-42"}
    first = (await call(server, args)).structured_content
    second = (await call(server, args)).structured_content
    assert first["data"] == second["data"] == {"run": 1} and len(pane.received) == 1
    assert second["taskId"] == "task-42"
    # Still the first result after the pane reconnects.
    session = pane.session
    await pane.close()
    pane2 = await FakePane(server, handler=counting, session=session).connect()
    third = (await call(server, args)).structured_content
    assert third["data"] == {"run": 1} and pane2.received == []
    await pane2.close()


async def test_concurrent_duplicates_share_one_run(server):
    async def slow(command: dict[str, Any]) -> dict[str, Any]:
        await asyncio.sleep(0.2)
        return {"ok": True, "op": "getSelection", "data": {"text": "x"}, "diagnostics": []}

    pane = await FakePane(server, handler=slow).connect()
    args = {"content": "x", "meta": meta("getSelection"), "taskId": "dup"}
    results = await asyncio.gather(call(server, args), call(server, args))
    assert all(r.structured_content["ok"] for r in results) and len(pane.received) == 1
    await pane.close()


async def test_reconnecting_pane_gets_its_session_back(server):
    pane = await FakePane(server).connect()
    first = pane.session
    await pane.close()
    again = await FakePane(server, session=first).connect()
    assert again.session == first
    await again.close()


async def test_routing_by_id_title_and_most_recent(server):
    a = await FakePane(server, title="A.docx").connect()
    b = await FakePane(server, title="B.docx").connect()
    by_title = (await call(server, {"content": "x", "meta": meta("getSelection"), "document": "a.docx"})).structured_content
    assert by_title["document"]["id"] == a.session
    by_id = (await call(server, {"content": "x", "meta": meta("getSelection"), "document": b.session})).structured_content
    assert by_id["document"]["id"] == b.session
    # b served last, so it is the most recently active.
    default = (await call(server, {"content": "x", "meta": meta("getSelection")})).structured_content
    assert default["document"]["id"] == b.session
    unknown = (await call(server, {"content": "x", "meta": meta("getSelection"), "document": "C.docx"})).structured_content
    assert unknown["code"] == "E_NOT_FOUND" and unknown["diagnostics"][0]["field"] == "document"
    await a.close()
    await b.close()


async def test_ops_on_one_document_run_in_order_and_documents_run_in_parallel(server):
    log: list[tuple[str, str, str]] = []

    def recorder(name: str):
        async def handle(command: dict[str, Any]) -> dict[str, Any]:
            text = command["op"]["args"]["text"]
            log.append((name, "start", text))
            await asyncio.sleep(0.15)
            log.append((name, "end", text))
            return {"ok": True, "op": "insertText", "data": {}, "diagnostics": []}
        return handle

    a = await FakePane(server, title="A.docx", handler=recorder("A")).connect()
    b = await FakePane(server, title="B.docx", handler=recorder("B")).connect()

    async def send(doc: str, text: str) -> None:
        await call(server, {"content": text, "meta": meta("insertText", text=text), "document": doc})

    await asyncio.gather(send("A.docx", "1"), send("A.docx", "2"), send("A.docx", "3"), send("B.docx", "b1"))
    a_events = [e for e in log if e[0] == "A"]
    # No overlap on A: every start is followed by its own end.
    for i in range(0, len(a_events), 2):
        assert a_events[i][1] == "start" and a_events[i + 1] == ("A", "end", a_events[i][2])
    # B ran while A was busy.
    b_start = log.index(("B", "start", "b1"))
    assert any(e[0] == "A" for e in log[b_start + 1:])
    await a.close()
    await b.close()


async def test_progress_frames_reach_the_mcp_client(server):
    async def with_progress(command: dict[str, Any]) -> dict[str, Any]:
        for done in (1, 2):
            await pane.send({"type": "progress", "id": command["id"], "done": done, "total": 2, "message": f"{done}/2"})
        await asyncio.sleep(0.05)
        return {"ok": True, "op": "replace", "data": {"replaced": 2}, "diagnostics": []}

    pane = await FakePane(server, handler=with_progress).connect()
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done: float, total: float | None, message: str | None) -> None:
        seen.append((done, total, message))

    async with mcp_client(server.config) as client:
        result = await client.call_tool(
            "editTask", {"content": "x", "meta": meta("replace", target="document", replaceWith="y")},
            progress_callback=on_progress)
    assert result.structured_content["data"] == {"replaced": 2}
    assert (2.0, 2.0, "2/2") in seen
    await pane.close()


async def test_pause_state_is_reported(server):
    pane = await FakePane(server).connect()
    await pane.send({"type": "state", "paused": True})
    await wait_until(lambda: server.bridge.hub.documents()[0]["paused"] is True)
    await pane.close()


async def test_heartbeat_pings_the_pane(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, heartbeat_s=0.1)).start()
    try:
        async with websockets.connect(server.ws_url, ssl=server.client_ssl()) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "session": None, "document": {"title": "H"}}))
            assert json.loads(await ws.recv())["type"] == "welcome"
            assert json.loads(await asyncio.wait_for(ws.recv(), 2))["type"] == "ping"
            await ws.send(json.dumps({"type": "ping"}))
            kinds = {json.loads(await asyncio.wait_for(ws.recv(), 2))["type"] for _ in range(2)}
            assert "pong" in kinds
    finally:
        server.stop()


# ---- security ---------------------------------------------------------------
async def test_foreign_origin_is_refused_on_ws_and_mcp(server):
    with pytest.raises(websockets.InvalidStatus):
        await FakePane(server, origin="https://evil.example").connect()
    async with httpx.AsyncClient(verify=server.client_ssl()) as http:
        response = await http.post(server.base_url + "/mcp", json={}, headers={"Origin": "https://evil.example"})
        assert response.status_code == 403
        assert "access-control-allow-origin" not in response.headers
    # Our own origin is welcome.
    pane = await FakePane(server, origin=server.base_url).connect()
    await pane.close()


async def test_rebinding_host_is_refused(server):
    async with httpx.AsyncClient(verify=server.client_ssl()) as http:
        response = await http.post(server.base_url + "/mcp", json={}, headers={"Host": f"evil.example:{server.config.port}"})
    assert response.status_code == 421
    with pytest.raises(websockets.InvalidStatus):
        async with websockets.connect(server.ws_url, ssl=server.client_ssl(),
                                      additional_headers={"Host": "attacker.test"}):
            pass


async def test_token_is_required_when_set(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, token="s3cret")).start()
    try:
        async with httpx.AsyncClient(verify=server.client_ssl()) as http:
            assert (await http.post(server.base_url + "/mcp", json={})).status_code == 401
        with pytest.raises(ConnectionRefusedError) as refused:
            await FakePane(server).connect()
        assert refused.value.args[0]["code"] == "E_PERMISSION"
        pane = await FakePane(server, token="s3cret").connect()
        result = await call(server, {"content": "x", "meta": meta("getSelection")})
        assert result.structured_content["ok"] is True
        await pane.close()
    finally:
        server.stop()


async def test_with_a_token_the_manifest_and_healthz_keep_it_and_the_documents_to_token_holders(certs_dir):
    """Any local process can GET /manifest.xml and /healthz: the token in the pane's URL and the open documents'
    titles are only for a request that presents the token."""
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, token="s3cret")).start()
    try:
        # The caller holds the token: the hint's playground link must open a pane the bridge lets in.
        alone = (await call(server, {"content": "x", "meta": meta("getSelection")})).structured_content
        assert any("playground.html?token=s3cret" in d["msg"] for d in alone["diagnostics"]), alone
        pane = await FakePane(server, token="s3cret").connect()
        async with httpx.AsyncClient(verify=server.client_ssl()) as http:
            anonymous = await http.get(server.base_url + "/manifest.xml")
            assert anonymous.status_code == 200 and "<OfficeApp" in anonymous.text and "s3cret" not in anonymous.text
            wrong = await http.get(server.base_url + "/manifest.xml", headers={"Authorization": "Bearer nope"})
            assert "s3cret" not in wrong.text and "token=" not in wrong.text
            holder = await http.get(server.base_url + "/manifest.xml", headers={"Authorization": "Bearer s3cret"})
            assert "taskpane.html?token=s3cret" in holder.text
            assert "taskpane.html?token=s3cret" in (await http.get(server.base_url + "/manifest.xml?token=s3cret")).text
            hidden = (await http.get(server.base_url + "/healthz")).json()
            assert hidden["status"] == "ok" and hidden["documents"] == [] and "token" in hidden["documentsHidden"]
            listed = (await http.get(server.base_url + "/healthz", headers={"Authorization": "Bearer s3cret"})).json()
            assert [d["title"] for d in listed["documents"]] == ["Report.docx"] and "documentsHidden" not in listed
        await pane.close()
    finally:
        server.stop()


async def test_static_files_are_served_without_dev_tooling(server):
    async with httpx.AsyncClient(verify=server.client_ssl()) as http:
        manifest = await http.get(server.base_url + "/manifest.xml")
        assert manifest.status_code == 200 and "<OfficeApp" in manifest.text
        icon = await http.get(server.base_url + "/assets/icon-32.png")
        assert icon.headers["content-type"] == "image/png" and icon.content[:4] == b"\x89PNG"
        assert (await http.get(server.base_url + "/addin/package.json")).status_code == 404
        assert (await http.get(server.base_url + "/rpc")).status_code in (404, 405)
        assert (await http.post(server.base_url + "/rpc", json={})).status_code == 400  # {} lacks id, method, params


@pytest.fixture
def image_server():
    """A real HTTP server on localhost serving one WEBP at /logo.webp (anything else: 404)."""
    import io
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (40, 20), (200, 30, 30)).save(buffer, "WEBP")
    body = buffer.getvalue()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            if self.path != "/logo.webp":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "image/webp")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


async def test_insert_picture_by_url_reaches_the_pane_as_normalised_base64(server, image_server, monkeypatch):
    monkeypatch.setenv("WORD_BRIDGE_ALLOW_PRIVATE_NETWORK", "1")  # the image server is on loopback
    import base64

    pane = await FakePane(server).connect()
    result = await call(server, {"content": "logo", "meta": meta("insertPicture", source="url",
                                                                 data=image_server + "/logo.webp", width=30)})
    args = result.structured_content["data"]["echo"]
    assert args["source"] == "base64" and args["format"] == "png"
    assert (args["naturalWidth"], args["naturalHeight"]) == (40, 20) and args["width"] == 30
    assert base64.b64decode(args["data"])[:4] == b"\x89PNG"
    missing = await call(server, {"content": "logo", "meta": meta("insertPicture", source="url",
                                                                  data=image_server + "/missing.png")})
    assert missing.structured_content["code"] == "E_RUNTIME" and "404" in missing.structured_content["diagnostics"][0]["msg"]
    assert len(pane.received) == 1
    await pane.close()


async def test_a_second_pane_claiming_a_live_session_takes_it_over(server):
    first = await FakePane(server).connect()
    second = await FakePane(server, session=first.session).connect()
    assert second.session == first.session
    await asyncio.wait_for(first._task, 5)  # the first pane's socket was closed by the bridge
    assert first._ws.close_code == 4001
    result = await call(server, {"content": "x", "meta": meta("getSelection")})
    assert result.structured_content["ok"] is True and len(second.received) == 1 and first.received == []
    await second.close()


async def test_rebinding_host_cannot_read_healthz_or_pages(server):
    async with httpx.AsyncClient(verify=server.client_ssl()) as http:
        for path in ("/healthz", "/taskpane.html"):
            response = await http.get(server.base_url + path, headers={"Host": f"rebind.example:{server.config.port}"})
            assert response.status_code == 421, path
        assert (await http.get(server.base_url + "/healthz")).status_code == 200


async def test_a_malformed_pane_result_becomes_e_runtime(server):
    async def garbage(command: dict[str, Any]) -> dict[str, Any]:
        return {"not": "an envelope"}

    pane = await FakePane(server, handler=garbage).connect()
    result = await call(server, {"content": "x", "meta": meta("getSelection")})
    envelope = result.structured_content
    assert envelope["code"] == "E_RUNTIME" and envelope["op"] == "getSelection"
    assert "malformed" in envelope["diagnostics"][0]["msg"]
    await pane.close()


async def test_hello_with_another_protocol_is_refused(server):
    async with websockets.connect(server.ws_url, ssl=server.client_ssl()) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": 2, "session": None}))
        reply = json.loads(await ws.recv())
        assert reply["type"] == "error" and reply["code"] == "E_UNSUPPORTED"
    assert server.bridge.hub.documents() == []


async def test_no_document_hint_points_at_this_bridges_playground_not_a_second_bridge(server):
    result = (await call(server, {"content": "x", "meta": meta("getSelection")})).structured_content
    hint = next(d["msg"] for d in result["diagnostics"] if d["level"] == "info" and "task pane" in d["msg"])
    assert f"{server.config.public_url}/playground.html" in hint
    assert "word-bridge playground" not in hint, "starting a second bridge on a busy port would fail"
