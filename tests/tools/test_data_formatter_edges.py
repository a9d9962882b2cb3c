"""data_formatter at its edges: the markdown meant for Word shows the user's characters literally; JSON's
non-numbers (NaN, Infinity), out-of-range numbers and deep nesting are parse errors, never crashes or non-JSON
output; a byte-order mark is not part of the first header; "1,200" reads like the other numbers of its money
column; headers that collide after the display transform stay distinct and reachable by sort_by."""

from __future__ import annotations

import json
from typing import Any

import pytest
from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from mcp import Client

from bridge.word.ops import parse_edit_task
from tests.tools.test_data_formatter import call, error_of, server

pytestmark = pytest.mark.anyio

TRICKY = ["1. Mix", "1) Mix", "---", "***", "___", "===", "+ Add", "* star", "    four spaces", "\tTabbed", "# hash",
          "> quote", "~~keep tildes~~", "*em* _under_ `code`", "[link](http://x.test)", "<b>html</b>", "a | b",
          "back\\slash", "&amp; &copy; &#35;", "trailing  ", "two\nlines", "\u00a0non-breaking", "Closing #",
          "![img](http://x.test/a.png)", "<http://x.test>", "a\\\nb", "\\", "-", "10. Ten"]


def runs_text(block: dict[str, Any]) -> str:
    """A block's text, and that no run of it is formatted (bold, code, a link...)."""
    assert all(set(run) == {"text"} for run in block["runs"]), block
    return "".join(run["text"] for run in block["runs"])


def commonmark_items(markdown: str) -> str:
    """The bullet list as plain CommonMark renders it."""
    return MarkdownIt("commonmark").render(markdown)


async def test_list_markdown_shows_the_items_literally():
    async with Client(server()) as client:
        found = await call(client, {"data": json.dumps(TRICKY), "output_format": "list"})
    assert found["formatted_content"]["items"] == TRICKY  # the seed's texts are not escaped
    markdown = found["word_op"]["args"]["markdown"]
    blocks = parse_edit_task(meta=found["word_op"]).args["blocks"]
    assert [(b["type"], b["kind"], b["level"]) for b in blocks] == [("listItem", "bullet", 0)] * len(TRICKY)
    assert [runs_text(b) for b in blocks] == TRICKY
    assert commonmark_items(markdown) == "<ul>\n" + "".join(f"<li>{escapeHtml(i)}</li>\n" for i in TRICKY) + "</ul>\n"


async def test_line_endings_are_line_breaks_within_the_item():
    async with Client(server()) as client:
        found = await call(client, {"data": json.dumps(["a\r\nb", "c\rd", "e\n\nf"]), "output_format": "list"})
    blocks = parse_edit_task(meta=found["word_op"]).args["blocks"]
    assert [runs_text(b) for b in blocks] == ["a\nb", "c\nd", "e\n\nf"]


async def test_the_qa_csv_keeps_its_numbering_and_tildes_in_list_structured_and_summary():
    data = "Step,Note\n1. Mix,~~keep tildes~~"
    async with Client(server()) as client:
        listed = await call(client, {"data": data, "output_format": "list", "style": "academic"})
        records = await call(client, {"data": data, "output_format": "structured"})
        summary = await call(client, {"data": data, "output_format": "summary"})
    [item] = parse_edit_task(meta=listed["word_op"]).args["blocks"]
    assert (item["kind"], runs_text(item)) == ("number", "Step: 1. Mix, Note: ~~keep tildes~~")
    heading, note = parse_edit_task(meta=records["word_op"]).args["blocks"]
    assert (heading["type"], runs_text(heading)) == ("heading", "1. Mix")
    assert note["runs"] == [{"text": "Note:", "bold": True}, {"text": " ~~keep tildes~~"}]
    opening, *lines = parse_edit_task(meta=summary["word_op"]).args["blocks"]
    text = runs_text(opening) + " " + "; ".join(runs_text(b) for b in lines) + "."
    assert text == summary["formatted_content"]["text"] and "~~keep tildes~~" in text


async def test_structured_titles_and_keys_show_literally():
    records = [{"title": t, "odd *key*": t} for t in TRICKY]
    async with Client(server()) as client:
        found = await call(client, {"data": json.dumps(records), "output_format": "structured"})
    blocks = parse_edit_task(meta=found["word_op"]).args["blocks"]
    assert [runs_text(b) for b in blocks[::2]] == TRICKY
    assert [[r["text"] for r in b["runs"]] for b in blocks[1::2]] == [["Odd *key*:", f" {t}"] for t in TRICKY]


@pytest.mark.parametrize(("data", "constant"), [
    ('[{"v":-Infinity},{"v":Infinity}]', "-Infinity"),
    ('[{"v":Infinity}]', "Infinity"),
    ('[{"v":NaN},{"v":1}]', "NaN"),
    ('{"a": [1, 1e400]}', "1e400"),
    ("[" + "9" * 400 + "]", "9" * 20),
    ("[" + "9" * 5000 + "]", "9" * 20),
])
@pytest.mark.parametrize("output_format", ["summary", "table"])
async def test_non_finite_json_numbers_are_parse_errors(data: str, constant: str, output_format: str):
    async with Client(server()) as client:
        err = await error_of(client, {"data": data, "output_format": output_format})
    assert (err.error.code, err.error.message) == (-32603, "Failed to parse input data")
    assert err.error.data["error_type"] == "parse_error" and err.error.data["input_format"] == "json"
    assert constant in err.error.data["error_details"]


def strict_json(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in the JSON text")
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("data", [
    "A,V\nx," + "9" * 400 + "\ny,1",  # past float range: text, not a number
    "A,V\nx," + "9" * 308 + "\ny," + "9" * 308,  # each a float, their total is not
    "[1.7e308, 1.7e308, 1]",
])
@pytest.mark.parametrize("output_format", ["summary", "table", "list", "structured", "chart"])
async def test_huge_numbers_never_give_nan_or_infinity(data: str, output_format: str):
    async with Client(server()) as client:
        if output_format == "chart" and "9" * 400 in data:  # the number past float range is text: nothing to plot
            err = await error_of(client, {"data": data, "output_format": output_format})
            assert err.error.data["error_type"] == "no_numeric_data"
            return
        result = await client.call_tool("data_formatter", {"data": data, "output_format": output_format})
    assert not result.is_error
    strict_json(result.content[1].text)


async def test_huge_totals_say_so_and_stay_json():
    async with Client(server()) as client:
        found = await call(client, {"data": "[1.7e308, 1.7e308]", "output_format": "summary"})
    field = found["formatted_content"]["fields"][0]
    assert field["sum"] is None and field["mean"] == 1.7e308
    assert "total too large to show" in found["formatted_content"]["text"]


@pytest.mark.parametrize("data", ["[" * 1000 + "]" * 1000, '{"a":' * 600 + "1" + "}" * 600,
                                  "[" * 101 + "]" * 101])
@pytest.mark.parametrize("input_format", ["auto", "json"])
async def test_deep_nesting_is_a_parse_error(data: str, input_format: str):
    async with Client(server()) as client:
        err = await error_of(client, {"data": data, "input_format": input_format, "output_format": "table"})
    assert (err.error.code, err.error.message) == (-32603, "Failed to parse input data")
    assert err.error.data["error_type"] == "parse_error"
    assert "nested deeper than 100 levels" in err.error.data["error_details"]


async def test_nesting_within_the_limit_and_brackets_in_strings_are_fine():
    async with Client(server()) as client:
        nested = await call(client, {"data": "[" * 100 + "]" * 100, "output_format": "table"})
        quoted = await call(client, {"data": json.dumps(["[" * 1000, '\\"{' * 200]), "output_format": "list"})
    assert nested["formatted_content"]["row_count"] == 1
    assert quoted["formatted_content"]["items"] == ["[" * 1000, '\\"{' * 200]


@pytest.mark.parametrize(("data", "headers"), [
    ("\ufeffName,Age\nBob,3\nAl,10", ["Name", "Age"]),
    ('\ufeff[{"Name":"Bob","Age":3},{"Name":"Al","Age":10}]', ["Name", "Age"]),
])
async def test_a_byte_order_mark_is_not_data(data: str, headers: list[str]):
    async with Client(server()) as client:
        found = await call(client, {"data": data, "output_format": "table", "sort_by": "Name"})
    assert found["formatted_content"]["headers"] == headers
    assert [r[0] for r in found["formatted_content"]["rows"]] == ["Al", "Bob"]


async def test_thousands_separators_read_as_numbers_with_the_currency_symbol():
    data = 'Name,Amount\nA,"1,200"\nB,300\nC,-5\nD,"1,200.50"\nE,"-1,200"'
    async with Client(server()) as client:
        listed = await call(client, {"data": data, "output_format": "list"})
        table = await call(client, {"data": data, "output_format": "table", "sort_by": "Amount"})
        summary = await call(client, {"data": data, "output_format": "summary"})
    assert listed["formatted_content"]["items"] == [
        "Name: A, Amount: $1,200", "Name: B, Amount: $300", "Name: C, Amount: -$5", "Name: D, Amount: $1,200.50",
        "Name: E, Amount: -$1,200"]
    assert [r[1] for r in table["formatted_content"]["rows"]] == ["-$1,200", "-$5", "$300", "$1,200", "$1,200.50"]
    assert "Amount: from -$1,200 to $1,200.50, mean $299.1, total $1,495.5" in summary["formatted_content"]["text"]


@pytest.mark.parametrize("malformed", ["1,20", "12,0000", "1,200,00", ",200"])
async def test_malformed_thousands_groups_are_text(malformed: str):
    async with Client(server()) as client:
        found = await call(client, {"data": f'Code,Amount\n"{malformed}","{malformed}"\nx,x',
                                    "output_format": "summary"})
    assert [f["type"] for f in found["formatted_content"]["fields"]] == ["text", "text"]
    assert f"Amount: 2 distinct value(s), most often {malformed}, x" in found["formatted_content"]["text"]


async def test_headers_that_collide_keep_their_keys_and_sort_by_reaches_each():
    data = json.dumps([{"Name": "A", "name": "z", "first_name": 1, "First Name": 2},
                       {"Name": "B", "name": "y", "first_name": 2, "First Name": 1}])
    async with Client(server()) as client:
        upper = await call(client, {"data": data, "output_format": "table", "sort_by": "Name"})
        lower = await call(client, {"data": data, "output_format": "table", "sort_by": "name"})
        snake = await call(client, {"data": data, "output_format": "table", "sort_by": "first_name"})
        spaced = await call(client, {"data": data, "output_format": "table", "sort_by": "First Name"})
        records = await call(client, {"data": data, "output_format": "structured"})
    assert upper["formatted_content"]["headers"] == ["Name", "name", "first_name", "First Name"]
    assert [r[0] for r in upper["formatted_content"]["rows"]] == ["A", "B"]
    assert [r[0] for r in lower["formatted_content"]["rows"]] == ["B", "A"]
    assert [r[0] for r in snake["formatted_content"]["rows"]] == ["A", "B"]
    assert [r[0] for r in spaced["formatted_content"]["rows"]] == ["B", "A"]
    assert records["formatted_content"]["records"][0] == {"Name": "A", "name": "z", "first_name": "1",
                                                          "First Name": "2"}


async def test_repeated_csv_headers_are_numbered_and_reachable():
    async with Client(server()) as client:
        found = await call(client, {"data": "Name,Name\nA,z\nB,y", "output_format": "table", "sort_by": "Name (2)"})
        first = await call(client, {"data": "Name,Name\nB,z\nA,y", "output_format": "table", "sort_by": "Name"})
    assert found["formatted_content"]["headers"] == ["Name", "Name (2)"]
    assert found["formatted_content"]["rows"] == [["B", "y"], ["A", "z"]]
    assert first["formatted_content"]["rows"] == [["A", "y"], ["B", "z"]]


async def test_apostrophes_in_csv_cells_are_text_not_quotes():
    """csv.Sniffer took the apostrophes of "Don't" and "'Round" for quotes: rows merged and apostrophes vanished."""
    data = "title,artist\nRock 'n' Roll Train,AC/DC\n'Round Midnight,Thelonious Monk\nDon't Stop,Fleetwood Mac\n"
    async with Client(server()) as client:
        found = await call(client, {"data": data, "output_format": "structured"})
    assert [r["title"] for r in found["formatted_content"]["records"]] == \
        ["Rock 'n' Roll Train", "'Round Midnight", "Don't Stop"]
    async with Client(server()) as client:
        semicolons = await call(client, {"data": data.replace(",", ";"), "output_format": "structured"})
    assert semicolons["formatted_content"]["records"][2] == {"title": "Don't Stop", "artist": "Fleetwood Mac"}
