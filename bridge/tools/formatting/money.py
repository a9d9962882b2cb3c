"""Which columns hold money, and in which currency: `data_formatter` writes a plain number of a money column with
the currency in front (`Price: $1200`, the seed's list example).

A column is money when its header names a currency (`Price (EUR)`, `Cost in GBP`, `Value (€)`, `USD`) or has a
money word as a whole word (`Price`, `Unit cost`, `total_revenue`; not `Feedback` for fee, nor `Coffees`), unless
a word says it counts or measures something else (`Total votes`, `Cost center`, `Fee rate (%)`, `Price (cents)`).
The currency is the one the header names (EUR → €, GBP → £, a code without a symbol of its own as the code:
`CHF 10`); only a header naming none gets WORD_BRIDGE_CURRENCY (default `$`), so `$` is never put on an amount
whose header names another currency.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Final

MONEY_WORDS: Final = frozenset(
    "price prices cost costs amount amounts revenue revenues salary salaries fee fees budget budgets spend spending "
    "spent income incomes wage wages payment payments".split())
"""Whole words that make a column money (no `total`: a total of votes or hours is as likely as one of dollars)."""
NOT_MONEY_WORDS: Final = frozenset(
    "count counts number numbers num qty quantity quantities votes vote center centre centers centres score "
    "scores rating ratings rank id ids code codes units people persons users visits views clicks items hours hrs "
    "days minutes mins weeks months years age points pts percent percentage pct rate rates ratio share index cents "
    "pence %".split())
"""Words saying a column counts or measures something else, though a money word is in its header too."""
SYMBOLS: Final = {"$": "$", "€": "€", "£": "£", "¥": "¥", "₹": "₹", "₩": "₩", "₽": "₽", "₺": "₺", "₪": "₪"}
CODES: Final = {
    "usd": "$", "eur": "€", "gbp": "£", "jpy": "¥", "inr": "₹", "krw": "₩",
    **{code: code.upper() for code in
       "chf cad aud nzd cny rmb hkd sgd sek nok dkk pln czk huf brl mxn zar rub ils".split()},
}
"""Currency codes a header may name, and what goes before an amount: the symbol when it is that currency's alone."""
NAMES: Final = {"euro": "€", "euros": "€", "dollar": "$", "dollars": "$", "yen": "¥", "rupee": "₹", "rupees": "₹"}
_WORD: Final = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[$€£¥₹₩₽₺₪%]")  # `totalCost` → total, Cost; `PriceEUR` → Price, EUR
PLAIN_NUMBER: Final = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")  # "1200", "-1,200.50"


def _words(header: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(header)]


_DEFAULT: Final = ""
"""`_named_currency`'s answer for a money column whose header names no currency."""


@lru_cache(maxsize=256)
def _named_currency(header: str) -> str | None:
    """The currency `header` names ("" for a money column naming none), or None when it is not a money column."""
    words = _words(header)
    if any(w in NOT_MONEY_WORDS for w in words):
        return None
    code = next((SYMBOLS.get(w) or CODES.get(w) for w in words if w in SYMBOLS or w in CODES), None)
    if code is not None:
        return code
    if not any(w in MONEY_WORDS for w in words):
        return None  # "Euro zone population": a currency's name alone does not make money
    return next((NAMES[w] for w in words if w in NAMES), _DEFAULT)


def currency_of(header: str) -> str | None:
    """What goes before an amount in the column `header` names, or None when it is not a money column."""
    named = _named_currency(header)
    return os.environ.get("WORD_BRIDGE_CURRENCY", "$") if named == _DEFAULT else named


def money_text(header: str, text: str) -> str:
    """`text` as it reads in the column `header`: a plain number of a money column with its currency in front
    (`$1200`, `-€5`, `CHF 10`), anything else as it is."""
    currency = currency_of(header) if PLAIN_NUMBER.fullmatch(text) else None
    if currency is None:
        return text
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text)
    return f"{sign}{currency}{' ' if currency.isalpha() else ''}{digits}"
