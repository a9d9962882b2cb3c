"""YAML files, read with the safe loader and YAML 1.2's core schema (stricter still); binary becomes base64.

A plain scalar is typed only when it is written as JSON would write it: `true`/`false` (also `True`, `TRUE`…),
`null` (`Null`, `NULL`, `~`, nothing), a decimal integer without leading zeros (`-12`, `0`) or a decimal whose
JSON text is exactly the scalar (`2.5`; `1.50`, `1.0` and `1e3` stay text, as a CSV cell does, so a Word table shows
them as written). Everything else is the text as written: YAML 1.1's other spellings
(`yes`/`no`/`on`/`off`/`y`/`n`, octal `01234`, hex `0x1F`, base 60 `12:30:00`, `1_000`, `+5`, `.5`), dates
(`2024-01-02`) and numbers JSON cannot hold (`.inf`, `.nan`, `1e400`). A zip code, a time or a country code `NO`
so reaches the tool (and a Word table) as the file spells it. An explicit tag (`!!int 0x1F`) is still honoured.
A key is its own text (`1`, `true`, `0x1F`, `~`): JSON keys are strings, and typed keys would merge (Python's
`1 == True`). Values keep their types. Aliases are followed but a file that would expand to more than MAX_NODES
values (an alias bomb) is refused. Sequences and mappings nested more than MAX_YAML_DEPTH levels deep (`[[[…]]]`,
`- - - x`, ever deeper indentation) are refused before the document is composed: libyaml's composer recurses on
the C stack, so a 100 KB file of brackets would crash the process rather than raise (`_check_depth`).
"""

from __future__ import annotations

import base64
import datetime as dt
import math
import re
from collections.abc import Iterator
from typing import Any, Final

import yaml

from bridge.tools.file_tool.csv_format import cell_value
from bridge.tools.file_tool.errors import FileToolError

MAX_NODES: Final = 5_000_000
"""Values a YAML file may expand to: far above what 10 MB can spell out without aliases."""
MAX_YAML_DEPTH: Final = 100
"""Levels of YAML sequences and mappings (as JSON arrays and objects) a file may nest, as data_formatter's JSON."""
_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlLoader(_BaseLoader):
    """The safe loader, with the core-schema resolvers below and mappings keyed by each key's own text
    (`_construct_map`)."""

    yaml_implicit_resolvers: dict[str, list[tuple[str, re.Pattern[str]]]] = {}  # not YAML 1.1's (yes, 0x1F, 12:30)


CORE_SCHEMA: Final = (
    ("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")),
    ("tag:yaml.org,2002:int", re.compile(r"^-?(?:0|[1-9][0-9]*)$"), list("-0123456789")),
    ("tag:yaml.org,2002:float", re.compile(r"^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$"),
     list("-0123456789")),
    ("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"]),  # `<<: *base`, which configs rely on
)
"""The implicit types of a plain scalar: YAML 1.2's core schema, numbers held to JSON's spelling (the int pattern
is tried first, so `12` is an int and `1.5` or `1e3` a float)."""
for _tag, _pattern, _first in CORE_SCHEMA:
    YamlLoader.add_implicit_resolver(_tag, _pattern, _first)


def _construct_float(loader: Any, node: yaml.ScalarNode) -> Any:
    """A float when its JSON text is exactly the scalar (`1.5`), by a CSV cell's rule (`cell_value`), so that a Word
    table shows what the file says; else the text as written: `1.50`, `1.0`, `2e3`, and `1e400` or `!!float .nan`,
    which JSON cannot hold."""
    value = loader.construct_yaml_float(node)
    written = loader.construct_scalar(node)
    return value if math.isfinite(value) and cell_value(written) == value else written


YamlLoader.add_constructor("tag:yaml.org,2002:float", _construct_float)


def _construct_map(loader: Any, node: yaml.MappingNode) -> Iterator[dict[str, Any]]:
    """A mapping keyed by its keys' text: the safe loader would type `1` and `true` and merge them (`1 == True`).
    Merge keys (`<<`) are applied first; a later key wins over an earlier one, as before."""
    mapping: dict[str, Any] = {}
    yield mapping
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            raise yaml.constructor.ConstructorError("while constructing a mapping", node.start_mark,
                                                    "found a key that is not a scalar (JSON keys are strings)",
                                                    key_node.start_mark)
        mapping[key_node.value] = loader.construct_object(value_node)


YamlLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)


def _check_depth(text: str) -> None:
    """Refuse YAML nested deeper than MAX_YAML_DEPTH before anything recurses on it.

    libyaml's parser keeps its state on the heap, so walking its events is safe at any depth; the composer that
    `yaml.load` runs next recurses once per level on the C stack (`catch RecursionError` cannot help: the process
    dies of SIGSEGV). The walk stops at the first level too many, which also bounds the scanner's cost (it looks at
    every open flow level for each token). A syntax error ends the walk: the load below reports it as it always
    did, having nested no deeper than the walk saw."""
    depth = 0
    events = yaml.parse(text, Loader=_BaseLoader)
    try:
        for event in events:
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_YAML_DEPTH:
                    raise _too_deep(event.start_mark)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.MarkedYAMLError as exc:
        # PyYAML 6.0.4 and later stop a deep flow collection in the scanner, which reads all of its opening
        # brackets before the first event: the same refusal, in the same words, whichever PyYAML is installed.
        if "nesting depth" in str(exc.problem or ""):
            raise _too_deep(exc.problem_mark) from None
    except yaml.YAMLError:
        pass
    finally:
        events.close()


def _too_deep(mark: yaml.Mark | None) -> FileToolError:
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    return FileToolError(f"Failed to parse YAML file: nested too deeply (more than {MAX_YAML_DEPTH} levels of "
                         f"sequences and mappings{where})")


def parse_yaml(text: str) -> Any:
    """The JSON value of a YAML document; errors name the line and column where the loader stopped."""
    _check_depth(text)
    try:
        value = yaml.load(text, Loader=YamlLoader)  # noqa: S506 - a safe loader (C or Python)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = exc.problem or "invalid YAML"
        if exc.context:
            problem += f" ({exc.context})"
        raise FileToolError(f"Failed to parse YAML file: {problem}{where}") from None
    except yaml.YAMLError as exc:
        raise FileToolError(f"Failed to parse YAML file: {exc}") from None
    except RecursionError:
        raise FileToolError("Failed to parse YAML file: nested too deeply") from None
    try:
        _count_nodes(value, {}, set())
        return _jsonable(value, {})
    except RecursionError:
        raise FileToolError("Failed to parse YAML file: nested too deeply") from None


def _count_nodes(value: Any, counted: dict[int, int], active: set[int]) -> int:
    """How many values `value` expands to once its aliases are spelled out; refuses bombs and cycles."""
    if not isinstance(value, dict | list | tuple | set):
        return 1
    key = id(value)
    if key in counted:
        return counted[key]
    if key in active:
        raise FileToolError("Failed to parse YAML file: a recursive alias (a value that contains itself) "
                            "cannot be converted to JSON")
    active.add(key)
    items = list(value.items()) if isinstance(value, dict) else [(None, item) for item in value]
    total = 1
    for _, item in items:
        total += _count_nodes(item, counted, active)
        if total > MAX_NODES:
            raise FileToolError(f"Failed to parse YAML file: its aliases expand to more than {MAX_NODES:,} values "
                                "(an alias bomb?)")
    active.discard(key)
    counted[key] = total
    return total


def _jsonable(value: Any, done: dict[int, Any]) -> Any:
    """The safe loader's values as JSON values; an aliased container is converted once and shared."""
    if isinstance(value, dict | list | tuple | set):
        if id(value) in done:
            return done[id(value)]
        if isinstance(value, dict):
            out: Any = {k: _jsonable(v, done) for k, v in value.items()}  # keys are text (_construct_map)
        else:
            out = [_jsonable(item, done) for item in (sorted(value, key=str) if isinstance(value, set) else value)]
        done[id(value)] = out
        return out
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # .nan / .inf: JSON has no such numbers
    return value
