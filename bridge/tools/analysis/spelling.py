"""`text_processor`'s offline `correct`: conservative spelling correction with pyspellchecker's dictionaries.

A word is only rewritten when the fix is clear; otherwise it is left as written and listed in `unknown` (with the
dictionary's `suggestions`, most frequent first), so the caller can decide. What counts as clear:

- Candidates one edit away come first. Among them, one that keeps every letter the writer typed (a letter left
  out: adress → address, acount → account; two letters swapped: recieved → received; a doubled letter typed once
  more: untill → until; only accents differ) is preferred to one that drops or replaces a letter (dress, count):
  it is taken when it is the only such candidate or far more frequent than the others, and not far rarer than the
  dictionary's favourite ("alot" is not turned into "aloft"). Failing that, a replacement or dropped letter is
  taken only when it is the one candidate and keeps the first letter (seperate → separate; figma is not sigma).
- Two edits away (only for a few words a call: each look-up is slow) the fix must be common, keep the first letter
  and the length within one, and be far more frequent than any other candidate (tommorow → tomorrow).
- A capitalised word (a sentence start: a capitalised word mid-sentence is a name and never checked) is only fixed
  by a candidate that keeps every letter, one edit away (Teh → The, Ths → This): names such as Shopify, Nvidia,
  Figma and Grafana are left alone.

Names (capitalised mid-sentence), acronyms, words with digits or capitals inside (mp3, iPhone), words with letters
outside the language's alphabet (naïve in English), URLs and e-mail addresses are never checked; accents the writer
typed are never dropped; British spellings are kept; doubled words are removed.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from spellchecker import SpellChecker

SPELLING_LANGUAGES: Final = ("en", "es", "fr", "it", "pt", "de", "ru", "ar", "lv", "eu", "nl", "fa")
MAX_DISTANCE_2: Final = 10
"""Unknown words per call that may be looked up two edits away (slow: ~0.2 s each) when one edit finds nothing."""
PREFERRED_LEAD: Final = 5
"""How many times more frequent a letter-keeping candidate must be than the next letter-keeping one."""
FAVOURITE_RATIO: Final = 20
"""A letter-keeping candidate may be at most this many times rarer than the dictionary's favourite."""
DISTANCE_2_LEAD: Final = 20
DISTANCE_2_MIN_FREQUENCY: Final = 1000
SUGGESTIONS: Final = 5

_BRITISH = ((r"our$", "or"), (r"ise$", "ize"), (r"ised$", "ized"), (r"ising$", "izing"), (r"isation$", "ization"),
            (r"yse$", "yze"), (r"tre$", "ter"), (r"ogue$", "og"), (r"ence$", "ense"), (r"lled$", "led"),
            (r"lling$", "ling"), (r"ours$", "ors"))
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
ALPHABETS: Final = {"en": frozenset("abcdefghijklmnopqrstuvwxyz'")}
"""A language's own letters where its dictionary's are wider: the English dictionary holds loanwords (café), so
it has accented letters too, but an English word spelled with one is a loanword or a name, not a typo to fix."""
_SKIP_CHUNK = re.compile(r"\S*(?:@|://|www\.)\S*")


@dataclass
class Corrected:
    """What `correct_text` found: the text, the corrections made, the words left as written and what the
    dictionary suggests for those it had candidates for."""

    text: str
    corrections: list[dict[str, str]] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    suggestions: dict[str, list[str]] = field(default_factory=dict)


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


def _not_checked(word: str, sentence_start: bool, lang: str) -> bool:
    """Words the dictionary cannot judge: acronyms, names (capitalised mid-sentence), words with digits or capitals
    inside (mp3, iPhone), and words with letters outside the language's alphabet (naïve, in English)."""
    if len(word) < 2 or word.isupper() or (word[0].isupper() and not sentence_start):
        return True
    if any(c.isdigit() for c in word) or word[1:] != word[1:].lower():
        return True
    alphabet = ALPHABETS.get(lang)
    return alphabet is not None and not set(word.lower().replace("’", "'")) <= alphabet


def keeps_letters(word: str, candidate: str) -> bool:
    """Whether `candidate` is `word` with nothing the writer typed lost: a letter added, two neighbours swapped,
    one of a doubled letter dropped, or only accents changed."""
    if _plain(word) == _plain(candidate):
        return True
    if len(candidate) == len(word) + 1:
        return any(candidate[:i] + candidate[i + 1:] == word for i in range(len(candidate)))
    if len(candidate) == len(word):
        diff = [i for i in range(len(word)) if word[i] != candidate[i]]
        return (len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == candidate[diff[1]]
                and word[diff[1]] == candidate[diff[0]])
    if len(candidate) == len(word) - 1:
        return any(word[:i] + word[i + 1:] == candidate and word[i] in (word[i - 1:i] + word[i + 1:i + 2])
                   for i in range(len(word)))
    return False


def _ranked(checker: SpellChecker, word: str) -> list[tuple[int, str]]:
    """The checker's candidates for `word` (the nearest known ones), most frequent first."""
    found = checker.candidates(word) or set()
    return sorted(((int(checker[c]), c) for c in found if c != word), key=lambda fc: (-fc[0], fc[1]))


def _near_fix(word: str, ranked: list[tuple[int, str]], capitalised: bool) -> str | None:
    """The clear fix one edit away (see the module docstring), or None."""
    if not ranked:
        return None
    keeping = [(f, c) for f, c in ranked if keeps_letters(word, c)]
    if keeping:
        best, rest = keeping[0], keeping[1:]
        if (not rest or best[0] >= PREFERRED_LEAD * rest[0][0]) and best[0] * FAVOURITE_RATIO >= ranked[0][0]:
            return best[1]
        return None
    if capitalised or len(ranked) != 1:
        return None
    only = ranked[0][1]
    return only if only[:1] == word[:1] else None


def _far_fix(word: str, ranked: list[tuple[int, str]]) -> str | None:
    """The clear fix two edits away (see the module docstring), or None."""
    if not ranked:
        return None
    frequency, best = ranked[0]
    lead = len(ranked) == 1 or frequency >= DISTANCE_2_LEAD * ranked[1][0]
    return best if (lead and frequency >= DISTANCE_2_MIN_FREQUENCY and best[:1] == word[:1]
                    and abs(len(best) - len(word)) <= 1) else None


def correct_text(text: str, lang: str = "en") -> Corrected:
    """The text with spelling corrected where the fix is clear (see the module docstring)."""
    near = _checker(lang, 1)
    skipped = [m.span() for m in _SKIP_CHUNK.finditer(text)]
    starts = {0} | {m.end() for m in re.finditer(r"[.!?…:]\s+|\n\s*", text)}
    edits: list[tuple[int, int, str]] = []
    out = Corrected(text)
    deep = 0
    for m in _TOKEN.finditer(text):
        word = m.group(0)
        if any(a <= m.start() < b for a, b in skipped) or _not_checked(word, m.start() in starts, lang):
            continue
        lower = word.lower().replace("’", "'")
        if not near.unknown([lower]) or (lang == "en" and _british(lower, near)):
            continue
        ranked = _ranked(near, lower)
        fix = _near_fix(lower, ranked, word[0].isupper())
        if not ranked and not word[0].isupper() and deep < MAX_DISTANCE_2 and len(lower) <= 12:
            deep += 1
            ranked = _ranked(_checker(lang, 2), lower)
            fix = _far_fix(lower, ranked)
        if fix is None:
            out.unknown.append(word)
            if ranked:
                out.suggestions.setdefault(word, [c.capitalize() if word[0].isupper() else c
                                                  for _, c in ranked[:SUGGESTIONS]])
            continue
        if _plain(fix) == _plain(lower) and (word[0].isupper() or fix == _plain(lower)):
            continue  # only accents differ: a name at a sentence start ("Zurich"), or accents the writer typed
        fixed = fix.capitalize() if word[0].isupper() else fix
        edits.append((m.start(), m.end(), fixed))
        out.corrections.append({"original": word, "correction": fixed})
    for m in re.finditer(r"\b([^\W\d_]+)( +)\1\b", text, flags=re.IGNORECASE):  # not across tabs: "Yes\tYes" are cells
        if m.group(1).lower() not in ("had", "that") and not any(a < m.end() and m.start() < b for a, b, _ in edits):
            edits.append((m.start(), m.end(), m.group(1)))
            out.corrections.append({"original": m.group(0), "correction": m.group(1)})
    for start, end, replacement in sorted(edits, reverse=True):
        out.text = out.text[:start] + replacement + out.text[end:]
    out.unknown = list(dict.fromkeys(out.unknown))
    return out
