"""QA (README literally): Excel's "Unicode Text" (UTF-16, tab-separated, saved as `.txt`) is a table, as the same
file named `.tsv` is; it reached `table.create` as one string ("args.data must be an array"). A `.txt` is read as
tab-separated rows only when every line has the same number of tab-separated fields; prose, tab-indented text and
ragged tabs stay text, and a tool that takes a string still gets the text."""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from mcp.types import TextContent

from bridge.tools.file_tool.formats import parse_file
from bridge.tools.file_tool.merge import split_key
from bridge.tools.file_tool.target_schema import takes_array
from bridge.word.remote import mcp_client
from tests.support import FakePane
from tests.tools.test_file_tool_bridge import NAME, bridge, table_pane, word_call
from tests.tools.test_file_tool_inputs import call, files

pytestmark = pytest.mark.anyio
__all__ = ["bridge", "files"]  # fixtures

SHEET = "Name\tCity\tAge\r\nAda\tLondon\t36\r\nAlan\t\t41\r\n"
ROWS = [{"Name": "Ada", "City": "London", "Age": 36}, {"Name": "Alan", "City": "", "Age": 41}]


def unicode_text(text: str) -> bytes:
    """What Excel's File > Save As > Unicode Text writes: UTF-16 LE with its byte-order mark, tabs, CRLF."""
    return codecs.BOM_UTF16_LE + text.encode("utf-16-le")


@pytest.mark.parametrize("data", [unicode_text(SHEET), SHEET.encode(), unicode_text(SHEET + "\r\n")],
                         ids=["utf-16", "utf-8", "a blank last line"])
def test_a_tab_separated_txt_is_rows(data: bytes):
    parsed = parse_file(data, "Sheet1.txt", 1 << 20)
    assert parsed.value == ROWS
    assert parsed.notes == ["The TXT file has the same number of tab-separated fields on every line (as Excel's "
                            "\"Unicode Text\" saves a sheet): it was read as TSV, its first line the header"]


@pytest.mark.parametrize("text", [
    "Summarize this report.\nIt has two lines.",
    "Dear Ada,\tthanks for the letter.\nYours, Alan",  # one tab in one line
    "def f():\n\treturn 1\n\treturn 2\n",  # tab-indented code
    "\tindented\n\tlines\n\tonly\n",  # the first field of every line is empty
    "a\tb\tc\n1\t2\n3\t4\t5\n",  # ragged
    "Name\tAge\n",  # a header alone
    '"quoted\tcell\n',  # not even valid TSV
])
def test_other_text_stays_text(text: str):
    parsed = parse_file(unicode_text(text), "notes.txt", 1 << 20)
    assert parsed.value == text and parsed.notes == []


def test_json_in_a_txt_stays_json():
    assert parse_file(b'[\n\t{"a":\t1},\n\t{"a":\t2}\n]', "rows.txt", 1 << 20).value == [{"a": 1}, {"a": 2}]


async def test_a_tool_that_takes_a_string_gets_the_text(files: Path):
    (files / "Sheet1.txt").write_bytes(unicode_text(SHEET))
    result = await call({"tool_name": "data_formatter", "file_path": "Sheet1.txt", "data_key": "data",
                         "tool_args": {"output_format": "table"}})
    assert not result.is_error
    first = result.content[0]
    assert isinstance(first, TextContent) and '"Ada"' in first.text and "London" in first.text


async def test_excel_unicode_text_becomes_a_table_create_op(bridge, tmp_path: Path):
    (tmp_path / "Sheet1.txt").write_bytes(unicode_text(SHEET))
    pane = await FakePane(bridge, title="People.docx", handler=table_pane).connect()
    try:
        async with mcp_client(bridge.config) as client:
            result = await client.call_tool(NAME, word_call("Sheet1.txt", scope="document", location="end"))
    finally:
        await pane.close()
    assert not result.is_error, result.content
    (command,) = pane.received
    assert [[str(v) for v in row] for row in command["op"]["args"]["data"]] == [
        ["Name", "City", "Age"], ["Ada", "London", "36"], ["Alan", "", "41"]]
    assert json.loads(result.content[0].text)["structuredContent"]["ok"] is True  # type: ignore[union-attr]


def test_without_tab_rows_a_sheet_txt_stays_text_as_the_seed_passes_txt():
    """Another server's tool whose schema does not ask for an array gets a TXT as text (seed 003: TXT → string)."""
    parsed = parse_file(unicode_text(SHEET), "Sheet1.txt", 1 << 20, tab_rows=False)
    assert parsed.value == SHEET and parsed.notes == []


@pytest.mark.parametrize(("schema", "rows"), [
    ({"type": "object", "properties": {"data": {"type": "array"}}}, True),
    ({"type": "object", "properties": {"data": {"anyOf": [{"type": "array"}, {"type": "null"}]}}}, True),
    ({"type": "object", "properties": {"data": {"type": ["array", "string"]}}}, False),
    ({"type": "object", "properties": {"data": {"type": "string"}}}, False),
    ({"type": "object", "properties": {"data": {}}}, False),  # says nothing: the seed's text
    ({"type": "object"}, False),
    (None, False),
])
def test_rows_go_only_where_the_schema_asks_for_an_array(schema, rows):
    assert takes_array(schema, split_key("data")) is rows
