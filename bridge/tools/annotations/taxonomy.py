"""The annotation taxonomy: which categories, labels and subtypes an annotation may use, and how they pair.

The seed's taxonomy is the default. A `taxonomy.json` in the data directory replaces it (re-read when the file
changes, validated before use), so a team can annotate other kinds of documents without a code change.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bridge.paths import data_dir

TAXONOMY_FILE: Final = "taxonomy.json"
RELATION_TYPES: Final = ("dependencies", "footnotes", "references")


class TaxonomyError(Exception):
    """taxonomy.json exists but cannot be used: the message says where and why."""

    def __init__(self, message: str, issues: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.issues = issues or []


@dataclass(frozen=True)
class Category:
    id: str
    label: str
    subtypes: tuple[str, ...]


@dataclass(frozen=True)
class Taxonomy:
    """Categories in order; each has one display label and the subtypes allowed under it."""

    categories: tuple[Category, ...]

    @property
    def category_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.categories)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(c.label for c in self.categories)

    @property
    def subtypes(self) -> tuple[str, ...]:
        """Every subtype once, in the order categories list them (the schema's enum)."""
        return tuple(dict.fromkeys(s for c in self.categories for s in c.subtypes))

    def category(self, category_id: str) -> Category | None:
        return next((c for c in self.categories if c.id == category_id), None)

    def label_of(self, category_id: str) -> str | None:
        found = self.category(category_id)
        return found.label if found else None


# The seed's enums. The seed does not say which subtype belongs to which category; the fee subtypes go
# under fee_schedule and `reference` under footnotes (override with taxonomy.json).
DEFAULT_TAXONOMY: Final = Taxonomy(categories=(
    Category("fee_schedule", "Fee Schedule", ("participant_fee", "legal_regulatory_fee",
                                              "port_fees_and_other_services", "market_data_fees",
                                              "fees_and_rebates")),
    Category("footnotes", "Footnotes", ("reference",)),
))


class _CategoryFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    id: str = Field(min_length=1)
    label: str = Field(min_length=1)
    subtypes: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _subtypes_named(self) -> _CategoryFile:
        if any(not s for s in self.subtypes) or len(set(self.subtypes)) != len(self.subtypes):
            raise ValueError("subtypes must be distinct non-empty strings")
        return self


class _TaxonomyFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    categories: list[_CategoryFile] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct(self) -> _TaxonomyFile:
        for what in ("id", "label"):
            values = [getattr(c, what) for c in self.categories]
            if len(set(values)) != len(values):
                raise ValueError(f"category {what}s must be distinct")
        return self


def parse_taxonomy(text: str, source: str = TAXONOMY_FILE) -> Taxonomy:
    """A taxonomy from the text of a taxonomy.json; TaxonomyError names what is wrong."""
    try:
        parsed = _TaxonomyFile.model_validate_json(text)
    except ValidationError as exc:
        issues = [{"code": "custom", "path": list(e["loc"]), "message": e["msg"]} for e in exc.errors()]
        details = "; ".join(f"{'.'.join(map(str, i['path'])) or '(root)'}: {i['message']}" for i in issues)
        raise TaxonomyError(f"{source} is invalid: {details}", issues) from None
    return Taxonomy(tuple(Category(c.id, c.label, tuple(c.subtypes)) for c in parsed.categories))


_cache_lock = threading.Lock()
_cache: dict[Path, tuple[tuple[int, int], Taxonomy]] = {}


def load_taxonomy(directory: Path | None = None) -> Taxonomy:
    """The taxonomy in force now: `<data dir>/taxonomy.json` if present (cached until it changes), else the seed's."""
    path = (directory or data_dir()) / TAXONOMY_FILE
    try:
        stat = path.stat()
    except FileNotFoundError:
        return DEFAULT_TAXONOMY
    except OSError as exc:  # the data directory is a file, unreadable…: not a reason to stop the server
        raise TaxonomyError(f"{path} cannot be read: {exc.strerror or exc}") from exc
    stamp = (stat.st_mtime_ns, stat.st_size)
    with _cache_lock:
        cached = _cache.get(path)
    if cached and cached[0] == stamp:
        return cached[1]
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TaxonomyError(f"{path} cannot be read: {exc}") from exc
    taxonomy = parse_taxonomy(text, str(path))
    with _cache_lock:
        _cache[path] = (stamp, taxonomy)
    return taxonomy


def taxonomy_json(taxonomy: Taxonomy) -> str:
    """The taxonomy in taxonomy.json's format (documentation and tests write it)."""
    return json.dumps({"categories": [{"id": c.id, "label": c.label, "subtypes": list(c.subtypes)}
                                      for c in taxonomy.categories]}, indent=2)
