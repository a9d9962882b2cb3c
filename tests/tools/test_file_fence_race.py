"""The allowed-directory fence holds while another process swaps a directory of the path for a symlink leading out.

allowed/race/secret.txt says "inside", outside/secret.txt says "secret"; a swapper process exchanges allowed/race with
allowed/swap, a symlink to ../outside, as fast as it can (renameat2 RENAME_EXCHANGE on Linux, renames elsewhere).
A path checked and then opened by name could be read or written through the symlink: file_reader and
call_tool_with_file_content returned "secret" and stored responses in outside/. Whatever the timing, each call
must now read "inside" or fail, and nothing may be written outside."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from mcp.shared.exceptions import MCPError

from bridge.tools import allowed_paths, file_reader
from bridge.tools.allowed_paths import OutsideAllowedDirs, PathChanged, open_inside, resolve_allowed, stat_inside
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.storage import plan_storage, write_response
from bridge.tools.file_tool.tool import read_file_bytes

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symlinks need a privilege on Windows")

CALLS = 1500
SECONDS = 8.0
SWAPPER = """
import ctypes, os, sys, time
a, b, stop = sys.argv[1], sys.argv[2], sys.argv[3]
libc = ctypes.CDLL(None, use_errno=True)
exchange = getattr(libc, "renameat2", None)
print("ready", flush=True)
n = 0
while not os.path.exists(stop):
    for _ in range(200):
        if exchange is not None:
            if exchange(-100, a.encode(), -100, b.encode(), 2) != 0:  # AT_FDCWD, RENAME_EXCHANGE
                exchange = None  # not supported by this file system: fall back to renames
        else:
            os.rename(a, a + ".tmp"); os.rename(b, a); os.rename(a, b); os.rename(a + ".tmp", a)
        n += 1
print(n, flush=True)
"""


@pytest.fixture
def race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    allowed, outside = tmp_path / "allowed", tmp_path / "outside"
    (allowed / "race").mkdir(parents=True)
    outside.mkdir()
    (allowed / "race" / "secret.txt").write_text("inside", encoding="utf-8")
    (outside / "secret.txt").write_text("secret", encoding="utf-8")
    (allowed / "swap").symlink_to("../outside", target_is_directory=True)
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    stop = tmp_path / "stop"
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(allowed / "race"), str(allowed / "swap"),
                                str(stop)], stdout=subprocess.PIPE, text=True)
    try:
        assert swapper.stdout is not None and swapper.stdout.readline().strip() == "ready"
        yield outside
    finally:
        stop.touch()
        out, _ = swapper.communicate(timeout=30)
    assert swapper.returncode == 0 and int(out.strip()) > 1000, "the swapper did not swap"


def hammer(call) -> Counter[str]:
    """Outcomes of up to CALLS calls (at most SECONDS long): what was read, or the failure's type."""
    seen: Counter[str] = Counter()
    deadline = time.monotonic() + SECONDS
    for _ in range(CALLS):
        try:
            seen[call()] += 1
        except (MCPError, FileToolError) as exc:
            seen[type(exc).__name__] += 1
        if time.monotonic() > deadline:
            break
    return seen


def test_file_reader_never_reads_through_a_swapped_directory(race: Path) -> None:
    seen = hammer(lambda: file_reader._read("race/secret.txt", "utf-8", 1024, False)["content"])
    assert seen["secret"] == 0, seen
    assert seen["inside"] > 0, seen


def test_the_file_tool_never_reads_through_a_swapped_directory(race: Path) -> None:
    seen = hammer(lambda: read_file_bytes("race/secret.txt").decode())
    assert seen["secret"] == 0, seen
    assert seen["inside"] > 0, seen


def test_stored_responses_never_land_outside(race: Path) -> None:
    def store() -> str:
        target = plan_storage(server="word", tool_name="get_time", storage_path="race", filename=None,
                              response_format="string", description=None)
        return write_response(target, "response").uri

    seen = hammer(store)
    assert sorted(os.listdir(race)) == ["secret.txt"], seen
    assert sum(count for outcome, count in seen.items() if outcome.startswith("file:")) > 0, seen


# ---- the same, one swap at a time --------------------------------------------------------------------------
def swap_in_symlink(tmp_path: Path) -> tuple[Path, list[Path], Path]:
    """allowed/race/secret.txt checked, then allowed/race replaced by a symlink to ../outside."""
    allowed, outside = tmp_path / "allowed", tmp_path / "outside"
    (allowed / "race").mkdir(parents=True)
    outside.mkdir()
    (allowed / "race" / "secret.txt").write_text("inside", encoding="utf-8")
    (outside / "secret.txt").write_text("secret", encoding="utf-8")
    dirs = [allowed.resolve()]
    checked = resolve_allowed("race/secret.txt", dirs)
    (allowed / "race").rename(tmp_path / "moved")
    (allowed / "race").symlink_to("../outside", target_is_directory=True)
    return checked, dirs, outside


def test_a_directory_swapped_for_a_symlink_after_the_check_is_never_followed(tmp_path: Path) -> None:
    checked, dirs, outside = swap_in_symlink(tmp_path)
    with pytest.raises(PathChanged, match="race became a symbolic link after the path was checked; refused"):
        open_inside(checked, os.O_RDONLY, dirs=dirs)
    with pytest.raises(PathChanged):
        stat_inside(checked, dirs)
    with pytest.raises(PathChanged):
        open_inside(checked.parent / "new.txt", os.O_WRONLY | os.O_CREAT | os.O_EXCL, dirs=dirs, make_dirs=True)
    assert sorted(os.listdir(outside)) == ["secret.txt"]


def test_the_file_itself_swapped_for_a_symlink_is_never_followed(tmp_path: Path) -> None:
    (tmp_path / "allowed").mkdir()
    (tmp_path / "outside.txt").write_text("secret", encoding="utf-8")
    dirs = [(tmp_path / "allowed").resolve()]
    checked = resolve_allowed("late.txt", dirs)
    (tmp_path / "allowed" / "late.txt").symlink_to(tmp_path / "outside.txt")
    with pytest.raises(PathChanged):
        open_inside(checked, os.O_RDONLY, dirs=dirs)
    with pytest.raises(FileExistsError):  # an exclusive create never writes through it either
        open_inside(checked, os.O_WRONLY | os.O_CREAT | os.O_EXCL, dirs=dirs)
    assert (tmp_path / "outside.txt").read_text(encoding="utf-8") == "secret"


def test_missing_directories_are_created_on_the_way_and_a_file_in_the_way_is_not_a_directory(tmp_path: Path) -> None:
    (tmp_path / "allowed").mkdir()
    (tmp_path / "allowed" / "plain.txt").write_text("x", encoding="utf-8")
    dirs = [(tmp_path / "allowed").resolve()]
    fd = open_inside(resolve_allowed("a/b/c.txt", dirs), os.O_WRONLY | os.O_CREAT | os.O_EXCL, dirs=dirs,
                     make_dirs=True)
    os.close(fd)
    assert (tmp_path / "allowed" / "a" / "b" / "c.txt").is_file()
    with pytest.raises(NotADirectoryError):
        open_inside(resolve_allowed("plain.txt/c.txt", dirs), os.O_RDONLY, dirs=dirs)
    with pytest.raises(FileNotFoundError):
        open_inside(resolve_allowed("none/c.txt", dirs), os.O_RDONLY, dirs=dirs)


def test_without_dir_fd_the_opened_file_must_be_the_one_the_path_names(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows' fallback, run here: open by path, then the path resolved again must name the same file."""
    monkeypatch.setattr(allowed_paths, "WALKS", False)
    checked, dirs, _ = swap_in_symlink(tmp_path)
    with pytest.raises(OutsideAllowedDirs):  # the path now resolves outside
        allowed_paths.open_inside(checked, os.O_RDONLY, dirs=dirs)
    (tmp_path / "allowed" / "plain.txt").write_text("one", encoding="utf-8")
    plain = resolve_allowed("plain.txt", dirs)
    fd = allowed_paths.open_inside(plain, os.O_RDONLY, dirs=dirs)
    os.close(fd)
    fd = os.open(plain, os.O_RDONLY)
    try:
        (tmp_path / "allowed" / "plain.txt").unlink()
        (tmp_path / "allowed" / "plain.txt").write_text("two", encoding="utf-8")
        with pytest.raises(PathChanged, match="was replaced"):
            allowed_paths._check_opened(fd, plain, dirs)
    finally:
        os.close(fd)
