"""How file content and `tool_args` become the upstream tool's arguments (the seed's `mergeFileDataWithArgs`).

- No `data_key`: the file content is the whole arguments object (seed case 1). MCP arguments are an object, so
  a file that is an array or a scalar needs a `data_key`. Given `tool_args` too (the seed drops them here), they
  are kept and the file's keys win, each clash reported.
- `data_key` (cases 2 and 3): `tool_args` (or `{}`) with the file content at that key; an existing value there
  is overwritten and reported with the seed's warning.
- A dotted `data_key` (`meta.args.data`, the seed's "nested data keys") walks into nested objects, creating the
  missing ones; an array item is `[n]` or `.n` (`meta.args.ops[0].args.data` or `meta.args.ops.0.args.data`, the
  spelling of batch references), and must exist. A JSON string that holds an object or array on the way (editTask's
  `meta` in its string form) is read as that value. A value on the way that cannot hold the next step is an error:
  overwriting it would drop data silently.
Warnings are returned, not only logged, so the caller can put them in the tool result.
"""

from __future__ import annotations

import copy
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Final

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


Step = str | int
"""One step of a `data_key` path: a name, or an array index written `[n]`. A name of digits (`ops.0`) is an index
when it meets an array and a key when it meets an object."""
_INDEXED: Final = re.compile(r"([^\[\]]*)((?:\[[0-9]+\])+)")
_INDEX: Final = re.compile(r"\[([0-9]+)\]")


def split_key(data_key: str) -> list[Step]:
    """`a.b[0].c` → ['a', 'b', 0, 'c']; empty segments are refused. A segment whose brackets hold anything but
    digits (`filter[name]`) is a name as written."""
    parts = data_key.split(".")
    if any(not part.strip() for part in parts):
        raise FileToolError(f"Invalid data_key '{clip(data_key)}': use a parameter name, or names joined by dots "
                            "(e.g. 'records' or 'meta.args.data'; an array item is .0 or [0])")
    steps: list[Step] = []
    for part in parts:
        indexed = _INDEXED.fullmatch(part)
        if indexed is None:
            steps.append(part)
            continue
        if indexed.group(1):
            steps.append(indexed.group(1))
        steps += [int(n) for n in _INDEX.findall(indexed.group(2))]
    return steps


def show_path(steps: list[Step]) -> str:
    """Steps as written in messages: `meta.args.ops[0].args`."""
    text = ""
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def _is_index(step: Step) -> bool:
    return isinstance(step, int) or (step.isascii() and step.isdigit())


def _container(value: Any) -> dict[str, Any] | list[Any] | None:
    """An object or array, or a JSON string spelling one (editTask's string `meta`), else None."""
    if isinstance(value, dict | list):
        return value
    if isinstance(value, str) and value.lstrip()[:1] in ("{", "["):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict | list) else None
    return None


def _wanted(step: Step) -> str:
    """What a value must be for `step` to reach into it."""
    if isinstance(step, int):
        return "an array"
    return "an object or an array" if _is_index(step) else "an object"


def _slot(node: dict[str, Any] | list[Any], step: Step, where: str, data_key: str) -> str | int:
    """The key or index `step` names in `node` (the value at `where`), or why it cannot name one."""
    refused = f"Invalid data_key '{clip(data_key)}': {where}"
    if isinstance(node, dict):
        if isinstance(step, int):
            raise FileToolError(f"{refused} is an object, not an array, so [{step}] cannot index it")
        return step
    if not _is_index(step):
        raise FileToolError(f"{refused} is an array, not an object: reach an item by its index "
                            f"({clip(where.removeprefix('tool_args.'))}.0 or [0])")
    index = int(step)
    if index >= len(node):
        raise FileToolError(f"{refused} has {len(node)} item(s), so there is no item [{index}]")
    return index


def describe(value: Any) -> str:
    """The file's content in a few words, for messages: `an array of 3 items`."""
    if isinstance(value, list | dict):
        what = "item" if isinstance(value, list) else "key"
        return f"{_kind(value)} of {len(value)} {what}{'' if len(value) == 1 else 's'}"
    if isinstance(value, str):
        return f"a string of {len(value)} characters"
    return _kind(value)


_FIELD_PATH: Final = re.compile(r"[A-Za-z_$][\w$-]*(?:\.[\w$-]+|\[[0-9]+\])*")
"""A field path as error texts write one (`records.0`, `args.ops[0].args.data`)."""
_ECHOES: Final = re.compile(r"input_value=.*, input_type=[\w.]+\]|https?://\S+")
"""What an error text holds besides the paths it blames: pydantic's echo of the input it checked (`[type=missing,
input_value={'records': [...]}, input_type=dict]`, which names every argument given, data_key's among them) and
links (`https://errors.pydantic.dev/...`). One line each: the echo's greedy `.*` stops at its line's end."""


def _error_fields(reason: str) -> list[str] | None:
    """The fields an editTask-style envelope's error diagnostics name (`{"ok": false, "diagnostics": [{"level":
    "error", "field": "args.data[2]"}]}`), or None when `reason` is not such an envelope."""
    try:
        found = json.loads(reason)
    except ValueError:
        return None
    diagnostics = found.get("diagnostics") if isinstance(found, dict) else None
    if not isinstance(diagnostics, list):
        return None
    return [d["field"] for d in diagnostics
            if isinstance(d, dict) and d.get("level") == "error" and isinstance(d.get("field"), str)]


def _steps_text(steps: list[Step]) -> list[str]:
    return [str(step) for step in steps]


def _reaches(field: str, key: list[str]) -> bool:
    """Whether `field` (an error's path) is the data_key path or under it. The tool may name it from any level
    (editTask's fields start at `meta`'s `args`): a tail of the path, two steps at least (`args.data`, not just
    `data`) unless data_key is one name, begins the field."""
    try:
        steps = _steps_text(split_key(field))
    except FileToolError:
        return False
    shortest = min(2, len(key))
    return any(steps[: len(key) - start] == key[start:] for start in range(len(key) - shortest + 1))


def blame_hint(reason: str, data_key: str | None, content: Any) -> str:
    """When an upstream's error is about the argument the file's content went to (or something inside it), a remark
    saying data_key put it there (the content was the likely cause); else ''. An envelope's error diagnostics are
    judged by their fields, so a taskId conflict that mentions `args.data` in passing gets no remark; any other
    text by the paths it names (`records.0`), not counting pydantic's echo of the whole input (`_ECHOES`)."""
    if not data_key:
        return ""
    key = _steps_text(split_key(data_key))
    fields = _error_fields(reason)
    paths = fields if fields is not None else _FIELD_PATH.findall(_ECHOES.sub(" ", reason))
    if not any(_reaches(path, key) for path in paths):
        return ""
    return f" (that is where data_key '{clip(data_key)}' put the file's content: {describe(content)})"


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
    steps = split_key(data_key)
    result: dict[str, Any] = copy.deepcopy(tool_args) if tool_args else {}
    node: dict[str, Any] | list[Any] = result
    for depth, step in enumerate(steps[:-1]):
        slot = _slot(node, step, _where(steps, depth), data_key)
        current = node.get(str(slot)) if isinstance(node, dict) else node[int(slot)]
        inner = _inner(current, steps, depth + 1, data_key)
        node[slot] = inner  # type: ignore[index]  # a str slot in an object, an int one in an array
        node = inner
    slot = _slot(node, steps[-1], _where(steps, len(steps) - 1), data_key)
    notes: list[str] = []
    if isinstance(node, list) or slot in node:
        notes.append(f"Warning: data_key '{clip(data_key)}' conflicts with existing tool_args. "
                     "File content will overwrite.")
        log.warning("%s", notes[-1])
    node[slot] = content  # type: ignore[index]
    return Merged(result, notes)


def _where(steps: list[Step], depth: int) -> str:
    """The value the step at `depth` reaches into, as messages name it: `tool_args.meta.args`."""
    return "tool_args" + (f".{show_path(steps[:depth])}" if depth else "")


def _inner(value: Any, steps: list[Step], depth: int, data_key: str) -> dict[str, Any] | list[Any]:
    """The object or array the step at `depth` reaches into: `value`, a new object where there is none, or why
    neither can be."""
    step = steps[depth]
    if value is None:
        if isinstance(step, int):
            raise FileToolError(f"Invalid data_key '{clip(data_key)}': {_where(steps, depth)} is missing, and "
                                f"[{step}] needs an array there")
        return {}
    inner = _container(value)
    if inner is None:
        raise FileToolError(f"Invalid data_key '{clip(data_key)}': {clip(_where(steps, depth))} is {_kind(value)}, "
                            f"not {_wanted(step)}, so the file content cannot be placed inside it")
    return inner
