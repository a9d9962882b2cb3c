"""batch, expectText, dryRun and tables from records end to end: MCP over HTTPS → bridge → WSS → the real
pane in Chromium → Word, on every target (both simulator profiles; Word on the web when configured).

The document is read back through the target (`word.snapshot()`); a refused or dry op must leave it unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import Word

pytestmark = pytest.mark.e2e


def texts(word: Word) -> list[str]:
    return [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def tables(word: Word) -> list[dict[str, Any]]:
    return [b for b in word.snapshot()["blocks"] if b["type"] == "table"]


def snapshot_text(word: Word) -> str:
    return json.dumps(word.snapshot(), sort_keys=True)


def verdicts(result: dict[str, Any]) -> list[str]:
    return ["ok" if r["ok"] else r["code"] for r in result["data"]["results"]]


def test_batch_creates_a_table_and_fills_it_by_reference(word):
    word.set_text("Report")
    before = word.sync_count()
    result = word.op("batch", ops=[
        {"op": "table.create", "args": {"rows": 2, "cols": 2, "scope": "document", "location": "end"}},
        {"op": "table.setCellText", "args": {"tableRef": "$0.tableId", "row": 0, "col": 0, "text": "Name"}},
        {"op": "table.setCellText", "args": {"tableRef": "tableId:$0.tableId", "row": 1, "col": 1, "text": "42"}},
        {"op": "insertText", "args": {"text": "Done", "scope": "document", "location": "end", "newParagraph": True}},
    ])
    assert result["ok"] is True, result
    assert verdicts(result) == ["ok"] * 4
    assert result["data"]["completed"] == 4 and "failedAt" not in result["data"]
    table_id = result["data"]["results"][0]["data"]["tableId"]
    assert result["data"]["results"][1]["data"]["tableId"] == table_id
    (table,) = tables(word)
    assert table["values"] == [["Name", ""], ["", "42"]]
    assert texts(word)[-1] == "Done"
    # one read sync per setCellText, then one sync for the rest, then Word.run's (empty) closing sync
    assert word.sync_count() - before <= 4


def test_batch_stop_on_error_reports_failed_at(word):
    word.set_text("Body")
    result = word.op("batch", ops=[
        {"op": "insertText", "args": {"text": "A", "scope": "document", "location": "start"}},
        {"op": "table.setCellText", "args": {"tableRef": "tableId:tbl_gone_1", "row": 0, "col": 0, "text": "x"}},
        {"op": "insertText", "args": {"text": "B", "scope": "document", "location": "end"}},
    ])
    assert result["ok"] is False and result["code"] == "E_NOT_FOUND", result
    assert result["data"]["failedAt"] == 1 and result["data"]["completed"] == 1
    assert verdicts(result) == ["ok", "E_NOT_FOUND", "E_RUNTIME"]
    assert result["data"]["results"][2]["diagnostics"][0]["msg"].startswith("not run: op 1 failed")
    assert texts(word) == ["ABody"]
    # without stopOnError the op after the failure runs
    more = word.op("batch", stopOnError=False, ops=[
        {"op": "table.setCellText", "args": {"tableRef": "tableId:tbl_gone_1", "row": 0, "col": 0, "text": "x"}},
        {"op": "insertText", "args": {"text": "C", "scope": "document", "location": "end"}},
    ])
    assert verdicts(more) == ["E_NOT_FOUND", "ok"] and more["data"]["failedAt"] == 0
    assert texts(word) == ["ABodyC"]


def test_expect_text_refuses_a_stale_range_and_changes_nothing(word):
    word.set_text("Alpha beta gamma")
    rid = word.op("search", query="beta")["data"]["results"][0]["rangeId"]
    assert word.op("insertText", text="BETA", scope=f"rangeId:{rid}", expectText="beta")["ok"] is True
    before = snapshot_text(word)
    syncs = word.sync_count()
    stale = word.op("insertText", text="again", scope=f"rangeId:{rid}", expectText="beta")
    assert stale["ok"] is False and stale["code"] == "E_NOT_FOUND", stale
    assert stale["diagnostics"][0]["field"] == "args.expectText"
    assert stale["diagnostics"][0]["msg"].startswith('stale range: expected "beta", found "BETA"')
    assert snapshot_text(word) == before
    assert word.sync_count() - syncs <= 2
    assert texts(word) == ["Alpha BETA gamma"]


def test_dry_run_changes_nothing(word):
    word.set_text("Alpha beta")
    rid = word.op("search", query="beta")["data"]["results"][0]["rangeId"]
    before = snapshot_text(word)
    single = word.op("applyStyle", scope=f"rangeId:{rid}", namedStyle="Heading 1", dryRun=True)
    assert single["ok"] is True, single
    assert single["data"]["dryRun"] is True
    assert single["data"]["wouldRun"]["op"] == "applyStyle"
    assert single["data"]["targets"]["scope"] == {"kind": "range", "rangeId": rid, "text": "beta"}
    refused = word.op("applyStyle", scope=f"rangeId:{rid}", namedStyle="Heding 1", dryRun=True)
    assert refused["ok"] is False and refused["code"] == "E_NOT_FOUND"
    batch = word.op("batch", dryRun=True, ops=[
        {"op": "table.create", "args": {"rows": 2, "cols": 2, "scope": "document"}},
        {"op": "table.setCellText", "args": {"tableRef": "$0.tableId", "row": 0, "col": 0, "text": "A"}},
        {"op": "replace", "args": {"target": "searchQuery", "query": "a", "replaceWith": "A"}},
    ])
    assert batch["ok"] is True, batch
    assert batch["data"]["dryRun"] is True and batch["data"]["completed"] == 3
    results = [r["data"] for r in batch["data"]["results"]]
    assert results[1]["targets"]["tableRef"] == "created by op 0"
    assert results[2]["targets"]["target"] == {"kind": "searchQuery", "hits": 3}
    assert snapshot_text(word) == before


def test_table_create_from_records_makes_a_header_row(word):
    word.set_text("People")
    created = word.op("table.create", scope="document", location="end",
                      data=[{"name": "Ada", "born": 1815}, {"name": "Alan", "born": 1912}])
    assert created["ok"] is True, created
    assert created["data"]["rows"] == 3 and created["data"]["cols"] == 2
    (table,) = tables(word)
    assert table["values"] == [["name", "born"], ["Ada", "1815"], ["Alan", "1912"]]
    if word.simulated:  # readDocument does not report header rows
        assert table["headerRowCount"] == 1
    styled = word.op("table.applyStyle", tableRef=f"tableId:{created['data']['tableId']}", style={"firstRow": False})
    assert styled["ok"] is True and styled["data"]["headerRowCount"] == 0
    if word.simulated:
        assert tables(word)[0]["headerRowCount"] == 0
