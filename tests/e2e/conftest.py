"""End-to-end fixtures: `word-bridge` over TLS, headless Chromium at playground.html, an MCP client over HTTP.

The browser trusts the bridge's certificate by its public-key pin
(`--ignore-certificate-errors-spki-list`), so TLS is real and verified, not
switched off. Office.js from Microsoft's CDN is answered with an empty script:
the playground's simulated Word stands in for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import base64
import hashlib
import os
import shutil
import threading
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from bridge.setup.certs import ensure_dev_certs
from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import ServerThread

OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js"
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
LAUNCH_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if CHROMIUM is None:
        skip = pytest.mark.skip(reason="no chromium on this machine (apt-get install chromium)")
        for item in items:
            if "e2e" in str(item.fspath):
                item.add_marker(skip)


class LoopThread:
    """An asyncio loop in a thread, so sync Playwright tests can await MCP calls."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture(scope="session")
def loop_thread() -> Iterator[LoopThread]:
    thread = LoopThread()
    yield thread
    thread.stop()


def spki_pin(cert_path: Any) -> str:
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


@pytest.fixture(scope="module")
def browser(certs_dir):
    """Chromium for one test module: sync Playwright runs a loop in this thread while open, so it
    must be closed before the anyio tests of other modules run."""
    from playwright.sync_api import sync_playwright

    pin = spki_pin(ensure_dev_certs(certs_dir).cert)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=[*LAUNCH_FLAGS, f"--ignore-certificate-errors-spki-list={pin}"])
        yield browser
        browser.close()


@dataclass
class Word:
    """One playground page: the simulated document, its pane, and MCP calls aimed at it."""

    server: ServerThread
    page: Any
    loop: LoopThread
    document_id: str
    profile: str = "web"

    def snapshot(self) -> dict[str, Any]:
        return self.page.evaluate("window.wordSim.snapshot()")

    def set_text(self, text: str) -> None:
        self.page.evaluate("t => window.wordSim.setText(t)", text)

    def sync_count(self) -> int:
        return self.page.evaluate("window.wordSim.syncCount")

    def set_paused(self, paused: bool) -> None:
        """Flip the pane's Pause switch as a person would, and wait until the bridge knows."""
        switch = self.page.frame_locator("iframe").locator("#pause")
        switch.check(force=True) if paused else switch.uncheck(force=True)
        deadline = time.monotonic() + 5
        while not any(d["paused"] is paused for d in self.server.bridge.hub.documents() if d["id"] == self.document_id):
            assert time.monotonic() < deadline, "the pane did not report the pause switch"
            time.sleep(0.05)

    def op(self, op: str, task_id: str | None = None, **args: Any) -> dict[str, Any]:
        """Run one op through MCP over HTTP and return the structured result."""
        arguments: dict[str, Any] = {"content": f"e2e {op}", "document": self.document_id,
                                     "meta": {"type": "word.op", "op": op, "version": "1.0", "args": args}}
        if task_id:
            arguments["taskId"] = task_id
        return self.loop.run(self._call(arguments))

    async def _call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        async with mcp_client(self.server.config) as client:
            result = await client.call_tool("editTask", arguments)
        envelope = dict(result.structured_content or {})
        assert result.is_error == (not envelope.get("ok")), envelope
        return envelope


def start_server(certs_dir: Any, port: int = 0) -> ServerThread:
    return ServerThread(BridgeConfig(port=port, certs_dir=certs_dir, playground=True, op_timeout=15)).start()


@pytest.fixture(scope="session")
def e2e_server(certs_dir) -> Iterator[ServerThread]:
    server = start_server(certs_dir)
    yield server
    server.stop()


@contextlib.contextmanager
def playground(browser: Any, server: ServerThread, loop: LoopThread, profile: str) -> Iterator[Word]:
    """A playground page for the duration of a `with` block."""
    context, word = open_playground(browser, server, loop, profile)
    try:
        yield word
    finally:
        context.close()


def open_playground(browser: Any, server: ServerThread, loop: LoopThread, profile: str) -> tuple[Any, Word]:
    """Open playground.html in a fresh context and wait until its pane has connected."""
    context = browser.new_context()
    context.route(OFFICE_JS, lambda route: route.fulfill(status=200, content_type="text/javascript", body=""))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    known = {d["id"] for d in server.bridge.hub.documents()}
    page.goto(f"{server.base_url}/playground.html?profile={profile}")
    page.wait_for_function("() => window.wordSim !== undefined")
    deadline = time.monotonic() + 15
    while True:
        fresh = [d for d in server.bridge.hub.documents() if d["id"] not in known]
        if fresh:
            break
        if time.monotonic() > deadline:
            raise AssertionError(f"the playground's pane did not connect; page errors: {errors}")
        time.sleep(0.05)
    return context, Word(server, page, loop, fresh[0]["id"], profile)


@pytest.fixture(params=["web", "desktop"])
def word(request, browser, e2e_server, loop_thread) -> Iterator[Word]:
    with playground(browser, e2e_server, loop_thread, request.param) as word:
        yield word
