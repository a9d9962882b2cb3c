"""QA (README literally): `word-bridge manifest --token T -o FILE` wrote the token into a file everyone could read
(mode 644), while `sideload` writes its manifest 0600 and the README says `manifest --token` does the same."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bridge.cli import main

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_manifest_holding_the_token_is_readable_by_its_owner_only(tmp_path: Path):
    target = tmp_path / "manifest.xml"
    assert main(["manifest", "--token", "s3cret", "-o", str(target)]) == 0
    assert "s3cret" in target.read_text(encoding="utf-8") and mode(target) == 0o600


def test_an_existing_readable_file_is_restricted_before_the_token_is_written(tmp_path: Path):
    target = tmp_path / "manifest.xml"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o644)
    assert main(["manifest", "--token", "s3cret", "-o", str(target)]) == 0
    assert mode(target) == 0o600 and "s3cret" in target.read_text(encoding="utf-8")


def test_a_manifest_without_a_token_keeps_the_usual_mode(tmp_path: Path):
    target = tmp_path / "manifest.xml"
    old = os.umask(0o022)
    try:
        assert main(["manifest", "-o", str(target)]) == 0
    finally:
        os.umask(old)
    assert mode(target) == 0o644
