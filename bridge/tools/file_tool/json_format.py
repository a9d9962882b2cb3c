"""JSON files, and TXT (and any other extension): the text, or, when it starts with `{` or `[` and parses as JSON,
that value. NaN and Infinity are refused.

A number is read by the rule a CSV cell follows (`cell_value`): it is a number only when its JSON text is exactly
what the file wrote (`12`, `1.5`, `-0.25`); else the text as written (`1.50`, `1.0`, `2E3`, `1e3`, `-0`, integers a
JavaScript client would round, `1e400` beyond the float range), as a YAML scalar is, so a Word table shows what
the file says and every tool gets the same arguments whichever format the data came in.
"""

from __future__ import annotations

import json
from typing import Any

from bridge.tools.file_tool.csv_format import cell_value
from bridge.tools.file_tool.errors import FileToolError


def _no_constant(name: str) -> Any:
    """Refuse `NaN`, `Infinity` and `-Infinity`, which Python's json module would accept."""
    raise ValueError(f"{name} is not valid JSON")


def parse_json(text: str, label: str) -> Any:
    """The JSON value of `text`; errors name `label` (the file's format) and the line and column."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=cell_value, parse_int=cell_value)
    except json.JSONDecodeError as exc:
        raise FileToolError(f"Failed to parse {label} file: {exc.msg} at line {exc.lineno}, column {exc.colno}") \
            from None
    except ValueError as exc:
        raise FileToolError(f"Failed to parse {label} file: {exc}") from None
    except RecursionError:
        raise FileToolError(f"Failed to parse {label} file: nested too deeply") from None


def parse_text(text: str, notes: list[str]) -> Any:
    """The text, or the JSON value it spells when it looks like a JSON object or array."""
    if text.lstrip()[:1] in ("{", "["):
        try:
            return parse_json(text, "TXT")
        except FileToolError as exc:
            notes.append(f"The text looks like JSON but is not ({exc.message.removeprefix('Failed to parse TXT file: ')}); "
                         "it was passed as a string")
    return text
