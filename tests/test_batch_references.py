"""Batch references with index brackets (QA): `"scope": "$0.results[0].rangeId"` was answered `args.ops[1].args.scope
has an invalid id "rng_zzref0zz[0].rangeId"` — the bracket was not part of the reference and an internal placeholder
leaked. `[n]` is now `.n`; no message shows a placeholder; editTask's description shows an indexed example."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from bridge.server.mcp_tools import build_mcp_server
from bridge.word.envelope import OpError
from bridge.word.hub import Hub
from bridge.word.ops import parse_edit_task
from bridge.word.service import EditService

pytestmark = pytest.mark.anyio


def batch(*ops: dict[str, Any]) -> Any:
    return parse_edit_task(meta={"type": "word.op", "op": "batch", "version": "1.0", "args": {"ops": list(ops)}})


SEARCH = {"op": "search", "args": {"query": "beta"}}


def test_an_index_in_brackets_is_the_dotted_reference() -> None:
    ops = batch(
        SEARCH,
        {"op": "insertText", "args": {"text": "B", "scope": "$0.results[0].rangeId"}},
        {"op": "insertText", "args": {"text": "C", "scope": "rangeId:$0.results.1.rangeId"}},
        {"op": "table.setCellText", "args": {"tableRef": "$0.results[2][1].tableId", "row": 0, "col": 0,
                                             "text": "see $0.results[3].text"}},
    ).args["ops"]
    assert ops[1]["args"]["scope"] == "rangeId:$0.results.0.rangeId"
    assert ops[2]["args"]["scope"] == "rangeId:$0.results.1.rangeId"
    assert ops[3]["args"]["tableRef"] == "tableId:$0.results.2.1.tableId"
    assert ops[3]["args"]["text"] == "see $0.results.3.text"


@pytest.mark.parametrize(("args", "field", "message"), [
    ({"text": "x", "scope": "rangeId:$0.results[x]"}, "args.ops[1].args.scope",
     'args.ops[1].args.scope has an invalid id "$0.results[x]"'),
    ({"text": "x", "scope": "$0.results[0].rangeId!"}, "args.ops[1].args.scope",
     'args.ops[1].args.scope has an invalid id "$0.results[0].rangeId!"'),
])
def test_a_refused_reference_is_shown_as_written(args: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(OpError) as info:
        batch(SEARCH, {"op": "insertText", "args": args})
    assert info.value.field == field and info.value.msg.startswith(message), info.value.msg
    assert "zzref" not in str(info.value.envelope())


def test_a_reference_where_a_number_is_expected_shows_the_reference() -> None:
    with pytest.raises(OpError) as info:
        batch(SEARCH, {"op": "table.create", "args": {"rows": "$0.results[0].count", "cols": 2}})
    assert info.value.msg == 'args.ops[1].args.rows must be an integer, got string "$0.results[0].count"'
    assert "zzref" not in str(info.value.envelope())


async def test_edit_task_describes_an_indexed_reference_and_answers_without_placeholders() -> None:
    server = build_mcp_server(EditService(Hub()))
    meta = {"type": "word.op", "op": "batch", "version": "1.0", "args": {"ops": [
        SEARCH, {"op": "insertText", "args": {"text": "x", "scope": "rangeId:$0.results[0] x"}}]}}
    async with Client(server) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        refused = await client.call_tool("editTask", {"content": "fix it", "meta": meta})
        meta["args"]["ops"][1]["args"]["scope"] = "$0.results[0].rangeId"
        valid = await client.call_tool("editTask", {"content": "fix it", "meta": meta})
    assert '"scope":"$2.results[0].rangeId"' in (tools["editTask"].description or "")
    envelope = refused.structured_content or {}
    assert envelope["code"] == "E_INVALID_ARG" and "zzref" not in str(envelope)
    assert '"$0.results[0] x"' in envelope["diagnostics"][0]["msg"]
    assert (valid.structured_content or {})["code"] == "E_NOT_FOUND"  # valid: it failed only for want of a document


# The escape (the pane reads it by the same rule, tests/js/pane/batch-references.test.js): `$$` where a reference
# could start is one literal `$`. Before it, `$0.length` in a batch was always a reference, so the text could not
# be written, and `$$0.length` in op 0 was refused as a reference to an op that does not run before it.
def test_doubled_dollar_is_text_and_stays_as_written_for_the_pane() -> None:
    ops = batch(
        {"op": "insertText", "args": {"text": "$$0.length and $$$$5.x[1] are text; $$ $5 $$x too"}},
        {"op": "insertText", "args": {"text": "price: $$$0.length, literal $$0.results[0].rangeId",
                                      "scope": "rangeId:$0.rangeId"}},
    ).args["ops"]
    assert ops[0]["args"]["text"] == "$$0.length and $$$$5.x[1] are text; $$ $5 $$x too"
    assert ops[1]["args"]["text"] == "price: $$$0.length, literal $$0.results[0].rangeId"
    assert ops[1]["args"]["scope"] == "rangeId:$0.rangeId"


def test_an_odd_run_of_dollars_still_ends_in_a_reference_that_is_checked() -> None:
    with pytest.raises(OpError) as info:
        batch({"op": "insertText", "args": {"text": "costs $$$0.length"}})
    assert info.value.field == "args.ops[0].args"
    assert info.value.msg.startswith("args.ops[0]: $0.length refers to op 0, which does not run before op 0"), info.value.msg
    assert "double its $" in info.value.msg
