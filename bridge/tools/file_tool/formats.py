"""File formats of `call_tool_with_file_content`: detection by extension and conversion to JSON values.

One module per format, each describing its rules: `json_format` (JSON, and TXT that spells JSON), `csv_format`
(CSV/TSV), `yaml_format`, `xml_format`; `decoding` turns the bytes into text first.
- TXT (and any other extension): the text; when it starts with `{` or `[` and parses as JSON, that value; when
  every line has the same number of tab-separated fields (a sheet saved as Excel's "Unicode Text"), its rows as TSV's.
- `<name>.<ext>.gz`: the same after gunzip (the decompressed size is held to the same limit).
- A workbook, Word file or PDF (XLSX, XLS, ODS, DOCX…: `office_files`) is refused, saying to save it as CSV or text.
- When the tool takes the data as a string (`as_text`): CSV/TSV/TXT/JSON as their text, unparsed (a tool that
  takes a string reads those); YAML and XML as their JSON conversion, compact JSON text (`converted`): a tool that
  reads "JSON, CSV, or plain text" would take a YAML list or an XML tree for prose, and JSON is valid YAML 1.2, so a
  tool that reads YAML still reads it.
- A CSV/TSV with a header row and no records: `[]`, or the header as the one row for this bridge's tools
  (`header_only`).
The names below stay importable from here for the modules and tests that took them from this one.
"""

from __future__ import annotations

import json
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
    read_csv,
)
from bridge.tools.file_tool.decoding import decode, gunzip
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.json_format import parse_json, parse_text
from bridge.tools.file_tool.xml_format import parse_xml
from bridge.tools.file_tool.yaml_format import MAX_NODES, MAX_YAML_DEPTH, YamlLoader, parse_yaml
from bridge.tools.formatting.office_files import binary_office_file, what_to_do
from bridge.tools.results import clip

FORMATS: Final = {".json": "json", ".csv": "csv", ".tsv": "tsv", ".yaml": "yaml", ".yml": "yaml", ".xml": "xml",
                  ".txt": "txt"}
TAB_TABLE_NOTE: Final = ("The TXT file has the same number of tab-separated fields on every line (as Excel's "
                         "\"Unicode Text\" saves a sheet): it was read as TSV, its first line the header")
TEXT_AS_JSON: Final = ("yaml", "xml")
"""Formats a string parameter gets as their JSON conversion, not their text."""


@dataclass
class Parsed:
    """A file's content as a JSON value, and what the conversion wants the caller to know."""

    value: Any
    format: str
    compressed: bool
    notes: list[str] = field(default_factory=list)
    header: list[str] | None = None
    """A CSV/TSV file's (or TXT sheet's) header row as the file has it: the rows of a file without records."""
    converted: bool = False
    """`value` is the file's JSON conversion written as JSON text (a YAML or XML file for a string parameter)."""


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
    without it a TXT is its text, as the seed passes TXT to a tool whose schema does not ask for an array. With
    `as_text`, YAML and XML are converted and written as compact JSON text (`Parsed.converted`)."""
    fmt, compressed = detect_format(path)
    if compressed:
        data = gunzip(data, path, max_size)
    notes: list[str] = []
    header: list[str] | None = None
    binary = binary_office_file(path, data)
    if binary is not None:
        raise FileToolError(f"Unsupported file format: '{clip(PurePath(path).name)}' is {binary}, a binary format this "
                            f"tool does not read: {what_to_do(path)} (supported: JSON, CSV, TSV, YAML, XML, TXT, "
                            "each also gzipped)")
    if as_text and fmt not in TEXT_AS_JSON:
        return Parsed(decode(data, fmt), fmt, compressed, notes)
    if fmt == "xml":
        value = parse_xml(data)
    else:
        text = decode(data, fmt)
        if fmt == "json":
            value = parse_json(text, "JSON")
        elif fmt in ("csv", "tsv"):
            header, value = read_csv(text, fmt, notes)
        elif fmt == "yaml":
            value = parse_yaml(text)
        else:
            value = parse_text(text, notes)
            if tab_rows and isinstance(value, str) and is_tab_table(value):
                header, value = read_csv(value, "tsv", notes)
                notes.append(TAB_TABLE_NOTE)
    if as_text:  # YAML or XML for a string parameter
        return Parsed(json.dumps(value, ensure_ascii=False, separators=(",", ":")), fmt, compressed, notes,
                      converted=True)
    return Parsed(value, fmt, compressed, notes, header)


def header_only(parsed: Parsed, as_rows: bool) -> None:
    """A CSV/TSV (or TXT sheet) with a header row and no records: the seed's records are `[]`, which says nothing of
    the header. For this bridge's own tools (`as_rows`: a Word table's data), the header becomes the one row (a
    one-row table of it, as the file is); for others `[]` stays, with a note saying why it is empty."""
    if parsed.header is None or parsed.value != []:
        return
    names = ", ".join(parsed.header)
    label = "TXT" if parsed.format == "txt" else parsed.format.upper()
    if as_rows:
        parsed.value = [parsed.header]
        parsed.notes.append(f"The {label} file has a header row ({names}) but no records: the header was passed as "
                            "the one row (a one-row table)")
    else:
        parsed.notes.append(f"The {label} file has a header row ({names}) but no records: an empty array was passed")


__all__ = [
    "DECIMAL", "FORMATS", "MAX_NODES", "MAX_NUMBER_TEXT", "MAX_SAFE_INTEGER", "MAX_YAML_DEPTH", "SNIFF_BYTES",
    "Parsed", "Rfc4180", "YamlLoader", "cell_value", "decode", "delimiter", "detect_format", "gunzip", "header_only",
    "parse_csv", "parse_file", "parse_json", "parse_text", "parse_xml", "parse_yaml", "read_csv",
]
