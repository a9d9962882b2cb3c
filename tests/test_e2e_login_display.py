"""QA: `e2e-login` on a machine without a display said "could not start Chromium… needs Playwright (a test extra):
pip install…" although Playwright was installed. It says what failed: no display (run it where a browser window can
open, or set DISPLAY), or no Chromium (how to get one), and leaves pip out of it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from bridge.cli import main
from bridge.setup.e2e_login import e2e_login
from tests.test_e2e_login import CHROMIUM


@pytest.mark.skipif(CHROMIUM is None or not sys.platform.startswith("linux"),
                    reason="a headed Chromium on Linux without a display")
def test_without_a_display_it_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["e2e-login", "--state", str(tmp_path / "s.json")]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and "DISPLAY" in err and "where a browser window can open" in err
    assert "pip install" not in err and "needs Playwright" not in err
    assert not (tmp_path / "s.json").exists()


def missing_chromium(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path="/nonexistent/chromium", headless=True)


def test_without_chromium_it_says_how_to_get_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISPLAY", ":0")
    assert e2e_login(tmp_path / "s.json", launch=missing_chromium, timeout=1) == 2
    err = capsys.readouterr().err
    assert "no Chromium" in err and "playwright install chromium" in err
    assert "pip install" not in err and "no display" not in err
