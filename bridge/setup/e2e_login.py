"""`word-bridge e2e-login`: sign in to Microsoft 365 once, in a real browser window, for the Word-on-the-web tests.

The end-to-end suite (tests/e2e) runs against a real document only when it is given a signed-in browser state.
This opens a headed Chromium at the Microsoft sign-in page, waits for the person to finish signing in, and saves
Playwright's storage state (cookies and local storage) with permissions 0600: it is a login, keep it private.
Playwright is a test extra, so it is imported only here and only when the command runs.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

from bridge.paths import data_dir
from bridge.setup.private_file import write_private

SIGN_IN_URL = "https://login.microsoftonline.com/"
DOC_URL_VAR = "WORD_BRIDGE_E2E_DOC_URL"
STATE_VAR = "WORD_BRIDGE_E2E_STATE"
TITLE_MARKER = "word-bridge-e2e"
# Where Microsoft sends a person once signed in (Microsoft 365 home, OneDrive, SharePoint).
SIGNED_IN_HOSTS = ("office.com", "microsoft365.com", "cloud.microsoft", "sharepoint.com", "onedrive.live.com",
                   "onedrive.com")
INSTALL_HINT = ("word-bridge e2e-login needs Playwright (a test extra): pip install 'word-bridge[test]' "
                "(or pip install playwright); it uses your Chromium, or run `playwright install chromium`")

Launcher = Callable[[Any], Any]
"""Given the sync Playwright object, return a launched Browser (tests inject a headless one)."""


def default_state_path() -> Path:
    return data_dir() / "e2e-state.json"


def is_signed_in_url(url: str) -> bool:
    """True on a Microsoft 365 page past the sign-in pages (login.* hosts are still signing in)."""
    host = (urlsplit(url).hostname or "").lower()
    if not host or host.startswith("login."):
        return False
    return any(host == h or host.endswith("." + h) for h in SIGNED_IN_HOSTS)


def _headed_chromium(playwright: Any) -> Any:
    """A visible Chromium: the system's if there is one (Playwright's own may not be downloaded)."""
    path = next((p for p in (shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")) if p), None)
    return playwright.chromium.launch(headless=False, executable_path=path)


def _no_display(message: str) -> bool:
    """Whether a headed browser failed for want of a screen: Playwright says so, or Linux has none to offer."""
    if any(sign in message for sign in ("XServer", "X server", "$DISPLAY")):
        return True
    return sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def launch_failure(message: str) -> str:
    """What to tell the person when Chromium did not start (Playwright is installed: that is not the reason)."""
    if "executable doesn't exist" in message.lower():
        return (f"could not start Chromium: no Chromium at the path Playwright tried ({message.splitlines()[0]}); "
                "install Chromium (e.g. apt-get install chromium), or run `playwright install chromium`")
    if _no_display(message):
        return ("could not open a browser window: there is no display here (DISPLAY is not set, or no X server "
                "answers it). Signing in needs a window you can use: run `word-bridge e2e-login` where a browser "
                "window can open (your desktop session), or set DISPLAY to a display you can see (ssh -X), then "
                "copy the state file to this machine")
    return f"could not start Chromium: {message.splitlines()[0]}"


def e2e_login(state_path: Path | None = None, *, doc_url: str | None = None, launch: Launcher | None = None,
              sign_in_url: str = SIGN_IN_URL, signed_in: Callable[[str], bool] = is_signed_in_url,
              timeout: float = 600, out: TextIO | None = None) -> int:
    """Open the sign-in page, wait until the person is signed in, save the storage state; returns an exit status."""
    out = out or sys.stdout
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    path = (state_path or default_state_path()).expanduser().resolve()
    print(f"Sign in to your Microsoft account in the browser window (waiting up to {timeout / 60:.0f} min)…",
          file=out, flush=True)
    with sync_playwright() as playwright:
        try:
            browser = (launch or _headed_chromium)(playwright)
        except PlaywrightError as exc:
            print(launch_failure(exc.message), file=sys.stderr)
            return 2
        try:
            context = browser.new_context()
            page = context.new_page()
            page.goto(sign_in_url)
            page.wait_for_url(signed_in, timeout=timeout * 1000, wait_until="commit")
            if doc_url:  # visit the document once so its site's cookies are saved too
                page.goto(doc_url, wait_until="domcontentloaded", timeout=120_000)
            state = context.storage_state()
        except PlaywrightError as exc:
            print(f"not signed in: {exc.message.splitlines()[0]}", file=sys.stderr)
            return 1
        finally:
            browser.close()
    write_private(path, json.dumps(state))
    print(f"Saved the signed-in browser state to {path} (mode 0600). Set:", file=out)
    print(f"export {STATE_VAR}={shlex.quote(str(path))}", file=out)
    doc = shlex.quote(doc_url) if doc_url else f"'<URL of a Word document named {TITLE_MARKER}.docx>'"
    print(f"export {DOC_URL_VAR}={doc}", file=out)
    return 0
