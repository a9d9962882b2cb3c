"""Every op end to end: MCP over HTTPS → bridge → WSS → the real pane in Chromium → Word.

Each test runs on every target (tests/e2e/targets.py): the simulator's two profiles (`web`: WordApi 1.1–1.9;
`desktop`: + WordApiDesktop) and, when configured, a real document in Word on the web. The document is read
back through the target (`word.snapshot()`: the simulator's snapshot, or `readDocument` on Word on the web);
what only the simulator can show (run formatting, merges, header rows, the caret) is checked where
`word.simulated`. Every successful op must cost at most two `context.sync()` calls (counted on the simulator).
"""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from PIL import Image

from tests.e2e.conftest import Word, sim_only

pytestmark = pytest.mark.e2e


def texts(word: Word) -> list[str]:
    return [b.get("text", "") for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def tables(word: Word) -> list[dict[str, Any]]:
    return [b for b in word.snapshot()["blocks"] if b["type"] == "table"]


def run_ok(word: Word, op: str, **args: Any) -> dict[str, Any]:
    """Run an op that must succeed, and check its round-trip cost."""
    before = word.sync_count()
    result = word.op(op, **args)
    assert result["ok"] is True, result
    assert result["op"] == op
    syncs = word.sync_count() - before
    assert syncs <= 2, f"{op} took {syncs} context.sync() calls"
    return result["data"]


def run_fail(word: Word, op: str, code: str, **args: Any) -> dict[str, Any]:
    result = word.op(op, **args)
    assert result["ok"] is False and result["code"] == code, result
    assert result["diagnostics"] and result["diagnostics"][0]["level"] == "error"
    return result


def png_base64(width: int = 40, height: int = 20) -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (30, 120, 200)).save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode()


def find(word: Word, query: str) -> str:
    hits = run_ok(word, "search", query=query)["results"]
    assert hits, f"{query!r} not found"
    return hits[0]["rangeId"]


# ---- text ---------------------------------------------------------------------
def test_insert_text(word):
    word.set_text("First paragraph")
    data = run_ok(word, "insertText", text="Thanks", scope="document", location="end", newParagraph=True)
    assert data["length"] == 6 and data["rangeId"].startswith("rng_")
    assert texts(word) == ["First paragraph", "Thanks"]
    run_ok(word, "insertText", text="Intro: ", scope="document", location="start")
    assert texts(word)[0] == "Intro: First paragraph"


@sim_only("where the caret sits after a reset is the simulator's choice")
def test_get_selection(word):
    word.set_text("Alpha beta")
    data = run_ok(word, "getSelection")
    assert data["text"] == "" and data["rangeId"].startswith("rng_")
    if word.profile == "desktop":
        assert data["start"] == 0 and data["end"] == 0
    else:
        assert "start" not in data and "end" not in data
    # The selection's id is usable later: insert at the cursor through it.
    run_ok(word, "insertText", text="Hi ", scope=f"rangeId:{data['rangeId']}", location="replace")
    assert texts(word) == ["Hi Alpha beta"]


# ---- search / replace -----------------------------------------------------------
def test_search_options_and_no_hits(word):
    word.set_text("Invoice 12 and invoice 13\nInvoices pending")
    assert len(run_ok(word, "search", query="invoice")["results"]) == 3
    assert len(run_ok(word, "search", query="invoice", matchCase=True)["results"]) == 1
    assert len(run_ok(word, "search", query="Invoice", matchWholeWord=True)["results"]) == 2
    limited = run_ok(word, "search", query="invoice", maxResults=2)
    assert len(limited["results"]) == 2 and limited.get("truncated") is True
    assert run_ok(word, "search", query="receipt") == {"results": []}
    regex = run_ok(word, "search", query=r"\d{2}", useRegex=True)["results"]
    assert [hit["text"] for hit in regex] == ["12", "13"]


def test_search_unsupported_regex(word):
    word.set_text("cat dog")
    run_fail(word, "search", "E_UNSUPPORTED", query="cat|dog", useRegex=True)


def test_replace_all_first_and_range(word):
    word.set_text("2024 plan, 2024 budget, 2024 review")
    assert run_ok(word, "replace", query="2024", replaceWith="2025", mode="replaceFirst")["replaced"] == 1
    assert texts(word) == ["2025 plan, 2024 budget, 2024 review"]
    assert run_ok(word, "replace", target="searchQuery", query="2024", replaceWith="2026")["replaced"] == 2
    assert texts(word) == ["2025 plan, 2026 budget, 2026 review"]
    rid = find(word, "plan")
    assert run_ok(word, "replace", target=f"rangeId:{rid}", replaceWith="roadmap")["replaced"] == 1
    assert texts(word) == ["2025 roadmap, 2026 budget, 2026 review"]


# ---- pictures -------------------------------------------------------------------
def test_insert_picture_sized_with_alt_text(word):
    word.set_text("Logo here")
    data = run_ok(word, "insertPicture", source="base64", data=png_base64(40, 20), scope="document",
                  location="end", width=120, altText="Company logo")
    assert data["rangeId"] and data["width"] == 120 and data["height"] == 60
    if not word.simulated:
        return
    pictures = [run for b in word.snapshot()["blocks"] if b["type"] == "paragraph"
                for run in b["runs"] if run.get("type") == "picture"]
    assert pictures and pictures[0]["width"] == 120 and pictures[0]["height"] == 60
    assert pictures[0]["altText"] in ("Company logo",) or "Company logo" in str(pictures[0])


def test_floating_picture_needs_the_desktop_shapes_api(word):
    word.set_text("Text")
    result = word.op("insertPicture", source="base64", data=png_base64(), wrapType="square", scope="document",
                     location="end")
    if word.profile == "web":
        assert result["ok"] is False and result["code"] == "E_UNSUPPORTED", result
    else:
        assert result["ok"] is True, result


# ---- tables -----------------------------------------------------------------------
def make_table(word: Word, rows: int = 3, cols: int = 3) -> str:
    word.set_text("Before the table")
    data = [[f"r{r}c{c}" for c in range(cols)] for r in range(rows)]
    created = run_ok(word, "table.create", rows=rows, cols=cols, data=data, header=True, scope="document",
                     location="end")
    assert created["tableId"].startswith("tbl_")
    return created["tableId"]


def test_table_create_with_header(word):
    make_table(word)
    (table,) = tables(word)
    assert table["rowCount"] == 3 and table["columnCount"] == 3
    assert table["values"][1] == ["r1c0", "r1c1", "r1c2"]
    if word.simulated:  # readDocument does not report header rows
        assert table["headerRowCount"] == 1


def test_table_ops_on_missing_table(word):
    word.set_text("no tables")
    run_fail(word, "table.setCellText", "E_NOT_FOUND", tableRef="tableId:tbl_nope_1", row=0, col=0, text="x")


def test_table_rows_and_columns(word):
    tid = make_table(word)
    ref = f"tableId:{tid}"
    run_ok(word, "table.insertRows", tableRef=ref, at=1, count=2)
    assert tables(word)[0]["rowCount"] == 5 and tables(word)[0]["values"][1] == ["", "", ""]
    run_ok(word, "table.insertColumns", tableRef=ref, at=3, count=1)
    assert tables(word)[0]["columnCount"] == 4
    run_ok(word, "table.deleteRows", tableRef=ref, indexes=[2, 1])
    assert [row[0] for row in tables(word)[0]["values"]] == ["r0c0", "r1c0", "r2c0"]
    run_ok(word, "table.deleteColumns", tableRef=ref, indexes=[3])
    assert tables(word)[0]["columnCount"] == 3


def test_table_index_out_of_range(word):
    tid = make_table(word)
    result = word.op("table.deleteRows", tableRef=f"tableId:{tid}", indexes=[7])
    assert result["ok"] is False and result["code"] in ("E_NOT_FOUND", "E_INVALID_ARG"), result
    assert tables(word)[0]["rowCount"] == 3


def test_table_set_cell_text_via_range_ref(word):
    tid = make_table(word)
    run_ok(word, "table.setCellText", tableRef=f"tableId:{tid}", row=2, col=1, text="Total")
    assert tables(word)[0]["values"][2][1] == "Total"
    rid = find(word, "r1c1")
    run_ok(word, "table.setCellText", tableRef=f"rangeId:{rid}", row=0, col=0, text="Name")
    assert tables(word)[0]["values"][0][0] == "Name"


def test_table_merge_cells(word):
    tid = make_table(word)
    run_ok(word, "table.mergeCells", tableRef=f"tableId:{tid}", startRow=1, startCol=0, rowSpan=2, colSpan=2)
    if word.simulated:  # readDocument does not report merges
        assert tables(word)[0]["merges"] == [{"row": 1, "col": 0, "rowSpan": 2, "colSpan": 2}]
    bad = word.op("table.mergeCells", tableRef=f"tableId:{tid}", startRow=2, startCol=2, rowSpan=3, colSpan=1)
    assert bad["ok"] is False and bad["code"] in ("E_NOT_FOUND", "E_INVALID_ARG"), bad


def test_table_apply_style(word):
    tid = make_table(word)
    run_ok(word, "table.applyStyle", tableRef=f"tableId:{tid}", style="Grid Table 4 - Accent 1")
    assert tables(word)[0]["style"] == "Grid Table 4 - Accent 1"
    run_ok(word, "table.applyStyle", tableRef=f"tableId:{tid}", style={"bandedRows": False, "firstColumn": True})
    snapshot_table = tables(word)[0]
    if "styleBandedRows" in snapshot_table:
        assert snapshot_table["styleBandedRows"] is False and snapshot_table["styleFirstColumn"] is True


def test_table_apply_unknown_style(word):
    tid = make_table(word)
    result = word.op("table.applyStyle", tableRef=f"tableId:{tid}", style="No Such Table Style")
    assert result["ok"] is False and result["code"] in ("E_NOT_FOUND", "E_INVALID_ARG"), result


# ---- styles ---------------------------------------------------------------------
def test_apply_style_character_paragraph_and_named(word):
    word.set_text("Title line\nBody text here")
    rid = find(word, "Title line")
    run_ok(word, "applyStyle", scope=f"rangeId:{rid}", namedStyle="Heading 1")
    body = find(word, "Body text here")
    run_ok(word, "applyStyle", scope=f"rangeId:{body}", char={"bold": True, "color": "#1F4E79", "fontSize": 14},
           para={"alignment": "center", "list": "bullet"})
    blocks = word.snapshot()["blocks"]
    assert blocks[0]["style"] == "Heading 1"
    assert blocks[1]["list"]["kind"] == "bullet"
    if word.simulated:  # alignment and run formatting are not in readDocument's structure
        assert blocks[1]["alignment"] == "Centered"
        run = blocks[1]["runs"][0]
        assert run["bold"] is True and run["color"] == "#1F4E79" and run["fontSize"] == 14


def test_apply_unknown_named_style(word):
    word.set_text("Text")
    rid = find(word, "Text")
    result = word.op("applyStyle", scope=f"rangeId:{rid}", namedStyle="Heading 99")
    assert result["ok"] is False and result["code"] in ("E_NOT_FOUND", "E_INVALID_ARG"), result


def test_list_styles(word):
    data = run_ok(word, "listStyles", category="table", max=5)
    assert set(data) >= {"tableStyles"} and "paragraphStyles" not in data
    assert 0 < len(data["tableStyles"]) <= 5
    headings = run_ok(word, "listStyles", category="paragraph", query="heading")
    assert headings["paragraphStyles"] and all("heading" in s["name"].lower() for s in headings["paragraphStyles"])


# ---- across calls -----------------------------------------------------------------
def test_range_id_survives_later_edits(word):
    word.set_text("alpha\nbeta\ngamma")
    beta = find(word, "beta")
    run_ok(word, "insertText", text="Start. ", scope="document", location="start")
    run_ok(word, "insertText", text="The end", scope="document", location="end", newParagraph=True)
    run_ok(word, "insertText", text="BETA", scope=f"rangeId:{beta}", location="replace")
    assert texts(word) == ["Start. alpha", "BETA", "gamma", "The end"]


# ---- one failure per op, on both profiles ------------------------------------------
MISSING_TABLE = "tableId:tbl_gone_1"
FAILURES: list[tuple[str, dict[str, Any], str]] = [
    ("insertText", {"text": "x", "scope": "rangeId:rng_gone_1"}, "E_NOT_FOUND"),
    ("search", {"query": "a|b", "useRegex": True}, "E_UNSUPPORTED"),
    ("replace", {"target": "rangeId:rng_gone_1", "replaceWith": "x"}, "E_NOT_FOUND"),
    ("insertPicture", {"source": "base64", "data": png_base64(), "scope": "rangeId:rng_gone_1"}, "E_NOT_FOUND"),
    ("table.create", {"rows": 2, "cols": 2, "scope": "rangeId:rng_gone_1"}, "E_NOT_FOUND"),
    ("table.insertRows", {"tableRef": MISSING_TABLE, "at": 0}, "E_NOT_FOUND"),
    ("table.insertColumns", {"tableRef": MISSING_TABLE, "at": 0}, "E_NOT_FOUND"),
    ("table.deleteRows", {"tableRef": MISSING_TABLE, "indexes": [0]}, "E_NOT_FOUND"),
    ("table.deleteColumns", {"tableRef": MISSING_TABLE, "indexes": [0]}, "E_NOT_FOUND"),
    ("table.setCellText", {"tableRef": MISSING_TABLE, "row": 0, "col": 0, "text": "x"}, "E_NOT_FOUND"),
    ("table.mergeCells", {"tableRef": MISSING_TABLE, "startRow": 0, "startCol": 0, "colSpan": 2}, "E_NOT_FOUND"),
    ("table.applyStyle", {"tableRef": MISSING_TABLE, "style": "Table Grid"}, "E_NOT_FOUND"),
    ("applyStyle", {"scope": "rangeId:rng_gone_1", "char": {"bold": True}}, "E_NOT_FOUND"),
]


@pytest.mark.parametrize(("op", "args", "code"), FAILURES, ids=[f[0] for f in FAILURES])
def test_each_op_fails_cleanly_and_changes_nothing(word, op, args, code):
    word.set_text("Stay as you are")
    before = word.snapshot()["blocks"]
    run_fail(word, op, code, **args)
    assert word.snapshot()["blocks"] == before


def test_bad_index_on_a_real_table(word):
    tid = make_table(word, rows=2, cols=2)
    ref = f"tableId:{tid}"
    run_fail(word, "table.insertRows", "E_INVALID_ARG", tableRef=ref, at=5)
    run_fail(word, "table.insertColumns", "E_INVALID_ARG", tableRef=ref, at=9)
    assert run_fail(word, "table.deleteColumns", "E_NOT_FOUND", tableRef=ref, indexes=[4])
    assert tables(word)[0]["rowCount"] == 2 and tables(word)[0]["columnCount"] == 2


def test_paused_pane_refuses_reads_too(word):
    """getSelection and listStyles have no natural failure; while paused they are refused like any op."""
    word.set_paused(True)
    run_fail(word, "getSelection", "E_PERMISSION")
    run_fail(word, "listStyles", "E_PERMISSION")
