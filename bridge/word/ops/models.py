"""Op name → args model: one pydantic model per op, the seed's fields and defaults, the canonical shape of
docs/canonical-ops.md.

The models live in one module per op family (`text_models`, `picture_models`, `table_models`, `style_models`,
`compose_models`, `revision_models`, `review_models`, `inline_models`, `story_models`). Field types do
per-value normalisation (see `fields`); each model's `after` validators do the cross-field rules, raising
`field_error(..., field)` so the client is pointed at the exact argument. The names below stay importable from
here for the modules that took them from this one.
"""

from __future__ import annotations

from typing import Final

from .base import Args
from .compose_models import InsertMarkdown, ReadDocument
from .inline_models import INLINE_MODELS
from .picture_models import PICTURE_MODELS, WRAP_ALIASES, WRAP_TYPES, InsertPicture
from .review_models import REVIEW_MODELS
from .revision_models import REVISION_MODELS
from .story_models import STORY_MODELS
from .style_models import (
    ALIGN_ALIASES,
    LIST_ALIASES,
    STYLE_MODELS,
    UNDERLINES,
    ApplyStyle,
    CharStyle,
    ListStyles,
    ParaStyle,
    Underline,
)
from .table_models import (
    TABLE_MODELS,
    TableApplyStyle,
    TableArgs,
    TableCreate,
    TableDeleteColumns,
    TableDeleteRows,
    TableInsertColumns,
    TableInsertRows,
    TableMergeCells,
    TableSetCellText,
    TableStyle,
)
from .text_models import SEARCH_FLAGS, TEXT_MODELS, GetSelection, InsertText, Query, Replace, ReplaceTarget, Search
from .word_limits import MAX_COLS, MAX_QUERY, MAX_ROWS, MAX_SIZE_PT, WORD_LIMIT

MODELS: Final[dict[str, type[Args]]] = {
    **TEXT_MODELS,
    **PICTURE_MODELS,
    **TABLE_MODELS,
    **STYLE_MODELS,
    "readDocument": ReadDocument,
    "insertMarkdown": InsertMarkdown,
    **REVISION_MODELS,
    **REVIEW_MODELS,
    **INLINE_MODELS,
    **STORY_MODELS,
}
"""Op name → args model, in the seed's order."""

__all__ = [
    "ALIGN_ALIASES", "LIST_ALIASES", "MAX_COLS", "MAX_QUERY", "MAX_ROWS", "MAX_SIZE_PT", "MODELS", "SEARCH_FLAGS",
    "UNDERLINES", "WORD_LIMIT", "WRAP_ALIASES", "WRAP_TYPES", "ApplyStyle", "CharStyle", "GetSelection",
    "InsertMarkdown", "InsertPicture", "InsertText", "ListStyles", "ParaStyle", "Query", "ReadDocument", "Replace",
    "ReplaceTarget", "Search", "TableApplyStyle", "TableArgs", "TableCreate", "TableDeleteColumns", "TableDeleteRows",
    "TableInsertColumns", "TableInsertRows", "TableMergeCells", "TableSetCellText", "TableStyle", "Underline",
]
