"""call_tool_with_file_content (and file_reader) keep data exactly as the file holds it (QA, brief W).

YAML reads with the core schema (zip codes, times, `yes`, `0x1F`, `NO` stay as written); a header-only CSV makes a
one-row table in Word; an explicitly empty one-column record and an empty header cell are kept; JSON's `1e400` is
refused rather than written `inf`; the data_key remark follows only an error about that argument; workbooks are
refused as such; a storage filename that is a symbolic link says so."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools.file_reader import register as register_reader
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.formats import header_only, parse_file
from bridge.tools.file_tool.merge import blame_hint
from bridge.tools.file_tool.storage import plan_storage
from bridge.word.remote import mcp_client
from tests.support import FakePane
from tests.tools.seed_calls import seed_failure, seed_success
from tests.tools.test_file_tool_bridge import NAME, bridge, table_pane, word_call

pytestmark = pytest.mark.anyio
__all__ = ["bridge"]  # the fixture used below

LIMIT = 10 * 1024 * 1024
QA_YAML = "- zip: 01234\n  t: 12:30:00\n  flag: yes\n  code: 0x1F\n  c: NO\n"
XLSX = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\xe5[Content_Types].xml"
XLS = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100)


def parsed(text: str | bytes, name: str) -> Any:
    return parse_file(text.encode() if isinstance(text, str) else text, name, LIMIT)


def failure(data: bytes, name: str) -> str:
    with pytest.raises(FileToolError) as caught:
        parse_file(data, name, LIMIT)
    return caught.value.message


# ---- YAML: the core schema, numbers as JSON spells them -------------------------------------------------------
def test_yaml_values_stay_as_written() -> None:
    assert parsed(QA_YAML, "meta.yaml").value == [
        {"zip": "01234", "t": "12:30:00", "flag": "yes", "code": "0x1F", "c": "NO"}]
    assert parsed("a: [on, off, y, n, Yes, 0o17, 1_000, +5, .5, 2024-01-02, 190:20:30, .inf, 1e400]\n",
                  "x.yml").value == {"a": ["on", "off", "y", "n", "Yes", "0o17", "1_000", "+5", ".5", "2024-01-02",
                                           "190:20:30", ".inf", "1e400"]}


def test_yaml_keeps_the_types_json_has() -> None:
    value = parsed("t: [true, True, TRUE, false]\nn: [null, Null, ~]\nnum: [0, 12, -3, 1.5, -0.25, 2e3]\n"
                   "tagged: [!!int 0x1F, !!str 12, !!float .nan]\nport: 5432\nempty:\n", "x.yaml").value
    assert value == {"t": [True, True, True, False], "n": [None, None, None], "num": [0, 12, -3, 1.5, -0.25, "2e3"],
                     "tagged": [31, "12", ".nan"], "port": 5432, "empty": None}


# ---- CSV: records, empty cells, empty headers, a header without records ---------------------------------------
def test_an_explicitly_empty_one_column_record_is_kept() -> None:
    assert parsed('name\nAda\n""\n\nBob\n', "people.csv").value == [{"name": "Ada"}, {"name": ""}, {"name": "Bob"}]
    assert parsed("a,b\n1,2\n,\n", "e.csv").value == [{"a": 1, "b": 2}, {"a": "", "b": ""}]


def test_an_empty_header_cell_is_the_empty_key() -> None:
    found = parsed(",Q1,Q2\nNorth,10,12\n", "pivot.csv")
    assert found.value == [{"": "North", "Q1": 10, "Q2": 12}] and found.notes == [] and found.header == ["", "Q1", "Q2"]
    tsv = parsed("\tQ1\tQ2\nNorth\t10\t12\n", "pivot.txt")  # a sheet saved as Unicode Text, as readDocument gives it
    assert tsv.value == [{"": "North", "Q1": 10, "Q2": 12}]
    twice = parsed(",Q1,\nNorth,10,12\n", "two.csv")  # JSON keys differ: the second is named, and said so
    assert twice.value == [{"": "North", "Q1": 10, "column_3": 12}]
    assert twice.notes == ["Column 3 has no header, and column 1 already has the empty key \"\"; it was named "
                           "'column_3'"]


def test_a_header_without_records_is_one_row_for_word_and_an_empty_array_elsewhere() -> None:
    for_word = parsed("a,b,c\n", "h.csv")
    header_only(for_word, as_rows=True)
    assert for_word.value == [["a", "b", "c"]]
    assert for_word.notes == ["The CSV file has a header row (a, b, c) but no records: the header was passed as the "
                              "one row (a one-row table)"]
    elsewhere = parsed("a\tb\n", "h.tsv")
    header_only(elsewhere, as_rows=False)
    assert elsewhere.value == [] and elsewhere.notes == [
        "The TSV file has a header row (a, b) but no records: an empty array was passed"]


# ---- JSON numbers beyond the float range -----------------------------------------------------------------------
def test_json_numbers_beyond_the_float_range_keep_their_text_not_infinity() -> None:
    """A number no float holds (`1e400`) is the text the file wrote, as a YAML scalar's is (it was refused, and before
    that became inf); one written as JSON writes it stays a number (test_file_tool_json_numbers.py has the rule)."""
    assert parsed('[{"n": 1e400, "m": -1E999}]', "big.json").value == [{"n": "1e400", "m": "-1E999"}]
    assert parsed('[{"n": 1500.5, "m": 1e308}]', "ok.json").value == [{"n": 1500.5, "m": "1e308"}]
    text = parsed("[1e400]", "n.txt")
    assert text.value == ["1e400"] and text.notes == []


# ---- the data_key remark ---------------------------------------------------------------------------------------
def envelope(field: str, msg: str = "refused") -> str:
    return json.dumps({"ok": False, "op": "table.create", "data": {}, "code": "E_INVALID_ARG",
                       "diagnostics": [{"level": "error", "msg": msg, "field": field}]})


def test_the_data_key_remark_follows_only_an_error_about_that_argument() -> None:
    conflict = envelope("taskId", "taskId 't1' was already used for another request (other args (args.data))")
    assert blame_hint(conflict, "meta.args.data", [1]) == ""
    assert blame_hint(envelope("args.rows"), "meta.args.data", [1]) == ""
    remark = " (that is where data_key 'meta.args.data' put the file's content: an array of 1 item)"
    assert blame_hint(envelope("args.data"), "meta.args.data", [1]) == remark
    assert blame_hint(envelope("args.data[2][0]"), "meta.args.data", [1]) == remark
    assert blame_hint("the data is wrong", "meta.args.data", [1]) == ""  # a word is not the argument's path
    assert blame_hint("records.0\n  Input should be a valid integer", "records", [1]).startswith(" (that is where")
    batch = envelope("args.ops[0].args.data")
    assert blame_hint(batch, "meta.args.ops.0.args.data", [1]).startswith(" (that is where")
    assert blame_hint(batch, "meta.args.ops.1.args.data", [1]) == ""


# ---- binary office files ---------------------------------------------------------------------------------------
def test_workbooks_are_refused_as_such() -> None:
    assert failure(XLSX, "Book1.xlsx") == (
        "Unsupported file format: 'Book1.xlsx' is an Excel workbook (XLSX), a binary format this tool does not read: "
        "save the sheet as CSV (.csv) or as Unicode Text (.txt) and give that file (supported: JSON, CSV, TSV, YAML, "
        "XML, TXT, each also gzipped)")
    assert "'old.xls' is an Excel 97-2003 workbook (XLS)" in failure(XLS, "old.xls")
    assert "is an Excel workbook (XLSX)" in failure(gzip.compress(XLSX), "Book1.xlsx.gz")
    assert "'report.docx' is a Word document (DOCX)" in failure(XLSX, "report.docx")
    assert "'renamed.csv' is a ZIP archive" in failure(XLSX, "renamed.csv")
    assert parsed("a\tb\n1\t2\n", "web-export.xls").value == [{"a": 1, "b": 2}]  # text named .xls is read as text


async def test_file_reader_refuses_a_workbook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "Book1.xlsx").write_bytes(XLSX)
    (tmp_path / "web-export.xls").write_text("a\tb\n")
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(tmp_path))
    server = MCPServer("t")
    register_reader(server)
    async with Client(server) as client:
        for encoding in ("utf-8", "latin-1"):
            err = await seed_failure(client, "file_reader", {"path": "Book1.xlsx", "encoding": encoding})
            assert err.error.data["error_type"] == "unsupported_format"
            assert err.error.data["error_details"] == "Book1.xlsx is an Excel workbook (XLSX), a binary format"
            assert err.error.data["suggestions"][0] == ("Save the sheet as CSV (.csv) or as Unicode Text (.txt) and "
                                                        "give that file")
        assert (await seed_success(client, "file_reader", {"path": "web-export.xls"}))["content"] == "a\tb\n"


# ---- storage onto a symbolic link ------------------------------------------------------------------------------
def test_a_storage_filename_that_is_a_link_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "dangling.json").symlink_to(tmp_path / "outside.txt")
    (allowed / "inner.json").symlink_to("missing.txt")
    monkeypatch.setenv("WORD_BRIDGE_ALLOWED_DIRS", str(allowed))

    def refusal(filename: str) -> str:
        with pytest.raises(FileToolError) as caught:
            plan_storage(server="word", tool_name="t", storage_path=None, filename=filename, response_format="json",
                         description=None)
        return caught.value.message

    link = allowed.resolve() / "dangling.json"
    assert refusal("dangling.json") == (
        f"File path '{link}' is not within allowed directories: it is a symbolic link to '{tmp_path / 'outside.txt'}', "
        "outside them; a response is never written through a symbolic link: choose another filename")
    assert refusal("inner.json") == (
        f"File '{allowed.resolve() / 'inner.json'}' is a symbolic link to 'missing.txt', which does not exist; a "
        "response is never written through a symbolic link: choose another filename")
    assert "already exists" not in refusal("inner.json") and sorted(os.listdir(allowed)) == ["dangling.json",
                                                                                              "inner.json"]


# ---- through the bridge into table.create ----------------------------------------------------------------------
async def test_word_tables_get_the_cells_the_files_hold(bridge, tmp_path: Path) -> None:
    (tmp_path / "meta.yaml").write_text(QA_YAML)
    (tmp_path / "header.csv").write_text("a,b,c\n")
    (tmp_path / "pivot.csv").write_text(",Q1,Q2\nNorth,10,12\n")
    (tmp_path / "people.csv").write_text("name\nAda\n")
    pane = await FakePane(bridge, title="People.docx", handler=table_pane).connect()
    calls: dict[str, Any] = {}
    try:
        async with mcp_client(bridge.config) as client:
            for name in ("meta.yaml", "header.csv", "pivot.csv"):
                calls[name] = await client.call_tool(NAME, {**word_call(name, scope="document", location="end"),
                                                            "output_format": "string"})
            first = word_call("people.csv", scope="document", location="end")
            first["tool_args"]["taskId"] = "t1"
            await client.call_tool(NAME, first)
            (tmp_path / "people.csv").write_text("name\nBob\n")
            calls["conflict"] = await client.call_tool(NAME, {**first, "output_format": "string"})
    finally:
        await pane.close()
    sent = [command["op"]["args"]["data"] for command in pane.received]
    assert sent[0] == [["zip", "t", "flag", "code", "c"], ["01234", "12:30:00", "yes", "0x1F", "NO"]]
    assert sent[1] == [["a", "b", "c"]] and not calls["header.csv"].is_error
    assert "has a header row (a, b, c) but no records" in calls["header.csv"].content[-1].text  # type: ignore[union-attr]
    assert sent[2] == [["", "Q1", "Q2"], ["North", "10", "12"]]
    conflict = calls["conflict"].content[0].text  # type: ignore[union-attr]
    assert calls["conflict"].is_error and "taskId 't1' was already used" in conflict
    assert "data_key" not in conflict
