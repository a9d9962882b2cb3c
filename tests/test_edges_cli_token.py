"""`doctor` and a busy-port `serve` against a bridge started with --token, given no token or another one.

QA: doctor said "0 document(s) connected" (the bridge hides its documents from a request without its token) and
printed a playground URL carrying the wrong token; `serve` on the busy port said "use that one" with such a URL.
Both must say that the token is missing or not the bridge's, and never print a URL the bridge refuses.
"""

from __future__ import annotations

import asyncio
import subprocess

import pytest

from tests.support import FakePane, ServerThread
from tests.test_cli_edges import TOKEN, run_cli
from tests.test_cli_edges import _where as where
from tests.test_cli_edges import guarded  # noqa: F401 - the fixture: a bridge started with --token TOKEN


@pytest.fixture
def token_bridge(guarded: ServerThread) -> ServerThread:  # noqa: F811 - the fixture imported above
    """A bridge started with --token TOKEN."""
    return guarded


def doctor_with_a_document(server: ServerThread, *token: str) -> subprocess.CompletedProcess[str]:
    """`word-bridge doctor` while one document is connected to `server`."""
    async def scenario() -> subprocess.CompletedProcess[str]:
        pane = await FakePane(server, token=TOKEN).connect()
        try:
            return await asyncio.to_thread(run_cli, "doctor", *where(server), *token)
        finally:
            await pane.close()

    return asyncio.run(scenario())


@pytest.mark.parametrize("token, says", [((), "requires a token"), (("--token", "bad"), "refused the token given")])
def test_doctor_without_the_bridge_token_blames_the_token_not_the_documents(token_bridge, token, says):
    done = doctor_with_a_document(token_bridge, *token)
    assert done.returncode == 1
    out = done.stdout
    assert "0 document(s) connected" not in out, out
    assert "playground.html" not in out, out  # any URL printed here would carry a token the bridge refuses
    assert "open the document in Word" not in out, out  # the document is open: the token is what is missing
    documents = [line for line in out.splitlines() if "document" in line and line.startswith("  FAIL")]
    assert len(documents) == 1 and "token" in documents[0], out
    assert says in out and "--token" in out and "WORD_BRIDGE_TOKEN" in out


def test_doctor_with_the_bridge_token_lists_the_document(token_bridge):
    done = doctor_with_a_document(token_bridge, "--token", TOKEN)
    assert done.returncode == 0, done.stdout
    assert "ok    1 document(s) connected: Report.docx [Simulator]" in done.stdout


@pytest.mark.parametrize("token", [("--token", "zzz"), ()])
def test_serve_on_a_port_a_bridge_serves_with_another_token_prints_no_url_it_refuses(token_bridge, token):
    done = run_cli("serve", *where(token_bridge), *token, timeout=30)
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    port = token_bridge.config.port
    assert f"port {port} is already served by a Word Bridge" in line
    assert "playground.html" not in line and "zzz" not in line, line
    assert ("another token" if token else "requires a token") in line
    assert "--token" in line and "WORD_BRIDGE_TOKEN" in line and "--port" in line


def test_serve_on_a_port_a_bridge_serves_with_the_same_token_offers_its_playground(token_bridge):
    done = run_cli("serve", *where(token_bridge), "--token", TOKEN, timeout=30)
    [line] = done.stderr.strip().splitlines()
    assert f"https://localhost:{token_bridge.config.port}/playground.html?token={TOKEN}" in line
