"""A translation's `source_language` and `confidence_score` (seed 000: `"en"`, `0.95`), never null.

The model is asked for both (`language_model.prompt_for`). What it answers is taken in any usual form: a code in
any case or with a region (`EN`, `en-GB` → `en`), a language's English name (`English`), a confidence as a number
or numeric text from 0 to 1, or a percentage (`95` → 0.95). Where it gives no source language, the original text's
language is identified offline with py3langid (already the web fetcher's); where it gives no confidence, the
confidence is that identification's probability for the source language (py3langid's, normalised over the 97
languages it knows): how sure it is what the text was translated from. `confidence_basis` says which (`model`,
`source_language_identification`). Text too short or too mixed to identify (`ok`: below MIN_PROBABILITY) has the
source language `und` (BCP 47's "undetermined") and a confidence of 0.
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any, Final

from bridge.tools.language_model import LANGUAGE_NAMES

MIN_PROBABILITY: Final = 0.5
"""Below this, py3langid's best guess is no identification (`ok` is Serbian at 0.014)."""
UNDETERMINED: Final = "und"
MAX_CHARS: Final = 5000
"""Characters identified: the start of a long text says its language as well as all of it."""
_CODE: Final = re.compile(r"^([A-Za-z]{2})(?:[-_][A-Za-z0-9]{2,8})*$")
_CODE_OF_NAME: Final = {name.casefold(): code for code, name in LANGUAGE_NAMES.items()}


@cache
def _language_identifier() -> Any:
    """py3langid's identifier with normalised probabilities, loaded on first use (it loads numpy: 0.3 s)."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def stated_language(value: Any) -> str | None:
    """A model's source language as an ISO 639-1 code (`EN`, `en-GB`, `English` → `en`), or None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    found = _CODE.match(text)
    if found:
        return found.group(1).lower()
    return _CODE_OF_NAME.get(text.casefold())


def stated_confidence(value: Any) -> float | None:
    """A model's confidence as a number from 0 to 1 (`0.9`, `"0.9"`, a percentage `95`), or None."""
    if isinstance(value, str):
        try:
            value = float(value.strip().rstrip("%"))
        except ValueError:
            return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    if 1 < value <= 100:
        value = value / 100
    return round(float(value), 4) if 0 <= value <= 1 else None


def identified(text: str) -> dict[str, float]:
    """The probability of each language py3langid knows for `text` (codes as ISO 639-1 where it has one)."""
    return {str(code): float(p) for code, p in _language_identifier().rank(text[:MAX_CHARS])}


def translation_fields(text: str, found: dict[str, Any]) -> dict[str, Any]:
    """`source_language`, `confidence_score` and `confidence_basis` for the translation of `text`, from the model's
    JSON answer `found` (empty when it answered with the translation alone) and the offline identification."""
    source = stated_language(found.get("source_language"))
    confidence = stated_confidence(found.get("confidence"))
    if source is None or confidence is None:
        probabilities = identified(text)
        if source is None:
            best = max(probabilities, key=probabilities.__getitem__)
            source = best if probabilities[best] >= MIN_PROBABILITY else UNDETERMINED
        if confidence is None:
            return {"source_language": source, "confidence_score": round(probabilities.get(source, 0.0), 4),
                    "confidence_basis": "source_language_identification"}
    return {"source_language": source, "confidence_score": confidence, "confidence_basis": "model"}
