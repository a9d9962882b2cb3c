"""A one-line summary of an op, used as `content` when a client gives only `meta`.

The pane's log shows `content` next to every call, so a person sees what the assistant did
even when the assistant did not say.
"""

from __future__ import annotations

from typing import Any, Final

MAX_CHARS: Final = 80
_TEXT_ARGS: Final = ("text", "query", "replaceWith", "namedStyle", "markdown")


def summarize(op: str, args: dict[str, Any]) -> str:
    """`op` plus its most telling argument, e.g. `insertText "Hello world"` or `table.create 3×4`."""
    detail = ""
    if op == "batch" and isinstance(args.get("ops"), list):
        names = [str(item.get("op")) for item in args["ops"] if isinstance(item, dict)]
        shown = ", ".join(dict.fromkeys(names))
        return f"batch of {len(names)} ops: " + _clip(shown, MAX_CHARS - 20)
    for name in _TEXT_ARGS:
        value = args.get(name)
        if isinstance(value, str) and value:
            detail = '"' + _clip(" ".join(value.split()), MAX_CHARS - len(op) - 3) + '"'
            break
    else:
        if isinstance(args.get("rows"), int) and isinstance(args.get("cols"), int):
            detail = f"{args['rows']}×{args['cols']}"
        elif isinstance(args.get("tableRef"), str):
            detail = args["tableRef"]
        elif isinstance(args.get("scope"), str):
            detail = args["scope"]
    return f"{op} {detail}".strip()


def _clip(text: str, limit: int) -> str:
    limit = max(limit, 8)
    return text if len(text) <= limit else text[: limit - 1] + "…"
