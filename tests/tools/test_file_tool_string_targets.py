"""call_tool_with_file_content into a parameter the tool's schema types as a string: CSV/TSV/TXT/JSON go as the
file's text, YAML and XML as their JSON conversion (compact JSON text, which a YAML reader also reads), with a note
saying so. data_formatter (`data`) is the target here; editTask's `content` (the legacy form's text) is in
test_file_tool_bridge.py."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent

from bridge.tools import data_formatter, file_tool
from bridge.tools.file_tool.formats import parse_file
from tests.tools.file_tool_support import allowed_folder

pytestmark = pytest.mark.anyio

NAME = "call_tool_with_file_content"
PEOPLE_YAML = "- name: John\n  age: 30\n- name: Jane\n  age: 25\n"
PEOPLE_XML = ("<people><person><name>John</name><age>30</age></person>"
              "<person><name>Jane</name><age>25</age></person></people>")
PEOPLE_JSON = '[{"name":"John","age":30},{"name":"Jane","age":25}]'


def texts(result: CallToolResult) -> list[str]:
    return [item.text for item in result.content if isinstance(item, TextContent)]


async def format_file(folder: Path, monkeypatch: pytest.MonkeyPatch, name: str, text: str) -> CallToolResult:
    allowed_folder(folder, monkeypatch, **{name: text})
    server = MCPServer("t")
    file_tool.register(server, None)
    data_formatter.register(server, None)
    async with Client(server) as client:
        return await client.call_tool(NAME, {"server": "word", "tool_name": "data_formatter", "file_path": name,
                                             "data_key": "data", "tool_args": {"output_format": "table"},
                                             "output_format": "string"})


def test_yaml_and_xml_as_text_are_their_json_conversion():
    assert parse_file(PEOPLE_YAML.encode(), "people.yaml", 1 << 20, as_text=True).value == PEOPLE_JSON
    xml = parse_file(PEOPLE_XML.encode(), "people.xml", 1 << 20, as_text=True).value
    assert json.loads(xml) == {"people": {"person": [{"name": "John", "age": "30"}, {"name": "Jane", "age": "25"}]}}
    assert parse_file(b"a,b\n1,2\n", "x.csv", 1 << 20, as_text=True).value == "a,b\n1,2\n"
    assert parse_file(b'{"a": 1}', "x.json", 1 << 20, as_text=True).value == '{"a": 1}'  # JSON keeps its text
    assert parse_file(gzip.compress(b"- x\n"), "x.yml.gz", 1 << 20, as_text=True).value == '["x"]'


@pytest.mark.parametrize(("name", "text", "fmt"), [("people.yaml", PEOPLE_YAML, "YAML"),
                                                  ("people.xml", PEOPLE_XML, "XML")])
async def test_data_formatter_gets_the_json_conversion(tmp_path, monkeypatch, name, text, fmt):
    result = await format_file(tmp_path, monkeypatch, name, text)
    assert not result.is_error, texts(result)
    answer, note = texts(result)
    found = json.loads(answer.split("\n", 1)[1])
    assert found["input_format"] == "json" and "<people>" not in answer and "- name" not in answer
    if fmt == "YAML":  # the records are a table; XML's tree is the object xmltodict makes of it
        assert found["formatted_content"]["headers"] == ["Name", "Age"]
        assert found["formatted_content"]["rows"] == [["John", "30"], ["Jane", "25"]]
    assert note == ("data_key 'data' takes a string (the tool's input schema), so the file's content was passed "
                    f"converted from {fmt} to JSON text")


async def test_a_broken_yaml_file_is_refused_not_passed_as_text(tmp_path, monkeypatch):
    result = await format_file(tmp_path, monkeypatch, "broken.yaml", "a: [1, 2\n")
    assert result.is_error and texts(result)[0].startswith("Error in call_tool_with_file_content: Failed to parse "
                                                            "YAML file")


async def test_a_csv_still_goes_as_its_text(tmp_path, monkeypatch):
    result = await format_file(tmp_path, monkeypatch, "people.csv", "name,age\nJohn,30\n")
    assert not result.is_error, texts(result)
    assert texts(result)[1].endswith("so the file's text was passed as it is, not converted from CSV")
