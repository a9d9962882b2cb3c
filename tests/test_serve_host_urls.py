"""`serve --host 127.0.0.2` (any address but the default): the URLs and commands it prints reach it.

`https://localhost:PORT` reaches 127.0.0.1 (or ::1), not a bridge listening on 127.0.0.2: the banner, the playground
URL and the hints name the address the bridge listens on, its certificate names that address too (a browser and
`call` check it), the Host/Origin allow-list lets that URL's requests in, and `call`/`doctor` take --host to reach it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.setup.hints import client_options, playground_hint, playground_url
from bridge.setup.probe import bridge_is_running
from bridge.word.remote import mcp_client
from tests.support import ServerThread

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.2"


@pytest.fixture(scope="module")
def own_certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Certificates of these tests' own: a bridge on 127.0.0.2 has its leaf name that address (the shared
    directory's leaf stays as the other tests' bridges have it)."""
    return tmp_path_factory.mktemp("host-certs")


@pytest.mark.parametrize(("host", "url"), [
    ("127.0.0.1", "https://localhost:3000"), ("localhost", "https://localhost:3000"), ("0.0.0.0", "https://localhost:3000"),
    ("::", "https://localhost:3000"), ("127.0.0.2", "https://127.0.0.2:3000"), ("::1", "https://[::1]:3000"),
    ("[::1]", "https://[::1]:3000"), ("192.168.1.20", "https://192.168.1.20:3000"),
])
def test_the_public_url_names_an_address_that_reaches_the_bridge(host, url):
    assert BridgeConfig(host=host).public_url == url


def test_the_hints_of_a_bridge_on_another_address_name_it():
    config = BridgeConfig(host=HOST, port=3474)
    assert client_options(config)[:2] == ["--host", HOST]
    assert client_options(BridgeConfig(host="0.0.0.0", port=3474)) == ["--port", "3474"]
    hint = playground_hint(config)
    assert f"Playground: https://{HOST}:3474/playground.html" in hint
    assert "localhost" not in hint
    assert all(f"--host {HOST}" in line for line in hint.splitlines() if " call " in line)


@pytest.mark.anyio
async def test_a_bridge_on_127_0_0_2_answers_at_the_urls_it_prints(own_certs):
    server = ServerThread(BridgeConfig(host=HOST, port=0, certs_dir=own_certs, playground=True)).start()
    try:
        config = server.config
        assert config.public_url == f"https://{HOST}:{config.port}"
        trusted = ssl_context_trusting(ensure_dev_certs(own_certs, (HOST,)))
        # As a browser opens the printed page (the certificate checked against 127.0.0.2), and as its pane's
        # requests come (Origin: the page's).
        async with httpx.AsyncClient(verify=trusted) as http:
            page = await http.get(playground_url(config))
            health = await http.get(f"{config.public_url}/healthz", headers={"Origin": config.public_url})
        assert page.status_code == 200 and "<html" in page.text.lower()
        assert health.status_code == 200 and health.json()["status"] == "ok"
        # As `call --host 127.0.0.2` and a probe reach it.
        async with mcp_client(config) as client:
            tools = await client.list_tools()
        assert any(tool.name == "editTask" for tool in tools.tools)
        assert bridge_is_running(config)
        assert not bridge_is_running(BridgeConfig(port=config.port, certs_dir=own_certs)), "not on 127.0.0.1"
    finally:
        server.stop()


def test_serve_on_127_0_0_2_prints_urls_and_commands_that_reach_it(own_certs, unused_tcp_port, tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")}
    port = str(unused_tcp_port)
    config = BridgeConfig(host=HOST, port=unused_tcp_port, certs_dir=own_certs)
    with open(tmp_path / "stderr.txt", "w+") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bridge", "playground", "--host", HOST, "--port", port,
                                    "--certs", str(own_certs)], stdout=subprocess.DEVNULL, stderr=stderr, cwd=ROOT,
                                   env=env)
        try:
            deadline = time.monotonic() + 30
            while not bridge_is_running(config):
                assert process.poll() is None and time.monotonic() < deadline, "the bridge did not start"
                time.sleep(0.1)
            called = subprocess.run([sys.executable, "-m", "bridge", "call", "--host", HOST, "--port", port,
                                     "--certs", str(own_certs), "getSelection"],
                                    capture_output=True, text=True, cwd=ROOT, env=env, timeout=30)
            doctor = subprocess.run([sys.executable, "-m", "bridge", "doctor", "--host", HOST, "--port", port,
                                     "--certs", str(own_certs)], capture_output=True, text=True, cwd=ROOT, env=env,
                                    timeout=30)
        finally:
            process.terminate()
            process.wait(15)
        stderr.seek(0)
        log = stderr.read()
    origin = f"https://{HOST}:{port}"
    assert f"Word Bridge {origin}  (MCP: {origin}/mcp, pane: {origin}/taskpane.html)" in log, log
    assert f"Playground: {origin}/playground.html" in log and f"--host {HOST} --port {port}" in log, log
    assert "localhost" not in log, log
    # The call reached the bridge (no document is open there), not a connection error.
    assert "no Word document is connected" in called.stdout, called.stdout + called.stderr
    assert f"  ok    {origin}/healthz answers" in doctor.stdout and f"  ok    {origin}/mcp accepts" in doctor.stdout, (
        doctor.stdout)
