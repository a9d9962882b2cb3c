"""What a `taskId` promises: the request it keys, the results kept for repeats, and what a repeat must warn of.

A taskId is a retry key for one request. A repeat of exactly that request answers from the kept result without
running again; the same taskId with anything else is refused (the hub words both), because answering it from the
cache would drop an edit without a word.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class RequestKey:
    """What a taskId promises to repeat: the op, a digest of each top-level arg, and the document asked for."""

    op: str
    args: tuple[tuple[str, str], ...]
    document: str | None = None

    @classmethod
    def of(cls, op: dict[str, Any], document: str | None = None) -> RequestKey:
        raw = op.get("args")
        args: dict[str, Any] = raw if isinstance(raw, dict) else {}
        return cls(str(op.get("op", "unknown")), tuple(sorted((k, _digest(v)) for k, v in args.items())), document)

    def difference(self, other: RequestKey, served_by: dict[str, Any] | None) -> str | None:
        """Why `other` is not a repeat of this request (None when it is)."""
        if other.op != self.op:
            return f"op {other.op!r} instead of {self.op!r}"
        mine, theirs = dict(self.args), dict(other.args)
        changed = sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))
        if changed:
            return "other args (" + ", ".join(f"args.{k}" for k in changed) + ")"
        if other.document and not _names(other.document, served_by):
            first = f"{served_by['title']!r} ({served_by['id']})" if served_by else "another document"
            return f"document {other.document!r} instead of {first}"
        return None


class ResultCache(Generic[T]):
    """The last `size` results by taskId, each with the request it answered; the least recently used go first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: OrderedDict[str, tuple[RequestKey, T]] = OrderedDict()

    def get(self, task_id: str) -> tuple[RequestKey, T] | None:
        kept = self._kept.get(task_id)
        if kept is not None:
            self._kept.move_to_end(task_id)
        return kept

    def put(self, task_id: str, key: RequestKey, result: T) -> None:
        self._kept[task_id] = (key, result)
        self._kept.move_to_end(task_id)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)


def pane_change(then: tuple[str, int], now: tuple[str, int], name: str) -> str | None:
    """Why the ids in a result a pane gave at `then` may be gone `now` ((pane load, connection count)), or None.

    A pane that names its load (`hello.instance`) tells a reload (its ids are gone) from a reconnect (they stay);
    for one that does not, any reconnect may have been a reload.
    """
    (instance, connections), (current, count) = then, now
    if instance and current:
        if instance == current:
            return None
        return (f"the task pane of {name} was reloaded since this result: the rangeIds and tableIds in it are gone "
                "(get new ones with readDocument or search)")
    if connections == count:
        return None
    return (f"the task pane of {name} has reconnected since this result; if it was reloaded, the rangeIds and "
            "tableIds in it are gone (get new ones with readDocument or search)")


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str, separators=(",", ":")).encode()).hexdigest()[:32]


def _names(document: str, served_by: dict[str, Any] | None) -> bool:
    """Does `document` (an id or a title, as callers pass it) name the document that served a result?"""
    if served_by is None:
        return False
    return document == served_by.get("id") or document.casefold() == str(served_by.get("title", "")).casefold()
