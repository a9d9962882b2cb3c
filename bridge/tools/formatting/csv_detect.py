"""Whether text is CSV, and with which delimiter (`,` `;` tab `|`), for `data_formatter`'s tables.

A delimiter fits when the header row splits into at least two fields and most lines (the header among them) have
exactly as many: a line with fewer is a short row (padded with empty cells), one with more a row with an unquoted
delimiter, and neither undoes the rest. The delimiter that fits the most lines wins (then the widest header).
Quoting is RFC 4180's (`"`): csv.Sniffer, which this replaces, took the apostrophes of "Don't" for quotes and gave
up on a CSV whose rows had not all the same width.

For `input_format: auto` the lines must not read as prose, whose commas split a sentence rather than fields: a
header field that ends a sentence (`how are you today?`) or is long, or a field that continues a sentence after
the comma (`, eggs and bread`, `, then Bob`) in the header or in half the rows or more.
"""

from __future__ import annotations

import csv
import re
from typing import Final

DELIMITERS: Final = (",", ";", "\t", "|")
SAMPLE_LINES: Final = 50
"""Lines (blank ones left out) the delimiter is judged on."""
MAX_HEADER_WORDS: Final = 6
_SENTENCE_END: Final = re.compile(r"[.!?…]['\"”’)]*$")


def _dialect(delimiter: str) -> type[csv.Dialect]:
    return type("Detected", (csv.excel,), {"delimiter": delimiter})


def _rows(lines: list[str], delimiter: str) -> list[list[str]]:
    try:
        return list(csv.reader(lines, _dialect(delimiter)))
    except csv.Error:  # a stray quote character, a NUL: not CSV with this delimiter
        return []


def _fit(rows: list[list[str]]) -> tuple[int, int] | None:
    """(lines as wide as the header, the header's width) when most lines are, else None."""
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    width = len(rows[0])
    full = sum(1 for r in rows if len(r) == width)
    return (full, width) if full * 2 > len(rows) else None


def _continues_a_sentence(cell: str) -> bool:
    """`, eggs and bread`: a space, then words starting in lowercase, after the delimiter."""
    return cell[:1] == " " and cell[1:2].islower() and len(cell.split()) >= 2


def _reads_as_prose(rows: list[list[str]], delimiter: str) -> bool:
    header, body = rows[0], rows[1:]
    for cell in header:
        words = cell.split()
        if len(words) > MAX_HEADER_WORDS or (len(words) >= 2 and _SENTENCE_END.search(cell.strip())):
            return True
    if delimiter not in ",;":
        return False
    if any(_continues_a_sentence(c) for c in header):
        return True
    continued = sum(1 for r in body if any(_continues_a_sentence(c) for c in r))
    return continued * 2 >= len(body)


def detect(data: str, *, allow_prose: bool = False) -> type[csv.Dialect] | None:
    """The CSV dialect of `data` (its delimiter, RFC 4180 quoting), or None when no delimiter fits it; unless
    `allow_prose` (the caller said it is CSV), lines that read as prose are not CSV either."""
    lines = [line for line in data.splitlines() if line.strip()][:SAMPLE_LINES]
    best: tuple[tuple[int, int], str, list[list[str]]] | None = None
    for delimiter in DELIMITERS:
        rows = _rows(lines, delimiter)
        fit = _fit(rows)
        if fit is not None and (best is None or fit > best[0]):
            best = (fit, delimiter, rows)
    if best is None:
        return None
    _, delimiter, rows = best
    if not allow_prose and _reads_as_prose(rows, delimiter):
        return None
    return _dialect(delimiter)
