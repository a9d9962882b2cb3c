"""What a `taskId` promises: the request it keys, the results kept for repeats, and what a repeat must warn of.

A taskId is a retry key for one request. A repeat of exactly that request answers from the kept result without
running again; the same taskId with anything else is refused, because answering it from the cache would drop an
edit without a word. Once its op was sent to a document's pane, the taskId belongs to that document even when no
answer came back (a timeout, a dropped pane): only that pane knows whether it ran the op.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

from bridge.word.envelope import Code, diagnostic, fail
from bridge.word.retry_store import BindingStore
from bridge.word.sessions import Outcome, PaneSession

T = TypeVar("T")
REPEATED = "repeated taskId: this is the first result; the op was not run again"
IDS_GONE_UNLESS = ("unless the same load of its task pane comes back (a reloaded pane, or one opened again, has new "
                   "ids: get them with readDocument or search)")


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

    def to_json(self) -> str:
        return json.dumps([self.op, self.args, self.document], separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> RequestKey:
        op, args, document = json.loads(text)
        return cls(str(op), tuple((str(k), str(v)) for k, v in args), None if document is None else str(document))

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


KEPT_CHARS = 16_000_000
"""How much of the panes' answers (characters as they came) the ledger keeps in all, besides its count: parsed, an
answer takes some five times its length in memory, and a day of large searches kept a thousand of them whole."""
KEPT_WHOLE_CHARS = 1_000_000
"""An answer longer than this is not kept whole: a read (which changes nothing) is not kept at all, its retry reads
again; an edit keeps its verdict (ok or not, code, diagnostics), so that its retry still does not run it twice."""
_SIDE_EFFECT_FREE: Final = frozenset({
    "getSelection", "search", "listStyles", "readDocument", "trackChanges.get", "trackChanges.list", "comment.list",
    "anchor.list", "headerFooter.get",
})
"""Ops that change nothing in the document (unlike trackChanges.set/accept/reject): running one again is harmless."""


class ResultCache(Generic[T]):
    """The last `size` results by taskId, each with the request it answered; the least recently used go first,
    also while the results' weights (their sizes) add up to more than `weight_cap`."""

    def __init__(self, size: int, weight_cap: int | None = None) -> None:
        self._size = size
        self._weight_cap = weight_cap
        self._weights: dict[str, int] = {}
        self._weight = 0
        self._kept: OrderedDict[str, tuple[RequestKey, T]] = OrderedDict()

    def get(self, task_id: str) -> tuple[RequestKey, T] | None:
        kept = self._kept.get(task_id)
        if kept is not None:
            self._kept.move_to_end(task_id)
        return kept

    def put(self, task_id: str, key: RequestKey, result: T, weight: int = 0) -> None:
        self._weight -= self._weights.pop(task_id, 0)
        self._kept[task_id] = (key, result)
        self._kept.move_to_end(task_id)
        if weight:
            self._weights[task_id] = weight
            self._weight += weight
        cap = self._weight_cap
        while len(self._kept) > self._size or (cap is not None and self._weight > cap and len(self._kept) > 1):
            gone, _ = self._kept.popitem(last=False)
            self._weight -= self._weights.pop(gone, 0)


class TaskLedger:
    """The hub's memory of taskIds: each one's first result, and the document its op was sent to.

    Results live in memory only: after a restart the panes answer repeats (each its own document's taskIds). The
    bindings a client can retry with are also kept in a BindingStore (`persist`), so that after a restart a retry
    still goes to the document that got the op: a taskId the client gave, when its op is sent; a taskId the bridge
    made up, only once an answer without a result hands it to the client (`handed_over`). Such an id is unknown to
    a client that got no answer, and one that got the op's result has no retry to make: writing it for every call
    would cost a write per call for nothing.
    """

    def __init__(self, size: int) -> None:
        self._results: ResultCache[Outcome] = ResultCache(size, KEPT_CHARS)
        # A binding is small and must outlive results: a retry that finds none could go to another document.
        self.binding_cap = size * 10
        self._sent: ResultCache[dict[str, Any]] = ResultCache(self.binding_cap)
        self._store: BindingStore | None = None

    def persist(self, store: BindingStore) -> dict[str, str]:
        """Keep bindings in `store` from now on, after taking back the ones it kept (from before a restart).

        Returns the documents those bindings name (session id: title), whose panes a retry may wait for."""
        documents: dict[str, str] = {}
        for row in store.load():
            try:
                key = RequestKey.from_json(row.request)
            except (ValueError, TypeError):
                continue  # a row this version cannot read binds nothing
            self._sent.put(row.task_id, key, {"id": row.session_id, "title": row.title})
            documents[row.session_id] = row.title
        self._store = store
        return documents

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def sent(self, task_id: str, key: RequestKey, document: dict[str, Any], *, given: bool) -> None:
        """The op of `task_id` went to `document`'s pane: from now on the taskId belongs to that document.

        `given`: the client chose the taskId, so it may retry with it after a restart: the binding is stored.
        """
        if self._sent.get(task_id) is None:
            self._sent.put(task_id, key, document)
            if given:
                self._save(task_id, key, document)

    def handed_over(self, task_id: str) -> None:
        """An answer without the op's result gives the client `task_id` (one the bridge made) to retry with."""
        bound = self._sent.get(task_id)
        if bound is not None:
            self._save(task_id, *bound)

    def _save(self, task_id: str, key: RequestKey, document: dict[str, Any]) -> None:
        if self._store is not None:
            self._store.save(task_id, key.to_json(), str(document["id"]), str(document.get("title", "")))

    def bound(self, task_id: str) -> tuple[RequestKey, dict[str, Any]] | None:
        """The request and the document (`{id, title}`) the op of `task_id` was first sent to, if it was."""
        return self._sent.get(task_id)

    def keep(self, task_id: str, key: RequestKey, outcome: Outcome) -> None:
        """The taskId's answer (the first the pane gave for it): every exact repeat gets it from now on."""
        if self._results.get(task_id) is not None:
            return
        if outcome.chars > KEPT_WHOLE_CHARS:
            if key.op in _SIDE_EFFECT_FREE:
                return  # its retry reads again, in the same document (the binding stays)
            outcome = _verdict(outcome)
        self._results.put(task_id, key, outcome, outcome.chars)

    def answer(self, task_id: str, key: RequestKey, sessions: Mapping[str, PaneSession]) -> Outcome | None:
        """The first result for an exact repeat; a refusal for another request under the taskId; else None."""
        kept = self._results.get(task_id)
        if kept is not None:
            return self.repeat(task_id, kept[0], key, kept[1], sessions)
        bound = self._sent.get(task_id)
        if bound is not None and (differs := bound[0].difference(key, bound[1])) is not None:
            return _reused(task_id, key, differs, bound[1], "the first request stands")
        return None

    def repeat(self, task_id: str, first_key: RequestKey, key: RequestKey, outcome: Outcome,
               sessions: Mapping[str, PaneSession]) -> Outcome:
        """`outcome` (the first request's) answered to `key`: marked as a repeat, or refused when `key` differs."""
        differs = first_key.difference(key, outcome.document)
        if differs is not None:
            return _reused(task_id, key, differs, outcome.document, "the first result stands")
        if not outcome.final:  # a caller that waited on the same run gets its answer as it is (a timeout, say)
            return outcome
        diags = list(outcome.envelope.get("diagnostics") or [])
        note = diagnostic("info", REPEATED, "taskId")
        if note not in diags:  # the pane says the same when it answered the first call from its own cache
            diags.append(note)
        served = sessions.get(outcome.document["id"]) if outcome.document else None
        if outcome.document and (served is None or served.channel is None):
            diags.append(diagnostic("warn", f"the document that ran this op ({outcome.document['title']!r}, "
                                    f"{outcome.document['id']}) has disconnected since; this result is from before, "
                                    f"and the rangeIds and tableIds in it are gone {IDS_GONE_UNLESS}"))
        elif served is not None and outcome.served_by is not None and (
                changed := pane_change(outcome.served_by, served.generation(), f"{served.title!r} ({served.id})")):
            diags.append(diagnostic("warn", changed))
        return Outcome({**outcome.envelope, "diagnostics": diags}, outcome.document, outcome.stats, cached=True)


def _verdict(outcome: Outcome) -> Outcome:
    """An edit's answer too large to keep whole: what its retry needs to know, without the data."""
    note = diagnostic("warn", f"this result was too large to keep in full ({outcome.chars} characters): only whether "
                      "it succeeded and its diagnostics were kept (read the document to see what the op did)", "taskId")
    envelope = {**outcome.envelope, "data": {}, "diagnostics": [*(outcome.envelope.get("diagnostics") or []), note]}
    return Outcome(envelope, outcome.document, outcome.stats, outcome.cached, outcome.final, outcome.served_by,
                   chars=len(json.dumps(envelope, default=str)))


def _reused(task_id: str, key: RequestKey, differs: str, document: dict[str, Any] | None, stands: str) -> Outcome:
    return Outcome(
        fail(key.op, Code.INVALID_ARG,
             f"taskId {task_id!r} was already used for another request ({differs}); {stands} and nothing was run. "
             "Use a new taskId for a new edit, or repeat the first request exactly to get its result.",
             field="taskId"),
        document, cached=True, final=False)


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
