"""call_tool_with_file_content's inputs beyond the seed's examples: array items in `data_key` (`ops[0]`, `ops.0`),
upstream errors that name where data_key put the file, a tool that takes the data as a string (it gets the file's
text), UTF-16/UTF-32 files with a byte-order mark, and a storage filename longer than 255 bytes."""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent

from bridge.tools import data_formatter, document_analyzer, file_tool
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.formats import parse_file
from bridge.tools.file_tool.merge import merge_file_data, split_key
from bridge.tools.file_tool.target_schema import takes_string
from bridge.tools.results import clip
from tests.tools.file_tool_support import allowed_folder

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"
ROWS = [{"name": "Ada", "age": 36}]
CSV = "name,age\nAda,36\nAlan,41\n"
BATCH = {"type": "word.op", "op": "batch", "version": "1.0",
         "args": {"ops": [{"op": "table.create", "args": {"scope": "document", "location": "end"}},
                          {"op": "insertText", "args": {"text": "Source: people.csv"}}]}}


def build() -> MCPServer:
    server = MCPServer("t")
    file_tool.register(server, None)
    data_formatter.register(server, None)
    document_analyzer.register(server, None)

    @server.tool()
    def inspect(meta: Any = None, records: Any = None) -> dict[str, Any]:
        return {k: v for k, v in {"meta": meta, "records": records}.items() if v is not None}

    @server.tool()
    def strict(records: list[int], table: str) -> str:
        return f"{len(records)} into {table}"

    return server


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return allowed_folder(tmp_path, monkeypatch, **{"people.csv": CSV})


async def call(args: dict[str, Any]) -> CallToolResult:
    async with Client(build()) as client:
        return await client.call_tool(NAME, {"server": "word", "output_format": "string", **args})


def texts(result: CallToolResult) -> list[str]:
    return [item.text for item in result.content if isinstance(item, TextContent)]


# ---- 2. array items in data_key -------------------------------------------------------------------------------
def test_data_key_steps_read_both_index_spellings():
    assert split_key("meta.args.ops[0].args.data") == ["meta", "args", "ops", 0, "args", "data"]
    assert split_key("meta.args.ops.0.args.data") == ["meta", "args", "ops", "0", "args", "data"]
    assert split_key("grid[1][2]") == ["grid", 1, 2]
    assert split_key("filter[name]") == ["filter[name]"]  # only digits in brackets index


@pytest.mark.parametrize("data_key", ["meta.args.ops[0].args.data", "meta.args.ops.0.args.data"])
def test_a_file_feeds_an_op_inside_a_batch_envelope(data_key):
    merged = merge_file_data(ROWS, data_key, {"meta": BATCH})
    ops = merged.arguments["meta"]["args"]["ops"]
    assert ops[0]["args"] == {"scope": "document", "location": "end", "data": ROWS}
    assert ops[1] == BATCH["args"]["ops"][1] and merged.warnings == []
    assert "data" not in BATCH["args"]["ops"][0]["args"]  # the caller's object is not modified
    as_string = merge_file_data(ROWS, data_key, {"meta": json.dumps(BATCH)})  # editTask's meta as a JSON string
    assert as_string.arguments["meta"]["args"]["ops"][0]["args"]["data"] == ROWS


def test_an_index_replaces_an_item_and_digits_on_an_object_are_a_key():
    replaced = merge_file_data(ROWS, "records[1]", {"records": ["a", "b"]})
    assert replaced.arguments == {"records": ["a", ROWS]} and "conflicts" in replaced.warnings[0]
    assert merge_file_data(ROWS, "by_year.2024", {"by_year": {}}).arguments == {"by_year": {"2024": ROWS}}
    assert merge_file_data(ROWS, "a.0", None).arguments == {"a": {"0": ROWS}}


@pytest.mark.parametrize(("data_key", "tool_args", "message"), [
    ("meta.args.ops[2].args.data", {"meta": BATCH},
     "tool_args.meta.args.ops has 2 item(s), so there is no item [2]"),
    ("meta.args.ops.data", {"meta": BATCH},
     "tool_args.meta.args.ops is an array, not an object: reach an item by its index (meta.args.ops.0 or [0])"),
    ("meta[0]", {"meta": {"a": 1}}, "tool_args.meta is an object, not an array, so [0] cannot index it"),
    ("ops[0].data", None, "tool_args.ops is missing, and [0] needs an array there"),
    ("ops[0].data", {"ops": "text"}, "tool_args.ops is a string, not an array, so the file content cannot be"),
])
def test_an_index_that_reaches_nothing_is_refused(data_key, tool_args, message):
    with pytest.raises(FileToolError) as caught:
        merge_file_data(ROWS, data_key, tool_args)
    assert caught.value.message.startswith(f"Invalid data_key '{data_key}': {message}")


async def test_through_the_tool_with_the_bracket_spelling(files):
    result = await call({"tool_name": "inspect", "file_path": "people.csv", "data_key": "meta.args.ops[0].args.data",
                         "tool_args": {"meta": BATCH}})
    assert not result.is_error, texts(result)
    ops = json.loads(texts(result)[0])["meta"]["args"]["ops"]
    assert ops[0]["args"]["data"] == [{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}]


async def test_an_upstream_error_about_the_injected_argument_names_data_key(files):
    refused = await call({"tool_name": "strict", "file_path": "people.csv", "data_key": "records",
                          "tool_args": {"table": "t"}})
    message = texts(refused)[0]
    assert message.startswith("Error in call_tool_with_file_content: Upstream tool 'strict' failed:")
    assert message.endswith("(that is where data_key 'records' put the file's content: an array of 2 items)")
    (files / "ints.json").write_text("[1, 2]")  # the file's content is fine, the table is not: no remark
    table_only = await call({"tool_name": "strict", "file_path": "ints.json", "data_key": "records",
                             "tool_args": {"table": ["not", "text"]}})
    assert "table" in texts(table_only)[0] and "data_key" not in texts(table_only)[0]


# ---- 3. a tool that takes the data as a string gets the file's text -----------------------------------------------
def test_the_schema_decides_whether_the_argument_is_a_string():
    schema = {"type": "object", "$defs": {"Text": {"type": "string"}},
              "properties": {"data": {"type": "string"}, "maybe": {"anyOf": [{"$ref": "#/$defs/Text"},
                                                                             {"type": "null"}]},
                             "either": {"type": ["string", "array"]}, "anything": {},
                             "ops": {"type": "array", "items": {"type": "object",
                                                                "properties": {"text": {"type": "string"}}}}}}
    assert takes_string(schema, ["data"]) and takes_string(schema, ["maybe"])
    assert takes_string(schema, ["ops", 0, "text"]) and takes_string(schema, ["ops", "3", "text"])
    assert not takes_string(schema, ["either"]) and not takes_string(schema, ["anything"])
    assert not takes_string(schema, ["missing"]) and not takes_string(None, ["data"])


async def test_data_formatter_gets_the_csvs_text(files):
    result = await call({"tool_name": "data_formatter", "file_path": "people.csv", "data_key": "data",
                         "tool_args": {"output_format": "table"}})
    assert not result.is_error, texts(result)
    answer, note = texts(result)
    assert answer.startswith("Data successfully formatted as table")
    found = json.loads(answer.split("\n", 1)[1])
    assert found["input_format"] == "csv"
    assert found["formatted_content"]["rows"] == [["Ada", "36"], ["Alan", "41"]]
    assert note == ("data_key 'data' takes a string (the tool's input schema), so the file's text was passed as it "
                    "is, not converted from CSV")


async def test_document_analyzer_gets_a_json_files_text(files):
    (files / "notes.json").write_text('["First note about the plan.", "Second note."]')
    result = await call({"tool_name": "document_analyzer", "file_path": "notes.json", "data_key": "content",
                         "tool_args": {"analysis_type": "readability"}})
    assert not result.is_error, texts(result)


async def test_a_tool_that_takes_an_array_still_gets_the_parsed_rows(files):
    result = await call({"tool_name": "strict", "file_path": "people.csv", "data_key": "records",
                         "tool_args": {"table": "t"}})
    assert "Input should be a valid integer" in texts(result)[0]  # rows (objects), not the CSV's text


# ---- 4. byte-order marks -------------------------------------------------------------------------------------
@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", "utf-8"])
@pytest.mark.parametrize(("name", "text"), [("people.csv", CSV), ("people.tsv", CSV.replace(",", "\t"))])
def test_a_byte_order_mark_names_the_encoding(codec, name, text):
    mark = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE, "utf-32-le": codecs.BOM_UTF32_LE,
            "utf-32-be": codecs.BOM_UTF32_BE, "utf-8": codecs.BOM_UTF8}[codec]
    data = mark + text.replace("\n", "\r\n").encode(codec)
    assert parse_file(data, name, 1 << 20).value == [{"name": "Ada", "age": 36}, {"name": "Alan", "age": 41}]


def test_broken_utf16_says_utf16_and_the_line():
    data = codecs.BOM_UTF16_LE + "a,b\n1,2\n".encode("utf-16-le") + "\ud800".encode("utf-16-le", "surrogatepass")
    with pytest.raises(FileToolError) as caught:
        parse_file(data, "x.csv", 1 << 20)
    assert caught.value.message == "Failed to parse CSV file: not UTF-16 text (byte 0x00 at line 3)"


async def test_an_excel_unicode_text_file_through_the_tool(files):
    (files / "excel.tsv").write_bytes(codecs.BOM_UTF16_LE + "name\tage\r\nAda\t36\r\n".encode("utf-16-le"))
    result = await call({"tool_name": "inspect", "file_path": "excel.tsv", "data_key": "records"})
    assert not result.is_error and json.loads(texts(result)[0]) == {"records": ROWS}


# ---- 5. a filename longer than 255 bytes ---------------------------------------------------------------------
async def test_a_long_filename_is_refused_for_its_length(files):
    long_name = "r" * 296 + ".txt"
    result = await call({"tool_name": "inspect", "file_path": "people.csv", "data_key": "records",
                         "filename": long_name})
    assert texts(result)[0] == (f"Error in call_tool_with_file_content: Invalid filename '{clip(long_name)}': it is "
                                "300 bytes long, longer than the 255 bytes a file name may have")
    wide = "é" * 128  # 128 characters, 256 bytes in UTF-8
    assert "256 bytes long" in texts(await call({"tool_name": "inspect", "file_path": "people.csv",
                                                 "data_key": "records", "filename": wide}))[0]
    ok = await call({"tool_name": "inspect", "file_path": "people.csv", "data_key": "records",
                     "filename": "r" * 251 + ".txt"})
    assert not ok.is_error, texts(ok)
