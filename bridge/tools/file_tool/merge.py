"""How file content and `tool_args` become the upstream tool's arguments (the seed's `mergeFileDataWithArgs`).

- No `data_key`: the file content is the whole arguments object (seed case 1). MCP arguments are an object, so
  a file that is an array or a scalar needs a `data_key`. Given `tool_args` too (the seed drops them here), they
  are kept and the file's keys win, each clash reported.
- `data_key` (cases 2 and 3): `tool_args` (or `{}`) with the file content at that key; an existing value there
  is overwritten and reported with the seed's warning.
- A dotted `data_key` (`meta.args.data`, the seed's "nested data keys") walks into nested objects, creating the
  missing ones; a JSON string that holds an object on the way (editTask's `meta` in its string form) is read as
  that object. A value on the way that is not an object is an error: overwriting it would drop data silently.
Warnings are returned, not only logged, so the caller can put them in the tool result.
"""

from __future__ import annotations

import copy
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.results import clip

log = logging.getLogger(__name__)


@dataclass
class Merged:
    arguments: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return "a number" if isinstance(value, int | float) else "an object"


def split_key(data_key: str) -> list[str]:
    """`a.b.c` → ['a', 'b', 'c']; empty segments are refused."""
    parts = data_key.split(".")
    if any(not part.strip() for part in parts):
        raise FileToolError(f"Invalid data_key '{clip(data_key)}': use a parameter name, or names joined by dots "
                            "(e.g. 'records' or 'meta.args.data')")
    return parts


def _as_object(value: Any) -> dict[str, Any] | None:
    """An object, or a JSON string spelling one (editTask's string `meta`), else None."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str) and value.lstrip().startswith("{"):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


def merge_file_data(content: Any, data_key: str | None, tool_args: dict[str, Any] | None) -> Merged:
    """The arguments to send upstream, and the warnings about what was overwritten."""
    if not data_key:
        if not isinstance(content, dict):
            raise FileToolError(f"The file's content is {_kind(content)}, but tool arguments must be an object: "
                                "give data_key to pass the content under a parameter name")
        if not tool_args:
            return Merged(dict(content))
        clashes = [key for key in content if key in tool_args]
        warnings = [f"Warning: tool_args key '{key}' conflicts with the file's content. File content will overwrite."
                    for key in clashes]
        for warning in warnings:
            log.warning("%s", warning)
        return Merged({**copy.deepcopy(tool_args), **content}, warnings)
    parts = split_key(data_key)
    result: dict[str, Any] = copy.deepcopy(tool_args) if tool_args else {}
    node = result
    for depth, part in enumerate(parts[:-1]):
        current = node.get(part)
        if current is None:
            node[part] = {}
        else:
            obj = _as_object(current)
            if obj is None:
                where = ".".join(parts[: depth + 1])
                raise FileToolError(f"Invalid data_key '{clip(data_key)}': tool_args.{clip(where)} is "
                                    f"{_kind(current)}, not an object, so the file content cannot be placed inside it")
            node[part] = obj
        node = node[part]
    notes: list[str] = []
    if parts[-1] in node:
        notes.append(f"Warning: data_key '{clip(data_key)}' conflicts with existing tool_args. "
                        "File content will overwrite.")
        log.warning("%s", notes[-1])
    node[parts[-1]] = content
    return Merged(result, notes)
