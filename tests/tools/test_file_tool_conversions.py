"""call_tool_with_file_content through an MCP client, for what QA found: CSV cells with apostrophes (quoting is
RFC 4180's `"`, only the delimiter is sniffed), YAML keys that Python would merge (`1`/`true`, `0`/`false`), and
a refused or failed call that must leave no storage directory behind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.tools.test_file_tool import INSERTED, call, error_text, files, texts

pytestmark = pytest.mark.anyio
__all__ = ["files"]  # the fixture used below

SONGS = [{"title": "Rock 'n' Roll Train", "artist": "AC/DC"},
         {"title": "'Round Midnight", "artist": "Thelonious Monk"},
         {"title": "Don't Stop", "artist": "Fleetwood Mac"}]
QUOTES = [{"id": 1, "quote": "He said 'yes' to it"}, {"id": 2, "quote": "'Twas night"}, {"id": 3, "quote": "Fine"}]


def csv_text(rows: list[dict[str, Any]], delimiter: str) -> str:
    header = delimiter.join(rows[0])
    return "\n".join([header, *(delimiter.join(str(v) for v in row.values()) for row in rows)]) + "\n"


async def records(file_path: str) -> Any:
    """What the upstream tool receives as `records` for the file."""
    result = await call({"server": "word", "tool_name": "inspect", "file_path": file_path, "data_key": "records",
                         "output_format": "string"})
    assert not result.is_error, texts(result)
    return json.loads(texts(result)[0])["records"]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize("rows", [SONGS, QUOTES], ids=["songs", "quotes"])
async def test_apostrophes_are_text_not_quotes(files: Path, rows: list[dict[str, Any]], delimiter: str) -> None:
    (files / "data.csv").write_text(csv_text(rows, delimiter))
    assert await records("data.csv") == rows


async def test_double_quotes_still_quote_beside_apostrophes(files: Path) -> None:
    (files / "mixed.csv").write_text("title;note\n\"Rock 'n' Roll; live\";\"it's \"\"fine\"\"\"\n'Twas;x\n")
    assert await records("mixed.csv") == [{"title": "Rock 'n' Roll; live", "note": "it's \"fine\""},
                                          {"title": "'Twas", "note": "x"}]


async def test_yaml_keys_stay_distinct_with_their_own_text(files: Path) -> None:
    (files / "codes.yaml").write_text("codes: {1: one, true: yes-flag, 0: zero, false: no-flag}\n"
                                      "other: {~: tilde, null: word, 1.50: price, 0x1F: hex}\n"
                                      "typed: {n: 1, b: true, f: 1.5, z: null}\n")
    assert await records("codes.yaml") == {
        "codes": {"1": "one", "true": "yes-flag", "0": "zero", "false": "no-flag"},
        "other": {"~": "tilde", "null": "word", "1.50": "price", "0x1F": "hex"},
        "typed": {"n": 1, "b": True, "f": 1.5, "z": None},  # values keep YAML's types
    }


async def test_yaml_merge_keys_and_quoted_keys(files: Path) -> None:
    (files / "merged.yaml").write_text("base: &b {1: one, 'true': text}\n"
                                       "codes:\n  <<: *b\n  true: flag\n")
    # "true" quoted and true plain share their text: the mapping's own key wins over the merged one.
    assert await records("merged.yaml") == {"base": {"1": "one", "true": "text"}, "codes": {"1": "one", "true": "flag"}}


async def test_a_yaml_key_that_is_a_collection_is_refused(files: Path) -> None:
    (files / "odd.yaml").write_text("? [a, b]\n: x\n")
    result = await call({"server": "word", "tool_name": "inspect", "file_path": "odd.yaml",
                         "output_format": "string"})
    assert error_text(result).startswith("Error in call_tool_with_file_content: Failed to parse YAML file: ")
    assert "at line 1, column 3" in error_text(result)


@pytest.mark.parametrize(("tool_name", "file_path", "tool_args"), [
    ("bulk_insert", "missing.csv", {"table": "t"}),    # the file cannot be read
    ("refuse", "users.csv", {}),                       # the upstream tool answers with isError
    ("bulk_insert", "users.csv", {}),                  # the upstream tool refuses its arguments
])
async def test_a_failed_call_creates_no_storage_directory(files: Path, tool_name: str, file_path: str,
                                                          tool_args: dict[str, Any]) -> None:
    result = await call({"server": "word", "tool_name": tool_name, "file_path": file_path, "data_key": "records",
                         "tool_args": tool_args, "storage_path": "a/b/c/d", "output_format": "string"})
    assert error_text(result).startswith("Error in call_tool_with_file_content: ")
    assert sorted(p.name for p in files.iterdir()) == ["users.csv"]


async def test_storage_directories_are_created_when_the_response_is_written(files: Path) -> None:
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "records",
                         "tool_args": {"table": "stored"}, "storage_path": "a/b/c/d", "filename": "out.txt",
                         "response_format": "string"})
    assert not result.is_error, texts(result)
    assert (files / "a/b/c/d/out.txt").read_text() == "Successfully inserted 2 records into stored table"


async def test_a_storage_path_under_a_file_is_refused_before_the_call(files: Path) -> None:
    result = await call({"server": "word", "tool_name": "bulk_insert", "file_path": "users.csv", "data_key": "records",
                         "tool_args": {"table": "under-a-file"}, "storage_path": "users.csv/new-dir",
                         "output_format": "string"})
    assert "Storage path 'users.csv/new-dir' cannot be created" in error_text(result)
    assert "under-a-file" not in INSERTED  # refused before the call
