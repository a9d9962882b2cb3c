"""Names of a table's columns where a name is needed, and the column a name (`sort_by`) means.

An empty header cell (a table's top-left corner) stays empty in a table; a record's field, a summary's or a chart's
series and `sort_by` call it `Column <n>`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridge.tools.formatting.tables import Table


def blank_name(index: int) -> str:
    """What an empty header cell is called where a name is needed (records, a summary, a chart, sort_by)."""
    return f"Column {index + 1}"


def field_names(table: Table) -> list[str]:
    """The headers, an empty one named `Column <n>` (`Column <n> (2)` if the data has a column of that name): the
    names of a record's fields, of a summary's and a chart's series. A table shows the empty header cell as it is."""
    taken = set(table.headers)
    names = []
    for i, header in enumerate(table.headers):
        name, repeat = header or blank_name(i), 2
        while not header and name in taken:
            name, repeat = f"{blank_name(i)} ({repeat})", repeat + 1
        taken.add(name)
        names.append(name)
    return names


def _loose(s: str) -> str:
    return re.sub(r"[\s_\-]+", "", s).casefold()


def column(table: Table, name: str) -> int | None:
    """The column `name` names: its key or header exactly, else ignoring case, spaces, `_` and `-` (exact first, so
    that `name` reaches the column `name` even when a column `Name` comes before it); a column whose header cell is
    empty by its `field_names` name (`Column 1`), after the data's own names."""
    matches: tuple[Callable[[str], str], ...] = (str, _loose)
    named = field_names(table)
    for match in matches:
        for names in ((table.keys, table.headers), (named,)):
            for i in range(len(named)):
                if any(match(name) == match(n[i]) for n in names):
                    return i
    return None
