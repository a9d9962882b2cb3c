"""A table as the scope of insertPicture, hyperlink.set, comment.add, applyStyle and anchor.create, end to end (MCP
over HTTPS → bridge → the pane → Word): a picture or linked text goes next to the table, a comment covers it, an
anchor on it is the table as a block, and what Word cannot do to a table is refused, saying what works.
"""

from __future__ import annotations

import base64
import io
from typing import Any

import pytest
from PIL import Image

from tests.e2e.conftest import Word, op_data

pytestmark = pytest.mark.e2e

TABLE = [["Item", "Price"], ["Tea", "3"]]


def png_base64() -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (40, 20), (30, 120, 200)).save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode()


def blocks(word: Word) -> list[Any]:
    """Paragraph texts (a picture paragraph: [pic]), tables as their values."""
    def paragraph(block: dict[str, Any]) -> str:
        return "".join("[pic]" if run.get("type") == "picture" else run.get("text", "") for run in block.get("runs", []))
    return [b["values"] if b["type"] == "table" else paragraph(b) for b in word.snapshot()["blocks"]]


def test_a_source_link_before_a_table_a_picture_after_it_and_a_comment_on_it(word):
    word.set_text("Intro\nNext para")
    read = op_data(word, "readDocument", format="structure", includeRangeIds=True)
    created = op_data(word, "table.create", data=TABLE, scope=f"rangeId:{read['blocks'][0]['rangeId']}", location="after")
    anchor = op_data(word, "anchor.create", scope=f"rangeId:{created['tableId']}", name="prices")
    assert anchor["anchorId"].startswith("anc_tbl_")

    op_data(word, "hyperlink.set", url="https://example.org/prices", text="Source", scope=anchor["scope"], location="before")
    op_data(word, "insertPicture", source="base64", data=png_base64(), scope=anchor["scope"], location="after")
    op_data(word, "comment.add", text="Check these prices", scope=f"rangeId:{created['tableId']}")
    assert blocks(word) == ["Intro", "Source", TABLE, "[pic]", "Next para"]
    comments = op_data(word, "comment.list")["comments"]
    assert [c["anchoredText"] for c in comments] == ["Item\tPrice\nTea\t3\n"]  # shown as readDocument shows breaks

    linked = word.op("hyperlink.set", url="https://example.org/prices", scope=anchor["scope"])
    assert linked["ok"] is False and linked["code"] == "E_INVALID_ARG", linked
    assert "cannot span table cells" in linked["diagnostics"][0]["msg"]
    styled = word.op("applyStyle", namedStyle="Grid Table 4", scope=f"rangeId:{created['tableId']}")
    assert styled["ok"] is False and styled["code"] == "E_INVALID_ARG", styled
    assert styled["diagnostics"][0]["field"] == "args.namedStyle"
    assert "table.applyStyle" in styled["diagnostics"][0]["msg"]
    assert blocks(word) == ["Intro", "Source", TABLE, "[pic]", "Next para"]
