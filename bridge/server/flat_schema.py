"""JSON schemas without `$defs`/`$ref`, as tool listings publish them.

Pydantic puts every nested model of a tool's result in `$defs` and points at it with `$ref`. That is valid JSON
Schema, but MCP clients that check `structuredContent` without resolving references (or that show the schema to
a model) see an empty object where the nested fields are. The same schema with each reference replaced by what
it names says exactly the same thing. A recursive model cannot be written out that way: its schema is kept as
pydantic made it.
"""

from __future__ import annotations

from typing import Any

_LOCAL_DEFS = "#/$defs/"


class _CannotInline(Exception):
    """A definition refers to itself (directly or through others), or a reference names no definition."""


def inline_refs(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` with every local `$ref` replaced by the definition it names and `$defs` dropped."""
    definitions = schema.get("$defs")
    if not isinstance(definitions, dict):
        return schema
    body = {key: value for key, value in schema.items() if key != "$defs"}
    try:
        inlined = _inline(body, definitions, ())
    except _CannotInline:
        return schema
    assert isinstance(inlined, dict)
    return inlined


def _inline(node: Any, definitions: dict[str, Any], seen: tuple[str, ...]) -> Any:
    if isinstance(node, list):
        return [_inline(item, definitions, seen) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(_LOCAL_DEFS):
        name = ref[len(_LOCAL_DEFS):]
        if name in seen or name not in definitions:
            raise _CannotInline(name)
        target = _inline(definitions[name], definitions, (*seen, name))
        # Keywords beside a $ref (a description, a default) apply together with what it names.
        siblings = {key: _inline(value, definitions, seen) for key, value in node.items() if key != "$ref"}
        return {**target, **siblings}
    return {key: _inline(value, definitions, seen) for key, value in node.items()}
