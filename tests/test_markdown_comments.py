"""HTML comments in insertMarkdown's markdown are left out: readDocument's notes about a page (the end marker, a
table's merged cells, a cut block) are comments, so its markdown inserted back gives the document, not the notes."""

from __future__ import annotations

import pytest

from bridge.word.markdown_blocks import markdown_to_blocks


def blocks(markdown: str) -> list[dict[str, object]]:
    return markdown_to_blocks(markdown).blocks


def para(text: str) -> dict[str, object]:
    return {"type": "paragraph", "runs": [{"text": text}]}


@pytest.mark.parametrize("markdown", [
    "Last.\n\n<!-- end of document: 3 blocks -->\n",
    "Last.\n\n<!-- This table has merged cells: a row lists one value per merged area. -->",
    "Last.\n<!-- interrupting the paragraph -->",
    "<!--\nover\nlines -->\n\nLast.",
    "  <!-- indented --> and what follows on its line\nLast.",
])
def test_a_comment_block_is_left_out(markdown: str) -> None:
    assert blocks(markdown) == [para("Last.")]


def test_a_comment_after_a_table_leaves_the_table_alone() -> None:
    assert blocks("| a | b |\n| --- | --- |\n| 1 | 2 |\n\n<!-- merged cells -->") == [
        {"type": "table", "header": True, "rows": [["a", "b"], ["1", "2"]]}]


def test_an_inline_comment_is_left_out_with_one_space_kept() -> None:
    assert blocks("Sales <!-- note --> rose.") == [para("Sales rose.")]
    assert blocks("**Sales**<!-- x -->!") == [{"type": "paragraph", "runs": [{"text": "Sales", "bold": True}, {"text": "!"}]}]
    assert blocks("| a<!-- x --> | b |\n| --- | --- |")[0]["rows"] == [["a", "b"]]


def test_a_comment_ends_a_list_as_in_commonmark() -> None:
    converted = blocks("- x\n<!-- -->\n- y")
    assert [b["type"] for b in converted] == ["listItem", "listItem"]
    assert [b["runs"] for b in converted] == [[{"text": "x"}], [{"text": "y"}]]


@pytest.mark.parametrize(("markdown", "expected"), [
    ("a \\<!-- x --> b", [para("a <!-- x --> b")]),  # escaped, as readDocument writes such text
    ("`<!-- x -->`", [{"type": "paragraph", "runs": [{"text": "<!-- x -->", "code": True}]}]),
    ("<!-- never closed\n\nB", [para("<!-- never closed"), para("B")]),  # nothing after it is lost
    ("a <!-- never closed", [para("a <!-- never closed")]),
    ("    <!-- code -->", [{"type": "code", "text": "<!-- code -->"}]),
])
def test_comments_that_are_text_stay_text(markdown: str, expected: list[dict[str, object]]) -> None:
    assert blocks(markdown) == expected


def test_a_dropped_comment_adds_no_diagnostic() -> None:
    assert markdown_to_blocks("A\n\n<!-- end of document: 1 blocks -->").notes == []
