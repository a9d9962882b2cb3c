"""Without WORD_BRIDGE_ALLOWED_DIRS the allowed directory is the working directory, unless that is a file system root,
the home directory or a directory holding it: desktop MCP clients start `word-bridge stdio` in `/`, and file_reader
returned /etc/passwd. Then every path is refused (file_reader's permission_denied, seed 003's "is not within allowed
directories") with a message saying how to set the variable; nothing is read or written. A project folder stays
the default, and `/` given explicitly is allowed, with a warning."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

from bridge.tools.allowed_paths import ALLOWED_DIRS_ENV, NoAllowedDirs, allowed_dirs, too_broad
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.storage import plan_storage, write_response
from bridge.tools.file_tool.tool import read_file_bytes

ROOT = Path(__file__).resolve().parents[2]
FILE_TOOL = "call_tool_with_file_content"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home directory holding a project folder and a secret; no WORD_BRIDGE_ALLOWED_DIRS."""
    home = tmp_path / "home" / "me"
    (home / "project").mkdir(parents=True)
    (home / "project" / "notes.txt").write_text("notes", encoding="utf-8")
    (home / "secret.txt").write_text("secret", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv(ALLOWED_DIRS_ENV, raising=False)
    return home


@pytest.mark.parametrize("where", ["root", "home", "above-home"])
def test_a_too_broad_working_directory_allows_nothing(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                      where: str) -> None:
    cwd = {"root": Path(home.anchor), "home": home, "above-home": home.parent}[where]
    monkeypatch.chdir(cwd)
    with pytest.raises(NoAllowedDirs) as caught:
        allowed_dirs()
    message = str(caught.value)
    assert message.startswith(f"no directory is allowed: {ALLOWED_DIRS_ENV} is not set and the working directory, "
                              f"{cwd.resolve()}, is ")
    assert f'"env": {{"{ALLOWED_DIRS_ENV}": ' in message and "then restart it" in message
    with pytest.raises(FileToolError) as read:
        read_file_bytes(str(home / "secret.txt"))
    assert read.value.message == f"File path '{home / 'secret.txt'}' is not within allowed directories: {message}"
    with pytest.raises(FileToolError) as stored:
        plan_storage(server="word", tool_name="get_time", storage_path=str(home / "out"), filename=None,
                     response_format="string", description=None)
    assert stored.value.message.startswith(f"Storage path '{home / 'out'}' is not within allowed directories: no "
                                           "directory is allowed")
    assert not (home / "out").exists()


def test_a_project_folder_stays_the_default(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(home / "project")
    assert allowed_dirs() == [(home / "project").resolve()]
    assert read_file_bytes("notes.txt") == b"notes"
    with pytest.raises(FileToolError, match="is not within allowed directories"):
        read_file_bytes("../secret.txt")
    target = plan_storage(server="word", tool_name="get_time", storage_path="out", filename="r.txt",
                          response_format="string", description=None)
    write_response(target, "stored")
    assert (home / "project" / "out" / "r.txt").read_text(encoding="utf-8") == "stored"


def test_a_root_given_explicitly_is_allowed_with_a_warning(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv(ALLOWED_DIRS_ENV, os.pathsep.join([home.anchor, str(home)]))
    with caplog.at_level(logging.WARNING, logger="bridge.tools.allowed_paths"):
        assert allowed_dirs() == [Path(home.anchor).resolve(), home.resolve()]
        assert read_file_bytes(str(home / "secret.txt")) == b"secret"
    warned = [r.getMessage() for r in caplog.records if r.name == "bridge.tools.allowed_paths"]
    assert f"{ALLOWED_DIRS_ENV} allows {Path(home.anchor).resolve()}, a file system root: the file tools may read " \
           "and write any file there" in warned
    assert f"{ALLOWED_DIRS_ENV} allows {home.resolve()}, your home directory: the file tools may read and write " \
           "any file there" in warned
    assert too_broad(home / "project") is None


@pytest.mark.anyio
async def test_a_stdio_bridge_started_in_the_root_reads_and_writes_nothing(tmp_path: Path, certs_dir: Path,
                                                                         unused_tcp_port: int) -> None:
    """What Claude Desktop and Cursor do: `word-bridge stdio` with cwd `/` and no WORD_BRIDGE_ALLOWED_DIRS."""
    files = tmp_path / "files"
    files.mkdir()
    secret = files / "secret.txt"
    secret.write_text("secret", encoding="utf-8")
    env = {name: value for name, value in os.environ.items() if name != ALLOWED_DIRS_ENV}
    env.update({"WORD_BRIDGE_DATA_DIR": str(tmp_path / "data"), "WORD_BRIDGE_MCP_CONFIG": str(tmp_path / "mcp.json")})
    params = StdioServerParameters(command=sys.executable, cwd="/", env=env,
                                   args=["-m", "bridge", "stdio", "--port", str(unused_tcp_port),
                                         "--certs", str(certs_dir)])
    async with Client(params) as client:
        with pytest.raises(MCPError) as caught:
            await client.call_tool("file_reader", {"path": "/etc/passwd"})
        data = caught.value.error.data
        assert caught.value.error.message == "Permission denied" and data["error_type"] == "permission_denied"
        assert data["file_path"] == "/etc/passwd" and data["allowed_directories"] == []
        assert data["error_details"].startswith(f"no directory is allowed: {ALLOWED_DIRS_ENV} is not set and the "
                                                "working directory, /, is a file system root")
        result = await client.call_tool(FILE_TOOL, {"server": "word", "tool_name": "get_time",
                                                    "file_path": str(secret), "output_format": "string"})
        assert result.is_error
        assert result.content[0].text.startswith(  # type: ignore[union-attr]
            f"Error in call_tool_with_file_content: File path '{secret}' is not within allowed directories: no "
            f"directory is allowed: {ALLOWED_DIRS_ENV} is not set")
        stored = await client.call_tool(FILE_TOOL, {"server": "word", "tool_name": "get_time", "file_path": "x.json",
                                                    "storage_path": str(files / "out")})
        assert stored.is_error
        assert json.loads(stored.content[0].text)["error"].startswith(  # type: ignore[union-attr]
            f"Storage path '{files / 'out'}' is not within allowed directories: no directory is allowed")
    assert sorted(os.listdir(files)) == ["secret.txt"]
