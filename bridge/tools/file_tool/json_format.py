"""JSON files, parsed as is (NaN, Infinity and numbers beyond the float range such as 1e400 refused), and TXT (and any other extension):
the text, or, when it starts with `{` or `[` and parses as JSON, that value."""

from __future__ import annotations

import json
import math
from typing import Any

from bridge.tools.file_tool.errors import FileToolError


def _no_constant(name: str) -> Any:
    """Refuse `NaN`, `Infinity` and `-Infinity`, which Python's json module would accept."""
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    """A JSON number with a fraction or exponent; one beyond the float range (`1e400`) is refused: Python would read
    it as infinity, which no JSON (nor a Word table cell) can carry as written."""
    value = float(text)
    if not math.isfinite(value):
        shown = text if len(text) <= 40 else f"{text[:20]}… ({len(text)} characters)"
        raise ValueError(f"the number {shown} is out of range (beyond ±1.8e308); write it as a string to keep it")
    return value


def parse_json(text: str, label: str) -> Any:
    """The JSON value of `text`; errors name `label` (the file's format) and the line and column."""
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
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
