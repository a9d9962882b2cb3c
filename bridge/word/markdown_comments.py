"""HTML comments in insertMarkdown's markdown are left out, as a markdown reader shows them: not at all.

readDocument writes what it says about a page as HTML comments (the end-of-document marker, a table's merged
cells, a cut block), so its markdown inserted back gives the document, not those notes. Raw HTML is off in the
parser (any other tag is text), so the comments get rules of their own: a block one (a line starting `<!--`, to the
line holding `-->`, as CommonMark's HTML block of type 2; it can interrupt a paragraph and so ends a list, which is
how `<!-- -->` separates two lists) and an inline one. A comment never closed is text: nothing after it is lost.
An escaped `\\<!--` (how readDocument writes such text in a paragraph) is text too.
"""

from __future__ import annotations

from typing import Final

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline

_OPEN: Final = "<!--"
_CLOSE: Final = "-->"


def _comment_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    first = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    if not first.startswith(_OPEN):
        return False
    # The comment's lines: from its start to the line holding `-->` (on the first line after `<!--`).
    closing = next((line for line in range(start, end)
                    if _CLOSE in state.src[state.bMarks[line] + (state.tShift[line] + len(_OPEN) if line == start else 0) : state.eMarks[line]]), None)
    if closing is None:
        return False
    if not silent:
        state.line = closing + 1
    return True


def _comment_inline(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith(_OPEN, state.pos):
        return False
    close = state.src.find(_CLOSE, state.pos + len(_OPEN))
    if close < 0:
        return False
    after = close + len(_CLOSE)
    # A comment between spaces leaves one space, not two ("a <!-- x --> b" reads "a b").
    if state.pos == 0 or state.src[state.pos - 1] in " \t":
        while after < state.posMax and state.src[after] in " \t":
            after += 1
    state.pos = after
    return True


def drop_html_comments(parser: MarkdownIt) -> None:
    """Make `parser` leave HTML comments out (block and inline)."""
    parser.block.ruler.before("html_block", "html_comment", _comment_block, {"alt": ["paragraph", "reference", "blockquote"]})
    parser.inline.ruler.before("html_inline", "html_comment", _comment_inline)
