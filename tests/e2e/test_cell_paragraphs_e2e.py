"""A table cell's paragraphs through a markdown round trip, end to end (MCP over HTTPS → bridge → the pane → Word):
readDocument writes them split by `<br>` (a pipe cell is one line), insertMarkdown builds each as a paragraph of
the cell, and reading again gives the same markdown.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Word, op_data

pytestmark = pytest.mark.e2e

TABLE = "| a<br>a2 | b |\n| --- | --- |\n| c \\<br> x | d<br><br>d3 |"
VALUES = [["a\ra2", "b"], ["c <br> x", "d\r\rd3"]]


def table_values(word: Word) -> Any:
    read = op_data(word, "readDocument", format="structure")
    return next(block["table"]["values"] for block in read["blocks"] if block["type"] == "table")


def test_a_cells_paragraphs_survive_read_and_write_back_as_markdown(word):
    word.set_text("Intro")
    op_data(word, "insertMarkdown", markdown=f"{TABLE}\n\nOutro", scope="document", location="end")
    assert table_values(word) == VALUES
    markdown = op_data(word, "readDocument", format="markdown")["markdown"]
    assert TABLE in markdown
    op_data(word, "insertMarkdown", markdown=markdown, scope="document", location="replace")
    assert table_values(word) == VALUES
    assert op_data(word, "readDocument", format="markdown")["markdown"] == markdown
