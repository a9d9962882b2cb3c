"""Bad input never crashes the server: any JSON as `meta` gives a canonical op or an OpError.

Property-based (hypothesis): arbitrary JSON values, and envelopes with a real op name and arbitrary args.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.word.envelope import Code, OpError
from bridge.word.ops import SUPPORTED_OPS, parse_edit_task

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=40),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=6),
    max_leaves=25,
)
ARG_NAMES = st.sampled_from([
    "text", "scope", "location", "where", "newParagraph", "query", "useRegex", "matchCase", "maxResults", "target",
    "replaceWith", "mode", "source", "data", "width", "height", "altText", "wrapType", "rows", "cols", "header",
    "tableRef", "at", "count", "indexes", "row", "col", "startRow", "startCol", "rowSpan", "colSpan", "style",
    "char", "para", "namedStyle", "clearOtherStyles", "category", "max", "builtInOnly",
])
VALID_CODES = {str(code) for code in Code}


def check(meta: Any) -> None:
    try:
        parsed = parse_edit_task(content="fuzz", meta=meta)
    except OpError as err:
        envelope = err.envelope()
        assert envelope["ok"] is False and envelope["code"] in VALID_CODES
        assert envelope["diagnostics"][0]["msg"]
        return
    wire = parsed.wire()
    assert wire["type"] == "word.op" and wire["op"] in SUPPORTED_OPS
    json.dumps(wire)  # what the pane receives is plain JSON


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_value_as_meta(meta: Any) -> None:
    check(meta)
    check(json.dumps(meta))


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(SUPPORTED_OPS), st.dictionaries(ARG_NAMES, JSON, max_size=6))
def test_real_ops_with_arbitrary_args(op: str, args: dict[str, Any]) -> None:
    check({"type": "word.op", "op": op, "version": "1.0", "args": args})
