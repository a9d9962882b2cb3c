"""table.create made as large as its `data` (rows not given): past Word's MAX_ROWS it is refused on `args.data`,
counting the header row that records get (QA: 10,000 records from a CSV file through call_tool_with_file_content
were refused with "args.rows must be between 1 and 10000, got 10001", naming an argument the caller never set)."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops import parse_edit_task
from bridge.word.ops.word_limits import MAX_ROWS


def create(args: dict[str, Any]) -> Any:
    return parse_edit_task(meta={"type": "word.op", "op": "table.create", "version": "1.0", "args": args})


def test_records_past_the_limit_are_refused_on_data_counting_the_header_row() -> None:
    with pytest.raises(OpError) as caught:
        create({"data": [{"name": f"n{i}"} for i in range(MAX_ROWS)], "scope": "document", "location": "end"})
    assert caught.value.field == "args.data"
    assert str(caught.value) == ("args.data has 10,001 rows (a header row and 10,000 records); a table has at most "
                                 "10,000, the header row included")


def test_rows_past_the_limit_are_refused_on_data() -> None:
    with pytest.raises(OpError) as caught:
        create({"data": [["x"]] * (MAX_ROWS + 1)})
    assert (caught.value.field, str(caught.value)) == (
        "args.data", "args.data has 10,001 rows; a table has at most 10,000, the header row included")


def test_the_largest_table_still_fits() -> None:
    assert create({"data": [{"name": f"n{i}"} for i in range(MAX_ROWS - 1)]}).args["rows"] == MAX_ROWS


def test_rows_given_keep_their_own_message() -> None:
    with pytest.raises(OpError) as caught:
        create({"rows": MAX_ROWS + 1, "cols": 1})
    assert caught.value.field == "args.rows"
