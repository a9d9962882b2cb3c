"""Word's own limits that several op families check (rows, columns, search text, page size)."""

from __future__ import annotations

from typing import Final

MAX_ROWS: Final = 10_000  # rows one op may create or add (Word itself allows 32,767)
MAX_COLS: Final = 63  # Word's column limit
MAX_QUERY: Final = 255  # Word's search-string limit
MAX_SIZE_PT: Final = 1584  # 22 in, Word's largest page side
WORD_LIMIT: Final = " (Word's search limit)"
