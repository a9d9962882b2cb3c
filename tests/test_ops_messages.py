"""Messages a client gets for malformed op args: the bad value named once, in words, and the likely cause first."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops import parse_edit_task


def parse(op: str, args: Any) -> Any:
    return parse_edit_task(content=None, meta={"type": "word.op", "op": op, "version": "1.0", "args": args})


def refused(op: str, args: Any) -> OpError:
    with pytest.raises(OpError) as caught:
        parse(op, args)
    return caught.value


@pytest.mark.parametrize(("op", "args", "field", "message"), [
    ("insertText", {"text": "x", "scope": "bogus"}, "args.scope",
     'args.scope must be "document", "selection", "rangeId:<id>", "tableId:<id>" or "anchor:<id>" (ids come from earlier results, '
     'e.g. "rng_k3f9_12"), got "bogus"'),
    ("table.insertRows", {"tableRef": "garbage", "at": 0}, "args.tableRef",
     'args.tableRef must be "tableId:<id>", "rangeId:<id>" or "anchor:<id>" (ids come from earlier results, '
     'e.g. "rng_k3f9_12"), got "garbage"'),
    ("insertText", {"text": {"a": 1}}, "args.text", "args.text must be a string, got an object"),
    ("table.create", {"rows": 2, "cols": 2, "data": {"a": 1}}, "args.data", "args.data must be an array, got an object"),
    ("batch", {"ops": []}, "args.ops", "args.ops must be a non-empty array of {op, args}, got an empty array"),
    ("search", [1, 2], "args", "args must be an object, got an array"),
    # The size comes from data when left out: invalid data is the cause, "rows required" only its consequence.
    ("table.create", {"data": "abc"}, "args.data", 'args.data must be an array, got string "abc"'),
])
def test_malformed_values_are_named_once(op: str, args: Any, field: str, message: str) -> None:
    err = refused(op, args)
    assert (err.code, err.field, err.msg) == ("E_INVALID_ARG", field, message)


def test_bare_ids_go_by_their_prefix() -> None:
    assert parse("insertText", {"text": "x", "scope": "anc_k2"}).args["scope"] == "anchor:anc_k2"
    assert parse("insertText", {"text": "x", "scope": "rng_a_1"}).args["scope"] == "rangeId:rng_a_1"
    assert parse("table.insertRows", {"tableRef": "tbl_a_2", "at": 0}).args["tableRef"] == "tableId:tbl_a_2"
    assert parse("table.insertRows", {"tableRef": "rng_a_1", "at": 0}).args["tableRef"] == "rangeId:rng_a_1"


def test_replace_takes_its_scope_as_the_range_to_replace_when_there_is_no_query() -> None:
    parsed = parse("replace", {"scope": "rangeId:rng_a_1", "replaceWith": "new"})
    assert parsed.args == {"target": "rangeId:rng_a_1", "replaceWith": "new", "mode": "replaceAll"}
    assert parsed.diagnostics == [{"level": "info", "field": "args.target",
                                   "msg": 'no query: the scope "rangeId:rng_a_1" is the range replaced (args.target)'}]
    # With a query, scope stays where to search.
    searched = parse("replace", {"scope": "rangeId:rng_a_1", "query": "old", "replaceWith": "new"})
    assert (searched.args["target"], searched.args["scope"]) == ("searchQuery", "rangeId:rng_a_1")


def test_table_data_rows_shorter_than_the_table_are_filled_and_said() -> None:
    parsed = parse("table.create", {"data": [["a", "b"], ["c"], ["d", "e"], []]})
    assert parsed.args["data"] == [["a", "b"], ["c", ""], ["d", "e"], ["", ""]]
    assert {"level": "info", "field": "args.data", "msg": "rows 1, 3 have fewer than cols=2 cells: filled with empty cells"} \
        in parsed.diagnostics
    one = parse("table.create", {"rows": 1, "cols": 3, "data": [["a"]]})
    assert any(d["msg"] == "row 0 has fewer than cols=3 cells: filled with empty cells" for d in one.diagnostics)
    full = parse("table.create", {"data": [["a", "b"]]})
    assert not any("fewer" in d["msg"] for d in full.diagnostics)


def test_a_refused_replace_target_lists_every_form_it_takes() -> None:
    err = refused("replace", {"target": 5, "replaceWith": "x"})
    assert err.field == "args.target"
    for form in ('"searchQuery"', '"document"', '"selection"', '"rangeId:<id>"', '"tableId:<id>"', '"anchor:<id>"'):
        assert form in err.msg, (form, err.msg)
    # and each form it names is taken
    for target in ("document", "selection", "rangeId:rng_a_1", "tableId:tbl_a_1", "anchor:anc_a_1"):
        assert parse("replace", {"target": target, "replaceWith": "x"}).args["target"]
