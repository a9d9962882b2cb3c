"""Where an op acts: the pane's opaque ids, scopes (`document`, `selection`, `rangeId:<id>`, `anchor:<id>`),
table references and insert locations."""

from __future__ import annotations

import re
from typing import Any, Final

from .invalid_values import Invalid, described, show
from .scalar_values import choice


ID_RE: Final = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
ID_RULE: Final = "ids are 1–128 characters of A–Z a–z 0–9 _ . : -"
TABLE_PREFIX: Final = "tbl_"
# What the pane's ids start with (rng_k3f9_12, tbl_k3f9_3, anc_x7q2…): a bare value given as a scope or tableRef
# is taken as an id only when it looks like one, so a word such as "bogus" or "paragraph 2" is refused as a
# malformed value naming the accepted forms, not looked up as an unknown id.
RANGE_PREFIXES: Final = ("rng_", TABLE_PREFIX)
ANCHOR_PREFIX: Final = "anc_"


def _bare_ref(text: str, forms: str) -> tuple[str, str]:
    """A bare id → (kind, id) by its prefix; anything else is Invalid, listing `forms`."""
    if text.startswith(ANCHOR_PREFIX):
        return "anchor", text
    if text.startswith(RANGE_PREFIXES):
        return ("tableid" if text.startswith(TABLE_PREFIX) else "rangeid"), text
    raise Invalid(f"must be {forms} (ids come from earlier results, e.g. \"rng_k3f9_12\"), got {show(text)}")


def to_id(value: str) -> str:
    """Check an opaque id made by the pane's registry."""
    if not value:
        raise Invalid("has an empty id")
    if not ID_RE.fullmatch(value):
        raise Invalid(f"has an invalid id {show(value)} ({ID_RULE})")
    return value


def _split_ref(text: str) -> tuple[str | None, str]:
    """`kind:id` → (lower-case kind, id) when the kind is one we know; else (None, text)."""
    head, sep, tail = text.partition(":")
    if sep and head.lower() in ("rangeid", "tableid", "anchor"):
        return head.lower(), tail.strip()
    return None, text


SCOPE_FORMS: Final = "\"document\", \"selection\", \"rangeId:<id>\", \"tableId:<id>\" or \"anchor:<id>\""
SCOPE_WORDS: Final[dict[str, str]] = {"document": "document", "selection": "selection", "cursor": "selection", "body": "document"}


def to_scope(value: Any) -> str:
    """`document | selection | rangeId:<id> | anchor:<id>`; a bare id and `tableId:<id>` become `rangeId:<id>`.

    An `anchor:<id>` (from anchor.create) is a tagged content control: unlike a rangeId it outlives the pane.
    A table's id as a scope is the table, one block (docs/canonical-ops.md, "A table as a scope"): the pane tells a
    table's id by its `tbl_` prefix, so `tableId:tbl_x` is the bare `tbl_x`, which is `rangeId:tbl_x`.
    """
    if not isinstance(value, str):
        raise Invalid(f"must be {SCOPE_FORMS}, got {described(value)}")
    text = value.strip()
    if text.lower() in SCOPE_WORDS:
        return SCOPE_WORDS[text.lower()]
    kind, ident = _split_ref(text)
    if kind == "tableid":
        return "rangeId:" + _table_id(ident)
    if not text:
        raise Invalid(f"must be {SCOPE_FORMS}, got an empty string")
    if kind is None:
        kind, ident = _bare_ref(text, SCOPE_FORMS)
    if kind == "anchor":
        return "anchor:" + to_id(ident)
    return "rangeId:" + to_id(ident)


def _table_id(ident: str) -> str:
    """The id of a `tableId:<id>` scope: a table's id, as the pane makes them (`tbl_…`)."""
    checked = to_id(ident)
    if not checked.startswith(TABLE_PREFIX):
        raise Invalid(f"has tableId:{checked}, which is not a table's id (those start with \"{TABLE_PREFIX}\"); "
                      "a range's id goes in \"rangeId:<id>\"")
    return checked


def to_table_ref(value: Any) -> str:
    """`tableId:<id> | rangeId:<id> | anchor:<id>`; a bare id goes by prefix (`tbl_` → tableId, else rangeId)."""
    if not isinstance(value, str):
        raise Invalid(f"must be \"tableId:<id>\" or \"rangeId:<id>\", got {described(value)}")
    text = value.strip()
    if not text:
        raise Invalid("must be \"tableId:<id>\" or \"rangeId:<id>\", got an empty string")
    kind, ident = _split_ref(text)
    if kind is None:
        kind, ident = _bare_ref(text, "\"tableId:<id>\", \"rangeId:<id>\" or \"anchor:<id>\"")
    if kind == "anchor":
        return "anchor:" + to_id(ident)
    return ("tableId:" if kind == "tableid" else "rangeId:") + to_id(ident)


LOCATIONS: Final = ("start", "end", "before", "after", "replace")
LOCATION_ALIASES: Final[dict[str, str]] = {"append": "end", "prepend": "start", "insert": "replace"}


def to_location(value: Any) -> str:
    """`start | end | before | after | replace`, with the seed's aliases, any case."""
    return choice(value, LOCATIONS, LOCATION_ALIASES)
