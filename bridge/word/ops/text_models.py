"""Args models of the text ops: `insertText`, `getSelection`, `search` and `replace`."""

from __future__ import annotations

from typing import Annotated, Any, Final, Self

from pydantic import ValidationInfo, model_validator

from .base import Args, note
from .document_edges import document_edges
from .fields import Bool, Choice, IntIn, LimitedText, Location, Scope, Text, field_error, plain
from .word_limits import MAX_QUERY, WORD_LIMIT
from . import normalize as n

Query = LimitedText(1, MAX_QUERY, WORD_LIMIT)


class InsertText(Args):
    """insertText: write text at a place; replacing the selection by default."""

    ALIASES = {"where": "location"}

    text: Text
    scope: Scope = "selection"
    location: Location = "replace"
    newParagraph: Bool = False
    keepFormatting: Bool = True

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        document_edges(self, info)
        return self


class GetSelection(Args):
    """getSelection: no arguments."""


class Search(Args):
    """search: Word's search options (wildcards, not regex, behind `useRegex`)."""

    query: Query  # type: ignore[valid-type]  # an Annotated[str, ...] built by LimitedText
    scope: Scope = "document"
    useRegex: Bool = False
    matchCase: Bool = False
    matchWholeWord: Bool = False
    matchPrefix: Bool = False
    matchSuffix: Bool = False
    maxResults: IntIn(1, 10000) = 100  # type: ignore[valid-type]
    trackResults: IntIn(0, 10000) = 100  # type: ignore[valid-type]  # hits that get a rangeId (each is tracked in Word)


SEARCH_FLAGS: Final = ("useRegex", "matchCase", "matchWholeWord", "matchPrefix", "matchSuffix")


def _replace_target(value: Any) -> str:
    """`searchQuery` or a scope (bare ids → rangeId:)."""
    if isinstance(value, str) and value.strip().lower() in ("searchquery", "search", "query"):
        return "searchQuery"
    try:
        return n.to_scope(value)
    except n.Invalid:
        raise n.Invalid(
            f"must be \"searchQuery\", \"document\", \"selection\", \"rangeId:<id>\", \"tableId:<id>\" or "
            f"\"anchor:<id>\", got {n.show(value)}"
        ) from None


ReplaceTarget = Annotated[str, plain(_replace_target)]


class Replace(Args):
    """replace: a search-and-replace, or replacing a whole target range."""

    target: ReplaceTarget | None = None
    query: Query | None = None  # type: ignore[valid-type]
    replaceWith: Text
    mode: Choice(("replaceAll", "replaceFirst"), {"all": "replaceAll", "first": "replaceFirst"}) = "replaceAll"  # type: ignore[valid-type]
    scope: Scope | None = None
    useRegex: Bool | None = None
    matchCase: Bool | None = None
    matchWholeWord: Bool | None = None
    matchPrefix: Bool | None = None
    matchSuffix: Bool | None = None

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> Self:
        scope_as_target = self.target is None and self.query is None and self.scope is not None
        if scope_as_target:
            # {scope, replaceWith}: the way every other op names its range; without a query there is nothing to
            # search for, so the scope is the range to replace.
            self.target, self.scope = self.scope, None
            note(info, "info", f"no query: the scope \"{self.target}\" is the range replaced (args.target)", "target")
        if self.target is None:
            if self.query is None:
                raise field_error(
                    "required: \"searchQuery\" (with query), \"document\", \"selection\" or \"rangeId:<id>\"", "target"
                )
            self.target = "searchQuery"
        if self.target == "searchQuery":
            if self.query is None:
                raise field_error("required when target is searchQuery", "query")
            return self
        if self.query is not None:
            # target names a range *and* a query is given: search inside that range.
            if self.scope is not None and self.scope != self.target:
                raise field_error(
                    f"conflicts with target \"{self.target}\": with a query, target is where to search; "
                    "use target \"searchQuery\" and scope",
                    "scope",
                )
            note(info, "info", f"query given: searching within \"{self.target}\" (target \"searchQuery\", scope \"{self.target}\")", "target")
            self.scope, self.target = self.target, "searchQuery"
            return self
        ignored = [f for f in ("scope", *SEARCH_FLAGS) if f in self.model_fields_set and not (f == "scope" and scope_as_target)]
        if ignored:
            note(info, "warn", f"ignored without a query (target \"{self.target}\" is replaced whole): " + ", ".join(f"args.{f}" for f in ignored), ignored[0])
        return self

    def canonical(self) -> dict[str, Any]:
        out: dict[str, Any] = {"target": self.target, "replaceWith": self.replaceWith, "mode": self.mode}
        if self.target == "searchQuery":
            out["query"] = self.query
            out["scope"] = self.scope or "document"
            for flag in SEARCH_FLAGS:
                out[flag] = bool(getattr(self, flag))
        return out


TEXT_MODELS: Final[dict[str, type[Args]]] = {
    "insertText": InsertText,
    "getSelection": GetSelection,
    "search": Search,
    "replace": Replace,
}
"""Op name → args model of the text ops."""
