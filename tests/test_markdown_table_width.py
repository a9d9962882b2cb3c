"""Markdown tables wider than Word's 63 columns are refused before anything is sent to the pane.

Word refuses such a table only in the closing sync, after the blocks before it were inserted (a half-done edit).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops import parse_edit_task
from bridge.word.ops.word_limits import MAX_COLS


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


def test_the_pane_and_the_server_agree_on_words_column_limit() -> None:
    """The pane's markdown blocks check the column limit table.create uses (one constant), which is the server's."""
    handlers = Path(__file__).resolve().parents[1] / "addin" / "js" / "handlers"
    limit = re.search(r"export const MAX_COLUMNS = (\d+);", (handlers / "table-create.js").read_text(encoding="utf-8"))
    assert limit is not None and int(limit.group(1)) == MAX_COLS
    check = (handlers / "markdown-check.js").read_text(encoding="utf-8")
    assert 'import { MAX_COLUMNS } from "./table-create.js";' in check and "MAX_COLUMNS =" not in check


def test_the_markdown_converter_needs_no_op_models() -> None:
    """markdown_blocks converts only: the op models import it, so it imports nothing of theirs (no import cycle)."""
    code = (
        "import sys\n"
        "from bridge.word.markdown_blocks import markdown_to_blocks\n"
        "markdown_to_blocks('| a | b |\\n| --- | --- |\\n| 1 | 2 |')\n"
        "print(sorted(name for name in sys.modules if name.startswith('bridge.word.ops')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == "[]"
