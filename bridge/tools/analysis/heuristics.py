"""Structure, tone, clarity and completeness: deterministic heuristics, each scored 0–10.

Every rule is written out in the function that applies it; the word lists are in `markers.py`.
Suggestions are `(priority, text)` and quote the sentence or paragraph they are about.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any, Final

from bridge.tools.analysis import markers as m
from bridge.tools.analysis.readability import LONG_SENTENCE, MAX_GRADE, Suggestion, syllables
from bridge.tools.analysis.text import Block, Sentence, a_or_an, body, quote, words

EXPECTED_FORMALITY: Final = {"general": 0.5, "academic": 0.7, "business": 0.6, "technical": 0.6, "creative": 0.4}
"""The formality (0–1) each audience expects; an email expects 0.1 less."""

def clamp(value: float, low: float = 0.0, high: float = 1.0) -> float:
    return max(low, min(high, value))


@dataclass
class Doc:
    """The document as the heuristics see it."""

    blocks: list[Block]
    sentences: list[Sentence]
    audience: str
    document_type: str
    word_count: int = 0
    headings: list[Block] = field(default_factory=list)
    sections: list[Block] = field(default_factory=list)
    paragraphs: list[tuple[int, Block]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.word_count = sum(len(s.words) for s in self.sentences)
        self.headings = [b for b in self.blocks if b.kind == "heading"]
        # A leading heading above all others (a title) does not open a section.
        leading = self.blocks[0] if self.blocks and self.blocks[0].kind == "heading" else None
        self.sections = [h for h in self.headings if not (
            h is leading and (h.level == 0 or all(o.level > h.level for o in self.headings if o is not h)))]
        self.paragraphs = body(self.blocks)

    def first_text(self) -> str:
        return self.paragraphs[0][1].text if self.paragraphs else (self.blocks[0].text if self.blocks else "")

    def last_sentence(self) -> str:
        return self.sentences[-1].text if self.sentences else self.first_text()


# ------------------------------------------------------------------ structure

def _has_introduction(doc: Doc) -> bool:
    """An introduction-like heading in the first half of the sections (at least the first three), intro cues in
    the first paragraph, or an email greeting."""
    if any(m.INTRO_HEADING.search(h.text) for h in doc.sections[:max(3, len(doc.sections) // 2)]):
        return True
    first = doc.first_text()
    return bool(m.INTRO_CUE.search(first)) or (doc.document_type == "email" and bool(m.GREETING.match(first)))


def _has_conclusion(doc: Doc) -> bool:
    """A closing heading in the second half, closing cues in the last two paragraphs, or an email sign-off."""
    half = doc.sections[len(doc.sections) // 2:]
    if any(m.CONCLUSION_HEADING.search(h.text) for h in half if h is not doc.sections[0]):
        return True
    tail = [b.text for _, b in doc.paragraphs[-2:]]
    if any(m.CONCLUSION_CUE.search(t) for t in tail):
        return True
    return doc.document_type == "email" and any(m.SIGN_OFF.match(b.text) for b in doc.blocks[-3:])


def missing_introduction(doc: Doc) -> str:
    return f"No introduction: the document opens with {quote(doc.first_text())} — say first what it covers and why"


def missing_conclusion(doc: Doc) -> str:
    return f"No conclusion: the document ends with {quote(doc.last_sentence())} — close with the main takeaways"


def structure(doc: Doc) -> tuple[dict[str, Any], list[Suggestion]]:
    """Score = introduction 2 + conclusion 2 + headings 2 + paragraph balance 2 + no overlong paragraphs 2."""
    intro, conclusion = _has_introduction(doc), _has_conclusion(doc)
    prose = [b for _, b in doc.paragraphs if b.kind == "paragraph"]
    per_paragraph = [len({s.number for s in doc.sentences if s.paragraph == n})
                     for n, b in doc.paragraphs if b.kind == "paragraph"]
    average = statistics.fmean(per_paragraph) if per_paragraph else 0.0
    long_paragraphs = [b for b in prose if len(b.text.split()) > 150]
    n_sections = len(doc.sections)
    if doc.word_count < 300 or doc.document_type == "email":
        heading_points = 2.0  # short texts and emails need no headings
    else:
        heading_points = 2.0 if n_sections >= 2 and not (doc.word_count > 1500 and n_sections < 3) else 1.0 if n_sections else 0.0
    balance = 2.0 if 1.5 <= average <= 6 or (len(prose) <= 1 and average <= 6) else 1.0 if 1 <= average <= 8 else 0.0
    lengths = 2.0 * (1 - len(long_paragraphs) / len(prose)) if prose else 0.0
    score = 2.0 * intro + 2.0 * conclusion + heading_points + balance + lengths
    tips: list[Suggestion] = []
    if not intro:
        tips.append((4, missing_introduction(doc)))
    if not conclusion:
        tips.append((4, missing_conclusion(doc)))
    if heading_points < 2:
        tips.append((3.5, f"{n_sections or 'No'} heading{'' if n_sections == 1 else 's'} in {doc.word_count} words: "
                          f"add headings, e.g. before {quote(doc.first_text(), 8)}, so readers can scan"))
    for number, block in doc.paragraphs:
        count = len(block.text.split())
        if block.kind == "paragraph" and count > 150:
            tips.append((2 + count / 300, f"Paragraph {number} has {count} words, starting {quote(block.text, 8)} "
                                          f"— add a paragraph break"))
    result = {
        "has_introduction": intro,
        "has_conclusion": conclusion,
        "section_count": n_sections,
        "paragraph_count": len(prose),
        "average_paragraph_length": round(average, 1),
        "structure_score": round(score, 1),
    }
    return result, tips


# ------------------------------------------------------------------ tone

def formality(text: str) -> float:
    """0.5 + 0.1 per formal marker per 100 words (≤ +0.3) − 0.15 per informal marker, contraction, emoticon or
    '!' per 100 words (≤ −0.45) − 0.05 per I/me/my/you/your per 100 words (≤ −0.15) + 0.1 × (mean word length −
    4.5, within ±1); clamped to 0–1."""
    found = words(text)
    if not found:
        return 0.5
    per100 = 100 / len(found)
    formal = len(m.FORMAL.findall(text)) * per100
    informal = (len(m.INFORMAL.findall(text)) + len(m.CONTRACTION.findall(text)) + len(m.EMOTICON.findall(text))
                + text.count("!")) * per100
    personal = len(m.PERSONAL.findall(text)) * per100
    mean_length = statistics.fmean(len(w) for w in found)
    return clamp(0.5 + min(0.3, 0.1 * formal) - min(0.45, 0.15 * informal) - min(0.15, 0.05 * personal)
                 + 0.1 * clamp(mean_length - 4.5, -1, 1))


def _informal_bits(text: str) -> list[str]:
    return [x for pattern in (m.INFORMAL, m.CONTRACTION, m.EMOTICON) for x in pattern.findall(text)] + \
        (["!"] if "!" in text else [])


def tone(doc: Doc) -> tuple[dict[str, Any], list[Suggestion]]:
    """primary_tone: the domain (academic, business, technical, creative) with the most marker words if it has at
    least 8 per 1,000 words (citations count as academic), else conversational (formality < 0.4), formal (≥ 0.6)
    or neutral. consistency: 1 − 2 × the spread of paragraph formality (paragraphs of 20 words or more).
    score = 10 × (0.6 × fit + 0.4 × consistency), fit = 1 − 2 × how far formality is beyond ±0.1 of what
    the audience expects."""
    text = "\n".join(b.text for _, b in doc.paragraphs)
    level = formality(text)
    per_k = 1000 / max(1, doc.word_count)
    density = {name: len(pattern.findall(text)) * per_k for name, pattern in m.DOMAINS.items()}
    density["academic"] += len(m.CITATION.findall(text)) * per_k
    domain, strongest = max(density.items(), key=lambda item: item[1])
    primary = domain if strongest >= 8 else "conversational" if level < 0.4 else "formal" if level >= 0.6 else "neutral"
    scored = [(n, b, formality(b.text)) for n, b in doc.paragraphs if len(words(b.text)) >= 20]
    spread = statistics.pstdev([f for _, _, f in scored]) if len(scored) >= 2 else 0.0
    consistency = clamp(1 - 2 * spread)
    expected = EXPECTED_FORMALITY[doc.audience] - (0.1 if doc.document_type == "email" else 0.0)
    fit = clamp(1 - 2 * max(0.0, abs(level - expected) - 0.1))
    score = 10 * (0.6 * fit + 0.4 * consistency)
    tips: list[Suggestion] = []
    if expected >= 0.5:
        informal = [(s, _informal_bits(s.text)) for s in doc.sentences]
        for s, bits in sorted((p for p in informal if p[1]), key=lambda p: -len(p[1]))[:3]:
            shown = ", ".join(f"“{b}”" for b in dict.fromkeys(bits[:4]))
            tips.append((3 + len(bits) / 2, f"Sentence {s.number} reads as informal for {a_or_an(doc.audience)} audience "
                                             f"({shown}): {quote(s.text)}"))
    if level > expected + 0.3:
        stiff = [(s, m.FORMAL.findall(s.text)) for s in doc.sentences]
        for s, bits in sorted((p for p in stiff if p[1]), key=lambda p: -len(p[1]))[:2]:
            shown = ", ".join(f"“{b}”" for b in dict.fromkeys(bits[:4]))
            tips.append((2.5, f"Sentence {s.number} is stiffer than {a_or_an(doc.audience)} audience expects ({shown}): "
                              f"{quote(s.text)}"))
    if scored and spread > 0.12:
        mean = statistics.fmean(f for _, _, f in scored)
        number, block, value = max(scored, key=lambda t: abs(t[2] - mean))
        if abs(value - mean) > 0.2:
            way = "less" if value < mean else "more"
            tips.append((3, f"Paragraph {number} is {way} formal than the rest: {quote(block.text)}"))
    result = {
        "primary_tone": primary,
        "tone_consistency": round(consistency, 2),
        "formality_level": "high" if level >= 0.6 else "moderate" if level >= 0.4 else "low",
        "tone_score": round(score, 1),
    }
    return result, tips


# ------------------------------------------------------------------ clarity

def clarity(doc: Doc, grade: float) -> tuple[dict[str, Any], list[Suggestion], dict[str, Any]]:
    """score = 10 − 4 × share of long sentences − 3 × share of passive sentences above 10% − 3 × ambiguity
    − 0.5 per Flesch-Kincaid grade above the audience's; ambiguity = share of sentences with a hedge or a
    vague word. Complexity from mean sentence length (< 15 simple, ≤ 22 moderate, else complex); vocabulary from
    the share of words of three syllables or more (< 10% basic, < 18% intermediate, else advanced)."""
    count = max(1, len(doc.sentences))
    limit = LONG_SENTENCE[doc.audience]
    long_ones = [s for s in doc.sentences if len(s.words) > limit]
    passive = [(s, m.passive_phrases(s.text)) for s in doc.sentences]
    passive = [p for p in passive if p[1]]
    vague = [(s, m.HEDGES.findall(s.text) + m.VAGUE.findall(s.text)) for s in doc.sentences]
    vague = [p for p in vague if p[1]]
    ambiguity = len(vague) / count
    mean_length = statistics.fmean(len(s.words) for s in doc.sentences) if doc.sentences else 0.0
    all_words = [w for s in doc.sentences for w in s.words if w.isalpha()]
    polysyllabic = sum(1 for w in all_words if len(w) > 6 and syllables(w) >= 3) / max(1, len(all_words))
    score = clamp(10 - 4 * len(long_ones) / count - 3 * max(0.0, len(passive) / count - 0.1) - 3 * ambiguity
                  - 0.5 * max(0.0, grade - MAX_GRADE[doc.audience]), 0, 10)
    tips: list[Suggestion] = []
    for s, phrases in passive[:3]:
        tips.append((2.5, f"Sentence {s.number} is in the passive voice (“{phrases[0]}”): {quote(s.text)} "
                          f"— say who acts"))
    for s, bits in sorted(vague, key=lambda p: -len(p[1]))[:3]:
        shown = ", ".join(f"“{b.lower()}”" for b in dict.fromkeys(bits[:4]))
        tips.append((2.5 + len(bits) / 4, f"Sentence {s.number} hedges or stays vague ({shown}): {quote(s.text)} "
                                          f"— be specific"))
    for s in sorted(long_ones, key=lambda s: -len(s.words))[:3]:
        tips.append((3 + len(s.words) / limit, f"Sentence {s.number} has {len(s.words)} words: {quote(s.text)} "
                                               f"— split it into sentences of under {limit} words"))
    result = {
        "sentence_complexity": "simple" if mean_length < 15 else "moderate" if mean_length <= 22 else "complex",
        "vocabulary_level": "basic" if polysyllabic < 0.10 else "intermediate" if polysyllabic < 0.18 else "advanced",
        "ambiguity_score": round(ambiguity, 2),
        "clarity_score": round(score, 1),
    }
    details = {"average_sentence_length": round(mean_length, 1), "long_sentences": len(long_ones),
               "passive_sentences": len(passive), "hedged_or_vague_sentences": len(vague),
               "polysyllabic_word_share": round(polysyllabic, 3)}
    return result, tips, details
