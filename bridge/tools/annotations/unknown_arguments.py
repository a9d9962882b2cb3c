"""Arguments a client sends beyond a tool's parameters reach the tool, so that it can refuse them by name.

MCPServer validates a call's arguments with a model built from the tool function's signature, and that model
drops any other key silently: `annotate_chunk {"categorys": […]}` reached the tool as a call without
categories and was answered with success. `pass_unknown_arguments` lets those keys through to the function's
UNKNOWN parameter (a dict), where the input models refuse them with the seed's error object.

Inside an open object (`config` and its chunks: the seed's config file may carry fields of its own, which are
accepted) a key that misspells a known one (`postion`, `chunk` beside `chunks`) is refused all the same, by its path
(`misspelt_keys`): it was accepted and its value dropped, while the same typo at the top level is refused.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from difflib import get_close_matches
from typing import Any, Final

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, ConfigDict

from bridge.tools.annotations.models import unrecognized_keys

UNKNOWN: Final = "unknown_arguments"
"""The tool function's parameter that receives the unknown arguments (`unknown_arguments: Any = None`)."""
MISSPELT_CUTOFF: Final = 0.85
"""How close (difflib's ratio, case aside) a key of an open object must be to a known one to count as its typo:
`postion`, `texts`, `chunkId` are; a chunker's `chunk_index` (0.84 to `chunk_id`), `page` or `heading` are not."""


def pass_unknown_arguments(server: MCPServer, name: str) -> None:
    """Give the registered tool `name` every argument its signature does not name, in its UNKNOWN parameter
    (the SDK has no public hook; its tool manager is reached as `arguments.list_schema` does)."""
    tool = server._tool_manager.get_tool(name)
    if tool is None:
        raise LookupError(f"tool {name} is not registered")
    declared = tool.fn_metadata.arg_model
    if UNKNOWN not in declared.model_fields:
        raise TypeError(f"tool {name} has no {UNKNOWN} parameter to receive unknown arguments")

    class KeepingUnknown(declared):  # type: ignore[valid-type, misc]
        model_config = ConfigDict(extra="allow")

        def model_dump_one_level(self) -> dict[str, Any]:
            unknown = dict(self.model_extra or {})
            if UNKNOWN in self.model_fields_set:  # a client's own key of that name is unknown too
                unknown[UNKNOWN] = getattr(self, UNKNOWN)
            return {**super().model_dump_one_level(), UNKNOWN: unknown}

    KeepingUnknown.__name__ = declared.__name__
    tool.fn_metadata.arg_model = KeepingUnknown


Path = tuple[str | int, ...]


def misspelt_keys(model: type[BaseModel], value: Any, path: Path = ()) -> list[dict[str, Any]]:
    """Zod's `unrecognized_keys` issues for the keys of the open objects inside `value` (validated by `model`)
    that misspell a known key, each naming its object's path (`config.chunks[0]`). Strict objects are left to
    pydantic, which refuses every unknown key."""
    if not isinstance(value, dict):
        return []
    issues: list[dict[str, Any]] = []
    known = list(model.model_fields)
    if model.model_config.get("extra") != "forbid":
        folded = [k.casefold() for k in known]
        typos = [k for k in value if k not in known and get_close_matches(k.casefold(), folded, 1, MISSPELT_CUTOFF)]
        if typos:
            issue = unrecognized_keys(list(path), typos, known)
            issue["message"] = issue["message"].replace("in object:", f"in object {_shown(path)}:", 1)
            issues.append(issue)
    for name, field in model.model_fields.items():
        for inner, item, steps in _models_in(field.annotation, value.get(name)):
            issues += misspelt_keys(inner, item, (*path, name, *steps))
    return issues


def _models_in(annotation: Any, value: Any) -> Iterator[tuple[type[BaseModel], Any, Path]]:
    """The models a field's annotation (`ConfigIn | None`, `list[ChunkIn]`) applies to parts of `value`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation, value, ()
        return
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            yield from _models_in(arg, value)
    elif origin is list and args and isinstance(value, list):
        for index, item in enumerate(value):
            yield from ((inner, part, (index, *steps)) for inner, part, steps in _models_in(args[0], item))


def _shown(path: Path) -> str:
    """`("config", "chunks", 0)` as `config.chunks[0]`."""
    return "".join(f"[{step}]" if isinstance(step, int) else f"{'.' if i else ''}{step}" for i, step in enumerate(path))
