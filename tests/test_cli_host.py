"""`--host` beyond this machine: every tool would be open to the network, so it takes a token, and says so.

Without a token, `serve`, `playground` and `stdio` refuse a non-loopback --host as a usage error (exit 2, one line
naming --token and WORD_BRIDGE_TOKEN) before anything listens; with one, they start and warn once on stderr.
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
from bridge.server.security import is_loopback
from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.setup.probe import bridge_is_running

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "host-test-token"


def fresh_env(**extra: str) -> dict[str, str]:
    """A terminal's environment without the bridge's settings, plus `extra`."""
    return {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")} | extra


# Each command once, each kind of host once (a process start costs ~3 s; which names count as loopback is the next
# test's job, below).
@pytest.mark.parametrize(("command", "host"), [("serve", "0.0.0.0"), ("playground", "::"), ("stdio", "my-laptop.local"),
                                               ("serve", "192.168.1.20")])
def test_a_host_beyond_this_machine_without_a_token_is_a_usage_error(command, host, certs_dir, unused_tcp_port):
    done = subprocess.run([sys.executable, "-m", "bridge", command, "--host", host, "--port", str(unused_tcp_port),
                           "--certs", str(certs_dir)], capture_output=True, text=True, cwd=ROOT, timeout=30,
                          env=fresh_env(), stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    [line] = [text for text in done.stderr.splitlines() if "error:" in text]
    assert line.startswith(f"word-bridge {command}: error: --host {host} is reachable from other machines")
    assert "--token" in line and "WORD_BRIDGE_TOKEN" in line
    assert not bridge_is_running(BridgeConfig(port=unused_tcp_port, certs_dir=certs_dir))


@pytest.mark.parametrize("token_from", ["option", "environment"])
def test_a_host_beyond_this_machine_with_a_token_serves_and_warns_once(token_from, certs_dir, unused_tcp_port,
                                                                       tmp_path):
    option = ["--token", TOKEN] if token_from == "option" else []
    env = fresh_env(**({"WORD_BRIDGE_TOKEN": TOKEN} if token_from == "environment" else {}))
    config = BridgeConfig(port=unused_tcp_port, certs_dir=certs_dir, token=TOKEN)
    with open(tmp_path / "stderr.txt", "w+") as stderr:
        process = subprocess.Popen([sys.executable, "-m", "bridge", "serve", "--host", "0.0.0.0", "--port",
                                    str(unused_tcp_port), "--certs", str(certs_dir), *option],
                                   stdout=subprocess.DEVNULL, stderr=stderr, cwd=ROOT, env=env)
        try:
            deadline = time.monotonic() + 30
            while not bridge_is_running(config):
                assert process.poll() is None and time.monotonic() < deadline, "the bridge did not start"
                time.sleep(0.1)
            refused = httpx.post(f"https://127.0.0.1:{unused_tcp_port}/rpc",
                                 verify=ssl_context_trusting(ensure_dev_certs(certs_dir)),
                                 headers={"Host": f"localhost:{unused_tcp_port}"},
                                 json={"id": "1", "method": "server_status", "params": {}})
        finally:
            process.terminate()
            process.wait(15)
        stderr.seek(0)
        log = stderr.read()
    warnings = [line for line in log.splitlines() if "warning" in line.lower()]
    assert warnings == ["word-bridge: warning: serving on 0.0.0.0, reachable from other machines: anyone there with "
                        "the token can use every tool (edit the open documents, read files)"], log
    assert refused.status_code == 401  # a token is required of every caller


def test_loopback_names_and_addresses_stay_on_this_machine():
    for host in ("127.0.0.1", "127.8.0.1", "localhost", "LOCALHOST", "::1", "[::1]", "app.localhost"):
        assert is_loopback(host), host
    for host in ("0.0.0.0", "::", "", "192.168.1.20", "10.0.0.1", "example.com", "localhost.example.com"):
        assert not is_loopback(host), host
