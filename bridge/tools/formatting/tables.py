"""JSON, CSV or plain text into one table shape, with numeric-aware sorting.

- JSON: a list of objects (columns in first-seen key order), a list of lists (the first row is the header when it
  is all text, an empty cell "" or null staying an empty header cell as a CSV's does), a list of values, an object
  of equal-length lists (columns), an object holding one list of objects or of lists (unwrapped), or any other
  object (Key/Value rows). Nested values become compact JSON.
- CSV: the delimiter (, ; tab |) is the one most lines split on as the header does (`csv_detect`); the first row
  is the header, an empty cell of it staying empty (`columns.field_names` names it `Column <n>` where a name is needed);
  short rows are padded with empty cells; only blank lines are left out (a row of empty cells, `,,`, is a row).
- Text: a markdown table, `key: value` lines (Key/Value), or one item per line (bullets and numbers removed).
- auto: JSON when the data starts with `[` or `{`, text when it starts with `|` (a markdown table), CSV when a
  delimiter fits and the lines do not read as prose (`csv_detect`), else text.
Data with nothing in it (`[]`, `{}`, blank text, records without fields) raises EmptyData saying so. A leading
byte-order mark is not data. JSON's non-numbers (NaN, Infinity), numbers past the float range and nesting deeper than
MAX_DEPTH are parse errors: no output can hold them as JSON, and deep nesting would exhaust the recursion limit.
Headers that the display transform makes equal (`Name`, `name`) show their keys; still-equal ones are numbered.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Final

from bridge.tools.formatting.csv_detect import detect

MAX_DEPTH: Final = 100
_JSON_NESTING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)  # a string (skipped whole) or a bracket
NUMBER = re.compile(r"^[-+]?[$€£¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?%?$|^[-+]?\.\d+$")
EXPONENT: Final = re.compile(r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)[eE][-+]?\d+")
"""A number written with an exponent, as JSON writes one (`1e3`, `2.5E-3`; `.5e1` too, as NUMBER takes `.5`)."""
MISSING: Final = frozenset({"n/a", "n.a.", "na", "-", "--", "–", "—", "null", "none", "nil"})
"""Cell texts that say a value is missing: they sort with the blanks' neighbours, after every value, and are no value
of a column (`present`): a column of numbers with `n/a` in it is a column of numbers."""


class DataParseError(Exception):
    """The data could not be read as `input_format`; the message says where."""

    def __init__(self, input_format: str, details: str) -> None:
        super().__init__(details)
        self.input_format = input_format


class EmptyData(DataParseError):
    """The data was read but holds nothing to format (`[]`, `{}`, blank text, objects without keys)."""


@dataclass
class Table:
    keys: list[str]
    """Column names as the data gives them (sort_by matches these or the headers)."""
    headers: list[str]
    rows: list[list[Any]]


def display_header(key: str) -> str:
    """`first_name` → `First Name`, `department` → `Department`; acronyms and mixed case kept."""
    parts = re.split(r"[_\-\s]+", key.strip())
    return " ".join(p[:1].upper() + p[1:] if p.islower() else p for p in parts if p) or key


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


class WrittenFloat(float):
    """A JSON number with a fraction or an exponent, which remembers how the data wrote it (`19.90`, `1e3`)."""

    __slots__ = ("written",)
    written: str

    def __new__(cls, text: str) -> WrittenFloat:
        found = super().__new__(cls, text)
        found.written = text
        return found


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
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _from_json(found: Any) -> Table:
    if found == [] or found == {}:
        kind = "list" if isinstance(found, list) else "object"
        raise EmptyData("json", f"data is an empty {kind}: nothing to format")
    if isinstance(found, dict):
        lists = [k for k, v in found.items() if isinstance(v, list)]
        if len(found) == 1 and lists and _records_or_rows(found[lists[0]]):
            if not found[lists[0]]:
                raise EmptyData("json", f"data holds only an empty list ({lists[0]}): nothing to format")
            return _from_json(found[lists[0]])
        if found and len(lists) == len(found) and len({len(v) for v in found.values()}) == 1:
            keys = list(found)
            return Table(keys, [display_header(k) for k in keys], [list(r) for r in zip(*found.values(), strict=True)])
        return Table(["key", "value"], ["Key", "Value"], [[k, v] for k, v in found.items()])
    if not isinstance(found, list):
        return Table(["value"], ["Value"], [[found]])
    if found and all(isinstance(x, dict) for x in found):
        keys = list(dict.fromkeys(k for record in found for k in record))
        return Table(keys, [display_header(k) for k in keys], [[record.get(k) for k in keys] for record in found])
    if found and all(isinstance(x, list) for x in found):
        width = max(len(r) for r in found)
        first = found[0]
        if len(found) > 1 and _names(first):
            keys = ["" if x is None else x for x in first] + [f"Column {i + 1}" for i in range(len(first), width)]
            body = found[1:]
        else:
            keys = [f"Column {i + 1}" for i in range(width)]
            body = found
        return Table(keys, list(keys), [list(r) + [None] * (width - len(r)) for r in body])
    return Table(["value"], ["Value"], [[x] for x in found])


def _records_or_rows(values: list[Any]) -> bool:
    """A list that is a table by itself (objects, or rows as lists), which an object holding only it wraps."""
    return all(isinstance(x, dict) for x in values) or all(isinstance(x, list) for x in values)


def _names(row: list[Any]) -> bool:
    """Whether a first row of JSON rows is the header: text, with an empty cell ("" or null) where a CSV's header
    has one, as the CSV path reads its first row whatever the rows under it hold; a number or a nested value makes
    it data."""
    return any(isinstance(x, str) for x in row) and all(x is None or isinstance(x, str) for x in row)


class _NotJsonNumber(ValueError):
    """A number JSON cannot carry through to the output (raised from json.loads' hooks)."""


def _clip(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:20]}… ({len(text)} characters)"


def _constant(name: str) -> Any:
    raise _NotJsonNumber(f"{name} is not valid JSON (JSON has no NaN or Infinity: use null or a string)")


def _float(text: str) -> float:
    value = WrittenFloat(text)
    if not math.isfinite(value):
        raise _NotJsonNumber(f"the number {_clip(text)} is out of range (beyond ±1.8e308)")
    return value


def _int(text: str) -> int:
    """An integer that also fits a float (the statistics and charts need one); Python refuses > 4300 digits."""
    try:
        value = int(text)
        float(value)
    except (ValueError, OverflowError):
        raise _NotJsonNumber(f"the number {_clip(text)} is out of range (beyond ±1.8e308)") from None
    return value


def _too_deep(data: str) -> int | None:
    """Where the arrays and objects first nest deeper than MAX_DEPTH (brackets inside strings don't count)."""
    depth = 0
    for found in _JSON_NESTING.finditer(data):
        bracket = found.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return found.start()
        elif bracket in "]}":
            depth -= 1
    return None


def _parse_json(data: str) -> Table:
    deep = _too_deep(data)
    if deep is not None:
        raise DataParseError("json", f"JSON nested deeper than {MAX_DEPTH} levels (at position {deep})")
    try:
        found = json.loads(data, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise DataParseError("json", f"Invalid JSON syntax at position {exc.pos} (line {exc.lineno}, column "
                                     f"{exc.colno}): {exc.msg}") from exc
    except _NotJsonNumber as exc:
        raise DataParseError("json", f"Invalid JSON: {exc}") from exc
    return _from_json(found)


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
        return _from_json(cells)
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
    table = _parse_json(data) if fmt == "json" else _parse_csv(data, dialect) if fmt == "csv" else _parse_text(data)
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
