"""Arguments a tool does not list are refused by name instead of being dropped.

MCPServer validates a call's arguments with a model built from the tool function's signature, and that model
drops any other key silently: `get_time {"tz": "Europe/Paris"}` answered in UTC with success, `data_formatter
{"sortBy": "a"}` left the rows unsorted. `refuse_unknown_arguments` makes the tool's argument model refuse a key
its listed input schema does not name, with the error the tool gives for any other invalid input, naming the key
and the listed argument it most likely misspells (`unknown_message`).

The seeds' input schemas do not say `additionalProperties: false`, so the listed schemas stay as the seeds write
them and the refusal happens here, before the tool runs (and before a resolver, such as text_processor's request
for the client's model).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from difflib import get_close_matches
from typing import Any, Final

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError
from pydantic import model_validator

from bridge.tools.results import INVALID_PARAMS, seed_error

Refusal = Callable[[list[str], list[str]], Exception]
"""Builds the tool's own error for its unknown arguments (in the client's order) and its listed ones."""
CLOSE_CUTOFF: Final = 0.75
"""difflib's ratio above which a key (case, `_` and `-` aside) counts as a misspelling: `stlye` of `style`."""


def unknown_keys(given: Mapping[str, Any], known: Iterable[str]) -> list[str]:
    """The keys of `given` that are not in `known`, in the client's order."""
    listed = set(known)
    return [key for key in given if key not in listed]


def _folded(name: str) -> str:
    return name.casefold().replace("_", "").replace("-", "")


def _abbreviates(short: str, name: str) -> bool:
    """`short` is `name` with letters left out: `tz` of `timezone`, `audience` of `targetaudience`."""
    letters = iter(name)
    return len(short) >= 2 and all(letter in letters for letter in short)


def nearest_name(key: str, known: Sequence[str]) -> str | None:
    """The listed argument `key` most likely means: the same name in another case or spelling (`sortBy`,
    `maxSize`), a close misspelling (`stlye`), else the one listed name it abbreviates (`tz`, `audience`)."""
    folded = {_folded(name): name for name in known}
    key_folded = _folded(key)
    if not key_folded:
        return None
    if key_folded in folded:
        return folded[key_folded]
    close = get_close_matches(key_folded, list(folded), n=1, cutoff=CLOSE_CUTOFF)
    if close:
        return folded[close[0]]
    shortened = [name for f, name in folded.items() if len(key_folded) < len(f) and _abbreviates(key_folded, f)]
    return shortened[0] if len(shortened) == 1 else None


def unknown_message(keys: Sequence[str], known: Sequence[str]) -> str:
    """`Unknown argument 'stlye': did you mean 'style'?`; the listed arguments when a key resembles none."""
    noun = "argument" if len(keys) == 1 else "arguments"
    message = f"Unknown {noun} " + ", ".join(f"'{key}'" for key in keys)
    guessed = {key: near for key in keys if (near := nearest_name(key, known))}
    if len(keys) == 1 and guessed:
        return message + f": did you mean '{guessed[keys[0]]}'?"
    if guessed:
        message += ": did you mean " + ", ".join(f"'{near}' for '{key}'" for key, near in guessed.items()) + "?"
    if len(guessed) < len(keys):
        listed = ", ".join(f"'{name}'" for name in known) if known else "none"
        message += ("." if not guessed else "") + f" The arguments of this tool: {listed}"
    return message


def unknown_fields(keys: Sequence[str], known: Sequence[str]) -> dict[str, Any]:
    """What an error's data says about unknown arguments: the first one (as `parameter`, like any invalid
    argument), all of them, the listed ones and each one's likely meaning."""
    return {"parameter": keys[0], "unknown_arguments": list(keys), "valid_arguments": list(known),
            "did_you_mean": {key: near for key in keys if (near := nearest_name(key, known))}}


def seed_refusal(keys: list[str], known: list[str]) -> MCPError:
    """Seed 000's error for invalid input (-32602 `invalid_parameter`, as `arguments.invalid`) for unknown
    arguments."""
    return seed_error(INVALID_PARAMS, unknown_message(keys, known), "invalid_parameter",
                      ["Check the argument names against the tool's input schema (spelling and case)",
                       "Leave optional arguments out to use their defaults"], **unknown_fields(keys, known))


def refuse_unknown_arguments(server: MCPServer, name: str, refusal: Refusal) -> None:
    """Make tool `name` raise `refusal(unknown, listed)` for a call with arguments its input schema does not list.

    The check runs as the argument model's first step, so nothing of the tool runs; the SDK passes an MCPError
    raised there on as the call's JSON-RPC error (anything else would become its "Error executing tool" text).
    Call it after `list_schema`, which sets the listed names.
    """
    tool = server._tool_manager.get_tool(name)
    if tool is None:
        raise LookupError(f"tool {name} is not registered")
    declared = tool.fn_metadata.arg_model
    schema = tool.parameters

    class RefusingUnknown(declared):  # type: ignore[valid-type, misc]
        @model_validator(mode="before")
        @classmethod
        def _refuse_unknown(cls, data: Any) -> Any:
            if isinstance(data, Mapping):
                known = list(schema.get("properties", {}))
                unknown = unknown_keys(data, known)
                if unknown:
                    raise refusal(unknown, known)
            return data

    RefusingUnknown.__name__ = declared.__name__
    tool.fn_metadata.arg_model = RefusingUnknown
