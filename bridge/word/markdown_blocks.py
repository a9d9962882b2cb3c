"""Markdown → the canonical blocks `insertMarkdown` sends to the pane.

markdown-it-py (CommonMark plus GFM tables and strikethrough) does the parsing; this module only maps
its token stream onto what Word can build with its own styles: headings, paragraphs, list items with
levels, quotes, code blocks and tables, each paragraph made of formatted runs. A setext level-1 heading
(its text underlined with `===`) is the document's Title: readDocument writes a Title-style paragraph that
way, so it reads back as a Title and `# text` as Heading 1. A line break is a hard break (a backslash or two spaces
at a line's end) or `<br>`, the one raw HTML tag read (an ATX heading is one line, and a paragraph cannot
end with a hard break: readDocument writes a heading's or a paragraph's last line break as `<br>`); both
reach the pane as a new line in a run, a Word line break in the same paragraph (in a table cell, which is one line,
`<br>` is a paragraph break in the cell: readDocument writes a cell's paragraphs so). The pane never parses
markdown, so the same text gives the same document in every host.

Block shapes (docs/protocol.md):
  {"type": "heading", "level": 1-6, "runs": [Run]}  plus "title": true (level 1 only) for a setext `===` heading
  {"type": "paragraph", "runs": [Run]}
  {"type": "listItem", "kind": "bullet" | "number", "level": 0-8, "runs": [Run]}  the first item of a list also has
    "start": n (an ordered list not starting at 1) and "newList": true (a list right after another one at its
    level, which a `<!-- -->` or a change of marker separates: Word makes it a list of its own)
  {"type": "quote", "runs": [Run]}
  {"type": "code", "text": str}
  {"type": "table", "header": bool, "rows": [[str]]}  a "\\n" in a cell is a paragraph break in it (`<br>` in a pipe cell)
Run: {"text": str, and only when true: "bold", "italic", "code", "strike"; "link": url}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock, paragraph
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from .markdown_comments import drop_html_comments

MAX_LIST_LEVEL: Final = 8  # Word lists have nine levels, 0-8
_BREAK_TAG: Final = re.compile(r"<br\s*/?>", re.IGNORECASE)


def _break_tag(state: StateInline, silent: bool) -> bool:
    """`<br>` (`<br/>`, `<br />`) is a hard break, raw HTML being off: the one line break an ATX heading can hold."""
    match = _BREAK_TAG.match(state.src, state.pos) if state.src[state.pos] == "<" else None
    if match is None:
        return False
    if not silent:
        state.push("hardbreak", "br", 0)
    state.pos = match.end()
    return True


_NOTE_DEFINITION: Final = re.compile(r" {0,3}\[\^[^\]\s]+\]:")
_NOTE_TEXT: Final = "footnotes ([^1] and the [^1]: definitions under a block) are inserted as text: footnote.insert and endnote.insert make notes"


def _note_definition(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """`[^1]: text`, a footnote's definition as readDocument writes it, is a paragraph of text.

    CommonMark would read `[^1]: Source.` (text of one word) as a link reference definition: the note's text would
    vanish and each `[^1]` become a link. Here it stays text, whatever the note says, like `[^1]: Two words.`.
    """
    if not _starts_definition(state, start):
        return False
    state.env["note_definitions"] = True
    # Each definition its own paragraph: it ends where the next one starts (else as a paragraph ends).
    stop = next((line for line in range(start + 1, end) if _starts_definition(state, line)), end)
    line_max, state.lineMax = state.lineMax, stop  # the paragraph rule reads up to lineMax
    try:
        return paragraph(state, start, stop, silent)
    finally:
        state.lineMax = line_max


def _starts_definition(state: StateBlock, line: int) -> bool:
    text = state.src[state.bMarks[line] : state.eMarks[line]]
    return state.sCount[line] - state.blkIndent < 4 and _NOTE_DEFINITION.match(text) is not None


_PARSER: Final = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
_PARSER.inline.ruler.before("autolink", "break_tag", _break_tag)
_PARSER.block.ruler.before("reference", "note_definition", _note_definition)
drop_html_comments(_PARSER)  # readDocument's notes about a page (<!-- … -->) are not document text
_MARKS: Final = {"strong": "bold", "em": "italic", "s": "strike"}
_SAFE_LINK_SCHEMES: Final = ("http://", "https://", "mailto:")

Run = dict[str, Any]
Block = dict[str, Any]


@dataclass
class Converted:
    """The blocks, and what the conversion had to leave out or change (for diagnostics)."""

    blocks: list[Block]
    notes: list[str] = field(default_factory=list)


def markdown_to_blocks(markdown: str) -> Converted:
    """Convert `markdown` to canonical blocks (see the module docstring)."""
    env: dict[str, Any] = {}
    converted = _Walker(_PARSER.parse(markdown, env)).walk()
    if env.get("note_definitions"):
        converted.notes.append(_NOTE_TEXT)
    return converted


class _Walker:
    """One pass over markdown-it's flat token stream, keeping the open lists and quotes."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.out = Converted([])
        self.lists: list[str] = []  # "bullet" | "number", innermost last
        self.list_heads: list[Block | None] = []  # what each open list's first item adds, None once it is out
        self.quotes = 0
        self.table: list[list[str]] | None = None
        self.table_header = False
        self.skipped: set[str] = set()
        self.item_fresh = False  # a list item opened and its first paragraph not seen yet

    def walk(self) -> Converted:
        i = 0
        while i < len(self.tokens):
            i = self._token(i)
        for what in sorted(self.skipped):
            self.out.notes.append(what)
        return self.out

    def _token(self, i: int) -> int:
        token = self.tokens[i]
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            self.lists.append("bullet" if kind == "bullet_list_open" else "number")
            start = int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 1
            self.list_heads.append({"start": start} if start != 1 else {})
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
            self.list_heads.pop()
        elif kind == "list_item_open":
            self.item_fresh = True
        elif kind == "blockquote_open":
            self.quotes += 1
        elif kind == "blockquote_close":
            self.quotes -= 1
        elif kind == "heading_open":
            level = int(token.tag[1])
            # A setext `===` heading is Word's Title style: readDocument writes a Title paragraph that way.
            title = {"title": True} if level == 1 and token.markup.startswith("=") else {}
            self.out.blocks.append({"type": "heading", "level": level, **title, "runs": self._runs(self.tokens[i + 1])})
            return i + 3
        elif kind == "paragraph_open":
            self._paragraph(self._runs(self.tokens[i + 1]))
            return i + 3
        elif kind in ("fence", "code_block"):
            self.out.blocks.append({"type": "code", "text": token.content.rstrip("\n")})
        elif kind == "table_open":
            self.table, self.table_header = [], False
        elif kind == "tr_open" and self.table is not None:
            self.table.append([])
        elif kind in ("th_open", "td_open") and self.table is not None:
            self.table_header = self.table_header or kind == "th_open"
            self.table[-1].append(_plain(self.tokens[i + 1]))
            return i + 3
        elif kind == "table_close" and self.table is not None:
            self.out.blocks.append({"type": "table", "header": self.table_header, "rows": self.table})
            self.table = None
        elif kind == "hr":
            self.skipped.add("horizontal rules (---) are not inserted")
        elif kind in ("html_block", "html_inline"):
            self.skipped.add("raw HTML is not inserted")
        return i + 1

    def _paragraph(self, runs: list[Run]) -> None:
        if self.lists:
            level = len(self.lists) - 1
            if level > MAX_LIST_LEVEL:
                self.skipped.add(f"lists nested deeper than {MAX_LIST_LEVEL + 1} levels are kept at level {MAX_LIST_LEVEL + 1}")
                level = MAX_LIST_LEVEL
            previous = self.out.blocks[-1] if self.out.blocks else None
            # A list item's second paragraph continues the item rather than starting a new numbered one.
            if not self.item_fresh and previous is not None and previous["type"] == "listItem":
                _add(previous["runs"], " ", {}, None)
                for run in runs:
                    _add(previous["runs"], run["text"], {k: True for k in run if k not in ("text", "link")}, run.get("link"))
                return
            self.item_fresh = False
            head, self.list_heads[-1] = self.list_heads[-1], None
            if head is not None and self._sibling_kind(level) == self.lists[-1]:
                head = {**head, "newList": True}  # else the pane would go on with the list before
            self.out.blocks.append({"type": "listItem", "kind": self.lists[-1], "level": level, "runs": runs, **(head or {})})
        elif self.quotes:
            self.out.blocks.append({"type": "quote", "runs": runs})
        else:
            self.out.blocks.append({"type": "paragraph", "runs": runs})

    def _sibling_kind(self, level: int) -> str | None:
        """The kind of the list item at `level` that the blocks just before end with (deeper items after it), if any."""
        for block in reversed(self.out.blocks):
            if block["type"] != "listItem" or block["level"] < level:
                return None
            if block["level"] == level:
                return str(block["kind"])
        return None

    def _runs(self, inline: Token) -> list[Run]:
        runs: list[Run] = []
        marks: dict[str, bool] = {}
        link: str | None = None
        for child in inline.children or []:
            kind = child.type
            if kind.endswith("_open") and kind[:-5] in _MARKS:
                marks[_MARKS[kind[:-5]]] = True
            elif kind.endswith("_close") and kind[:-6] in _MARKS:
                marks.pop(_MARKS[kind[:-6]], None)
            elif kind == "link_open":
                href = str(child.attrs.get("href", ""))
                link = href if href.lower().startswith(_SAFE_LINK_SCHEMES) else None
                if link is None and href:
                    self.skipped.add("links other than http(s) and mailto are inserted as plain text")
            elif kind == "link_close":
                link = None
            elif kind == "text":
                _add(runs, child.content, marks, link)
            elif kind == "code_inline":
                _add(runs, child.content, {**marks, "code": True}, link)
            elif kind in ("softbreak", "hardbreak"):
                _add(runs, " " if kind == "softbreak" else "\n", marks, link)
            elif kind == "image":
                alt = child.content or str(child.attrs.get("alt", "")) or "image"
                src = str(child.attrs.get("src", ""))
                _add(runs, alt, marks, src if src.lower().startswith(_SAFE_LINK_SCHEMES) else link)
                self.skipped.add("images are inserted as links to them (use insertPicture for the picture itself)")
            elif kind == "html_inline":
                self.skipped.add("raw HTML is not inserted")
        return runs or [{"text": ""}]


def _add(runs: list[Run], text: str, marks: dict[str, bool], link: str | None) -> None:
    """Append text with its formatting, merging into the previous run when the formatting is the same."""
    if not text:
        return
    run: Run = {"text": text, **{k: True for k, on in sorted(marks.items()) if on}}
    if link:
        run["link"] = link
    if runs and {k: v for k, v in runs[-1].items() if k != "text"} == {k: v for k, v in run.items() if k != "text"}:
        runs[-1]["text"] += text
    else:
        runs.append(run)


def _plain(inline: Token) -> str:
    """A table cell's text: its inline content without formatting, each `<br>` a paragraph break ("\\n") in the cell.

    A pipe cell is one line, so readDocument writes a cell's paragraphs split by `<br>`; the spaces around one are
    the markdown's, not the paragraphs'.
    """
    parts = ("\n" if c.type == "hardbreak" else c.content for c in inline.children or [] if c.type in ("text", "code_inline", "hardbreak"))
    text = "".join(parts) or inline.content
    return "\n".join(line.strip(" \t") for line in text.split("\n")) if "\n" in text else text
