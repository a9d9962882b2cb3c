"""The one table shape every input format of `data_formatter` becomes, and the errors of reading one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


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
    source: list[str] | None = None
    """The keys of the single-key objects the rows were found under (`people.person` of an XML file's JSON), if any."""


def display_header(key: str) -> str:
    """`first_name` → `First Name`, `department` → `Department`; acronyms and mixed case kept."""
    parts = re.split(r"[_\-\s]+", key.strip())
    return " ".join(p[:1].upper() + p[1:] if p.islower() else p for p in parts if p) or key
