"""The edges of the command line and of stdio forwarding: a token, a busy port, help texts, copy-pasteable commands.

Every failure here must reach the person as one line that says what to do, never as a traceback.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from starlette.types import ASGIApp, Receive, Scope, Send

from bridge.cli import main
from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs, install_ca_commands, node_trust_line, shell_line
from bridge.setup.hints import playground_hint
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, ServerThread, meta

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "s3cret-token"


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`word-bridge ARGS` as a person runs it (the real entry point, in a fresh process)."""
    environment = {k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"} | (env or {})
    return subprocess.run([sys.executable, "-m", "bridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout, env=environment)


@pytest.fixture
def guarded(certs_dir: Path) -> Iterator[ServerThread]:
    """A bridge started with --token."""
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, token=TOKEN)).start()
    yield server
    server.stop()


def _where(server: ServerThread) -> list[str]:
    return ["--port", str(server.config.port), "--certs", str(server.config.certs_dir)]


# ---- a missing or wrong token ----------------------------------------------------------------

@pytest.mark.parametrize("token, says", [(None, "requires a token"), ("wrong", "refused the token given")])
def test_call_with_a_missing_or_wrong_token_answers_e_permission_in_one_line(guarded, token, says):
    env = {"WORD_BRIDGE_TOKEN": token} if token else None
    done = run_cli("call", "getSelection", *_where(guarded), env=env)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "ExceptionGroup" not in done.stderr, done.stderr
    envelope = json.loads(done.stdout)
    assert envelope["code"] == "E_PERMISSION" and envelope["op"] == "getSelection"
    [line] = [d["msg"] for d in envelope["diagnostics"]]
    assert says in line and f"port {guarded.config.port}" in line
    assert "--token" in line and "WORD_BRIDGE_TOKEN" in line and "\n" not in line


def test_call_with_the_right_token_reaches_the_pane(guarded):
    async def scenario() -> subprocess.CompletedProcess[str]:
        pane = await FakePane(guarded, token=TOKEN).connect()
        try:
            return await asyncio.to_thread(run_cli, "call", "insertText", '{"text":"ok"}', *_where(guarded),
                                           "--token", TOKEN)
        finally:
            await pane.close()

    done = asyncio.run(scenario())
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["data"]["echo"]["text"] == "ok"


def _stdio(server_config: BridgeConfig, errlog: Any, token: str | None = None) -> Client:
    env = {k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"}
    if token:
        env["WORD_BRIDGE_TOKEN"] = token
    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=env, args=[
        "-m", "bridge", "stdio", "--port", str(server_config.port), "--certs", str(server_config.certs_dir)])
    return Client(stdio_client(params, errlog=errlog))


def test_stdio_forwarding_with_a_wrong_token_answers_e_permission(guarded, tmp_path):
    async def scenario() -> Any:
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with _stdio(guarded.config, errlog, token="wrong") as client:
                return await client.call_tool("editTask", {"content": "x", "meta": meta("insertText", text="x")})

    result = asyncio.run(scenario())
    assert result.is_error is True
    envelope = result.structured_content
    assert envelope["code"] == "E_PERMISSION" and envelope["op"] == "insertText"
    assert "WORD_BRIDGE_TOKEN" in envelope["diagnostics"][0]["msg"]
    stderr = (tmp_path / "stderr.txt").read_text()
    assert "Traceback" not in stderr and "refused the token given" in stderr


def test_stdio_forwarding_list_documents_with_a_missing_token_is_an_e_permission_envelope(guarded, tmp_path):
    async def scenario() -> Any:
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with _stdio(guarded.config, errlog) as client:
                return await client.call_tool("listDocuments", {})

    result = asyncio.run(scenario())
    assert result.is_error is True
    assert result.structured_content["code"] == "E_PERMISSION"
    assert result.structured_content["documents"] == []
    assert "requires a token" in result.structured_content["diagnostics"][0]["msg"]


# ---- stdio forwarding: one connection, quiet, survives a restart -------------------------------

class ClientPorts:
    """ASGI middleware noting the client port of every /mcp request: one port means one kept connection."""

    def __init__(self, app: ASGIApp, seen: list[int]) -> None:
        self.app = app
        self.seen = seen

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/mcp"):
            self.seen.append(scope["client"][1])
        await self.app(scope, receive, send)


def test_stdio_forwarding_keeps_one_connection_and_logs_nothing_per_request(certs_dir, tmp_path):
    seen: list[int] = []
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir))
    server.bridge.app.add_middleware(ClientPorts, seen=seen)
    server.start()

    async def scenario() -> list[Any]:
        pane = await FakePane(server).connect()
        try:
            with open(tmp_path / "stderr.txt", "w") as errlog:
                async with _stdio(server.config, errlog) as client:
                    results = [await client.call_tool("editTask", {"content": "x", "meta": meta("getSelection")})
                               for _ in range(6)]
                    results.append(await client.call_tool("listDocuments", {}))
                    return results
        finally:
            await pane.close()

    try:
        results = asyncio.run(scenario())
    finally:
        server.stop()
    assert all(not r.is_error for r in results)
    assert len(seen) >= 7 and len(set(seen)) == 1, seen
    stderr = (tmp_path / "stderr.txt").read_text().splitlines()
    assert [line for line in stderr if "forwarding" not in line] == [], stderr


def test_stdio_forwarding_survives_the_bridge_restarting(certs_dir, tmp_path):
    first = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    port = first.config.port
    servers = [first]

    async def scenario() -> list[dict[str, Any]]:
        envelopes = []
        with open(tmp_path / "stderr.txt", "w") as errlog:
            async with _stdio(first.config, errlog) as client:
                async def edit() -> dict[str, Any]:
                    result = await client.call_tool("editTask", {"content": "x", "meta": meta("getSelection")})
                    return result.structured_content

                pane = await FakePane(first, title="First.docx").connect()
                envelopes.append(await edit())
                await pane.close()
                await asyncio.to_thread(first.stop)  # no call until it is back: one would serve the port itself
                second = ServerThread(BridgeConfig(port=port, certs_dir=certs_dir)).start()
                servers.append(second)
                pane = await FakePane(second, title="Second.docx").connect()
                envelopes.append(await edit())
                await pane.close()
        return envelopes

    try:
        before, after = asyncio.run(scenario())
    finally:
        for server in servers:
            server.stop()
    assert before["ok"] and before["document"]["title"] == "First.docx"
    assert after["ok"] and after["document"]["title"] == "Second.docx", after
    assert "Traceback" not in (tmp_path / "stderr.txt").read_text()


def test_forwarding_answers_envelopes_after_the_bridge_stops_mid_call(certs_dir):
    """A bridge that stops while a forwarded call runs leaves a broken connection behind: the next calls still
    answer with envelopes (listDocuments once more on a fresh connection), not an MCP error."""
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()

    async def never(command: dict[str, Any]) -> None:
        return None

    async def scenario() -> tuple[dict[str, Any], ...]:
        remote = RemoteEditService(server.config)
        pane = await FakePane(server, handler=never).connect()
        try:
            await remote.start()
            call = asyncio.create_task(remote.edit_task(content="x", meta=meta("getSelection")))
            await asyncio.sleep(0.5)
            await asyncio.to_thread(server.stop)
            during = await asyncio.wait_for(call, 30)
            await asyncio.sleep(0.5)  # the stopped server's sockets linger: the kept connection looks alive
            listed = await remote.list_documents()
            after = await remote.edit_task(content="x", meta=meta("getSelection"))
            return during, listed, after
        finally:
            await pane.close()
            await remote.aclose()

    try:
        during, listed, after = asyncio.run(scenario())
    finally:
        server.stop()
    assert during["code"] == "E_RUNTIME"  # the pane went away with the bridge
    assert listed["documents"] == [] and listed["code"] == "E_NOT_FOUND", listed
    assert "no Word Bridge answers" in listed["diagnostics"][0]["msg"]
    assert after["code"] in ("E_NOT_FOUND", "E_RUNTIME") and after["op"] == "getSelection"


# ---- a busy port -------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["serve", "playground"])
def test_serve_on_a_port_a_bridge_already_serves_says_so_in_one_line(command, certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        done = run_cli(command, *_where(server), timeout=30)
    finally:
        server.stop()
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"port {server.config.port}" in lines[0] and "already served by a Word Bridge" in lines[0]
    assert "word-bridge stdio" in lines[0] and "--port" in lines[0]


def test_serve_on_a_port_another_program_holds_says_so_in_one_line(certs_dir):
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen(1)
        port = other.getsockname()[1]
        done = run_cli("serve", "--port", str(port), "--certs", str(certs_dir), timeout=30)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert f"port {port} is in use by another program" in lines[0] and "--port" in lines[0]


def test_playground_hint_is_the_readme_first_steps():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    calls = [line.strip() for line in playground_hint(BridgeConfig()).splitlines() if "word-bridge call" in line]
    assert len(calls) == 2
    for call in calls:
        assert call in readme, call
    assert "https://localhost:3000/playground.html" in playground_hint(BridgeConfig())
    assert "--port 3100" in playground_hint(BridgeConfig(port=3100))


# ---- doctor, certs, help -----------------------------------------------------------------------

def test_doctor_without_a_document_says_how_to_connect_one_and_how_node_trusts_the_ca(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        done = run_cli("doctor", *_where(server))
    finally:
        server.stop()
    assert done.returncode == 1
    assert "0 document(s) connected" in done.stdout
    assert "Show Task Pane" in done.stdout and "word-bridge sideload" in done.stdout
    assert f"https://localhost:{server.config.port}/playground.html" in done.stdout
    ca = ensure_dev_certs(certs_dir).ca_cert.resolve()
    assert f"NODE_EXTRA_CA_CERTS={ca}" in done.stdout
    assert (f"npx @modelcontextprotocol/inspector --cli https://localhost:{server.config.port}/mcp --transport http "
            "--method tools/list") in done.stdout


def test_doctor_names_the_token_a_guarded_bridge_expects(guarded):
    without = run_cli("doctor", *_where(guarded))
    assert without.returncode == 1
    assert "FAIL" in without.stdout and "requires a token" in without.stdout and "WORD_BRIDGE_TOKEN" in without.stdout
    right = run_cli("doctor", *_where(guarded), "--token", TOKEN)
    assert "accepts this token" in right.stdout and "requires a token" not in right.stdout
    assert '--header "Authorization: Bearer $WORD_BRIDGE_TOKEN"' in right.stdout  # the shell fills it in


def test_certs_prints_commands_a_shell_reads_back_as_given(tmp_path):
    done = run_cli("certs", "--certs", str(tmp_path))
    assert done.returncode == 0, done.stderr
    ca = ensure_dev_certs(tmp_path).ca_cert
    lines = done.stdout.splitlines()
    start = lines.index("Trust the CA once (or run `word-bridge certs --install`):") + 1
    expected = install_ca_commands(ca)
    printed = [shlex.split(line) for line in lines[start:start + len(expected)]]
    assert printed == expected
    assert node_trust_line(ca) in done.stdout


def test_trust_commands_quote_names_with_spaces_on_every_platform(tmp_path):
    ca = ensure_dev_certs(tmp_path).ca_cert
    command = ["certutil", "-n", "Word Bridge Development CA", "-i", str(ca)]
    assert shlex.split(shell_line(command, "linux")) == command
    assert '"Word Bridge Development CA"' in shell_line(command, "win32")
    assert node_trust_line(ca, "win32").startswith("$env:NODE_EXTRA_CA_CERTS")


def _help(*argv: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--help"])
    assert exited.value.code == 0
    return capsys.readouterr().out


def test_help_names_what_serve_serves_and_speaks_to_a_client_where_it_is_one(capsys):
    serve = " ".join(_help("serve", capsys=capsys).split())
    for route in ("/ws", "/mcp", "/rpc", "/healthz"):  # DESIGN: serve serves /ws, /mcp, /rpc, /healthz
        assert route in serve, route
    for command in ("stdio", "call", "doctor"):
        assert "/rpc" not in _help(command, capsys=capsys), command
    call = " ".join(_help("call", capsys=capsys).split())
    assert "the token the bridge was started with" in call and "require this token" not in call
    assert "address to listen on" not in call and "the --host it serves on" in call  # call's --host: where to reach it
    assert "require this token from MCP clients" in " ".join(_help("serve", capsys=capsys).split())
