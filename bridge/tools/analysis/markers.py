"""The word lists and patterns the heuristics count. Matching is case-insensitive and on whole words."""

from __future__ import annotations

import re
from typing import Final


def _words(spec: str) -> re.Pattern[str]:
    """A pattern matching any of the `|`-separated words or phrases as whole words."""
    alternatives = sorted((p.strip() for p in spec.split("|") if p.strip()), key=len, reverse=True)
    return re.compile(r"(?<![\w'’])(?:" + "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in alternatives) + r")(?![\w'’])",
                      re.IGNORECASE)


# ---------------------------------------------------------------- formality
FORMAL: Final = _words(
    "therefore|furthermore|moreover|consequently|thus|hence|whereas|nevertheless|nonetheless|accordingly|"
    "subsequently|notwithstanding|regarding|herein|hereby|wherein|additionally|conversely|however|in addition|"
    "in accordance with|with respect to|it is recommended|prior to|in order to|thereby|henceforth|respectively")
INFORMAL: Final = _words(
    "gonna|wanna|gotta|kinda|sorta|yeah|yep|nope|ok|okay|cool|awesome|stuff|guys|hey|lol|btw|fyi|asap|totally|"
    "a bunch of|tons of|no worries|pretty much|super easy|huge deal|basically")
CONTRACTION: Final = re.compile(r"\b\w+(?:n['’]t|['’](?:re|ve|ll|m|d))\b|\b(?:it|that|what|there|here|let|he|she|who)['’]s\b",
                                re.IGNORECASE)
PERSONAL: Final = re.compile(r"\b(?:I|me|my|you|your)\b")
EMOTICON: Final = re.compile(r"(?::-?[)(DP]|;-?\)|[\U0001F300-\U0001FAFF\u2600-\u27BF])")

# ---------------------------------------------------------------- domains (primary tone)
DOMAINS: Final = {
    "academic": _words(
        "study|studies|research|hypothesis|methodology|methods|findings|literature|evidence|theory|theoretical|"
        "significant|significance|participants|empirical|analysis|framework|et al|journal|sample|data|results"),
    "business": _words(
        "revenue|profit|profits|customer|customers|client|clients|market|markets|stakeholder|stakeholders|strategy|"
        "budget|roi|kpi|kpis|quarter|quarterly|q1|q2|q3|q4|sales|growth|investment|deliverable|deliverables|"
        "pricing|cost|costs|margin|margins|business|company|team|proposal"),
    "technical": _words(
        "install|installation|configure|configuration|api|server|function|parameter|parameters|database|version|"
        "software|system|code|command|module|interface|protocol|click|select|settings|file|directory|error|"
        "network|deploy|deployment"),
    "creative": _words(
        "whispered|heart|dream|dreams|shadow|shadows|sky|smiled|eyes|suddenly|silence|moon|soul|tears|laughed|"
        "wind|darkness|stars|breath|she said|he said|once upon a time"),
}
CITATION: Final = re.compile(r"\([A-Z][A-Za-z'’-]+(?: et al\.?| and [A-Z][A-Za-z'’-]+)?,? \d{4}[a-z]?\)|\[\d+(?:[,–-]\d+)*\]")

# ---------------------------------------------------------------- clarity
HEDGES: Final = _words(
    "might|perhaps|possibly|maybe|arguably|seemingly|somewhat|apparently|presumably|sort of|kind of|"
    "more or less|to some extent|it seems|it appears|i think|i guess|i feel|could potentially|might possibly")
VAGUE: Final = _words("thing|things|stuff|various|etc|and so on|a lot|lots of|numerous|a number of|and stuff|"
                      "or something|somehow|some kind of")
_IRREGULAR = ("made done given taken written seen known shown found told sent built chosen held kept left lost paid put "
              "sold spent thought understood brought bought caught drawn driven forgotten hidden laid led meant "
              "overseen spoken stolen struck thrown torn worn begun broken dealt fed fought grown hung heard set")
_NOT_PASSIVE = {"interested", "tired", "excited", "pleased", "bored", "married", "worried", "surprised", "scared",
                "supposed", "used", "concerned", "need", "indeed", "red", "bed", "seed", "speed", "feed", "shed"}
PASSIVE: Final = re.compile(
    r"\b(?:am|is|are|was|were|be|been|being|get|gets|got|gotten)\s+(?:\w+ly\s+)?"
    r"(\w+ed|" + "|".join(_IRREGULAR.split()) + r")\b(?:\s+by\b)?", re.IGNORECASE)


def passive_phrases(sentence: str) -> list[str]:
    """The passive constructions in a sentence ("was approved by")."""
    return [m.group(0) for m in PASSIVE.finditer(sentence) if m.group(1).lower() not in _NOT_PASSIVE]


# ---------------------------------------------------------------- structure and completeness
INTRO_HEADING: Final = re.compile(r"\b(introduction|overview|background|purpose|about this|abstract|scope|preface)\b", re.I)
CONCLUSION_HEADING: Final = re.compile(
    r"\b(conclusions?|summary|closing|final thoughts|recommendations|next steps|wrap[- ]up|outlook|discussion)\b", re.I)
INTRO_CUE: Final = re.compile(
    r"\b(this (report|document|paper|proposal|article|manual|guide|memo|note|email)|in this (report|document|paper|"
    r"article|guide|proposal)|we (present|propose|describe|outline)|the purpose of|aims? to|is intended to|"
    r"i am writing|i['’]m writing|this is to)\b", re.I)
CONCLUSION_CUE: Final = re.compile(
    r"\b(in conclusion|to conclude|in summary|to summari[sz]e|overall,|in short|to sum up|all in all|finally,|"
    r"we recommend|next steps?)", re.I)
GREETING: Final = re.compile(r"^(dear|hi|hello|hey|good (morning|afternoon|evening)|greetings|to whom)\b", re.I)
SIGN_OFF: Final = re.compile(
    r"^(best|kind regards|regards|sincerely|yours|thanks|thank you|cheers|warm regards|many thanks|all the best)\b", re.I)
EXEC_SUMMARY: Final = re.compile(r"\b(executive summary|abstract|overview|key (points|findings|takeaways)|at a glance|"
                                 r"tl;?dr|summary)\b", re.I)
REFERENCES: Final = re.compile(r"\b(references|bibliography|works cited|sources|citations|further reading|"
                               r"literature cited)\b", re.I)
APPENDIX: Final = re.compile(r"\b(appendix|appendices|annex|attachments?|supplementary)\b", re.I)
BUDGET: Final = re.compile(r"\b(budget|costs?|pricing|price|fees?|investment|funding)\b", re.I)
TIMELINE: Final = re.compile(r"\b(timeline|schedule|milestones?|phases?|deadline|roadmap|timeframe)\b", re.I)
TROUBLESHOOTING: Final = re.compile(r"\b(troubleshooting|faq|frequently asked|common (problems|issues|errors))\b", re.I)
REQUEST: Final = re.compile(r"\?|\b(please|let me know|could you|can you|would you|kindly|action required|"
                            r"by (monday|tuesday|wednesday|thursday|friday|tomorrow|end of))\b", re.I)
