"""Python's csv module refuses a field over 131,072 characters unless told otherwise (`csv.field_size_limit`).

That limit is process-wide, so it is set here once, at import, to the largest text any tool parses as CSV:
`file_reader`'s largest `max_size` and `call_tool_with_file_content`'s file size limit, both 10 MiB (a field
cannot be longer than its file). The CSV parsers of those tools also call `allow_large_fields` before each parse,
in case something else in the process lowered it since; the limit is only ever raised, never lowered.
"""

from __future__ import annotations

import csv
from typing import Final

MAX_CSV_FIELD: Final = 10 * 1024 * 1024
"""Characters in one CSV field: the largest file (10 MiB) the tools read, as one field."""


def allow_large_fields() -> int:
    """Raise csv's field size limit to MAX_CSV_FIELD (if it is lower); the limit now in force."""
    if csv.field_size_limit() < MAX_CSV_FIELD:
        csv.field_size_limit(MAX_CSV_FIELD)
    return csv.field_size_limit()


allow_large_fields()
