"""A table's id as a scope: `tableId:<id>` means the table, as a bare `tbl_…` does (docs/canonical-ops.md,
"A table as a scope"), and a refused scope's message names every form a scope takes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_ops_messages import parse, refused


SCOPED_OPS: list[tuple[str, dict[str, Any]]] = [
    ("insertText", {"text": "x"}),
    ("insertMarkdown", {"markdown": "x"}),
    ("comment.add", {"text": "x"}),
    ("anchor.create", {"name": "t"}),
    ("readDocument", {}),
]


@pytest.mark.parametrize(("op", "args"), SCOPED_OPS)
def test_a_table_id_scope_is_the_table_as_its_bare_id_is(op: str, args: dict[str, Any]) -> None:
    tagged = parse(op, {**args, "scope": "tableId:tbl_k3f9_3"}).args["scope"]
    bare = parse(op, {**args, "scope": "tbl_k3f9_3"}).args["scope"]
    assert tagged == bare == "rangeId:tbl_k3f9_3"


def test_the_kind_is_read_in_any_case_with_spaces_around() -> None:
    assert parse("insertText", {"text": "x", "scope": " TableId:tbl_a_1 "}).args["scope"] == "rangeId:tbl_a_1"


def test_a_tableid_scope_holding_a_range_id_is_refused_saying_where_a_range_id_goes() -> None:
    err = refused("insertText", {"text": "x", "scope": "tableId:rng_a_1"})
    assert (err.code, err.field) == ("E_INVALID_ARG", "args.scope")
    assert "not a table's id" in err.msg and '"rangeId:<id>"' in err.msg


def test_an_empty_tableid_scope_is_an_empty_id() -> None:
    err = refused("insertText", {"text": "x", "scope": "tableId:"})
    assert (err.field, "empty id" in err.msg) == ("args.scope", True)


@pytest.mark.parametrize("scope", ["bogus", "", 5])
def test_a_refused_scope_lists_every_accepted_form(scope: Any) -> None:
    err = refused("insertText", {"text": "x", "scope": scope})
    assert err.field == "args.scope"
    for form in ('"document"', '"selection"', '"rangeId:<id>"', '"tableId:<id>"', '"anchor:<id>"'):
        assert form in err.msg, (form, err.msg)
