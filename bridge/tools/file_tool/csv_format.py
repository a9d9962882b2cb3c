"""CSV and TSV files: the first row is the header; each further row becomes an object keyed by it.

Quoting is RFC 4180's (`"` quotes a field, `""` is a quote inside one; an apostrophe is an ordinary character, as
in `Don't`); only the delimiter is sniffed (among `, ; tab |` for .csv, tab for .tsv): the one that splits most rows
of the first 64 KiB into as many fields as the header, ties going to that order. A cell becomes a number only when
that number's JSON text is exactly the cell (`"30"` → 30, `"2.5"` → 2.5), so that whoever shows it (a Word table)
shows the cell as written; everything else stays a string: `19.90`, `1.0`, `1.000` (a thousand in Europe), `0.50`,
`+5`, `-0`, `1e3`, ` 30`, `007`, `+1 555` and integers beyond 2^53 (IDs a JavaScript client would round). Blank
lines are skipped, but a line `""` is a record of one empty cell, and `,,` one of empty cells; a row with more or
fewer fields than the header is a parse error naming its line. An empty header cell is the key `""`. A TXT file
that is a sheet saved as tab-separated text (`is_tab_table`) is read as TSV.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Final

from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.formatting.csv_limit import allow_large_fields
from bridge.tools.formatting.tables import blank_line

MAX_SAFE_INTEGER: Final = 2**53 - 1
SNIFF_BYTES: Final = 64 * 1024
DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?")
"""The shape of a JSON number without exponent, sign `+` or leading zeros (what `cell_value` may type)."""
MAX_NUMBER_TEXT: Final = 24
"""Longer cells are never a number's own text (17 significant digits, sign, point, zeros before them)."""


class Rfc4180(csv.Dialect):
    """RFC 4180 quoting whatever the delimiter. `csv.Sniffer` would also guess the quote character, and takes
    the apostrophes of `Rock 'n' Roll` and `'Twas` for quotes, merging rows and losing the apostrophes."""

    delimiter = ","
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = csv.QUOTE_MINIMAL
    strict = True


def _sample(text: str) -> str:
    """The first SNIFF_BYTES of `text`, in whole lines."""
    sample = text[:SNIFF_BYTES]
    if len(text) > SNIFF_BYTES and "\n" in sample:
        sample = sample[: sample.rindex("\n")]
    return sample


def _fit(sample: str, delimiter: str) -> tuple[int, int]:
    """(rows with as many fields as the header, the header's width) when `delimiter` splits `sample`;
    (0, 0) when the header is a single field."""
    reader = csv.reader(io.StringIO(sample, newline=""), Rfc4180, delimiter=delimiter, strict=False)
    widths: list[int] = []
    try:
        widths = [len(row) for row in reader if row and (len(row) > 1 or row[0].strip())]
    except csv.Error:  # a sample cut inside a quoted field: the rows read so far still count
        pass
    if not widths or widths[0] < 2:
        return 0, 0
    return sum(width == widths[0] for width in widths), widths[0]


def delimiter(text: str, fmt: str) -> str:
    """The candidate delimiter that fits the most rows (`_fit`); the first candidate when none splits the header."""
    candidates = "\t" if fmt == "tsv" else ",;\t|"
    if len(candidates) == 1:
        return candidates
    sample = _sample(text)
    return max(candidates, key=lambda candidate: _fit(sample, candidate))  # max keeps the first of equals


def cell_value(cell: str) -> Any:
    """The cell as a number when the number's JSON text, as JSON.stringify writes it, is exactly the cell (the
    seed's `"age": 30`); anything else unchanged. An integral float (`1.0`) would read `1`, a rounded one
    (`0.1000000000000000055`) otherwise: both stay text, as do integers a JavaScript client would round."""
    found = DECIMAL.fullmatch(cell) if len(cell) <= MAX_NUMBER_TEXT else None
    if found is None:
        return cell
    if found.group(1) is None:
        number = int(cell)
        return number if abs(number) <= MAX_SAFE_INTEGER and str(number) == cell else cell
    real = float(cell)
    return real if not real.is_integer() and repr(real) == cell else cell


def is_tab_table(text: str) -> bool:
    """Whether a text file is a sheet saved as tab-separated text (Excel's "Unicode Text"): a header and at least one
    row, every line with the same number (2 or more) of tab-separated fields, and two named columns at least (so
    that tab-indented lines are not a table). Prose, with a stray tab or none, is not."""
    if "\t" not in text:
        return False
    reader = csv.reader(io.StringIO(text, newline=""), Rfc4180, delimiter="\t")
    try:
        rows = [row for row in reader if row and (len(row) > 1 or row[0].strip())]
    except csv.Error:
        return False
    width = len(rows[0]) if rows else 0
    named = sum(1 for cell in rows[0] if cell.strip()) if rows else 0
    return len(rows) >= 2 and width >= 2 and named >= 2 and all(len(row) == width for row in rows)


def _header(row: list[str], notes: list[str]) -> list[str]:
    """Column names: stripped, repeats suffixed `_2`, `_3`… An empty header cell stays the key `""` (a table's empty
    top-left corner reaches a Word table as it is); a second one, which JSON cannot key the same, is `column_<n>`."""
    names: list[str] = []
    seen: set[str] = set()
    for i, raw in enumerate(row):
        name = raw.strip()
        if not name and name in seen:
            name = f"column_{i + 1}"
            notes.append(f"Column {i + 1} has no header, and column {names.index('') + 1} already has the empty key "
                         f"\"\"; it was named '{name}'")
        base, n = name, 2
        while name in seen:
            name, n = f"{base}_{n}", n + 1
        if name != base:
            notes.append(f"Header '{base}' repeats; column {i + 1} was named '{name}'")
        seen.add(name)
        names.append(name)
    return names


def parse_csv(text: str, fmt: str, notes: list[str]) -> list[dict[str, Any]]:
    """Rows as objects keyed by the header row, numbers typed; a field may be as long as the file
    (`allow_large_fields`)."""
    return read_csv(text, fmt, notes)[1]


def read_csv(text: str, fmt: str, notes: list[str]) -> tuple[list[str], list[dict[str, Any]]]:
    """The header row as the file has it, and the rows as objects keyed by it (`parse_csv`)."""
    allow_large_fields()
    label = fmt.upper()
    reader = csv.reader(io.StringIO(text, newline=""), Rfc4180, delimiter=delimiter(text, fmt))
    header: list[str] | None = None
    written: list[str] = []
    records: list[dict[str, Any]] = []
    line = 1
    try:
        for row in reader:
            start, line = line, reader.line_num + 1
            if blank_line(row):
                continue
            if header is None:
                written, header = row, _header(row, notes)
                continue
            if len(row) != len(header):
                raise FileToolError(f"Failed to parse {label} file: Invalid format at line {start}: "
                                    f"{len(row)} field(s) where the header has {len(header)}")
            records.append({name: cell_value(cell) for name, cell in zip(header, row, strict=True)})
    except csv.Error as exc:
        raise FileToolError(f"Failed to parse {label} file: Invalid format at line {reader.line_num}: {exc}") \
            from None
    if header is None:
        raise FileToolError(f"Failed to parse {label} file: the file is empty (no header row)")
    return written, records
