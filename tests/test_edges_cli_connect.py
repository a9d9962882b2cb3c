"""A client command (`call`, `doctor`, the `stdio` forwarder) whose --certs or --no-tls is not the bridge's.

Such a client never creates certificates, and says in one line what does not match: a CA the bridge's certificate
was not signed by, a directory with no CA, HTTPS against plain HTTP or the reverse. Never "no bridge" or "another
program holds the port" while a Word Bridge serves it, and never "an edit may or may not have been applied" for a
request the bridge's tools could not have seen.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs
from tests.support import ServerThread

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, env: dict[str, str] | None = None, stdin: str | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`word-bridge ARGS` as a person runs it, without any WORD_BRIDGE_* setting of the test run's shell."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")} | (env or {})
    return subprocess.run([sys.executable, "-m", "bridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=timeout, env=environment, input=stdin if stdin is not None else "")


def message(done: subprocess.CompletedProcess[str]) -> str:
    """The one diagnostic of `call`'s error envelope."""
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    envelope = json.loads(done.stdout)
    [line] = [d["msg"] for d in envelope["diagnostics"]]
    assert "\n" not in line
    return str(line)


@pytest.fixture
def tls_bridge(certs_dir: Path) -> Iterator[ServerThread]:
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    yield server
    server.stop()


@pytest.fixture
def plain_bridge(certs_dir: Path) -> Iterator[ServerThread]:
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, tls=False)).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def other_ca(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Development certificates of another CA than the bridge's (a second checkout, another machine's)."""
    directory = tmp_path_factory.mktemp("other-certs")
    ensure_dev_certs(directory)
    return directory


def port_of(server: ServerThread) -> str:
    return str(server.config.port)


# ---- a --certs directory with no CA: named, and never created ---------------------------------------------

def test_call_with_a_certs_dir_that_does_not_exist_names_it_and_creates_nothing(tls_bridge, tmp_path):
    missing = tmp_path / "nonexist-certs"
    line = message(run_cli("call", "search", '{"query":"x"}', "--port", port_of(tls_bridge), "--certs", str(missing)))
    assert not missing.exists(), "a client created certificates"
    assert f"no development CA in {missing} (from --certs" in line
    assert f"port {tls_bridge.config.port}" in line and "WORD_BRIDGE_CERTS" in line
    assert "~/.word-bridge/certs" in line
    assert "no Word Bridge answers" not in line


def test_call_says_the_certs_dir_came_from_word_bridge_certs(tls_bridge, tmp_path):
    missing = tmp_path / "from-env"
    line = message(run_cli("call", "getSelection", "--port", port_of(tls_bridge),
                           env={"WORD_BRIDGE_CERTS": str(missing)}))
    assert not missing.exists()
    assert f"no development CA in {missing} (from $WORD_BRIDGE_CERTS" in line


def test_call_without_a_bridge_still_says_so_and_creates_no_certificates(unused_tcp_port, tmp_path):
    missing = tmp_path / "nonexist-certs"
    done = run_cli("call", "getSelection", "--port", str(unused_tcp_port), "--certs", str(missing))
    assert "no Word Bridge answers" in message(done)
    assert json.loads(done.stdout)["code"] == "E_NOT_FOUND"
    assert not missing.exists()


def test_doctor_with_a_certs_dir_that_does_not_exist_fails_that_check_and_creates_nothing(tls_bridge, tmp_path):
    missing = tmp_path / "nonexist-certs"
    done = run_cli("doctor", "--port", port_of(tls_bridge), "--certs", str(missing))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert not missing.exists(), "doctor created certificates"
    assert "ok    development certificates" not in done.stdout
    assert "FAIL  development certificates" in done.stdout and f"no development CA in {missing}" in done.stdout
    assert "another program may hold the port" not in done.stdout
    assert f"a Word Bridge serves port {tls_bridge.config.port}" in done.stdout
    assert "NODE_EXTRA_CA_CERTS" not in done.stdout  # no CA to point Node at


def test_stdio_with_a_certs_dir_that_does_not_exist_neither_serves_nor_creates(tls_bridge, tmp_path):
    missing = tmp_path / "nonexist-certs"
    done = run_cli("stdio", "--port", port_of(tls_bridge), "--certs", str(missing), timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.strip().splitlines()
    assert f"no development CA in {missing}" in line and f"port {tls_bridge.config.port}" in line
    assert not missing.exists()


# ---- a --certs directory of another CA: one line that says so ---------------------------------------------

def test_call_with_another_ca_says_the_bridge_certificate_is_not_signed_by_it(tls_bridge, other_ca):
    line = message(run_cli("call", "search", '{"query":"x"}', "--port", port_of(tls_bridge),
                           "--certs", str(other_ca)))
    assert (f"the bridge on port {tls_bridge.config.port} uses a certificate not signed by the CA in {other_ca}: "
            "is --certs the bridge's?") in line
    assert "no Word Bridge answers" not in line and "may or may not" not in line


def test_doctor_with_another_ca_blames_the_ca_not_another_program(tls_bridge, other_ca):
    done = run_cli("doctor", "--port", port_of(tls_bridge), "--certs", str(other_ca))
    assert done.returncode == 1
    assert "another program may hold the port" not in done.stdout
    assert f"uses a certificate not signed by the CA in {other_ca}: is --certs the bridge's?" in done.stdout
    assert "NODE_EXTRA_CA_CERTS" not in done.stdout  # that CA would not help Node either


def test_stdio_with_another_ca_says_so_instead_of_calling_the_port_busy(tls_bridge, other_ca):
    done = run_cli("stdio", "--port", port_of(tls_bridge), "--certs", str(other_ca), timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.strip().splitlines()
    assert "not signed by the CA in" in line and "in use by another program" not in line


# ---- HTTPS against plain HTTP, and the reverse ------------------------------------------------------------

def test_call_with_no_tls_against_an_https_bridge_says_drop_no_tls_and_that_nothing_was_applied(tls_bridge):
    done = run_cli("call", "insertText", '{"text":"x"}', "--port", port_of(tls_bridge), "--no-tls")
    line = message(done)
    assert f"the bridge on port {tls_bridge.config.port} speaks HTTPS: drop --no-tls" in line
    assert "may or may not" not in line and "no edit was applied" in line
    assert json.loads(done.stdout)["code"] == "E_NOT_FOUND"


def test_call_with_tls_against_a_plain_http_bridge_says_pass_no_tls(plain_bridge, certs_dir):
    line = message(run_cli("call", "getSelection", "--port", port_of(plain_bridge), "--certs", str(certs_dir)))
    assert f"the bridge on port {plain_bridge.config.port} speaks plain HTTP" in line and "pass --no-tls" in line
    assert "no Word Bridge answers" not in line


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_doctor_and_stdio_name_the_protocol_the_bridge_speaks(scheme, tls_bridge, plain_bridge, certs_dir):
    server, flags = (tls_bridge, ["--no-tls"]) if scheme == "https" else (plain_bridge, [])
    where = ["--port", port_of(server), "--certs", str(certs_dir), *flags]
    says = "speaks HTTPS: drop --no-tls" if scheme == "https" else "speaks plain HTTP (it was started with --no-tls)"
    doctor = run_cli("doctor", *where)
    assert doctor.returncode == 1 and says in doctor.stdout
    assert "another program may hold the port" not in doctor.stdout
    stdio = run_cli("stdio", *where, timeout=30)
    assert stdio.returncode == 1 and says in stdio.stderr and stdio.stdout == ""


class DropsRequests:
    """A plain HTTP server that reads each request and closes the connection without answering."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.requests: list[bytes] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                conn.settimeout(5)
                try:
                    self.requests.append(conn.recv(65536))
                except OSError:
                    pass

    def close(self) -> None:
        self.sock.close()
        self._thread.join(5)


def test_a_plain_connection_dropped_after_the_request_still_may_have_applied_the_edit():
    """Only a port that speaks HTTPS makes "not applied" certain: a plain server that read the request and hung up
    may have run it."""
    server = DropsRequests()
    try:
        done = run_cli("call", "insertText", '{"text":"x"}', "--port", str(server.port), "--no-tls")
    finally:
        server.close()
    assert any(b"POST /mcp" in request for request in server.requests), server.requests
    line = message(done)
    assert "may or may not have been applied" in line and "drop --no-tls" not in line


def test_serve_still_creates_the_certificates_it_serves_with(tmp_path, unused_tcp_port):
    """Only what serves creates certificates: `stdio` with nothing on the port serves, so it creates them."""
    fresh = tmp_path / "fresh"
    request: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                               "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                          "clientInfo": {"name": "t", "version": "1"}}}
    done = run_cli("stdio", "--port", str(unused_tcp_port), "--certs", str(fresh), stdin=json.dumps(request) + "\n")
    assert "serving the task pane" in done.stderr, done.stderr
    assert (fresh / "ca.crt").is_file() and (fresh / "localhost.crt").is_file()


@pytest.mark.parametrize("command", ["serve", "playground"])
def test_serve_on_the_port_of_a_bridge_with_another_ca_names_the_ca_not_another_program(command, tls_bridge,
                                                                                        other_ca):
    done = run_cli(command, "--port", port_of(tls_bridge), "--certs", str(other_ca), timeout=30)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "not signed by the CA in" in line and "pass --port to serve another" in line
    assert "in use by another program" not in line
