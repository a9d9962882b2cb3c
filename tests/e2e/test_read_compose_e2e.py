"""readDocument and insertMarkdown end to end: MCP over HTTPS → bridge (markdown → canonical blocks) → WSS →
the real pane in Chromium → Word, on every target (both simulator profiles; Word on the web when configured).

The round trip is checked on the meaning of the markdown: what the server makes of the markdown readDocument
returns must equal what it made of the markdown that went in.
"""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.markdown_blocks import markdown_to_blocks
from tests.e2e.conftest import Word, sim_only

pytestmark = pytest.mark.e2e

REPORT = """# Quarterly report

Sales were **up** and costs *down*, see [the sheet](https://example.com/q3) and `npm test`.

- North
  - Oslo
- South

1. Plan
   1. Ship

> Keep going.

```
total = a + b
  print(total)
```

| Region | Sales |
| --- | --- |
| North | 10 |

~~Old~~ plan, **Note**: done.
"""


def run_ok(word: Word, op: str, **args: Any) -> dict[str, Any]:
    """Run an op that must succeed within the two-sync budget."""
    before = word.sync_count()
    result = word.op(op, **args)
    assert result["ok"] is True, result
    syncs = word.sync_count() - before
    assert syncs <= 2, f"{op} took {syncs} context.sync() calls"
    return result["data"]


def load(word: Word, markdown: str) -> None:
    """Make the document this markdown, through the bridge (so it works on every target)."""
    run_ok(word, "insertMarkdown", markdown=markdown, scope="document", location="replace")


def paragraphs(word: Word) -> list[dict[str, Any]]:
    return [b for b in word.snapshot()["blocks"] if b["type"] == "paragraph"]


def test_insert_markdown_uses_word_styles(word):
    word.set_text("")
    data = run_ok(word, "insertMarkdown", markdown=REPORT, scope="document", location="replace")
    assert data["rangeId"].startswith("rng_") and data["blocks"] == len(markdown_to_blocks(REPORT).blocks)
    blocks = word.snapshot()["blocks"]
    # readDocument reports a line break inside a paragraph as "\n", the simulator's snapshot as Word's "\v"
    by_text = {b["text"].replace("\v", "\n"): b for b in blocks if b["type"] == "paragraph"}
    assert by_text["Quarterly report"]["style"] == "Heading 1"
    assert by_text["Keep going."]["style"] == "Quote"
    assert by_text["total = a + b\n  print(total)"]["style"] == "No Spacing"
    assert [by_text[t]["list"]["level"] for t in ("North", "Oslo", "South")] == [0, 1, 0]
    assert by_text["Plan"]["list"]["kind"] == "number" and by_text["Ship"]["list"]["level"] == 1
    (table,) = [b for b in blocks if b["type"] == "table"]
    assert table["style"] == "Table Grid" and table["values"] == [["Region", "Sales"], ["North", "10"]]
    if not word.simulated:  # run formatting and header rows are not in readDocument's structure
        return
    assert table["headerRowCount"] == 1
    runs = {r["text"]: r for r in by_text["Sales were up and costs down, see the sheet and npm test."]["runs"]}
    assert runs["up"]["bold"] and runs["down"]["italic"] and runs["npm test"]["fontName"] == "Consolas"
    assert runs["the sheet"]["link"] == "https://example.com/q3"


def test_markdown_round_trip(word):
    word.set_text("")
    run_ok(word, "insertMarkdown", markdown=REPORT, scope="document", location="replace")
    page = run_ok(word, "readDocument", scope="document", format="markdown")
    assert page["nextOffset"] is None and page["truncated"] is False
    assert markdown_to_blocks(page["markdown"]).blocks == markdown_to_blocks(REPORT).blocks, page["markdown"]


def test_title_round_trip(word):
    """A setext `===` heading goes in as a Title paragraph and readDocument writes it that way again; `#` is Heading 1."""
    word.set_text("")
    markdown = "Report\n======\n\n# Summary\n\nText"
    run_ok(word, "insertMarkdown", markdown=markdown, scope="document", location="replace")
    assert [(p["text"], p["style"]) for p in paragraphs(word)] == [
        ("Report", "Title"), ("Summary", "Heading 1"), ("Text", "Normal")]
    page = run_ok(word, "readDocument", scope="document", format="markdown")
    assert page["markdown"] == markdown


@sim_only("selects text through the simulator's select()")
def test_insert_markdown_replaces_the_selection(word):
    word.set_text("One\nTwo\nThree")
    word.page.evaluate("window.wordSim.select('Two')")
    run_ok(word, "insertMarkdown", markdown="## New part\n\nWith *text*.")
    assert [p["text"] for p in paragraphs(word)] == ["One", "New part", "With text.", "Three"]
    assert paragraphs(word)[1]["style"] == "Heading 2"


def test_read_document_page_by_page(word):
    lines = [f"Line {i}" for i in range(300)]
    lines.insert(150, "| a | b |\n| --- | --- |\n| c | d |")
    load(word, "\n\n".join(lines))
    texts: list[str] = []
    offset: int | None = 0
    while offset is not None:
        page = run_ok(word, "readDocument", format="text", offset=offset, limit=40)
        assert page["totalBlocks"] == 301 and page["offset"] == offset
        texts.append(page["text"])
        offset = page["nextOffset"]
    assert len(texts) == 8
    lines = "\n".join(texts).split("\n")
    assert lines[149:153] == ["Line 149", "a\tb", "c\td", "Line 150"] and lines[-1] == "Line 299"


def test_read_document_stops_at_max_chars(word):
    word.set_text("\n".join(["x" * 150] * 4))
    page = run_ok(word, "readDocument", format="text", maxChars=400)
    assert page["text"] == "\n".join(["x" * 150] * 2) and page["nextOffset"] == 2 and page["truncated"] is True


def test_read_structure_ids_work_in_later_ops(word):
    load(word, "# Heading\n\n| k | v |\n| --- | --- |\n| a | 1 |\n\nClosing")
    page = run_ok(word, "readDocument", format="structure", includeRangeIds=True)
    heading, table, closing = page["blocks"]
    assert heading["headingLevel"] == 1 and table["type"] == "table" and table["table"]["values"][1] == ["a", "1"]
    run_ok(word, "table.setCellText", tableRef=f"tableId:{table['tableId']}", row=1, col=1, text="2")
    run_ok(word, "insertText", text="End: ", scope=f"rangeId:{closing['rangeId']}", location="start")
    snapshot = word.snapshot()["blocks"]
    assert snapshot[1]["values"][1] == ["a", "2"] and snapshot[2]["text"] == "End: Closing"
    plain = run_ok(word, "readDocument", format="structure")
    assert all("rangeId" not in b and "tableId" not in b for b in plain["blocks"])


def test_read_a_range_from_insert_markdown(word):
    word.set_text("Before")
    inserted = run_ok(word, "insertMarkdown", markdown="- a\n- b", scope="document", location="end")
    page = run_ok(word, "readDocument", scope=f"rangeId:{inserted['rangeId']}", format="markdown")
    assert page["markdown"] == "- a\n- b" and page["totalBlocks"] == 2
