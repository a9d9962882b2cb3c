"""Line breaks in insertMarkdown's markdown: a hard break, or `<br>`, is a Word line break in the same paragraph.

readDocument writes a heading's line breaks as `<br>` (an ATX heading is one line in CommonMark) and a block's
last line break too (a hard break needs text after it); raw HTML is otherwise not read.
"""

from __future__ import annotations

import pytest

from bridge.word.markdown_blocks import markdown_to_blocks


def blocks(markdown: str) -> list[dict[str, object]]:
    return markdown_to_blocks(markdown).blocks


@pytest.mark.parametrize("tag", ["<br>", "<br/>", "<br />", "<BR>"])
def test_br_in_an_atx_heading_is_a_line_break_in_the_heading(tag: str) -> None:
    assert blocks(f"## North{tag}South") == [{"type": "heading", "level": 2, "runs": [{"text": "North\nSouth"}]}]


def test_a_trailing_br_keeps_the_last_line_break_and_formatting_goes_on_across_it() -> None:
    assert blocks("**Bold<br>still bold**<br>") == [{"type": "paragraph", "runs": [{"text": "Bold\nstill bold", "bold": True}, {"text": "\n"}]}]


def test_an_escaped_br_and_one_in_code_stay_text() -> None:
    assert blocks("a \\<br> b `c<br>d`") == [{"type": "paragraph", "runs": [{"text": "a <br> b "}, {"text": "c<br>d", "code": True}]}]


def test_other_tags_are_still_text() -> None:
    assert blocks("x <b>y</b> <brx>") == [{"type": "paragraph", "runs": [{"text": "x <b>y</b> <brx>"}]}]


def test_a_br_in_a_table_cell_is_a_paragraph_break_in_the_cell() -> None:
    """readDocument writes a cell's paragraphs split by `<br>` (a pipe cell is one line): "\\n" in a row's cell."""
    assert blocks("| a<br>b | c |\n| --- | --- |\n| 1 <br/> 2 | x<BR><br>y<br> |")[0]["rows"] == [["a\nb", "c"], ["1\n2", "x\n\ny\n"]]


def test_an_escaped_br_in_a_table_cell_stays_text() -> None:
    assert blocks("| a \\<br> b | `c<br>d` |\n| --- | --- |")[0]["rows"] == [["a <br> b", "c<br>d"]]
