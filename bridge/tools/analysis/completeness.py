"""Completeness: which parts a document of its type should have, found by headings and cue phrases."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from bridge.tools.analysis import markers as m
from bridge.tools.analysis.heuristics import Doc, missing_conclusion, missing_introduction
from bridge.tools.analysis.readability import Suggestion
from bridge.tools.analysis.text import quote

EXPECTED_PARTS: Final[dict[str, list[tuple[str, float]]]] = {
    "report": [("executive_summary", 2), ("introduction", 2), ("conclusion", 2), ("sections", 2),
               ("references", 1.5), ("appendix", 0.5)],
    "proposal": [("executive_summary", 2), ("introduction", 1.5), ("budget", 2), ("timeline", 2),
                 ("conclusion", 1.5), ("sections", 1)],
    "email": [("greeting", 3), ("request", 4), ("sign_off", 3)],
    "article": [("title", 2), ("introduction", 3), ("conclusion", 3), ("references", 2)],
    "manual": [("introduction", 2), ("sections", 3), ("steps", 4), ("troubleshooting", 1)],
    "other": [("introduction", 4), ("conclusion", 4), ("sections", 2)],
}
"""The parts a document of each type should have, with their weight in completeness_score."""


def _heading(doc: Doc, pattern: re.Pattern[str]) -> bool:
    return any(pattern.search(h.text) for h in doc.headings)


def _lead(doc: Doc, pattern: re.Pattern[str]) -> bool:
    """A paragraph that opens with the label ("Summary: …", "References:")."""
    return any(pattern.match(b.text) and ":" in b.text[:40] for _, b in doc.paragraphs)


def has_executive_summary(doc: Doc) -> bool:
    """A summary/abstract/overview heading (or "Summary:" paragraph) in the first third of the document."""
    first_third = doc.blocks[: max(1, len(doc.blocks) // 3 + 1)]
    return any((b.kind == "heading" and m.EXEC_SUMMARY.search(b.text))
               or (":" in b.text[:40] and m.EXEC_SUMMARY.match(b.text)) for b in first_third)


def has_references(doc: Doc) -> bool:
    """A references/bibliography/sources heading, or a "References:" paragraph."""
    return _heading(doc, m.REFERENCES) or _lead(doc, m.REFERENCES)


def has_appendix(doc: Doc) -> bool:
    return _heading(doc, m.APPENDIX) or _lead(doc, m.APPENDIX)


def _parts(doc: Doc, intro: bool, conclusion: bool) -> dict[str, Callable[[], bool]]:
    text = "\n".join(b.text for b in doc.blocks)
    lists = [b for b in doc.blocks if b.kind == "list"]
    return {
        "executive_summary": lambda: has_executive_summary(doc),
        "introduction": lambda: intro,
        "conclusion": lambda: conclusion,
        "sections": lambda: len(doc.sections) >= (3 if doc.word_count > 1500 else 2),
        "references": lambda: has_references(doc),
        "appendix": lambda: has_appendix(doc),
        "budget": lambda: _heading(doc, m.BUDGET) or bool(re.search(r"[$€£¥]\s?\d|\b\d[\d,.]*\s?(usd|eur|gbp|dollars|euros)\b", text, re.I)),
        "timeline": lambda: _heading(doc, m.TIMELINE) or len(m.TIMELINE.findall(text)) >= 2,
        "greeting": lambda: bool(doc.blocks) and bool(m.GREETING.match(doc.blocks[0].text)),
        "sign_off": lambda: any(m.SIGN_OFF.match(b.text) for b in doc.blocks[-3:]),
        "request": lambda: any(m.REQUEST.search(s.text) for s in doc.sentences),
        "title": lambda: bool(doc.blocks) and doc.blocks[0].kind == "heading",
        "steps": lambda: len(lists) >= 3,
        "troubleshooting": lambda: _heading(doc, m.TROUBLESHOOTING),
    }


def _missing_tip(doc: Doc, part: str) -> str:
    first_heading = quote(doc.sections[0].text, 8) if doc.sections else quote(doc.first_text(), 8)
    longest = max((b.text for _, b in doc.paragraphs), key=len, default="")
    cited = next((s.text for s in doc.sentences if re.search(r"\d", s.text)), doc.first_text())
    return {
        "executive_summary": f"No executive summary: add a short overview of the findings before {first_heading}",
        "introduction": missing_introduction(doc),
        "conclusion": missing_conclusion(doc),
        "sections": f"{len(doc.sections) or 'No'} section heading{'' if len(doc.sections) == 1 else 's'} in "
                    f"{doc.word_count} words: split the text at topics such as {quote(doc.first_text(), 8)}",
        "references": f"No references section: cite the sources behind statements such as {quote(cited)}",
        "appendix": f"No appendix: detail such as the paragraph starting {quote(longest, 8)} could move there",
        "budget": f"No budget or cost figures: say what the work proposed in {quote(doc.first_text(), 8)} will cost",
        "timeline": "No timeline: add milestones and dates for the work described in "
                    f"{first_heading}",
        "greeting": f"No greeting: the email opens with {quote(doc.blocks[0].text if doc.blocks else '')}",
        "sign_off": f"No sign-off: the email ends with {quote(doc.blocks[-1].text if doc.blocks else '')}",
        "request": f"No clear request: the email ends with {quote(doc.last_sentence())} — say what you need from "
                   f"the reader and by when",
        "title": f"No title: the article opens with {quote(doc.first_text(), 8)}",
        "steps": f"No numbered steps: procedures such as {quote(doc.first_text(), 8)} read best as a numbered list",
        "troubleshooting": f"No troubleshooting section after {first_heading}: list common problems and fixes",
    }[part]


def completeness(doc: Doc, intro: bool, conclusion: bool) -> tuple[dict[str, Any], list[Suggestion]]:
    """score = 10 × the weight of the expected parts present / the weight of all expected parts."""
    checks = _parts(doc, intro, conclusion)
    expected = EXPECTED_PARTS[doc.document_type]
    present = {part for part, _ in expected if checks[part]()}
    total = sum(weight for _, weight in expected)
    score = 10 * sum(weight for part, weight in expected if part in present) / total
    missing = [part for part, _ in expected if part not in present]
    tips = [(3 + weight / 2, _missing_tip(doc, part)) for part, weight in expected if part in missing]
    result = {
        "has_executive_summary": checks["executive_summary"](),
        "has_references": checks["references"](),
        "has_appendix": checks["appendix"](),
        "completeness_score": round(score, 1),
        "expected_elements": [part for part, _ in expected],
        "missing_elements": missing,
    }
    return result, tips
