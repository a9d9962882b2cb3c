"""Text into blocks, sentences and words: the units every heuristic of the analyzer counts.

Plain content is split into paragraphs at blank lines (each line is a paragraph when there is no blank line);
a heading is a markdown `#` line, a numbered line ("2.1 Methods"), or a short title-case line (at most 10 words,
no closing punctuation) that is followed by a heading, a list item or a paragraph of 8 words or more. A line on its
own (a line break after it) is also a heading when it is a well-known section name ("Conclusion", "References",
"Executive Summary", a trailing colon allowed) and text follows, or when it is in title case proper (every
significant word capitalised) and followed by a sentence, and the document has at least two such pairs (a
sectioned text with short sections); greetings and sign-offs ("Hi Sam", "Best regards") never are. A document read
from Word keeps Word's own headings (`headingLevel`, the Title style), list items and tables.

Tracked changes: readDocument's structure text of a paragraph is its current text (tracked deletions left out,
as with every change accepted), so the analyzer counts what the document says now.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from bridge.tools.analysis.markers import GREETING, SIGN_OFF

BlockKind = Literal["heading", "paragraph", "list", "table"]

WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")
_NUMBERED_HEADING = re.compile(r"^(\d+(?:\.\d+)*)\.?\s+(\S.{0,80})$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*•·]|\d+[.)])\s+(.+)$")
_SMALL_WORDS = frozenset("a an and as at but by for from in into of on or the to with vs via per nor".split())
_ABBREVIATIONS = frozenset(
    "mr mrs ms dr prof sr jr st vs etc e.g i.e inc ltd co corp fig no vol approx dept est al u.s jan feb mar apr "
    "jun jul aug sep sept oct nov dec p pp ch sec".split())
_SECTION_NAME = re.compile(
    r"(?:executive |project )?summary|abstract|introduction|background|overview|purpose|scope|objectives?|goals?|"
    r"methods?|methodology|approach|results?|findings|key findings|discussion|analysis|conclusions?|"
    r"concluding remarks|closing remarks|final thoughts|recommendations?|next steps|references|bibliography|"
    r"works cited|sources|further reading|appendix(?: [a-z0-9]{1,3})?|appendices|acknowledge?ments|limitations|"
    r"budget|costs|timeline|schedule|milestones|troubleshooting|faq|glossary|table of contents|contents|notes|"
    r"literature review|requirements|risks|deliverables|outcomes|agenda|action items|preface|foreword",
    re.I)
"""Section names a line on its own is a heading by, whatever length of section follows (a full match)."""
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*$")
_BOUNDARY = re.compile(r"([.!?…]+)([\"'”’)\]]*)\s+(?=[\"'“‘(\[]?[A-Z0-9À-Ý])")


@dataclass
class Block:
    """One paragraph, heading, list item or table of the document, in order."""

    kind: BlockKind
    text: str
    level: int = 0
    """Heading level (0 = title) for headings."""
    index: int | None = None
    """The block's index in the Word document (readDocument's `index`); None for plain content."""


@dataclass
class Sentence:
    number: int
    """1-based across the whole document, as the suggestions cite it."""
    text: str
    paragraph: int
    """1-based number of the body paragraph (or list item) it is in."""
    words: list[str] = field(default_factory=list)


def words(text: str) -> list[str]:
    return WORD.findall(text)


def a_or_an(noun: str) -> str:
    """`noun` after its indefinite article: "an email", "an academic audience", "a report".

    By the first letter, which is right for every document type and audience the tools name.
    """
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def quote(text: str, max_words: int = 12) -> str:
    """The start of `text` in quotes, for suggestions that cite what they mean."""
    parts = text.split()
    shown = " ".join(parts[:max_words])
    return f"“{shown}{'…' if len(parts) > max_words else ''}”"


def split_sentences(text: str) -> list[str]:
    """Sentences: end punctuation followed by a capital or a digit, not after a known abbreviation or initial."""
    out: list[str] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        before = text[start:match.start()].split()
        last = before[-1].lower().rstrip(".") if before else ""
        if match.group(1) == "." and (last in _ABBREVIATIONS or (len(last) == 1 and last.isalpha())):
            continue
        out.append(text[start:match.end()].strip())
        start = match.end()
    rest = text[start:].strip()
    if rest:
        out.append(rest)
    return out


def _is_title_case(line: str, strict: bool = False) -> bool:
    """A short line in title case (or capitals) without closing punctuation; any start-capitalised line of up to
    4 words unless `strict`."""
    line = line.strip()
    found = words(line)
    if not found or len(found) > 10 or len(line) > 80 or not line[0].isupper() or line[-1] in ".!?,;:":
        return False
    significant = [w for w in found[1:] if w.lower() not in _SMALL_WORDS and w[0].isalpha()]
    return line.isupper() or (len(found) <= 4 and not strict) or all(w[0].isupper() for w in significant)


def _section_name(line: str) -> bool:
    """A well-known section name in title case or capitals ("References", "EXECUTIVE SUMMARY", "Conclusion:")."""
    name = line.strip().removesuffix(":").rstrip()
    return bool(_SECTION_NAME.fullmatch(name)) and _is_title_case(name)


def _heads_a_short_section(line: str) -> bool:
    """A line in title case proper ("Cost Review", not "We met Ana") that may head a section of any length: not a
    greeting or a sign-off."""
    return _is_title_case(line, strict=True) and not GREETING.match(line) and not SIGN_OFF.match(line)


def _explicit_heading(line: str, in_list: bool) -> Block | None:
    """A markdown heading, or a numbered heading unless the line is one of several numbered items."""
    md = _MD_HEADING.match(line)
    if md:
        return Block("heading", md.group(2).strip(), len(md.group(1)))
    numbered = None if in_list else _NUMBERED_HEADING.match(line)
    if numbered and len(words(numbered.group(2))) <= 10 and numbered.group(2)[0].isupper() \
            and numbered.group(2).rstrip()[-1] not in ".!?,;":
        return Block("heading", line.strip(), numbered.group(1).count(".") + 2)  # "1." sits under a title
    return None


def blocks_from_text(content: str) -> list[Block]:
    """Plain or markdown text as blocks (see the module docstring for the rules)."""
    lines = [line.rstrip() for line in content.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    chunks: list[list[str]]
    separated = any(not line.strip() for line in lines) and sum(1 for line in lines if line.strip()) > 1
    if separated:
        chunks, current = [], []
        for line in lines:
            if line.strip():
                current.append(line.strip())
            elif current:
                chunks.append(current)
                current = []
        if current:
            chunks.append(current)
    else:
        chunks = [[line.strip()] for line in lines if line.strip()]
    # A numbered line next to another list line is a list item, not a heading ("1. Open…", "2. Click…").
    groups = chunks if separated else [[chunk[0] for chunk in chunks]]
    listed = {line for group in groups for i, line in enumerate(group)
              if _LIST_ITEM.match(line) and any(_LIST_ITEM.match(other) for other in group[max(0, i - 1):i] + group[i + 1:i + 2])}
    raw: list[tuple[str, Block | None, bool]] = []  # (text, explicit heading, on a line of its own) per block
    for chunk in chunks:
        paragraph: list[str] = []
        for line in chunk:
            heading = _explicit_heading(line, line in listed)
            item = _LIST_ITEM.match(line)
            if heading is not None or item is not None:
                if paragraph:
                    raw.append((" ".join(paragraph), None, len(paragraph) == 1))
                    paragraph = []
                raw.append((line, heading or Block("list", item.group(1).strip() if item else line), True))
            elif not paragraph and len(chunk) > 1 and (_is_title_case(line) or _section_name(line)):
                raw.append((line, None, True))  # a title line heading its own chunk
            else:
                paragraph.append(line)
        if paragraph:
            raw.append((" ".join(paragraph), None, len(paragraph) == 1))
    # Title lines each followed by a sentence: two or more make a sectioned text with short sections.
    paired = [alone and explicit is None and _heads_a_short_section(text) and i + 1 < len(raw)
              and raw[i + 1][1] is None and bool(_SENTENCE_END.search(raw[i + 1][0]))
              for i, (text, explicit, alone) in enumerate(raw)]
    sectioned = sum(paired) >= 2
    blocks: list[Block] = []
    following_ok = False  # does the block after the current one let a title-case line be a heading?
    for i in reversed(range(len(raw))):
        text, explicit, alone = raw[i]
        if explicit is not None:
            block = explicit
        elif (_is_title_case(text) and following_ok) or (sectioned and paired[i]) \
                or (alone and i + 1 < len(raw) and _section_name(text)):
            block = Block("heading", text.removesuffix(":").rstrip(), 2)
        else:
            block = Block("paragraph", text)
        following_ok = block.kind in ("heading", "list") or len(words(block.text)) >= 8
        blocks.append(block)
    blocks.reverse()
    return blocks


def blocks_from_document(structure: list[dict[str, Any]]) -> list[Block]:
    """readDocument `structure` blocks as analyzer blocks (Word's headings, list items and tables)."""
    out: list[Block] = []
    for n, item in enumerate(structure):
        index = item.get("index", n)
        if item.get("type") == "table":
            values = (item.get("table") or {}).get("values") or []
            text = "\n".join(" | ".join(str(c) for c in row) for row in values) or str(item.get("text") or "").strip()
            if text:
                out.append(Block("table", text, index=index))
            continue
        text = str(item.get("text") or "").strip()
        if not text:
            continue
        level = item.get("headingLevel")
        if isinstance(level, int):
            out.append(Block("heading", text, level, index=index))
        elif str(item.get("style") or "").lower() in ("title", "subtitle"):
            out.append(Block("heading", text, 0, index=index))
        elif item.get("list"):
            out.append(Block("list", text, index=index))
        else:
            out.append(Block("paragraph", text, index=index))
    return out


def body(blocks: list[Block]) -> list[tuple[int, Block]]:
    """Paragraphs and list items with their 1-based numbers, as suggestions cite them."""
    return list(enumerate((b for b in blocks if b.kind in ("paragraph", "list")), start=1))


def sentences_of(blocks: list[Block]) -> list[Sentence]:
    """Every sentence of the body paragraphs and list items, numbered through the document."""
    out: list[Sentence] = []
    paragraph = 0
    for block in blocks:
        if block.kind not in ("paragraph", "list"):
            continue
        paragraph += 1
        for text in split_sentences(block.text):
            found = words(text)
            if found:
                out.append(Sentence(len(out) + 1, text, paragraph, found))
    return out


def prose(blocks: list[Block]) -> str:
    """The body text for the readability formulas: paragraphs and list items, each ending a sentence."""
    parts = []
    for block in blocks:
        if block.kind in ("paragraph", "list"):
            text = block.text.strip()
            parts.append(text if text[-1] in ".!?…" else text + ".")
    return "\n".join(parts)
