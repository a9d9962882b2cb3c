"""End-to-end fixtures: `word-bridge` over TLS, headless Chromium, an MCP client over HTTP, and the targets.

The `word` fixture is one open document on each target (tests/e2e/targets.py): the playground on both simulator
profiles (`web`, `desktop`) and, when `WORD_BRIDGE_E2E_DOC_URL` and `WORD_BRIDGE_E2E_STATE` are set, a real
document in Word on the web (`word-web`). Tests marked `sim_only(reason)` need the simulator's powers and are
skipped on Word on the web with that reason.

The browser trusts the bridge's certificate by its public-key pin (`--ignore-certificate-errors-spki-list`), so
TLS is real and verified, not switched off. On the playground, Office.js from Microsoft's CDN is answered with an
empty script: the simulated Word stands in for it.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from bridge.setup.certs import ensure_dev_certs
from tests.e2e.targets import (
    OFFICE_JS, WEB_SKIP, LoopThread, Playground, PlaygroundPages, Target, WordOnTheWeb, open_playground, open_word_web, playground,
    call_failed, start_server, web_settings,
)
from tests.support import ServerThread

__all__ = ["OFFICE_JS", "LoopThread", "Playground", "Target", "Word", "WordOnTheWeb", "open_playground",
           "playground", "start_server", "sim_only", "op_data"]

Word = Target  # the name the test modules type their `word` argument with
CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
LAUNCH_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Two simulator profiles, and Word on the web when it is configured; when it is not, one test
# (test_targets_e2e.py::test_word_on_the_web_is_reachable) is skipped with the one line saying what to set.
TARGETS = ["web", "desktop", *(["word-web"] if web_settings() else [])]
FAILURES = Path(__file__).resolve().parents[2] / "test-results" / "e2e-failures"


def op_data(word: Target, op: str, **args: Any) -> dict[str, Any]:
    """Run `op`, assert it succeeded (in at most 2 syncs where they can be counted) and return its data."""
    before = word.sync_count()
    result = word.op(op, **args)
    assert result["ok"] is True, result
    if word.simulated:
        assert word.sync_count() - before <= 2, f"{op} took more than 2 syncs"
    return result["data"]


def sim_only(reason: str) -> pytest.MarkDecorator:
    """Mark a test (or module) that needs the simulator: skipped on Word on the web with `reason`."""
    return pytest.mark.sim_only(reason=reason)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sim_only(reason): needs the simulator; skipped on Word on the web")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" not in str(item.fspath):
            continue
        if CHROMIUM is None:
            item.add_marker(pytest.mark.skip(reason="no chromium on this machine (apt-get install chromium)"))
            continue
        callspec = getattr(item, "callspec", None)
        marker = item.get_closest_marker("sim_only")
        if marker and callspec and callspec.params.get("word") == "word-web" and web_settings():
            item.add_marker(pytest.mark.skip(reason=f"simulator only: {marker.kwargs.get('reason', marker.args)}"))


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
    headed = bool(os.environ.get("WORD_BRIDGE_E2E_HEADED"))
    # Word on the web (a public origin) loads our pane from localhost: don't let Local Network Access block it.
    web = ["--disable-features=LocalNetworkAccessChecks"] if web_settings() else []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=not headed,
                                             args=[*LAUNCH_FLAGS, *web, f"--ignore-certificate-errors-spki-list={pin}"])
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def e2e_server(certs_dir) -> Iterator[ServerThread]:
    server = start_server(certs_dir)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def web_server(certs_dir) -> Iterator[ServerThread]:
    """The bridge Word on the web sideloads from: no playground, op timeouts fit for a network host."""
    server = start_server(certs_dir, playground=False, op_timeout=60)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def word_web(request: pytest.FixtureRequest) -> Iterator[WordOnTheWeb]:
    """The test document in Word on the web, opened once per module (the browser is per module)."""
    settings = web_settings()
    if settings is None:
        pytest.skip(WEB_SKIP)
    browser, server, loop = (request.getfixturevalue(name) for name in ("browser", "web_server", "loop_thread"))
    context, word = open_word_web(browser, server, loop, *settings)
    try:
        yield word
    finally:
        context.close()


@pytest.fixture(scope="module", params=TARGETS)
def documents(request: pytest.FixtureRequest) -> Iterator[PlaygroundPages | WordOnTheWeb]:
    """Where a module's tests on one target run: a shared playground page per profile, or Word on the web.

    Module scope with the target as its parameter makes pytest run a module's tests target by target, so one
    page serves them all (see `word`)."""
    if request.param == "word-web":
        yield request.getfixturevalue("word_web")
        return
    browser, server, loop = (request.getfixturevalue(name) for name in ("browser", "e2e_server", "loop_thread"))
    pages = PlaygroundPages(browser, server, loop, request.param)
    yield pages
    pages.discard()


@pytest.fixture
def word(request: pytest.FixtureRequest, documents: PlaygroundPages | WordOnTheWeb) -> Iterator[Target]:
    """One document on each target, in a known state; a failure saves a screenshot and the pane's log."""
    if isinstance(documents, WordOnTheWeb):
        target: Target = documents
        target.reset()
    else:
        target = documents.fresh()
    yield target
    if _keep_evidence(request, target) and isinstance(documents, PlaygroundPages):
        documents.discard()  # what the failure left behind is not the next test's start


def _keep_evidence(request: pytest.FixtureRequest, target: Target) -> bool:
    """Save a screenshot and the pane's log of a failed test; whether it failed."""
    if not call_failed(request):
        return False
    saved = target.save_failure(FAILURES, request.node.nodeid)
    print(f"saved for {request.node.nodeid}: {', '.join(str(p) for p in saved)}")
    return True
