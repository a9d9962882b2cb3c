"""Args models of the formatting ops: `applyStyle` (named style, character and paragraph formatting) and
`listStyles`."""

from __future__ import annotations

from typing import Annotated, Any, Final, Self

from pydantic import model_validator

from .base import Args
from .fields import Bool, Choice, Color, Highlight, IntIn, Name, Points, Ratio, Scope, Text, field_error, plain
from .word_limits import MAX_SIZE_PT
from . import normalize as n

UNDERLINES: Final = ("none", "single", "double")


def _underline(value: Any) -> str:
    """Booleans read as on/off; otherwise none | single | double."""
    if isinstance(value, bool):
        return "single" if value else "none"
    return n.choice(value, UNDERLINES)


Underline = Annotated[str, plain(_underline)]


class CharStyle(Args):
    """Character formatting (Word's `range.font`)."""

    ALIASES = {"size": "fontSize", "font": "fontName", "name": "fontName", "highlightColor": "highlight", "fontColor": "color"}
    NULLABLE = frozenset({"highlight"})

    bold: Bool | None = None
    italic: Bool | None = None
    underline: Underline | None = None
    fontName: Name | None = None
    fontSize: Points(1, 1638) | None = None  # type: ignore[valid-type]
    color: Color | None = None
    highlight: Highlight = None


ALIGN_ALIASES: Final = {
    "centre": "center", "centered": "center", "centred": "center", "middle": "center",
    "justified": "justify", "both": "justify", "full": "justify",
}
LIST_ALIASES: Final = {
    "bulleted": "bullet", "bullets": "bullet", "unordered": "bullet",
    "numbered": "number", "numbers": "number", "numbering": "number", "ordered": "number",
}


class ParaStyle(Args):
    """Paragraph formatting (Word's `paragraphFormat`, plus list kind)."""

    alignment: Choice(("left", "center", "right", "justify"), ALIGN_ALIASES) | None = None  # type: ignore[valid-type]
    lineSpacing: Ratio(0, 132) | None = None  # type: ignore[valid-type]
    spaceBefore: Points(0, MAX_SIZE_PT) | None = None  # type: ignore[valid-type]
    spaceAfter: Points(0, MAX_SIZE_PT) | None = None  # type: ignore[valid-type]
    list: Choice(("none", "bullet", "number"), LIST_ALIASES) | None = None  # type: ignore[valid-type]


class ApplyStyle(Args):
    """applyStyle: named style and/or direct character/paragraph formatting."""

    scope: Scope = "selection"
    namedStyle: Name | None = None
    char: CharStyle | None = None
    para: ParaStyle | None = None
    clearOtherStyles: Bool = False

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.char is not None and not self.char.canonical():
            self.char = None
        if self.para is not None and not self.para.canonical():
            self.para = None
        if self.namedStyle is None and self.char is None and self.para is None and not self.clearOtherStyles:
            stray = sorted(set(self.model_extra or {}) & (set(CharStyle.model_fields) | set(ParaStyle.model_fields)))
            hint = f" (put {', '.join(stray)} inside args.char or args.para)" if stray else ""
            raise field_error("needs at least one of namedStyle, char, para or clearOtherStyles=true" + hint)
        return self

    def canonical(self) -> dict[str, Any]:
        out = super().canonical()
        return {"scope": out.pop("scope"), "clearOtherStyles": out.pop("clearOtherStyles"), **out}


class ListStyles(Args):
    """listStyles: the style names applyStyle / table.applyStyle accept."""

    category: Choice(("all", "paragraph", "character", "table"), {"paragraphs": "paragraph", "characters": "character", "tables": "table"}) = "all"  # type: ignore[valid-type]
    builtInOnly: Bool = True
    includeLocalized: Bool = True
    query: Text | None = None
    max: IntIn(1) | None = None  # type: ignore[valid-type]


STYLE_MODELS: Final[dict[str, type[Args]]] = {
    "applyStyle": ApplyStyle,
    "listStyles": ListStyles,
}
"""Op name → args model of the formatting ops."""
