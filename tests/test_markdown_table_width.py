"""Markdown tables wider than Word's 63 columns are refused before anything is sent to the pane.

Word refuses such a table only in the closing sync, after the blocks before it were inserted (a half-done edit).
"""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops import parse_edit_task


def table(cols: int) -> str:
    def row(text: str) -> str:
        return "|" + "|".join(f"{text}{c}" for c in range(cols)) + "|"
    return f"Intro\n\n{row('h')}\n|{'|'.join('-' for _ in range(cols))}|\n{row('x')}\n"


def parse(op: str, args: dict[str, Any]) -> Any:
    return parse_edit_task(meta={"type": "word.op", "op": op, "version": "1.0", "args": args})


@pytest.mark.parametrize(("op", "args"), [
    ("insertMarkdown", {"scope": "document", "location": "end"}),
    ("headerFooter.set", {"kind": "header"}),
])
def test_a_table_of_64_columns_is_refused(op: str, args: dict[str, Any]) -> None:
    with pytest.raises(OpError) as info:
        parse(op, {**args, "markdown": table(70)})
    assert info.value.field == "args.markdown"
    assert "70 columns" in str(info.value) and "at most 63" in str(info.value)


@pytest.mark.parametrize("op", ["insertMarkdown", "headerFooter.set"])
def test_a_table_of_63_columns_is_accepted(op: str) -> None:
    blocks = parse(op, {"markdown": table(63)}).args["blocks"]
    assert [len(row) for row in blocks[-1]["rows"]] == [63, 63]
