"""Args models of the tracked-changes ops (`trackChanges.*`): Word's change-tracking mode and its revisions.

The mode needs WordApi 1.4 and the revisions WordApi 1.6: the pane refuses with E_UNSUPPORTED where the
host lacks them, so nothing here depends on the host.
"""

from __future__ import annotations

from typing import Any, Final, Self

from pydantic import model_validator

from .base import Args
from .fields import Bool, Choice, Scope, field_error
from . import normalize as n

MODE_ALIASES: Final = {
    "none": "off", "false": "off", "disabled": "off", "trackall": "all", "on": "all", "true": "all",
    "everyone": "all", "trackmineonly": "mine", "mineonly": "mine", "own": "mine",
}
MAX_CHANGE_IDS: Final = 1000


class TrackChangesSet(Args):
    """trackChanges.set: off | all | mine (Word.ChangeTrackingMode Off / TrackAll / TrackMineOnly)."""

    mode: Choice(("off", "all", "mine"), MODE_ALIASES)  # type: ignore[valid-type]


class TrackChangesGet(Args):
    """trackChanges.get: no arguments."""


class TrackChangesList(Args):
    """trackChanges.list: the tracked changes in a scope (the whole document by default)."""

    scope: Scope = "document"


class _TrackChangesDecide(Args):
    """accept / reject: exactly one of `changeIds` (from trackChanges.list) and `all: true`."""

    changeIds: list[Any] | None = None
    all: Bool | None = None
    scope: Scope = "document"

    @model_validator(mode="before")
    @classmethod
    def _single(cls, data: Any) -> Any:
        """A single id is accepted for `changeIds`; `changeId` is an alias."""
        if isinstance(data, dict) and "changeId" in data and "changeIds" not in data:
            data = {k: v for k, v in data.items() if k != "changeId"} | {"changeIds": data["changeId"]}
        if isinstance(data, dict) and isinstance(data.get("changeIds"), str):
            data = {**data, "changeIds": [data["changeIds"]]}
        return data

    @model_validator(mode="after")
    def _check(self) -> Self:
        if self.all is False:
            self.all = None
        if (self.changeIds is None) == (self.all is None):
            raise field_error("give exactly one of changeIds (ids from trackChanges.list) and all=true", "changeIds")
        if self.changeIds is not None:
            if not self.changeIds:
                raise field_error("must list at least one id (from trackChanges.list)", "changeIds")
            if len(self.changeIds) > MAX_CHANGE_IDS:
                raise field_error(f"lists {len(self.changeIds)} ids; at most {MAX_CHANGE_IDS}", "changeIds")
            ids: list[str] = []
            for i, value in enumerate(self.changeIds):
                if not isinstance(value, str) or not value.strip():
                    raise field_error(f"must be a change id string, got {n.show(value)}", f"changeIds[{i}]")
                if value.strip() not in ids:
                    ids.append(value.strip())
            self.changeIds = ids
        return self


class TrackChangesAccept(_TrackChangesDecide):
    """trackChanges.accept: keep the changes."""


class TrackChangesReject(_TrackChangesDecide):
    """trackChanges.reject: undo the changes."""


REVISION_MODELS: Final[dict[str, type[Args]]] = {
    "trackChanges.set": TrackChangesSet,
    "trackChanges.get": TrackChangesGet,
    "trackChanges.list": TrackChangesList,
    "trackChanges.accept": TrackChangesAccept,
    "trackChanges.reject": TrackChangesReject,
}
"""Op name → args model of the tracked-changes ops."""
