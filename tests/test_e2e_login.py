"""`word-bridge e2e-login`: a local page stands in for Microsoft's sign-in; the browser is headless Chromium."""

from __future__ import annotations

import http.server
import io
import json
import os
import shutil
import stat
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.cli import main
from bridge.setup.e2e_login import e2e_login, is_signed_in_url, write_private

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


class SignInPage(http.server.BaseHTTPRequestHandler):
    """/login sets the session cookie and sends the browser on to /home after a moment, as a person signing in."""

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        if self.path == "/login":
            self.send_header("Set-Cookie", "session=signed-in; Path=/; HttpOnly")
            body = b"<p>Signing in</p><script>setTimeout(() => { location.href = '/home'; }, 300)</script>"
        else:
            body = b"<p>Home</p>"
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def sign_in_site() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SignInPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def headless(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)")
def test_login_saves_a_private_state_file_and_prints_the_variables(sign_in_site: str, tmp_path: Path) -> None:
    state = tmp_path / "data" / "e2e-state.json"
    out = io.StringIO()
    status = e2e_login(state, launch=headless, sign_in_url=f"{sign_in_site}/login",
                       signed_in=lambda url: url.endswith("/home"), timeout=30, out=out)
    assert status == 0, out.getvalue()
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    cookies = json.loads(state.read_text())["cookies"]
    assert [(c["name"], c["value"], c["domain"]) for c in cookies] == [("session", "signed-in", "127.0.0.1")]
    lines = out.getvalue().splitlines()
    assert f"export WORD_BRIDGE_E2E_STATE={state}" in lines
    assert "export WORD_BRIDGE_E2E_DOC_URL='<URL of a Word document named word-bridge-e2e.docx>'" in lines


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install chromium)")
def test_login_that_never_completes_saves_nothing(sign_in_site: str, tmp_path: Path) -> None:
    state = tmp_path / "e2e-state.json"
    status = e2e_login(state, launch=headless, sign_in_url=f"{sign_in_site}/login",
                       signed_in=lambda url: url.endswith("/never"), timeout=2, out=io.StringIO())
    assert status == 1 and not state.exists()


def test_an_existing_state_file_is_narrowed_to_0600(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text("old")
    path.chmod(0o644)
    write_private(path, "{}")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and path.read_text() == "{}"


@pytest.mark.parametrize(("url", "done"), [
    ("https://login.microsoftonline.com/common/oauth2/authorize", False),
    ("https://login.live.com/login.srf", False),
    ("https://www.office.com/?auth=2", True),
    ("https://m365.cloud.microsoft/?auth=2", True),
    ("https://contoso.sharepoint.com/:w:/r/sites/x/Doc.aspx", True),
    ("https://notoffice.com/", False),
    ("about:blank", False),
])
def test_signed_in_pages(url: str, done: bool) -> None:
    assert is_signed_in_url(url) is done


def test_without_playwright_the_command_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)  # what an install without the test extra sees
    assert main(["e2e-login", "--state", str(tmp_path / "s.json")]) == 2
    assert "pip install 'word-bridge[test]'" in capsys.readouterr().err
    assert not (tmp_path / "s.json").exists()
