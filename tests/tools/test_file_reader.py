"""file_reader: the seed's schema, examples, success shapes and errors, and the allowed-directory fence
(`..` traversal and symlink escapes included)."""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError

from bridge.tools.allowed_paths import OutsideAllowedDirs, allowed_dirs, resolve_allowed
from bridge.tools.file_reader import register
from tests.tools.seed_calls import seed_failure, seed_success

pytestmark = pytest.mark.anyio

SEED_PROPERTIES: dict[str, dict[str, Any]] = {  # seed 000, tool 1, as written
    "path": {"type": "string", "description": "Absolute or relative file path to read",
             "examples": ["/path/to/file.txt", "./data/config.json", "C:\\Users\\user\\file.txt"],
             "minLength": 1, "maxLength": 500},
    "encoding": {"type": "string", "description": "File encoding (default: utf-8)",
                 "enum": ["utf-8", "ascii", "latin-1", "utf-16"], "default": "utf-8"},
    "max_size": {"type": "integer", "description": "Maximum file size to read in bytes (default: 1048576 = 1MB)",
                 "minimum": 1, "maximum": 10485760, "default": 1048576},
    "include_metadata": {"type": "boolean", "description": "Include file metadata in response (default: false)",
                         "default": False},
}
SETTINGS = '{\n  "api_key": "abc123",\n  "timeout": 30,\n  "debug": false\n}'
CSV = "Name,Age,Department\nJohn,30,Engineering\nJane,25,Marketing"
NOT_FOUND_TIPS = ["Check if the file path is correct", "Verify file exists in the specified location",
                  "Ensure you have read permissions"]
PERMISSION_TIPS = ["Check file permissions", "Verify user has read access", "Contact system administrator"]
TOO_LARGE_TIPS = ["Use a smaller file", "Increase max_size parameter", "Process file in chunks"]


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An allowed directory holding the seed's example files, and a secret next to it (outside)."""
    allowed = tmp_path / "allowed"
    (allowed / "config").mkdir(parents=True)
    (allowed / "reports").mkdir()
    (allowed / "data").mkdir()
    (allowed / "config" / "settings.json").write_text(SETTINGS, encoding="utf-8")
    (allowed / "reports" / "data.csv").write_text(CSV, encoding="utf-8")
    (allowed / "data" / "legacy.txt").write_bytes("Café crème, naïve façade".encode("latin-1"))
    (tmp_path / "secret.txt").write_text("top secret", encoding="utf-8")
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))
    return allowed


@pytest.fixture
async def client() -> Any:
    server = MCPServer("test")
    register(server)
    async with Client(server) as c:
        yield c


async def read(client: Client, args: dict[str, Any]) -> dict[str, Any]:
    return await seed_success(client, "file_reader", args)


async def error_of(client: Client, args: dict[str, Any]) -> MCPError:
    return await seed_failure(client, "file_reader", args)


async def test_listed_schema_is_the_seeds(client: Client) -> None:
    tool = next(t for t in (await client.list_tools()).tools if t.name == "file_reader")
    assert tool.input_schema == {"type": "object", "properties": SEED_PROPERTIES, "required": ["path"]}
    assert tool.output_schema is not None and "file_path" in tool.output_schema["properties"]
    assert tool.annotations is not None and tool.annotations.read_only_hint is True


async def test_seed_example_basic_read(root: Path, client: Client) -> None:
    found = await read(client, {"path": "./config/settings.json"})
    assert found["line"] == "File content successfully read"
    assert found["type"] == "file_content" and found["file_path"] == "./config/settings.json"
    assert found["content"] == SETTINGS and found["encoding"] == "utf-8"
    assert found["size_bytes"] == len(SETTINGS.encode())
    mtime = (root / "config" / "settings.json").stat().st_mtime
    import datetime as dt
    assert found["last_modified"] == dt.datetime.fromtimestamp(mtime, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert found["metadata"] == {"file_type": "json", "is_valid_json": True, "line_count": 5}


async def test_seed_example_custom_encoding(root: Path, client: Client) -> None:
    """The seed's absolute /data/legacy.txt is outside the allowed directory: refused, naming the allowed one."""
    err = await error_of(client, {"path": "/data/legacy.txt", "encoding": "latin-1", "max_size": 2048})
    assert err.error.code == -32603 and err.error.message == "Permission denied"
    data = err.error.data
    assert data["error_type"] == "permission_denied" and data["file_path"] == "/data/legacy.txt"
    assert data["allowed_directories"] == [str(root.resolve())]
    assert data["suggestions"] == PERMISSION_TIPS  # the seed's own list; the guidance is in error_details
    assert str(root.resolve()) in data["error_details"] and "WORD_BRIDGE_ALLOWED_DIRS" in data["error_details"]
    found = await read(client, {"path": str(root / "data" / "legacy.txt"), "encoding": "latin-1", "max_size": 2048})
    assert found["content"] == "Café crème, naïve façade" and found["encoding"] == "latin-1"
    assert found["metadata"] == {"file_type": "text", "line_count": 1}


async def test_seed_example_with_metadata(root: Path, client: Client) -> None:
    found = await read(client, {"path": "./reports/data.csv", "include_metadata": True})
    assert found["line"] == "File content successfully read with metadata"
    assert found["content"] == CSV and found["size_bytes"] == len(CSV)
    meta = found["metadata"]
    assert {k: meta[k] for k in ("file_type", "is_valid_csv", "line_count", "column_count", "columns")} == {
        "file_type": "csv", "is_valid_csv": True, "line_count": 3, "column_count": 3,
        "columns": ["Name", "Age", "Department"]}
    assert list(meta)[:5] == ["file_type", "is_valid_csv", "line_count", "column_count", "columns"]
    assert meta["char_count"] == len(CSV) and meta["word_count"] == 3
    assert meta["resolved_path"] == str((root / "reports" / "data.csv").resolve())


async def test_metadata_reports_invalid_json_and_ragged_csv(root: Path, client: Client) -> None:
    (root / "bad.json").write_text('{"a": 1,', encoding="utf-8")
    (root / "ragged.csv").write_text("a,b\n1,2,3\n", encoding="utf-8")
    assert (await read(client, {"path": "bad.json"}))["metadata"]["is_valid_json"] is False
    found = await read(client, {"path": "ragged.csv", "include_metadata": True})
    assert found["metadata"]["is_valid_csv"] is False and "columns" not in found["metadata"]
    detailed = await read(client, {"path": "config/settings.json", "include_metadata": True})
    assert detailed["metadata"]["keys"] == ["api_key", "timeout", "debug"]


async def test_json_nested_deeper_than_the_parser_goes_is_still_read(root: Path, client: Client) -> None:
    """QA: a valid 1,500-level JSON file failed with -32603 Internal error (a RecursionError)."""
    deep = "[" * 1500 + "]" * 1500 + "\n"
    (root / "deep2.json").write_text(deep, encoding="utf-8")
    found = await read(client, {"path": "deep2.json"})
    assert found["content"] == deep
    assert found["metadata"] == {"file_type": "json", "is_valid_json": False, "line_count": 1}
    detailed = await read(client, {"path": "deep2.json", "include_metadata": True})
    assert detailed["metadata"]["json_error"].startswith("nested too deeply to check")


async def test_a_csv_field_longer_than_pythons_default_limit_is_valid(root: Path, client: Client) -> None:
    """QA: a valid CSV with one 140,000-character field was reported is_valid_csv false (csv's 131,072 limit)."""
    (root / "wide.csv").write_text("id,notes\n1," + "x" * 140_000 + "\n2,short\n", encoding="utf-8")
    before = csv.field_size_limit(131_072)  # csv's default, whatever other modules did at import
    try:
        found = await read(client, {"path": "wide.csv", "include_metadata": True})
    finally:
        csv.field_size_limit(before)
    assert found["metadata"]["is_valid_csv"] is True and found["metadata"]["columns"] == ["id", "notes"]


async def test_file_not_found(root: Path, client: Client) -> None:
    err = await error_of(client, {"path": "./config/missing.json"})
    assert err.error.code == -32603 and err.error.message == "File not found"
    assert err.error.data["error_type"] == "file_not_found"
    assert err.error.data["file_path"] == "./config/missing.json"
    assert err.error.data["suggestions"] == NOT_FOUND_TIPS


async def test_file_too_large(root: Path, client: Client) -> None:
    (root / "large_data.txt").write_bytes(b"x" * 4096)
    err = await error_of(client, {"path": "./large_data.txt", "max_size": 1024})
    assert err.error.code == -32603 and err.error.message == "File size exceeds limit"
    assert err.error.data == {"error_type": "file_too_large", "file_path": "./large_data.txt", "file_size": 4096,
                              "max_size": 1024, "suggestions": TOO_LARGE_TIPS}
    assert (await read(client, {"path": "./large_data.txt", "max_size": 4096}))["size_bytes"] == 4096


@pytest.mark.parametrize("path", ["../secret.txt", "config/../../secret.txt", "/etc/passwd", "~/.ssh/id_ed25519"])
async def test_paths_outside_the_allowed_directories_are_denied(root: Path, client: Client, path: str) -> None:
    err = await error_of(client, {"path": path})
    assert err.error.code == -32603 and err.error.message == "Permission denied"
    assert err.error.data == {"error_type": "permission_denied", "file_path": path,
                              "suggestions": PERMISSION_TIPS, "error_details": err.error.data["error_details"],
                              "allowed_directories": [str(root.resolve())]}
    details = err.error.data["error_details"]
    assert "outside the allowed directories" in details and str(root.resolve()) in details
    assert "WORD_BRIDGE_ALLOWED_DIRS" in details


async def test_symlink_escapes_are_denied(root: Path, client: Client) -> None:
    outside = root.parent / "secret.txt"
    (root / "innocent.txt").symlink_to(outside)
    (root / "elsewhere").symlink_to(root.parent, target_is_directory=True)
    for path in ("innocent.txt", "elsewhere/secret.txt"):
        err = await error_of(client, {"path": path})
        assert err.error.data["error_type"] == "permission_denied", path
    (root / "alias.json").symlink_to(root / "config" / "settings.json")  # a link that stays inside is fine
    assert (await read(client, {"path": "alias.json"}))["content"] == SETTINGS


async def test_an_outside_file_is_denied_whether_or_not_it_exists(root: Path, client: Client) -> None:
    """The fence is checked first, so the answer does not tell whether an outside file exists."""
    there = await error_of(client, {"path": "../secret.txt"})
    absent = await error_of(client, {"path": "../no-such-file.txt"})
    assert there.error.data["error_type"] == absent.error.data["error_type"] == "permission_denied"


async def test_several_allowed_directories(tmp_path: Path, root: Path, client: Client,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    second = tmp_path / "second"
    second.mkdir()
    (second / "notes.md").write_text("# Notes\n", encoding="utf-8")
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", os.pathsep.join([str(root), str(second)]))
    assert (await read(client, {"path": str(second / "notes.md")}))["metadata"]["file_type"] == "markdown"
    relative = await error_of(client, {"path": "notes.md"})  # relative paths start in the first directory
    assert relative.error.data["error_type"] == "file_not_found"


async def test_default_allowed_directory_is_the_working_directory(root: Path, client: Client,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORD_BRIDGE_ALLOWED_DIRS")
    monkeypatch.chdir(root / "config")
    assert allowed_dirs() == [(root / "config").resolve()]
    assert (await read(client, {"path": "settings.json"}))["content"] == SETTINGS
    assert (await error_of(client, {"path": "../reports/data.csv"})).error.data["error_type"] == "permission_denied"


def test_resolve_allowed_for_a_file_not_yet_written(tmp_path: Path) -> None:
    assert resolve_allowed("new/out.txt", [tmp_path.resolve()]) == tmp_path.resolve() / "new" / "out.txt"
    with pytest.raises(OutsideAllowedDirs) as info:
        resolve_allowed("../out.txt", [tmp_path.resolve()])
    assert "WORD_BRIDGE_ALLOWED_DIRS" in str(info.value)


async def test_encodings(root: Path, client: Client) -> None:
    (root / "unicode.txt").write_text("Grüße\nzwei", encoding="utf-16")
    (root / "bom.txt").write_bytes("\ufeffhello".encode())
    (root / "plain.txt").write_bytes(b"just ascii")
    assert (await read(client, {"path": "unicode.txt", "encoding": "utf-16"}))["content"] == "Grüße\nzwei"
    assert (await read(client, {"path": "bom.txt"}))["content"] == "hello"
    assert (await read(client, {"path": "plain.txt", "encoding": "ascii"}))["content"] == "just ascii"
    err = await error_of(client, {"path": "data/legacy.txt"})  # latin-1 bytes are not UTF-8
    assert err.error.code == -32603 and err.error.data["error_type"] == "encoding_error"
    assert "latin-1" in err.error.data["suggestions"][1]


async def test_directories_and_pipes_are_not_files(root: Path, client: Client) -> None:
    err = await error_of(client, {"path": "config"})
    assert err.error.code == -32602 and err.error.data["error_type"] == "not_a_file"
    os.mkfifo(root / "pipe")
    err = await error_of(client, {"path": "pipe"})  # refused at once, never blocks waiting for a writer
    assert err.error.data["error_type"] == "not_a_file" and "named pipe" in err.error.data["error_details"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every file")
async def test_unreadable_file_is_permission_denied(root: Path, client: Client) -> None:
    locked = root / "locked.txt"
    locked.write_text("no", encoding="utf-8")
    locked.chmod(0)
    err = await error_of(client, {"path": "locked.txt"})
    assert err.error.data["error_type"] == "permission_denied"


@pytest.mark.parametrize(("args", "parameter"), [
    ({}, "path"),
    ({"path": ""}, "path"),
    ({"path": "x" * 501}, "path"),
    ({"path": 42}, "path"),
    ({"path": "a.txt", "encoding": "utf-32"}, "encoding"),
    ({"path": "a.txt", "max_size": 0}, "max_size"),
    ({"path": "a.txt", "max_size": 10485761}, "max_size"),
    ({"path": "a.txt", "max_size": "big"}, "max_size"),
    ({"path": "a.txt", "include_metadata": "yes"}, "include_metadata"),
])
async def test_bad_arguments_are_invalid_params(root: Path, client: Client, args: dict[str, Any],
                                                parameter: str) -> None:
    err = await error_of(client, args)
    assert err.error.code == -32602
    assert err.error.data["error_type"] == "invalid_parameter" and err.error.data["parameter"] == parameter
    assert err.error.data["suggestions"]
