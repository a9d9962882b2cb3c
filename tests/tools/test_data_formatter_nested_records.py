"""data_formatter finds records under a chain of single-key objects (QA: an XML file, which reaches it as xmltodict's
JSON `{"people": {"person": [...]}}`, gave a Key/Value table of one row of nested JSON). The first list of objects
or rows along the chain is the table, and a `note` says where it was found; one repeated element, which xmltodict
makes an object, not a list (a single `<person>`), is one row. A nested value's JSON keeps the numbers as written."""

from __future__ import annotations

import json
from pathlib import Path
import pytest

from bridge.tools.formatting.tables import parse
from tests.tools.test_data_formatter_exact_cells import formatted
from tests.tools.test_file_tool_string_targets import PEOPLE_XML, format_file, texts

pytestmark = pytest.mark.anyio

PEOPLE = {"people": {"person": [{"name": "John", "age": "30"}, {"name": "Jane", "age": "25"}]}}
NOTE = "The rows were taken from people.person (the records under the objects that wrap them)"


@pytest.mark.parametrize("output_format", ["table", "structured"])
async def test_records_under_single_key_objects_are_the_table(output_format: str) -> None:
    found = await formatted({"data": json.dumps(PEOPLE), "output_format": output_format})
    content = found["formatted_content"]
    if output_format == "table":
        assert content["headers"] == ["Name", "Age"] and content["rows"] == [["John", "30"], ["Jane", "25"]]
    else:
        assert content["records"] == [{"Name": "John", "Age": "30"}, {"Name": "Jane", "Age": "25"}]
    assert found["note"] == NOTE


async def test_an_xml_file_through_call_tool_with_file_content_is_a_table(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    result = await format_file(tmp_path, monkeypatch, "people.xml", PEOPLE_XML)
    assert not result.is_error, texts(result)
    found = json.loads(texts(result)[0].split("\n", 1)[1])
    assert found["formatted_content"]["headers"] == ["Name", "Age"]
    assert found["formatted_content"]["rows"] == [["John", "30"], ["Jane", "25"]]
    assert found["note"] == NOTE


async def test_one_repeated_element_is_one_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one = {"people": {"person": {"name": "John", "age": "30"}}}
    table = parse(json.dumps(one), "auto")[1]
    assert table.headers == ["Name", "Age"] and table.rows == [["John", "30"]] and table.source == ["people", "person"]
    result = await format_file(tmp_path, monkeypatch, "one.xml",
                               "<people><person><name>John</name><age>30</age></person></people>")
    found = json.loads(texts(result)[0].split("\n", 1)[1])
    assert found["formatted_content"]["rows"] == [["John", "30"]] and found["note"] == NOTE


def test_the_first_list_of_records_or_rows_along_the_chain() -> None:
    deep = parse('{"a": {"b": {"c": [["x", "y"], [1, 2]]}}}', "json")[1]
    assert deep.headers == ["x", "y"] and deep.rows == [[1, 2]] and deep.source == ["a", "b", "c"]
    wrapped = parse('{"rows": [{"n": 1}]}', "json")[1]
    assert wrapped.rows == [[1]] and wrapped.source == ["rows"]
    assert parse('[{"n": 1}]', "json")[1].source is None


def test_what_is_no_chain_of_records_stays_key_value() -> None:
    config = parse('{"database": {"host": "localhost", "port": 5432}}', "json")[1]
    assert config.headers == ["Key", "Value"] and config.rows == [["database", {"host": "localhost", "port": 5432}]]
    values = parse('{"a": {"b": [1, 2]}}', "json")[1]
    assert values.headers == ["Key", "Value"] and values.source is None
    with pytest.raises(Exception, match=r"empty list \(people\.person\)"):
        parse('{"people": {"person": []}}', "json")


async def test_a_nested_value_keeps_the_numbers_as_the_json_wrote_them() -> None:
    found = await formatted({"data": '[{"item": "Pen", "size": {"w": 1.50, "h": 2E3, "d": 0.5}}]',
                             "output_format": "table"})
    assert found["formatted_content"]["rows"] == [["Pen", '{"w":1.50,"h":2E3,"d":0.5}']]
    assert "note" not in found


async def test_an_xml_root_with_attributes_still_wraps_its_records(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # xmltodict puts a root's attributes (a namespace, a version) beside its elements as "@" keys
    xml = ('<people xmlns="urn:example:people" version="2"><person id="1"><name>John</name><age>30</age></person>'
           '<person id="2"><name>Jane</name><age>25</age></person></people>')
    result = await format_file(tmp_path, monkeypatch, "people.xml", xml)
    assert not result.is_error, texts(result)
    found = json.loads(texts(result)[0].split("\n", 1)[1])
    assert found["formatted_content"]["headers"] == ["@id", "Name", "Age"]  # a person's attribute is a column
    assert found["formatted_content"]["rows"] == [["1", "John", "30"], ["2", "Jane", "25"]]
    assert found["note"] == NOTE
    plain_json = parse('{"@note": "x", "rows": {"@n": 1}}', "json")[1]  # no records under it: Key/Value
    assert plain_json.headers == ["Key", "Value"]
