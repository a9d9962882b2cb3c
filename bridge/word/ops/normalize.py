"""Pure normalisers for the value kinds ops share: colours, sizes, ids, scopes.

Each takes what a client sent and returns the canonical value, or raises
`Invalid` with a message that reads after the field name ("args.color" +
" must be ..."). They know nothing of pydantic, so the pane-side JS port and the
tests can follow them line by line.

One module per value kind (`invalid_values`, `scalar_values`, `color_values`, `size_values`, `scope_values`,
`picture_values`); this one gathers them under the one name the models use (`from . import normalize as n`).
"""

from __future__ import annotations

from .color_values import HIGHLIGHT_NONE, parse_color, to_color, to_highlight
from .invalid_values import Invalid, described, json_type, show
from .picture_values import MAX_URL, looks_like_base64, looks_like_url, to_base64, to_url
from .scalar_values import choice, to_bool, to_int, to_name, to_text
from .scope_values import (
    ANCHOR_PREFIX,
    ID_RE,
    ID_RULE,
    LOCATION_ALIASES,
    LOCATIONS,
    RANGE_PREFIXES,
    SCOPE_FORMS,
    SCOPE_WORDS,
    TABLE_PREFIX,
    to_id,
    to_location,
    to_scope,
    to_table_ref,
)
from .size_values import UNIT_PT, to_number, to_points

__all__ = [
    "ANCHOR_PREFIX", "HIGHLIGHT_NONE", "ID_RE", "ID_RULE", "LOCATIONS", "LOCATION_ALIASES", "MAX_URL",
    "RANGE_PREFIXES", "SCOPE_FORMS", "SCOPE_WORDS", "TABLE_PREFIX", "UNIT_PT", "Invalid", "choice", "described",
    "json_type", "looks_like_base64", "looks_like_url", "parse_color", "show", "to_base64", "to_bool", "to_color",
    "to_highlight", "to_id", "to_int", "to_location", "to_name", "to_number", "to_points", "to_scope", "to_table_ref", "to_text",
    "to_url",
]
