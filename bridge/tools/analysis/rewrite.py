"""`text_processor`'s offline operations: format, extractive summary, spelling correction.

- format: whitespace, punctuation spacing, sentence case (not after e.g., Dr. and the like, nor after an ellipsis
  on the same line; iPhone stays iPhone), the name after a title capitalised (Dr. Smith);
  typographic quotes, dashes and ellipses for every style but casual (which gets straight quotes); formal and
  academic also expand contractions ("it's" as "it has" before been/got/had, left as it is before a past
  participle, where it could mean either). URLs, e-mail addresses, paths, file names and domains (notes.txt,
  example.com), numbers (3.14, 1,000, 10:30, .5) and names such as .NET are left exactly as written.
- summarize: the highest-scoring sentences (content-word frequency, the first sentence favoured) in their original
  order, within `max_length` characters and at most half the text (or else the best single sentence that fits
  `max_length`, or else the best sentence cut at a word).
- correct: see `spelling.py`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Any, Final

from bridge.tools.analysis.text import split_sentences, words

STOPWORDS: Final = frozenset("""a about above after again against all am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further had has have having
he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now
of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs
them themselves then there these they this those through to too under until up very was we were what when where
which while who whom why will with would you your yours yourself yourselves also may might must shall""".split())

CONTRACTIONS: Final = {
    "don't": "do not", "doesn't": "does not", "didn't": "did not", "can't": "cannot", "won't": "will not",
    "isn't": "is not", "aren't": "are not", "wasn't": "was not", "weren't": "were not", "haven't": "have not",
    "hasn't": "has not", "hadn't": "had not", "wouldn't": "would not", "shouldn't": "should not",
    "couldn't": "could not", "i'm": "I am", "you're": "you are", "we're": "we are", "they're": "they are",
    "i've": "I have", "you've": "you have", "we've": "we have", "they've": "they have", "i'll": "I will",
    "you'll": "you will", "we'll": "we will", "they'll": "they will", "it's": "it is", "let's": "let us",
}
_CONTRACTION = re.compile(r"\b(" + "|".join(re.escape(k).replace("'", "['’]") for k in CONTRACTIONS) + r")\b", re.I)
IT_HAS_BEFORE: Final = frozenset("been got gotten had".split())
"""Words after which "it's" is "it has" ("it's been raining", "it's got a handle")."""
PARTICIPLES: Final = frozenset("""done gone seen taken given made known shown become come begun broken chosen driven
eaten fallen forgotten frozen grown hidden written spoken stolen thrown worn won lost found left felt kept held brought
bought caught taught thought told sold sent spent built meant put set cut let hit run said paid read heard understood
grown drawn flown""".split())
"""Irregular past participles: "it's" before one (or a word in -ed) may be "it is" (it's known) or "it has" (it's
gone), so it is left unexpanded rather than guessed."""
_ADVERBS: Final = frozenset("not never already always just also really only ever still even since recently".split())
_WORD_AFTER: Final = re.compile(r"[\s]+([^\W\d_]+)")


# ------------------------------------------------------------------ format

_STRAIGHT: Final = str.maketrans("“”‘’", "\"\"''")
_EDGE_SPACE: Final = re.compile(r"^[^\S\t]+|[^\S\t]+$")  # white space at either end but tabs (empty cells)

def _typographic(text: str) -> str:
    text = re.sub(r"(^|[\s(\[{—-])\"", "\\1“", text)
    text = text.replace('"', "”")
    text = re.sub(r"(^|[\s(\[{—-])'", "\\1‘", text)
    text = text.replace("'", "’")
    text = re.sub(r" *-- *", "—", text)  # spaces only: a tab or line break either side is a cell's or line's edge
    return re.sub(r"\.\.\.", "…", text)


_PLACEHOLDERS: Final = 0xF0000
"""Protected chunks stand in the text as one character each from here on (Unicode's plane-15 private use area): not
a letter, a digit, a space or punctuation, so no step of `format_text` matches one or anything inside it."""
_PLACEHOLDER: Final = re.compile("[\U000F0000-\U000FFFFD]")
_CHUNK_EDGES: Final = ("([{<\"'“‘", ".,;:!?)]}>\"'”’…")
_PROTECTED: Final = re.compile(r"://|@.|^www\.|[/\\]|\w\.\w|\d[.,:]\d|^\.\w|[\U000F0000-\U000FFFFD]")
"""What makes a word (without the brackets, quotes and punctuation around it) something to leave as written: a URL,
an e-mail address, a path, a file name or domain (a full stop between letters), a number with separators, .NET or
.5; and any character that would be taken for a placeholder."""


def _protect(text: str) -> tuple[str, list[str]]:
    """`text` with each protected chunk (see _PROTECTED) replaced by a placeholder, and the chunks in order."""
    chunks: list[str] = []

    def hide(mt: re.Match[str]) -> str:
        word = mt.group(0)
        core = word.lstrip(_CHUNK_EDGES[0])
        lead = word[:len(word) - len(core)]
        core = core.rstrip(_CHUNK_EDGES[1])
        tail = word[len(lead) + len(core):]
        if not core or not _PROTECTED.search(core) or core.lower() in NOT_SENTENCE_ENDS:
            return word  # e.g and i.e stay visible: the sentence-start rule reads them
        chunks.append(core)
        return lead + chr(_PLACEHOLDERS + len(chunks) - 1) + tail

    return re.sub(r"\S+", hide, text), chunks


def _restore(text: str, chunks: list[str]) -> str:
    return _PLACEHOLDER.sub(lambda mt: chunks[ord(mt.group(0)) - _PLACEHOLDERS], text)


def _expand_contractions(text: str) -> tuple[str, int, int]:
    """`text` with contractions expanded, how many were, and how many "it's" were left (see IT_HAS_BEFORE)."""
    expanded = left = 0

    def expand(mt: re.Match[str]) -> str:
        nonlocal expanded, left
        found = mt.group(0)
        key = found.lower().replace("’", "'")
        replacement = CONTRACTIONS[key]
        if key == "it's":
            meaning = _meaning_of_its(mt.string, mt.end())
            if meaning is None:
                left += 1
                return found
            replacement = meaning
        expanded += 1
        return _keep_case(found, replacement)

    return _CONTRACTION.sub(expand, text), expanded, left


def _meaning_of_its(text: str, end: int) -> str | None:
    """ "it is" or "it has" for the "it's" ending at `end`, from the words after it; None when it could be either."""
    at = end
    while (mt := _WORD_AFTER.match(text, at)) is not None and mt.group(1).lower() in _ADVERBS:
        at = mt.end()
    after = mt.group(1).lower() if mt is not None else ""
    if after in IT_HAS_BEFORE:
        return "it has"
    if after in PARTICIPLES or (len(after) > 3 and after.endswith("ed")):
        return None
    return "it is"


def format_text(text: str, style: str, lang: str = "en") -> tuple[str, list[str]]:
    """The text tidied for `style`, and what changed (see the module docstring)."""
    changes: list[str] = []

    def step(pattern: str, repl: Any, what: str, flags: int = 0) -> None:
        nonlocal text
        text, n = re.subn(pattern, repl, text, flags=flags)
        if n:
            changes.append(f"{what} ({n})")

    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text, protected = _protect(text)
    # Spaces only, never tabs: a tab separates the cells of a table's text (readDocument's, a pasted TSV), and an
    # empty cell is two tabs in a row or a tab at a line's end or start.
    step(r" +\n", "\n", "Removed trailing spaces")
    step(r"(?<=\S) {2,}", " ", "Collapsed repeated spaces")
    step(r"\n{3,}", "\n\n", "Collapsed extra blank lines")
    step(r" +([,.;:!?…])", r"\1", "Removed spaces before punctuation")
    step(r"([,;!?])(?=[^\W\d_])", r"\1 ", "Added spaces after punctuation")
    stripped = _EDGE_SPACE.sub("", text)
    if stripped != text:
        text = stripped
        changes.append("Trimmed leading and trailing whitespace")
    if style in ("formal", "academic"):
        text, expanded, left = _expand_contractions(text)
        if expanded:
            changes.append(f"Expanded contractions ({expanded})")
        if left:
            changes.append(f"Left “it's” as written before a past participle ({left}): it could mean “it is” or "
                           "“it has”")
    if lang == "en":
        step(r"(?<![\w'’.])i(?![\w'’]|\.\w)", "I", "Capitalised “I”")  # not the i of "i.e."
    text, n = _capitalise_sentence_starts(text)
    if n:
        changes.append(f"Capitalised sentence starts ({n})")
    text, n = _capitalise_names_after_titles(text)
    if n:
        changes.append(f"Capitalised names after titles ({n})")
    if style == "casual":
        before = text
        text = text.translate(_STRAIGHT)
        if text != before:
            changes.append("Straightened quotes")
    else:
        before = text
        text = _typographic(text)
        if text != before:
            changes.append("Typographic quotes, dashes and ellipses")
    return _restore(text, protected), changes


_SENTENCE_START = re.compile(r"(^|[.!?…]\s+|\n\s*)([^\W\d_][\w'’-]*)")
NOT_SENTENCE_ENDS: Final = frozenset("mr mrs ms dr prof vs e.g i.e etc cf viz al approx incl".split())
"""Abbreviations a lowercase word may follow mid-sentence ("e.g. in", "Dr. smith"). Narrower than the sentence
splitter's list: names of months, `No.` or `Inc.` before a lowercase word more likely end a sentence."""


def _capitalise_sentence_starts(text: str) -> tuple[str, int]:
    """Each sentence's first word capitalised, and how many were; words with capitals inside (iPhone, eBay),
    words after an abbreviation that does not end a sentence (e.g., Dr.) and words after an ellipsis on the same
    line are left as they are."""
    count = 0

    def fix(mt: re.Match[str]) -> str:
        nonlocal count
        lead, word = mt.group(1), mt.group(2)
        if (not word[0].islower() or word[1:] != word[1:].lower() or _after_abbreviation(mt.string, mt.start(), lead)
                or _after_ellipsis(mt.string, mt.start(), lead)):
            return mt.group(0)
        count += 1
        return lead + word[0].upper() + word[1:]

    return _SENTENCE_START.sub(fix, text), count


def _after_abbreviation(text: str, start: int, lead: str) -> bool:
    """Whether the full stop at `start` closes one of NOT_SENTENCE_ENDS rather than a sentence."""
    if not lead.startswith("."):
        return False
    before = text[:start].split()
    return bool(before) and before[-1].lstrip("([{\"'“‘").lower().rstrip(".") in NOT_SENTENCE_ENDS


def _after_ellipsis(text: str, start: int, lead: str) -> bool:
    """Whether the lead at `start` is an ellipsis ("..." or "…") and spaces: in English a small letter follows one
    mid-sentence, so only the writer's capital or a new line starts a sentence there."""
    if not lead or "\n" in lead:
        return False
    return lead[0] == "…" or (lead[0] == "." and text[max(0, start - 2):start] == "..")


_TITLE_NAME: Final = re.compile(r"(?<![\w.'’])((?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)([^\W\d_][\w'’-]*)")
"""A title written with its capital (a full stop or, in British style, none) and the word after it. Lowercase
"dr." or "ms." may be a drive or a manuscript, so they are not taken for titles."""


def _capitalise_names_after_titles(text: str) -> tuple[str, int]:
    """The name after a title capitalised ("Dr. smith" → "Dr. Smith"), and how many were; a function word after it
    ("Dr. and Mrs. Smith", "the Ms. was") and words with capitals inside are left as they are."""
    count = 0

    def fix(mt: re.Match[str]) -> str:
        nonlocal count
        lead, word = mt.group(1), mt.group(2)
        if not word[0].islower() or word[1:] != word[1:].lower() or word.lower() in STOPWORDS:
            return mt.group(0)
        count += 1
        return lead + word[0].upper() + word[1:]

    return _TITLE_NAME.sub(fix, text), count


def _keep_case(original: str, replacement: str) -> str:
    return replacement[0].upper() + replacement[1:] if original[0].isupper() else replacement


# ------------------------------------------------------------------ summarize

def summarize_text(text: str, max_length: int) -> str:
    """An extractive summary within `max_length` characters and half the text (see the module docstring)."""
    sentences = [s for s in split_sentences(" ".join(text.split())) if words(s)]
    if not sentences:
        return text[:max_length]
    budget = min(max_length, max(len(text) // 2, 1))
    freq = Counter(w.lower() for s in sentences for w in words(s) if w.lower() not in STOPWORDS and not w.isdigit())
    top = max(freq.values(), default=1)

    def score(index: int, sentence: str) -> float:
        content = [w.lower() for w in words(sentence) if w.lower() in freq]
        base = sum(freq[w] / top for w in content) / math.sqrt(len(content)) if content else 0.0
        return base + (0.25 if index == 0 else 0.0)

    ranked = sorted(range(len(sentences)), key=lambda i: (-score(i, sentences[i]), i))
    chosen: list[int] = []
    for limit in (budget, max_length):  # half the text, or else the single best sentence that fits
        used = 0
        for i in ranked:
            extra = len(sentences[i]) + (1 if chosen else 0)
            if used + extra <= limit:
                chosen.append(i)
                used += extra
        if chosen:
            break
    if not chosen:  # even the best sentence is too long: cut it at a word boundary
        best = sentences[ranked[0]]
        cut = best[: max(1, budget - 1)].rsplit(" ", 1)[0].rstrip(",;:")
        return cut + "…"
    return " ".join(sentences[i] for i in sorted(chosen))
