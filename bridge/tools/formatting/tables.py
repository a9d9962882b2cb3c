"""JSON, CSV or plain text into one table shape (`table_shape.Table`), with numeric-aware sorting.

- JSON: `json_tables` (records, rows, columns, records under single-key objects such as an XML file's
  `{"people": {"person": [...]}}`, Key/Value); nested values become compact JSON, numbers as the data wrote them.
- CSV: the delimiter (, ; tab |) is the one most lines split on as the header does (`csv_detect`); the first row
  is the header, an empty cell of it staying empty (`columns.field_names` names it `Column <n>` where a name is needed);
  short rows are padded with empty cells; only blank lines are left out (a row of empty cells, `,,`, is a row).
- Text: a markdown table, `key: value` lines (Key/Value), or one item per line (bullets and numbers removed).
- auto: JSON when the data starts with `[` or `{`, text when it starts with `|` (a markdown table), CSV when a
  delimiter fits and the lines do not read as prose (`csv_detect`), else text.
Data with nothing in it (`[]`, `{}`, blank text, records without fields) raises EmptyData saying so. A leading
byte-order mark is not data.
Headers that the display transform makes equal (`Name`, `name`) show their keys; still-equal ones are numbered.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections import Counter
from decimal import Decimal
from typing import Any, Final

from bridge.tools.formatting.csv_detect import detect
from bridge.tools.formatting.json_tables import MAX_DEPTH, WrittenFloat, compact_json, from_json, parse_json
from bridge.tools.formatting.table_shape import DataParseError, EmptyData, Table, display_header

__all__ = ["MAX_DEPTH", "DataParseError", "EmptyData", "Table", "WrittenFloat", "cell_text", "display_header",
           "is_numeric", "number", "parse", "present", "sort_rows"]

NUMBER = re.compile(r"^[-+]?[$€£¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?%?$|^[-+]?\.\d+$")
EXPONENT: Final = re.compile(r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)[eE][-+]?\d+")
"""A number written with an exponent, as JSON writes one (`1e3`, `2.5E-3`; `.5e1` too, as NUMBER takes `.5`)."""
MISSING: Final = frozenset({"n/a", "n.a.", "na", "-", "--", "–", "—", "null", "none", "nil"})
"""Cell texts that say a value is missing: they sort with the blanks' neighbours, after every value, and are no value
of a column (`present`): a column of numbers with `n/a` in it is a column of numbers."""


def number(value: Any) -> float | None:
    """A number, from a JSON number or text such as "1,200", "$25", "12.5%"; else None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return _finite(value)
    if isinstance(value, str) and NUMBER.match(value.strip()):
        return _finite(re.sub(r"[,$€£¥%\s+]", "", value.strip()))
    if isinstance(value, str) and EXPONENT.fullmatch(value.strip()):
        return _finite(value.strip())
    return None


def _finite(value: int | float | str) -> float | None:
    """The value as a float, or None past the float range: "9" * 400 is text, not infinity."""
    try:
        found = float(value)
    except OverflowError:
        return None
    return found if math.isfinite(found) else None


def _float_text(value: float) -> str:
    """A number as the data wrote it (`19.90` stays `19.90`), an exponent written out (`1e3` → `1000`, `2.5e-3` →
    `0.0025`; a far one such as `1.7e308` stays as written), and never a `.0` the data did not write."""
    written = getattr(value, "written", None)
    if written is not None:
        if not re.search(r"[eE]", written):
            return written
        exact = Decimal(written)
        return format(exact.normalize(), "f") if abs(exact.adjusted()) <= 20 else written
    return str(int(value)) if value.is_integer() and abs(value) < 1e16 else repr(value)


def cell_text(value: Any) -> str:
    """How a value reads in a table cell: numbers as the data wrote them, JSON literals for booleans, nested values
    as compact JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, float):
        return _float_text(value)
    if isinstance(value, int):
        return str(value)
    return compact_json(value)


def blank_line(row: list[str]) -> bool:
    """A CSV line with nothing on it (or only spaces), which is not a row; `,` (empty cells) and `""` (one empty
    cell) are rows, as `call_tool_with_file_content` reads them."""
    return not row or (len(row) == 1 and row[0] != "" and not row[0].strip())


def _parse_csv(data: str, dialect: type[csv.Dialect] | None = None) -> Table:
    """The rows as the data has them: only blank lines are left out (not the line ends or the leading delimiter of
    a row: `\tQ1\tQ2`, a table whose top-left cell is empty, keeps its empty first header cell)."""
    dialect = dialect or detect(data, allow_prose=True)
    try:
        reader = list(csv.reader(io.StringIO(data), dialect or "excel", strict=True))
    except csv.Error as exc:
        raise DataParseError("csv", f"Invalid CSV: {exc}") from exc
    reader = [r for r in reader if not blank_line(r)]
    if len(reader) < 2:
        raise DataParseError("csv", "CSV needs a header row and at least one data row")
    width = max(len(r) for r in reader)
    keys = [c.strip() for c in reader[0]] + [""] * (width - len(reader[0]))
    rows: list[list[Any]] = [[c.strip() for c in r] + [None] * (width - len(r)) for r in reader[1:]]
    return Table(keys, list(keys), rows)


_MD_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
_KEY_VALUE = re.compile(r"^([^:]{1,40}):\s+(\S.*)$")
_BULLET = re.compile(r"^(?:[-*•·]|\d+[.)])\s+")


def _parse_text(data: str) -> Table:
    lines = [line.strip() for line in data.splitlines() if line.strip()]
    if len(lines) >= 2 and all(line.startswith("|") for line in lines):
        cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines if not _MD_SEPARATOR.match(line)]
        return from_json(cells)
    pairs = [_KEY_VALUE.match(line) for line in lines]
    if lines and sum(1 for p in pairs if p) >= 0.6 * len(lines):
        return Table(["key", "value"], ["Key", "Value"], [[p.group(1).strip(), p.group(2).strip()] for p in pairs if p])
    return Table(["item"], ["Item"], [[_BULLET.sub("", line)] for line in lines])


def parse(data: str, input_format: str) -> tuple[str, Table]:
    """The format that was read (auto resolved) and the table (see the module docstring)."""
    fmt = input_format
    dialect = None
    data = data.removeprefix("\ufeff")  # a byte-order mark, not part of the first header
    stripped = data.lstrip()
    if not stripped:
        raise EmptyData("text" if fmt == "auto" else fmt, "data is blank: nothing to format")
    if fmt == "auto":
        if stripped[:1] in ("[", "{"):
            fmt = "json"
        elif stripped.startswith("|"):
            fmt = "text"  # a markdown table
        else:
            dialect = detect(data)
            fmt = "csv" if dialect is not None else "text"
    table = parse_json(data) if fmt == "json" else _parse_csv(data, dialect) if fmt == "csv" else _parse_text(data)
    if not table.rows:
        raise EmptyData(fmt, "data has no rows: nothing to format")
    if not table.keys:
        raise EmptyData(fmt, "data has no fields (only empty objects or lists): nothing to format")
    table.headers = _distinct(table.keys, table.headers)
    if fmt != "json":
        _read_exponents(table)
    return fmt, table


def _read_exponents(table: Table) -> None:
    """A CSV or text `1e3` in a column of numbers is the number JSON's `1e3` is: it sorts as 1000 and reads `1000`
    (`$1000` in a money column). In a column of text (`1E5` among part codes) it stays text."""
    for i in range(len(table.keys)):
        if not _mostly_numbers([r[i] for r in table.rows if present(r[i])]):
            continue
        for row in table.rows:
            written = row[i].strip() if isinstance(row[i], str) else ""
            if EXPONENT.fullmatch(written) and number(written) is not None:
                row[i] = WrittenFloat(written)


def _distinct(keys: list[str], headers: list[str]) -> list[str]:
    """Headers a reader (and sort_by) can tell apart: where the display transform made two equal (`Name` and `name`
    both `Name`), the keys as the data gives them; where those are equal too (a CSV `Name,Name`), `Name (2)`. An
    empty header cell stays empty (a table's top-left corner); `columns.field_names` names it where a name is needed."""
    counts = Counter(headers)
    shown = [key if counts[header] > 1 else header for key, header in zip(keys, headers, strict=True)]
    used: set[str] = set()
    last: dict[str, int] = {}  # the number a repeated header last got, so a long run of them stays linear
    out = []
    for header in shown:
        name = header
        while name in used and name:
            last[header] = last.get(header, 1) + 1
            name = f"{header} ({last[header]})"
        used.add(name)
        out.append(name)
    return out


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def is_numeric(values: list[Any]) -> bool:
    """A column of numbers: every value that is not missing (blank, `n/a`, `-`: `present`) is a number. The one
    decision every output format makes (a chart's series, a summary's and a record's field type)."""
    values = [v for v in values if present(v)]
    return bool(values) and all(number(v) is not None for v in values)


def _natural(value: Any) -> tuple[Any, ...]:
    """"item 2" before "item 10"; case ignored."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", cell_text(value).casefold()))


def _missing(value: Any) -> bool:
    return isinstance(value, str) and value.strip().casefold() in MISSING


def present(value: Any) -> bool:
    """A value, not a blank and not a text saying it is missing (`n/a`)."""
    return not _blank(value) and not _missing(value)


def _mostly_numbers(values: list[Any]) -> bool:
    """At least half the values are numbers: a column of numbers with a few notes (`unknown`, `approx.`) in it."""
    numbers = sum(1 for v in values if number(v) is not None)
    return numbers > 0 and numbers * 2 >= len(values)


def sort_rows(table: Table, index: int, descending: bool) -> None:
    """Sort in place by one column; then the values saying they are missing (`n/a`, `-`, as the data has them), then
    the blanks, in either order: they are not larger or smaller than any value. A column whose other values are
    mostly numbers sorts numerically, and its texts (`unknown`) come after the numbers; any other column sorts
    naturally ("item 2" before "item 10")."""
    valued = [r for r in table.rows if present(r[index])]
    missing = [r for r in table.rows if _missing(r[index])]
    blank = [r for r in table.rows if _blank(r[index])]
    if _mostly_numbers([r[index] for r in valued]):
        numbers = [r for r in valued if number(r[index]) is not None]
        others = [r for r in valued if number(r[index]) is None]
        numbers.sort(key=lambda r: number(r[index]) or 0.0, reverse=descending)
        others.sort(key=lambda r: _natural(r[index]))
        valued = numbers + others
    else:
        valued.sort(key=lambda r: _natural(r[index]), reverse=descending)
    table.rows = valued + missing + blank
