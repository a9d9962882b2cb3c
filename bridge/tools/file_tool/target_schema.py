"""What the called tool's input schema says about the argument `data_key` names.

A tool that takes the data as a string (data_formatter's `data`, document_analyzer's `content`, text_processor's
`text`) cannot use the file parsed into an array or object: it gets the file's text instead. The schema is walked
along the `data_key` path (`properties`, `additionalProperties`, `items`, `prefixItems`, local `$ref`, each branch
of `anyOf`/`oneOf`); the argument takes a string when every branch that reaches it allows a string and nothing but
a string or null. A schema that says nothing, or also allows an array or an object, keeps the parsed value.
"""

from __future__ import annotations

from typing import Any, Final

from bridge.tools.file_tool.merge import Step

MAX_DEPTH: Final = 32
"""Nested `$ref`/`anyOf` levels followed (a schema may refer to itself)."""
Schema = dict[str, Any]


def _pointer(root: Schema, ref: str) -> Any:
    """The schema a local JSON pointer (`#/$defs/Row`) names, or None."""
    target: Any = root
    for part in ref[2:].split("/") if ref != "#" else []:
        if not isinstance(target, dict):
            return None
        target = target.get(part.replace("~1", "/").replace("~0", "~"))
    return target


def _branches(schema: Any, root: Schema, depth: int = 0) -> list[Schema]:
    """The concrete schemas `schema` stands for: its `$ref` followed, its `anyOf`/`oneOf` branches flattened."""
    if not isinstance(schema, dict) or depth > MAX_DEPTH:
        return []
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        return _branches(_pointer(root, ref), root, depth + 1)
    for combinator in ("anyOf", "oneOf"):
        alternatives = schema.get(combinator)
        if isinstance(alternatives, list):
            return [branch for alt in alternatives for branch in _branches(alt, root, depth + 1)]
    return [schema]


def _child(schema: Schema, step: Step) -> Any:
    """The schema of what `step` reaches inside a value of `schema`, or None when the schema does not say."""
    properties = schema.get("properties")
    if isinstance(step, str) and isinstance(properties, dict) and step in properties:
        return properties[step]
    if isinstance(step, int) or (step.isascii() and step.isdigit()):
        prefix = schema.get("prefixItems")
        if isinstance(prefix, list) and int(step) < len(prefix):
            return prefix[int(step)]
        if isinstance(schema.get("items"), dict):
            return schema["items"]
    if isinstance(step, str) and isinstance(schema.get("additionalProperties"), dict):
        return schema["additionalProperties"]
    return None


def _types(schema: Schema) -> set[str] | None:
    declared = schema.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list) and all(isinstance(t, str) for t in declared):
        return set(declared)
    return None


def _allowed_types(schema: Schema | None, steps: list[Step]) -> set[str] | None:
    """The JSON types `schema` (a tool's input schema) allows for the argument at `steps`; None when it does not say."""
    if not isinstance(schema, dict):
        return None
    current = _branches(schema, schema)
    for step in steps:
        current = [branch for s in current for branch in _branches(_child(s, step), schema)]
    if not current:
        return None
    allowed: set[str] = set()
    for branch in current:
        types = _types(branch)
        if types is None:  # a branch that takes anything
            return None
        allowed |= types
    return allowed


def takes_string(schema: Schema | None, steps: list[Step]) -> bool:
    """Whether the argument at `steps` must be a string according to `schema` (a tool's input schema)."""
    allowed = _allowed_types(schema, steps)
    return allowed is not None and "string" in allowed and allowed <= {"string", "null"}


def takes_array(schema: Schema | None, steps: list[Step]) -> bool:
    """Whether the argument at `steps` must be an array (rows) according to `schema`, and never a string."""
    allowed = _allowed_types(schema, steps)
    return allowed is not None and "array" in allowed and "string" not in allowed
