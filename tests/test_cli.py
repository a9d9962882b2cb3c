"""The command line as a person runs it: `playground` serves the whole path; `stdio` keeps stdout for protocol."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import httpx

from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_playground_command_serves_the_pages(certs_dir, unused_tcp_port):
    process = subprocess.Popen([sys.executable, "-m", "bridge", "playground", "--port", str(unused_tcp_port),
                                "--certs", str(certs_dir)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"https://localhost:{unused_tcp_port}"
        verify = ssl_context_trusting(ensure_dev_certs(certs_dir))
        deadline = time.monotonic() + 20
        while True:
            try:
                health = httpx.get(base + "/healthz", verify=verify, timeout=2)
                break
            except httpx.HTTPError:
                assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
                assert time.monotonic() < deadline, "playground did not start"
                time.sleep(0.2)
        assert health.json()["status"] == "ok"
        for path in ("/playground.html", "/taskpane.html", "/addin/sim/word-sim.js", "/addin/js/main.js",
                     "/addin/taskpane.css", "/manifest.xml"):
            response = httpx.get(base + path, verify=verify, timeout=5)
            assert response.status_code == 200, path
    finally:
        process.terminate()
        _, err = process.communicate(timeout=10)
    assert b"playground.html" in err


def test_stdio_writes_nothing_but_protocol_to_stdout(certs_dir, unused_tcp_port):
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                          "clientInfo": {"name": "t", "version": "1"}}}
    done = subprocess.run([sys.executable, "-m", "bridge", "stdio", "--port", str(unused_tcp_port),
                           "--certs", str(certs_dir)], input=json.dumps(request) + "\n", capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert lines, done.stderr
    for line in lines:
        message = json.loads(line)
        assert message["jsonrpc"] == "2.0"
    assert json.loads(lines[0])["result"]["serverInfo"]["name"] == "mcp_word"
    assert "serving the task pane" in done.stderr


def test_manifest_command_writes_a_manifest_for_another_origin(tmp_path):
    target = tmp_path / "m.xml"
    done = subprocess.run([sys.executable, "-m", "bridge", "manifest", "--url", "https://localhost:8443", "-o",
                           str(target)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "https://localhost:8443/taskpane.html" in target.read_text()
    refused = subprocess.run([sys.executable, "-m", "bridge", "manifest", "--url", "http://localhost:8443"],
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert refused.returncode == 2 and "https" in refused.stderr


def test_call_without_a_bridge_explains(unused_tcp_port, certs_dir):
    done = subprocess.run([sys.executable, "-m", "bridge", "call", "getSelection", "--port", str(unused_tcp_port),
                           "--certs", str(certs_dir)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 1
    envelope = json.loads(done.stdout)
    assert envelope["code"] == "E_NOT_FOUND" and "word-bridge serve" in envelope["diagnostics"][0]["msg"]


def test_sideload_web_writes_the_manifest_and_explains(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_DATA_DIR"} | {"HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "bridge", "sideload", "web"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    written = tmp_path / ".word-bridge" / "manifest.xml"
    assert "<OfficeApp" in written.read_text() and "Upload My Add-in" in done.stdout
    assert "wdaddinmanifestguid=" in done.stdout


def test_doctor_reports_the_bridge_and_its_documents(certs_dir):
    import asyncio

    from bridge.config import BridgeConfig
    from tests.support import FakePane, ServerThread

    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        command = [sys.executable, "-m", "bridge", "doctor", "--port", str(server.config.port),
                   "--certs", str(certs_dir)]
        lonely = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert lonely.returncode == 1 and "0 document(s) connected" in lonely.stdout

        async def with_pane() -> subprocess.CompletedProcess[str]:
            pane = await FakePane(server, title="Notes.docx").connect()
            try:
                return await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True, cwd=ROOT,
                                               timeout=60)
            finally:
                await pane.close()

        done = asyncio.run(with_pane())
        assert done.returncode == 0, done.stdout
        assert "Notes.docx" in done.stdout
    finally:
        server.stop()


def test_starting_the_server_loads_no_page_extraction_libraries():
    """`serve` and `stdio` start with every tool registered; the web fetcher's trafilatura, htmldate and py3langid
    (with numpy) load on its first use, not at each start of an MCP client's server (they took 0.3 s of 1.4 s)."""
    probe = ("import sys, bridge.server.mcp_tools, bridge.server.stdio; "
             "print(sorted(m for m in ('numpy', 'trafilatura', 'htmldate', 'py3langid') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
