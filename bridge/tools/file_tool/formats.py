"""File formats of `call_tool_with_file_content`: detection by extension and conversion to JSON values.

One module per format, each describing its rules: `json_format` (JSON, and TXT that spells JSON), `csv_format`
(CSV/TSV), `yaml_format`, `xml_format`; `decoding` turns the bytes into text first.
- TXT (and any other extension): the text; when it starts with `{` or `[` and parses as JSON, that value; when
  every line has the same number of tab-separated fields (a sheet saved as Excel's "Unicode Text"), its rows as TSV's.
- `<name>.<ext>.gz`: the same after gunzip (the decompressed size is held to the same limit).
- Any format as text, unparsed, when the tool takes the data as a string (`as_text`).
The names below stay importable from here for the modules and tests that took them from this one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any, Final

from bridge.tools.file_tool.csv_format import (
    DECIMAL,
    MAX_NUMBER_TEXT,
    MAX_SAFE_INTEGER,
    SNIFF_BYTES,
    Rfc4180,
    cell_value,
    delimiter,
    is_tab_table,
    parse_csv,
)
from bridge.tools.file_tool.decoding import decode, gunzip
from bridge.tools.file_tool.json_format import parse_json, parse_text
from bridge.tools.file_tool.xml_format import parse_xml
from bridge.tools.file_tool.yaml_format import MAX_NODES, MAX_YAML_DEPTH, YamlLoader, parse_yaml

FORMATS: Final = {".json": "json", ".csv": "csv", ".tsv": "tsv", ".yaml": "yaml", ".yml": "yaml", ".xml": "xml",
                  ".txt": "txt"}
TAB_TABLE_NOTE: Final = ("The TXT file has the same number of tab-separated fields on every line (as Excel's "
                         "\"Unicode Text\" saves a sheet): it was read as TSV, its first line the header")


@dataclass
class Parsed:
    """A file's content as a JSON value, and what the conversion wants the caller to know."""

    value: Any
    format: str
    compressed: bool
    notes: list[str] = field(default_factory=list)


def detect_format(path: str) -> tuple[str, bool]:
    """(format, gzip-compressed) from the file name: `.csv.gz` is compressed CSV; unknown extensions are text."""
    name = PurePath(path).name.lower()
    compressed = name.endswith(".gz")
    if compressed:
        name = name[:-3]
    return FORMATS.get(PurePath(name).suffix, "txt"), compressed


def parse_file(data: bytes, path: str, max_size: int, as_text: bool = False, tab_rows: bool = True) -> Parsed:
    """Convert the bytes of `path` to a JSON value according to its extension; with `as_text`, its text whatever
    the format (for a tool that takes the data as a string). `tab_rows`: a TXT sheet (`is_tab_table`) becomes rows;
    without it a TXT is its text, as the seed passes TXT to a tool whose schema does not ask for an array."""
    fmt, compressed = detect_format(path)
    if compressed:
        data = gunzip(data, path, max_size)
    notes: list[str] = []
    if as_text:
        return Parsed(decode(data, fmt), fmt, compressed, notes)
    if fmt == "xml":
        value = parse_xml(data)
    else:
        text = decode(data, fmt)
        if fmt == "json":
            value = parse_json(text, "JSON")
        elif fmt in ("csv", "tsv"):
            value = parse_csv(text, fmt, notes)
        elif fmt == "yaml":
            value = parse_yaml(text)
        else:
            value = parse_text(text, notes)
            if tab_rows and isinstance(value, str) and is_tab_table(value):
                value = parse_csv(value, "tsv", notes)
                notes.append(TAB_TABLE_NOTE)
    return Parsed(value, fmt, compressed, notes)


__all__ = [
    "DECIMAL", "FORMATS", "MAX_NODES", "MAX_NUMBER_TEXT", "MAX_SAFE_INTEGER", "MAX_YAML_DEPTH", "SNIFF_BYTES",
    "Parsed", "Rfc4180", "YamlLoader", "cell_value", "decode", "delimiter", "detect_format", "gunzip", "parse_csv",
    "parse_file", "parse_json", "parse_text", "parse_xml", "parse_yaml",
]
