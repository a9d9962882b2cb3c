"""JSON data into a `Table`.

A list of objects (columns in first-seen key order), a list of lists (the first row is the header when it is all
text, an empty cell "" or null staying an empty header cell as a CSV's does), a list of values, an object of
equal-length lists (columns), records under a chain of single-key objects (`_records_under`), or any other object
(Key/Value rows). Numbers keep the text the data wrote (`WrittenFloat`): a cell and a nested value's JSON
(`compact_json`) show `1.50` as `1.50`. JSON's non-numbers (NaN, Infinity), numbers past the float range and nesting
deeper than MAX_DEPTH are parse errors: no output can hold them as JSON, and deep nesting would exhaust the
recursion limit.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Final

from bridge.tools.formatting.table_shape import DataParseError, EmptyData, Table, display_header

MAX_DEPTH: Final = 100
_JSON_NESTING: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.S)  # a string (skipped whole) or a bracket


class WrittenFloat(float):
    """A JSON number with a fraction or an exponent, which remembers how the data wrote it (`19.90`, `1e3`)."""

    __slots__ = ("written",)
    written: str

    def __new__(cls, text: str) -> WrittenFloat:
        found = super().__new__(cls, text)
        found.written = text
        return found


def compact_json(value: Any) -> str:
    """A nested value as compact JSON, its numbers as the data wrote them (`{"w":1.50}`; json.dumps would write 1.5,
    and `1e3` as 1000.0). The depth is bounded by MAX_DEPTH (`_too_deep`)."""
    if isinstance(value, WrittenFloat):
        return value.written
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(k, ensure_ascii=False)}:{compact_json(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(compact_json(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def from_json(found: Any) -> Table:
    """The table of a JSON value (see the module docstring)."""
    if found == [] or found == {}:
        kind = "list" if isinstance(found, list) else "object"
        raise EmptyData("json", f"data is an empty {kind}: nothing to format")
    if isinstance(found, dict):
        under = _records_under(found)
        if under is not None:
            path, records = under
            if not records:
                raise EmptyData("json", f"data holds only an empty list ({'.'.join(path)}): nothing to format")
            table = from_json(records)
            table.source = path
            return table
        lists = [k for k, v in found.items() if isinstance(v, list)]
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


def _records_under(found: dict[str, Any]) -> tuple[list[str], list[Any]] | None:
    """(the keys followed, the records) found down a chain of single-key objects: the first list along it when it
    holds objects or rows (`{"rows": [...]}`; an XML file's `{"people": {"person": [...]}}`, xmltodict's root and
    its repeated element), or, two keys down or more, the object the chain ends on as one record (one `<person>`,
    which xmltodict makes an object, not a list). An element's attributes (xmltodict's `@` keys: a root's `xmlns`,
    `version`) do not count as keys of the chain. None when the chain leads to neither (a list of values, a config's
    `{"database": {...}}`): the object is then read by the other rules."""
    path: list[str] = []
    node: Any = found
    while isinstance(node, dict) and len(children := [k for k in node if not str(k).startswith("@")]) == 1:
        key, inner = children[0], node[children[0]]
        if isinstance(inner, list):
            return ([*path, key], inner) if _records_or_rows(inner) else None
        if not isinstance(inner, dict):
            break
        path.append(key)
        node = inner
    return (path, [node]) if len(path) >= 2 and node else None


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


def parse_json(data: str) -> Table:
    """The table of JSON text; a DataParseError says where it is not JSON a table can hold."""
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
    return from_json(found)
