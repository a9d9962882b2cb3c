"""Structured or list output that makes more paragraphs than one edit inserts (MAX_BLOCKS): `word_op: null` with an
error that names what the caller passed (the data, max_items, output_format), never the made op's `args.markdown`."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp import Client

from bridge.tools.data_formatter_limits import list_block_limit, refused_op
from bridge.word.ops import parse_edit_task
from bridge.word.ops.compose_models import MAX_BLOCKS
from tests.tools.test_data_formatter import call, server

pytestmark = pytest.mark.anyio

SEVEN_COLUMNS = "a,b,c,d,e,f,g\n" + "".join(f"r{i},1,2,3,4,5,6\n" for i in range(1000))
"""1,000 records of 7 fields: a heading and 6 lines each, 7,000 paragraphs."""


async def formatted(args: dict[str, Any]) -> dict[str, Any]:
    async with Client(server()) as client:
        result = await client.call_tool("data_formatter", args)
    assert not result.is_error
    return dict(result.structured_content or {})


async def test_structured_output_past_the_block_limit_says_what_to_pass_instead():
    found = await formatted({"data": SEVEN_COLUMNS, "output_format": "structured", "max_items": 1000})
    assert found["word_op"] is None and found["formatted_content"]["record_count"] == 1000
    error = found["word_op_error"]
    assert "args." not in error and "markdown" not in error, error
    assert error.startswith(f"the data ({len(SEVEN_COLUMNS):,} characters) makes 1,000 records of 7 fields: "
                            f"7,000 paragraphs in Word"), error
    assert f"at most {MAX_BLOCKS:,}" in error and "max_items to 714 or less" in error and "output_format" in error


async def test_the_max_items_it_suggests_fits_in_one_edit():
    found = await formatted({"data": SEVEN_COLUMNS, "output_format": "structured", "max_items": 714})
    assert found["word_op"] is not None, found.get("word_op_error")
    assert len(parse_edit_task(meta=found["word_op"]).args["blocks"]) == 714 * 7


async def test_the_same_data_as_a_table_is_one_edit():
    async with Client(server()) as client:
        found = await call(client, {"data": SEVEN_COLUMNS, "output_format": "table", "max_items": 1000})
    assert found["formatted_content"]["row_count"] == 1000


async def test_a_list_under_the_limit_keeps_its_word_op():
    found = await formatted({"data": json.dumps([f"item {i}" for i in range(1000)]), "output_format": "list",
                             "max_items": 1000})
    assert found["word_op"] is not None


def test_a_list_past_the_limit_names_max_items_not_the_ops_argument():
    """max_items (at most 1,000) keeps a list under the limit today; the check stays should either change."""
    assert list_block_limit(MAX_BLOCKS, 100) is None
    said = list_block_limit(MAX_BLOCKS + 1, 100)
    assert said is not None and "max_items" in said and "args." not in said


def test_any_other_refusal_of_the_made_op_says_it_is_not_an_argument_of_the_call():
    said = refused_op("insertMarkdown", "args.markdown: something")
    assert said.startswith("the insertMarkdown op this tool made from the data cannot be sent to Word")
    assert "not an argument of this call" in said
