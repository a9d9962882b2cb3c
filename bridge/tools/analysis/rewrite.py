"""`text_processor`'s offline operations: format, extractive summary, spelling correction.

- format: whitespace, punctuation spacing, sentence case (not after e.g., Dr. and the like; iPhone stays iPhone);
  typographic quotes, dashes and ellipses for every style but casual (which gets straight quotes); formal and
  academic also expand contractions.
- summarize: the highest-scoring sentences (content-word frequency, the first sentence favoured) in their original
  order, within `max_length` characters and at most half the text (or else the best single sentence that fits
  `max_length`, or else the best sentence cut at a word).
- correct: pyspellchecker's offline dictionaries; names (capitalised mid-sentence), acronyms, words with digits or
  capitals inside (mp3, iPhone), words with letters outside the language's alphabet (naïve in English), URLs and
  e-mail addresses are left alone, accents the writer typed are never dropped, British spellings are kept, doubled
  words are removed.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from functools import lru_cache
from typing import Any, Final

from spellchecker import SpellChecker

from bridge.tools.analysis.text import split_sentences, words

SPELLING_LANGUAGES: Final = ("en", "es", "fr", "it", "pt", "de", "ru", "ar", "lv", "eu", "nl", "fa")
MAX_DISTANCE_2: Final = 10
"""Unknown words per call that may be looked up two edits away (slow: ~0.2 s each) when one edit finds nothing."""

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
_BRITISH = ((r"our$", "or"), (r"ise$", "ize"), (r"ised$", "ized"), (r"ising$", "izing"), (r"isation$", "ization"),
            (r"yse$", "yze"), (r"tre$", "ter"), (r"ogue$", "og"), (r"ence$", "ense"), (r"lled$", "led"),
            (r"lling$", "ling"), (r"ours$", "ors"))


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


def format_text(text: str, style: str, lang: str = "en") -> tuple[str, list[str]]:
    """The text tidied for `style`, and what changed (see the module docstring)."""
    changes: list[str] = []

    def step(pattern: str, repl: Any, what: str, flags: int = 0) -> None:
        nonlocal text
        text, n = re.subn(pattern, repl, text, flags=flags)
        if n:
            changes.append(f"{what} ({n})")

    text = text.replace("\r\n", "\n").replace("\r", "\n")
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
        step(_CONTRACTION.pattern, lambda mt: _keep_case(mt.group(0), CONTRACTIONS[mt.group(0).lower().replace("’", "'")]),
             "Expanded contractions", re.I)
    if lang == "en":
        step(r"(?<![\w'’.])i(?![\w'’]|\.\w)", "I", "Capitalised “I”")  # not the i of "i.e."
    text, n = _capitalise_sentence_starts(text)
    if n:
        changes.append(f"Capitalised sentence starts ({n})")
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
    return text, changes


_SENTENCE_START = re.compile(r"(^|[.!?…]\s+|\n\s*)([^\W\d_][\w'’-]*)")
NOT_SENTENCE_ENDS: Final = frozenset("mr mrs ms dr prof vs e.g i.e etc cf viz al approx incl".split())
"""Abbreviations a lowercase word may follow mid-sentence ("e.g. in", "Dr. smith"). Narrower than the sentence
splitter's list: names of months, `No.` or `Inc.` before a lowercase word more likely end a sentence."""


def _capitalise_sentence_starts(text: str) -> tuple[str, int]:
    """Each sentence's first word capitalised, and how many were; words with capitals inside (iPhone, eBay) and
    words after an abbreviation that does not end a sentence (e.g., Dr.) are left as they are."""
    count = 0

    def fix(mt: re.Match[str]) -> str:
        nonlocal count
        lead, word = mt.group(1), mt.group(2)
        if not word[0].islower() or word[1:] != word[1:].lower() or _after_abbreviation(mt.string, mt.start(), lead):
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


# ------------------------------------------------------------------ correct

@lru_cache(maxsize=8)
def _checker(lang: str, distance: int) -> SpellChecker:
    return SpellChecker(language=lang, distance=distance)


def _british(word: str, checker: SpellChecker) -> bool:
    """A British spelling whose American form is known ("colour", "organise")."""
    for pattern, american in _BRITISH:
        variant = re.sub(pattern, american, word)
        if variant != word and not checker.unknown([variant]):
            return True
    return False


def _plain(word: str) -> str:
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
ALPHABETS: Final = {"en": frozenset("abcdefghijklmnopqrstuvwxyz'")}
"""A language's own letters where its dictionary's are wider: the English dictionary holds loanwords (café), so
it has accented letters too, but an English word spelled with one is a loanword or a name, not a typo to fix."""
_SKIP_CHUNK = re.compile(r"\S*(?:@|://|www\.)\S*")


def _not_checked(word: str, sentence_start: bool, lang: str) -> bool:
    """Words the dictionary cannot judge: acronyms, names (capitalised mid-sentence), words with digits or capitals
    inside (mp3, iPhone), and words with letters outside the language's alphabet (naïve, in English)."""
    if len(word) < 2 or word.isupper() or (word[0].isupper() and not sentence_start):
        return True
    if any(c.isdigit() for c in word) or word[1:] != word[1:].lower():
        return True
    alphabet = ALPHABETS.get(lang)
    return alphabet is not None and not set(word.lower().replace("’", "'")) <= alphabet


def correct_text(text: str, lang: str = "en") -> tuple[str, list[dict[str, str]], list[str]]:
    """The text with spelling corrected, the corrections made, and unknown words left as they were."""
    near = _checker(lang, 1)
    skipped = [m.span() for m in _SKIP_CHUNK.finditer(text)]
    starts = {0} | {m.end() for m in re.finditer(r"[.!?…:]\s+|\n\s*", text)}
    edits: list[tuple[int, int, str]] = []
    corrections: list[dict[str, str]] = []
    unknown: list[str] = []
    deep = 0
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        if any(a <= m.start() < b for a, b in skipped) or _not_checked(word, m.start() in starts, lang):
            continue
        lower = word.lower().replace("’", "'")
        if not near.unknown([lower]) or (lang == "en" and _british(lower, near)):
            continue
        fix = near.correction(lower)
        if (fix is None or fix == lower) and deep < MAX_DISTANCE_2 and len(lower) <= 12:
            deep += 1
            fix = _checker(lang, 2).correction(lower)
        if fix is None or fix == lower:
            unknown.append(word)
            continue
        if _plain(fix) == _plain(lower) and (word[0].isupper() or fix == _plain(lower)):
            continue  # only accents differ: a name at a sentence start ("Zurich"), or accents the writer typed
        fixed = fix.capitalize() if word[0].isupper() else fix
        edits.append((m.start(), m.end(), fixed))
        corrections.append({"original": word, "correction": fixed})
    for m in re.finditer(r"\b([^\W\d_]+)( +)\1\b", text, flags=re.IGNORECASE):  # not across tabs: "Yes\tYes" are cells
        if m.group(1).lower() not in ("had", "that") and not any(a < m.end() and m.start() < b for a, b, _ in edits):
            edits.append((m.start(), m.end(), m.group(1)))
            corrections.append({"original": m.group(0), "correction": m.group(1)})
    out = text
    for start, end, replacement in sorted(edits, reverse=True):
        out = out[:start] + replacement + out[end:]
    return out, corrections, list(dict.fromkeys(unknown))
