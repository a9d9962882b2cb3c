"""call_tool_with_file_content, the conversion half: format detection, every format (and its .gz form),
malformed files with line numbers, the XML and YAML expansion attacks, and every data_key merge case."""

from __future__ import annotations

import csv
import gzip
import json

import pytest

from bridge.tools import file_reader
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.formats import MAX_NODES, detect_format, parse_file
from bridge.tools.file_tool.merge import merge_file_data
from bridge.tools.file_tool.tool import MAX_FILE_SIZE
from bridge.tools.formatting.csv_limit import MAX_CSV_FIELD, allow_large_fields

LIMIT = 10 * 1024 * 1024

SEED_CSV = b"name,email,age\nJohn,john@example.com,30\nJane,jane@example.com,25\n"
SEED_CSV_JSON = [{"name": "John", "email": "john@example.com", "age": 30},
                 {"name": "Jane", "email": "jane@example.com", "age": 25}]
SEED_YAML = b"""database:
  host: localhost
  port: 5432
  credentials:
    username: admin
    password: secret
"""
SEED_YAML_JSON = {"database": {"host": "localhost", "port": 5432,
                               "credentials": {"username": "admin", "password": "secret"}}}
BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<lolz>&lol9;</lolz>
"""


def parse(data: bytes, name: str) -> object:
    return parse_file(data, name, LIMIT).value


def failure(data: bytes, name: str) -> str:
    with pytest.raises(FileToolError) as caught:
        parse_file(data, name, LIMIT)
    return caught.value.message


@pytest.mark.parametrize(("name", "expected"), [
    ("a.json", ("json", False)), ("A.CSV", ("csv", False)), ("x.tsv", ("tsv", False)), ("c.yaml", ("yaml", False)),
    ("c.yml", ("yaml", False)), ("d.xml", ("xml", False)), ("n.txt", ("txt", False)), ("notes", ("txt", False)),
    ("data.log", ("txt", False)), ("rows.csv.gz", ("csv", True)), ("conf.YML.GZ", ("yaml", True)),
    ("blob.gz", ("txt", True)), ("/dir.json/file", ("txt", False)),
])
def test_detect_format_by_extension_defaulting_to_text(name, expected):
    assert detect_format(name) == expected


def test_seed_csv_example_types_numbers():
    assert parse(SEED_CSV, "users.csv") == SEED_CSV_JSON


def test_csv_cells_that_are_not_plain_numbers_stay_text():
    data = (b"zip,phone,ratio,big,exp,neg,blank,nan\n"
            b"007,+1 555 0100,2.5,12345678901234567890,1e3,-4,,nan\n")
    (row,) = parse(data, "t.csv")  # type: ignore[misc]
    assert row == {"zip": "007", "phone": "+1 555 0100", "ratio": 2.5, "big": "12345678901234567890", "exp": "1e3",
                   "neg": -4, "blank": "", "nan": "nan"}


def test_csv_numbers_are_typed_only_when_they_read_back_as_written():
    """QA: `19.90, 1.0, 1e3, 0.50, +5, -0, 1.000` reached a Word table as `19.9, 1, 1000, 0.5, 5, 0, 1` (a European
    "1.000", one thousand, became 1). A cell is a number only when that number's JSON text is the cell itself."""
    cells = ["19.90", "1.0", "1e3", "0.50", "+5", "-0", "1.000", " 30", "-0.0", "0.00001", "1" * 5000]
    data = (",".join(f"c{i}" for i in range(len(cells))) + "\n" + ",".join(cells) + "\n").encode()
    (row,) = parse(data, "t.csv")  # type: ignore[misc]
    assert list(row.values()) == cells
    typed = ["30", "2.5", "-2.5", "0", "-4", "0.1", "123456.789", "9007199254740991"]
    data = (",".join(f"c{i}" for i in range(len(typed))) + "\n" + ",".join(typed) + "\n").encode()
    (row,) = parse(data, "t.csv")  # type: ignore[misc]
    assert list(row.values()) == [30, 2.5, -2.5, 0, -4, 0.1, 123456.789, 9007199254740991]
    assert [json.dumps(value) for value in row.values()] == typed


@pytest.fixture
def field_limit():
    """csv's process-wide field size limit, put back after the test."""
    before = csv.field_size_limit()
    yield
    csv.field_size_limit(before)


def test_a_csv_field_may_be_as_long_as_the_largest_file(field_limit):
    """QA: a valid CSV with one field over 131,072 characters (csv's default limit) was refused."""
    assert csv.field_size_limit() == MAX_CSV_FIELD  # set on import
    csv.field_size_limit(131_072)  # as if something had lowered it again: each parse raises it
    wide = "x" * 200_000
    assert parse(f"id,notes\n1,{wide}\n2,\"{wide}\"\n".encode(), "wide.csv") == [
        {"id": 1, "notes": wide}, {"id": 2, "notes": wide}]
    assert csv.field_size_limit() == MAX_CSV_FIELD >= MAX_FILE_SIZE
    assert MAX_CSV_FIELD >= file_reader.SCHEMA["max_size"]["maximum"]
    csv.field_size_limit(MAX_CSV_FIELD * 2)
    assert allow_large_fields() == MAX_CSV_FIELD * 2  # raised, never lowered


def test_csv_dialects_are_sniffed():
    assert parse(b"name;age\nAda;36\n", "semi.csv") == [{"name": "Ada", "age": 36}]
    assert parse(b'name,quote\n"Lovelace, Ada","She said ""hi"""\n', "q.csv") == \
        [{"name": "Lovelace, Ada", "quote": 'She said "hi"'}]
    assert parse(b"name\tage\nAda\t36\n\nBob\t7\n", "people.tsv") == [{"name": "Ada", "age": 36},
                                                                       {"name": "Bob", "age": 7}]
    assert parse(b"only\nx\ny\n", "one.csv") == [{"only": "x"}, {"only": "y"}]
    assert parse(b"\xef\xbb\xbfa,b\r\n1,2\r\n", "bom.csv") == [{"a": 1, "b": 2}]


def test_csv_multiline_cells_and_headers_made_unique():
    parsed = parse_file(b'id,id,\n1,"two\nlines",x\n', "m.csv", LIMIT)
    assert parsed.value == [{"id": 1, "id_2": "two\nlines", "": "x"}]  # an empty header cell is the key ""
    assert any("id_2" in note for note in parsed.notes)


def test_malformed_csv_names_the_line():
    rows = "".join(f"n{i},{i}\n" for i in range(13))
    message = failure(f"name,age\n{rows}bad,1,extra\n".encode(), "malformed.csv")
    assert message == "Failed to parse CSV file: Invalid format at line 15: 3 field(s) where the header has 2"
    assert "at line 3" in failure(b"a,b\n1,2\n3\n", "short.csv")
    quoted = failure(b'a,b\n1,"unterminated\n2,3\n', "q.csv")
    assert quoted.startswith("Failed to parse CSV file: Invalid format at line") and "unexpected end of data" in quoted
    assert failure(b"", "empty.csv") == "Failed to parse CSV file: the file is empty (no header row)"
    assert "at line 2" in failure(b"a\tb\n1\t2\t3\n", "x.tsv") and "TSV" in failure(b"a\tb\n1\t2\t3\n", "x.tsv")


def test_json_and_its_parse_errors():
    assert parse(b'[{"name": "Widget", "price": 29.99}]', "p.json") == [{"name": "Widget", "price": 29.99}]
    assert failure(b'{\n  "a": 1,\n  "b" 2\n}', "bad.json") == \
        "Failed to parse JSON file: Expecting ':' delimiter at line 3, column 7"
    assert "NaN is not valid JSON" in failure(b'{"a": NaN}', "nan.json")
    assert "nested too deeply" in failure(b"[" * 100_000 + b"]" * 100_000, "deep.json")


def test_yaml_seed_example_and_non_json_values():
    assert parse(SEED_YAML, "c.yaml") == SEED_YAML_JSON
    value = parse(b"when: 2024-01-02\n2: two\nfalse: yes\nraw: !!binary aGk=\nnan: .nan\nlist: [a, {b: 1}]\n",
                  "v.yml")
    assert value == {"when": "2024-01-02", "2": "two", "false": "yes", "raw": "aGk=", "nan": ".nan",
                     "list": ["a", {"b": 1}]}  # YAML 1.2's core schema: `yes` is text, `.nan` kept as written


def test_yaml_errors_and_refusals():
    assert failure(b"a: 1\nb: [1, 2\nc: 3\n", "bad.yaml").startswith("Failed to parse YAML file:")
    assert failure(b"a: 1\nb: [1, 2\nc: 3\n", "bad.yaml") == \
        "Failed to parse YAML file: did not find expected ',' or ']' (while parsing a flow sequence) at line 3, column 2"
    evil = failure(b"x: !!python/object/apply:os.system ['true']\n", "evil.yaml")
    assert "could not determine a constructor for the tag 'tag:yaml.org,2002:python/object/apply:os.system'" in evil
    bomb = b"a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in range(1, 8):
        prev = chr(ord("a") + level - 1)
        name = chr(ord("a") + level)
        bomb += f"{name}: &{name} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, " \
                f"*{prev}, *{prev}]\n".encode()
    assert f"more than {MAX_NODES:,} values" in failure(bomb, "bomb.yaml")
    assert "recursive alias" in failure(b"a: &a [1, *a]\n", "loop.yaml")
    assert failure(b"a: 1\n---\nb: 2\n", "two.yaml") == "Failed to parse YAML file: but found another document " \
        "(expected a single document in the stream) at line 2, column 1"


def test_xml_follows_xmltodict_convention():
    xml = b"""<?xml version="1.0"?>
<users source="crm">
  <user id="1"><name>Ada</name><age>36</age></user>
  <user id="2"><name>Bob</name><note/></user>
  <title lang="en">Team</title>
</users>"""
    assert parse(xml, "users.xml") == {"users": {
        "@source": "crm",
        "user": [{"@id": "1", "name": "Ada", "age": "36"}, {"@id": "2", "name": "Bob", "note": None}],
        "title": {"@lang": "en", "#text": "Team"}}}


def test_xml_billion_laughs_and_external_entities_are_refused():
    message = failure(BILLION_LAUGHS, "lol.xml")
    assert message.startswith("Failed to parse XML file: refused EntitiesForbidden") and "billion laughs" in message
    xxe = b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>'
    assert "refused" in failure(xxe, "xxe.xml")
    assert failure(b"<a>\n<b></a>", "bad.xml") == "Failed to parse XML file: mismatched tag at line 2, column 6"


def test_text_with_a_json_attempt():
    assert parse(b"Summarize this report.", "r.txt") == "Summarize this report."
    assert parse(b'  {"a": [1, 2]}\n', "data.txt") == {"a": [1, 2]}
    parsed = parse_file(b"[not json", "notes", LIMIT)
    assert parsed.value == "[not json" and "looks like JSON" in parsed.notes[0]
    assert parse("Grüße".encode(), "g.txt") == "Grüße"
    assert failure(b"ok\n\xff\xfe", "bin.txt") == "Failed to parse TXT file: not UTF-8 text (byte 0xff at line 2)"


def test_gzip_variants_and_a_gzip_bomb():
    assert parse(gzip.compress(SEED_CSV), "users.csv.gz") == SEED_CSV_JSON
    assert parse(gzip.compress(SEED_YAML), "c.yaml.gz") == SEED_YAML_JSON
    assert parse(gzip.compress(b'{"a": 1}'), "a.json.gz") == {"a": 1}
    assert parse(gzip.compress(b"a,b\n") + gzip.compress(b"1,2\n"), "two-members.csv.gz") == [{"a": 1, "b": 2}]
    bomb = gzip.compress(b"0" * (LIMIT + 1))
    assert len(bomb) < 100_000
    assert "Decompressed size of 'bomb.txt.gz' exceeds maximum allowed size of 10485760 bytes (10MB)" == \
        failure(bomb, "bomb.txt.gz")
    assert failure(b"not gzip", "x.csv.gz").startswith("Failed to parse gzip file:")
    assert "truncated" in failure(gzip.compress(SEED_CSV)[:-12], "cut.csv.gz")


# ---- merge -------------------------------------------------------------------------------------------------
ROWS = [{"name": "John", "age": 30}]


def test_merge_case_1_no_data_key_file_is_the_arguments():
    merged = merge_file_data({"table": "t", "rows": ROWS}, None, None)
    assert merged.arguments == {"table": "t", "rows": ROWS} and merged.warnings == []
    with pytest.raises(FileToolError, match="content is an array, but tool arguments must be an object: give data_key"):
        merge_file_data(ROWS, None, None)
    with pytest.raises(FileToolError, match="content is a string"):
        merge_file_data("text", "", None)


def test_merge_case_1_with_tool_args_keeps_them_file_wins():
    merged = merge_file_data({"table": "file", "rows": ROWS}, None, {"table": "args", "validate": True})
    assert merged.arguments == {"table": "file", "rows": ROWS, "validate": True}
    assert merged.warnings == ["Warning: tool_args key 'table' conflicts with the file's content. "
                               "File content will overwrite."]


def test_merge_case_2_data_key_with_tool_args():
    tool_args = {"table": "customers", "validate": True}
    merged = merge_file_data(ROWS, "users", tool_args)
    assert merged.arguments == {"users": ROWS, "table": "customers", "validate": True} and merged.warnings == []
    assert tool_args == {"table": "customers", "validate": True}  # the caller's object is not modified


def test_merge_case_3_data_key_only():
    assert merge_file_data(ROWS, "dataset", None).arguments == {"dataset": ROWS}


def test_merge_conflict_is_the_seeds_warning_and_file_wins(caplog):
    merged = merge_file_data(ROWS, "records", {"records": "old", "table": "t"})
    assert merged.arguments == {"records": ROWS, "table": "t"}
    assert merged.warnings == ["Warning: data_key 'records' conflicts with existing tool_args. "
                               "File content will overwrite."]
    assert "conflicts with existing tool_args" in caplog.text


def test_merge_dot_paths_create_intermediate_objects():
    meta = {"type": "word.op", "op": "table.create", "version": "1.0"}
    merged = merge_file_data(ROWS, "meta.args.data", {"content": "People", "meta": meta})
    assert merged.arguments == {"content": "People", "meta": {**meta, "args": {"data": ROWS}}}
    assert "args" not in meta  # a deep copy
    kept = merge_file_data(ROWS, "meta.args.data", {"meta": {"args": {"scope": "document"}}})
    assert kept.arguments == {"meta": {"args": {"scope": "document", "data": ROWS}}} and kept.warnings == []
    assert merge_file_data(ROWS, "a.b.c", None).arguments == {"a": {"b": {"c": ROWS}}}
    assert merge_file_data(ROWS, "a.b", {"a": None}).arguments == {"a": {"b": ROWS}}
    nested = merge_file_data(ROWS, "a.b", {"a": {"b": 1}})
    assert nested.warnings == ["Warning: data_key 'a.b' conflicts with existing tool_args. File content will overwrite."]


def test_merge_dot_path_into_a_json_string_meta():
    meta = json.dumps({"type": "word.op", "op": "table.create", "args": {"header": True}})
    merged = merge_file_data(ROWS, "meta.args.data", {"meta": meta})
    assert merged.arguments == {"meta": {"type": "word.op", "op": "table.create",
                                         "args": {"header": True, "data": ROWS}}}


def test_merge_dot_path_refuses_to_walk_through_a_non_object():
    with pytest.raises(FileToolError, match=r"tool_args.meta.args is an array, not an object"):
        merge_file_data(ROWS, "meta.args.data", {"meta": {"args": [1]}})
    with pytest.raises(FileToolError, match=r"tool_args.a is a string"):
        merge_file_data(ROWS, "a.b", {"a": "text"})
    for bad in ("a..b", ".a", "a.", " "):
        with pytest.raises(FileToolError, match="Invalid data_key"):
            merge_file_data(ROWS, bad, None)
