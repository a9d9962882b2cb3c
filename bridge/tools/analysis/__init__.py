"""Document analysis shared by `document_analyzer` and `text_processor`'s `analyze`: deterministic, offline.

`analyze(blocks, …)` returns the seed's `document_analysis` fields for one analysis type (without `type` and
timing). The rules behind every score are in the docstrings of `heuristics.py`, `completeness.py` and
`readability.py`.
"""

from __future__ import annotations

from typing import Any, Final

from bridge.tools.analysis.completeness import completeness
from bridge.tools.analysis.heuristics import Doc, clarity, formality, structure, tone
from bridge.tools.analysis.readability import Suggestion, assess
from bridge.tools.analysis.text import Block, a_or_an, blocks_from_document, blocks_from_text, prose, sentences_of

__all__ = ["ANALYSIS_TYPES", "analyze", "blocks_from_document", "blocks_from_text"]

ANALYSIS_TYPES: Final = ("readability", "structure", "tone", "clarity", "completeness", "comprehensive")
MAX_SUGGESTIONS: Final = 8


def _pick(tips: list[Suggestion]) -> list[str]:
    """The highest-priority suggestions, each once."""
    ranked = sorted(enumerate(tips), key=lambda item: (-item[1][0], item[0]))
    return list(dict.fromkeys(text for _, (_, text) in ranked))[:MAX_SUGGESTIONS]


def _adjective(score: float, good: str, fair: str, poor: str) -> str:
    return good if score >= 8 else fair if score >= 5 else poor


def analyze(blocks: list[Block], analysis_type: str, audience: str = "general", document_type: str = "other",
            include_suggestions: bool = True, detailed_metrics: bool = False, lang: str = "en") -> dict[str, Any]:
    """The seed's fields for `analysis_type` (see the module docstring)."""
    sentences = sentences_of(blocks)
    doc = Doc(blocks, sentences, audience, document_type)
    text = prose(blocks)
    readable, readability_tips = assess(blocks, sentences, text, audience, lang)
    grade = readable["metrics"]["flesch_kincaid_grade"]
    kind = "document" if document_type == "other" else document_type
    out: dict[str, Any] = {}
    tips: list[Suggestion] = []
    parts: dict[str, dict[str, Any]] = {}
    if analysis_type in ("structure", "comprehensive"):
        parts["structure_analysis"], more = structure(doc)
        tips += more
    if analysis_type in ("tone", "comprehensive"):
        parts["tone_analysis"], more = tone(doc)
        tips += more
    clarity_details: dict[str, Any] = {}
    if analysis_type in ("clarity", "comprehensive") or detailed_metrics:
        found, more, clarity_details = clarity(doc, grade)
        if analysis_type in ("clarity", "comprehensive"):
            parts["clarity_analysis"] = found
            tips += more
    if analysis_type in ("completeness", "comprehensive"):
        s = parts.get("structure_analysis") or structure(doc)[0]
        parts["completeness_analysis"], more = completeness(doc, s["has_introduction"], s["has_conclusion"])
        tips += more

    if analysis_type == "readability":
        out.update(readable)
        tips += readability_tips
    elif analysis_type == "structure":
        s = parts["structure_analysis"]
        out["summary"] = (f"{_adjective(s['structure_score'], 'Well-structured', 'Reasonably structured', 'Loosely structured')} "
                          f"{kind} with {s['section_count']} section(s) and {s['paragraph_count']} paragraph(s), "
                          f"{'with' if s['has_introduction'] else 'without'} an introduction and "
                          f"{'with' if s['has_conclusion'] else 'without'} a conclusion")
    elif analysis_type == "tone":
        t = parts["tone_analysis"]
        out["summary"] = (f"{t['primary_tone'].capitalize()} tone with {t['formality_level']} formality, "
                          f"{_adjective(t['tone_score'], 'appropriate', 'mostly appropriate', 'not suited')} "
                          f"for {a_or_an(audience)} audience")
    elif analysis_type == "clarity":
        c = parts["clarity_analysis"]
        out["summary"] = (f"{c['sentence_complexity'].capitalize()} sentences and {c['vocabulary_level']} vocabulary: "
                          f"{_adjective(c['clarity_score'], 'good', 'fair', 'poor')} clarity for {a_or_an(audience)} audience")
    elif analysis_type == "completeness":
        c = parts["completeness_analysis"]
        missing = ", ".join(x.replace("_", " ") for x in c["missing_elements"])
        out["summary"] = (f"{len(c['expected_elements']) - len(c['missing_elements'])} of "
                          f"{len(c['expected_elements'])} expected parts of {a_or_an(kind)} present"
                          + (f"; missing: {missing}" if missing else ""))
    else:
        s, t, c = parts["structure_analysis"], parts["tone_analysis"], parts["clarity_analysis"]
        primary = "" if t["primary_tone"] == "neutral" else t["primary_tone"] + " "
        out["summary"] = (f"{_adjective(s['structure_score'], 'Well-structured', 'Reasonably structured', 'Loosely structured')} "
                          f"{primary}{kind} with {_adjective(c['clarity_score'], 'good', 'fair', 'poor')} clarity and "
                          f"{_adjective(t['tone_score'], 'appropriate', 'mostly appropriate', 'ill-suited')} tone")
    out.update(parts)
    if analysis_type == "comprehensive":
        scores = [parts["structure_analysis"]["structure_score"], parts["tone_analysis"]["tone_score"],
                  parts["clarity_analysis"]["clarity_score"], parts["completeness_analysis"]["completeness_score"]]
        out["overall_score"] = round(sum(scores) / len(scores), 1)
        tips += readability_tips
    if detailed_metrics:
        out["metrics"] = readable["metrics"]
        out["readability_level"] = readable["readability_level"]
        out["statistics"] = {
            "character_count": sum(len(b.text) for b in blocks),
            "word_count": doc.word_count,
            "sentence_count": len(sentences),
            "paragraph_count": sum(1 for b in blocks if b.kind == "paragraph"),
            "heading_count": len(doc.headings),
            "list_item_count": sum(1 for b in blocks if b.kind == "list"),
            "table_count": sum(1 for b in blocks if b.kind == "table"),
            "formality": round(formality(text), 2),
            **clarity_details,
        }
    out["suggestions"] = _pick(tips) if include_suggestions else []
    return out
