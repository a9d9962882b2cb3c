"""The hub: connected task panes, one FIFO per document, deadlines, idempotency.

It knows nothing of op semantics: it receives a canonical `word.op` (a dict),
sends it to the right pane as an `ai-cmd`, and waits for the pane's
`ai-result`. Everything the contract promises about *delivery* lives here:

- a pane that reconnects with its previous session id gets the same session;
- ops on one document run one at a time, in arrival order;
- every op has a deadline (`E_TIMEOUT`);
- in-flight ops fail at once when their pane disconnects (`E_RUNTIME`); ops queued for a document whose pane is away
  wait for it for the reconnect grace, then fail together;
- a repeated `taskId` returns the first result without asking the pane again; once sent, its op belongs to that
  document, and a retry goes nowhere else (retries.py), also after a restart of the bridge (retry_store.py);
- callers of one taskId share one run, which outlives any one of them (shared_runs.py);
- a bridge that stops answers every op it holds (`stop`).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bridge.word.envelope import Code, diagnostic, fail
from bridge.word.outcomes import (
    OPEN_PANE_HINT,
    STOPPING,
    STOPPING_UNSENT,
    away,
    from_pane,
    no_answer,
    not_sent,
    pane_gone,
    pane_hint,
)
from bridge.word.retries import RequestKey, TaskLedger
from bridge.word.retry_store import FILE as BINDINGS_FILE
from bridge.word.retry_store import BindingStore
from bridge.word.sessions import (
    Envelope,
    Outcome,
    PaneChannel,
    PaneGone,
    PaneSession,
    ProgressCallback,
    new_session,
    new_task_id,
    read_hello,
)
from bridge.word.shared_runs import SharedRuns


SESSION_TAKEN_OVER = 4001
MIN_SHARE_FOR_WORD = 0.25
"""An op that waited in its document's queue is sent only with at least this share of its timeout left for Word."""


class Hub:
    """Routes ops to panes and results back to callers."""

    def __init__(
        self,
        *,
        op_timeout: float = 30.0,
        reconnect_grace: float = 5.0,
        result_cache_size: int = 1000,
        forget_after: float = 24 * 3600.0,
        playground_url: str = "the bridge's /playground.html page",
    ) -> None:
        self.op_timeout = op_timeout
        # This bridge already serves the playground: the hint points there, never at starting a second bridge.
        self.open_pane_hint = OPEN_PANE_HINT.format(playground=playground_url)
        self.reconnect_grace = reconnect_grace
        self.forget_after = forget_after
        self._sessions: dict[str, PaneSession] = {}
        self._ledger = TaskLedger(result_cache_size)
        self._runs = SharedRuns()
        self._stopping = False
        self._stopped = asyncio.Event()
        self._notices: set[asyncio.Task[None]] = set()
        self._document_listeners: list[Callable[[], None]] = []

    def keep_bindings_in(self, directory: Path, bridge: str) -> None:
        """Keep the documents of retryable taskIds in `directory`'s SQLite file, so a retry after a restart of
        this bridge (`bridge`: its address) goes to the same document. A file that cannot be used: memory only."""
        documents = self._ledger.persist(BindingStore.open(directory / BINDINGS_FILE, bridge,
                                                           cap=self._ledger.binding_cap, forget_after=self.forget_after))
        now = time.monotonic()
        for session_id, title in documents.items():
            # Their panes reconnect within seconds of a restart: a retry that comes first waits for its document
            # the reconnect grace, as after any disconnect, instead of answering "away" at once.
            self._sessions.setdefault(session_id, new_session(session_id, title, now, gone_at=now))

    def close(self) -> None:
        """The bridge has stopped: let go of the bindings file."""
        self._ledger.close()

    def on_documents_changed(self, listener: Callable[[], None]) -> None:
        """Call `listener` (on the event loop) whenever a document connects or goes away."""
        self._document_listeners.append(listener)

    def _documents_changed(self) -> None:
        for listener in self._document_listeners:
            listener()

    # ---- sessions -------------------------------------------------------
    def attach(self, hello: Any, channel: PaneChannel) -> PaneSession:
        """Open (or resume) the session a pane asks for in its `hello` (the first frame, any JSON: checked here)."""
        wanted, instance, document, host, api_sets = read_hello(hello)
        now = time.monotonic()
        self._forget_stale(now)
        session = self._sessions.get(wanted) if wanted else None
        if session is None:
            session_id = wanted or "doc_" + secrets.token_urlsafe(6)
            session = self._sessions[session_id] = new_session(session_id, "", now)
        session.describes(document, host, api_sets)
        session.gone_at = None  # back; a reconnect is no use of the document, so its recency stays as it was
        if not session.connections:
            session.opened_at = now  # its first pane (a session kept from before a restart waited for it)
            session.connected_at = datetime.now(UTC)
        elif instance != session.instance:
            session.opened_at = now  # the pane was opened again (a new load): the person is back at this document
        session.instance = instance
        session.connections += 1
        previous = session.channel
        session.channel = channel
        session.connected.set()
        if previous is None:
            self._documents_changed()
        if previous is not None and previous is not channel:
            self._fail_pending(session, "the pane reconnected from another connection")
            # 4001 tells the old pane not to reconnect and steal the session back.
            asyncio.get_running_loop().create_task(previous.close(SESSION_TAKEN_OVER, "replaced by a newer connection"))
        return session

    def _forget_stale(self, now: float) -> None:
        """Drop sessions whose pane has been gone for long (a closed document, an old playground tab)."""
        for session_id, session in list(self._sessions.items()):
            gone_at = session.gone_at
            if session.channel is None and not session.pending and gone_at is not None and now - gone_at > self.forget_after:
                del self._sessions[session_id]

    def detach(self, session: PaneSession, channel: PaneChannel) -> None:
        """The pane's connection ended: fail what it was running, keep the session for its return."""
        if session.channel is not channel:
            return
        session.channel = None
        session.gone_at = time.monotonic()
        session.connected.clear()
        self._fail_pending(session, "the task pane disconnected while running this op")
        self._documents_changed()

    def _fail_pending(self, session: PaneSession, why: str) -> None:
        for future in list(session.pending.values()):
            if not future.done():
                future.set_exception(PaneGone(why))
        session.pending.clear()

    def stop(self) -> None:
        """The bridge is stopping: answer every op it holds now, within the server's graceful timeout.

        Ops the panes run fail as "may or may not have been applied"; queued ones, and any op submitted from now
        on, as not sent.
        """
        self._stopping = True
        self._stopped.set()
        for session in self._sessions.values():
            self._fail_pending(session, f"{STOPPING} while the task pane ran this op")

    def documents(self) -> list[dict[str, Any]]:
        """Connected documents, most recently active first (PaneSession.recency)."""
        live = [s for s in self._sessions.values() if s.channel is not None]
        live.sort(key=PaneSession.recency, reverse=True)
        return [s.describe() for s in live]

    def session(self, session_id: str) -> PaneSession | None:
        return self._sessions.get(session_id)

    # ---- messages from the pane ----------------------------------------
    def on_result(self, session: PaneSession, message: dict[str, Any]) -> None:
        """An `ai-result` frame: resolve the waiting op."""
        task_id = message.get("id")
        result = message.get("result")
        if not isinstance(task_id, str):
            return
        future = session.pending.pop(task_id, None)
        envelope = dict(result) if isinstance(result, dict) and isinstance(result.get("ok"), bool) else fail(
            "unknown", Code.RUNTIME, "the task pane sent a malformed result")
        stats = message.get("stats")
        if isinstance(stats, dict):
            envelope.setdefault("_stats", stats)
        chars = message.get("_chars")
        if isinstance(chars, int):
            envelope["_chars"] = chars
        if future is None or future.done():
            self._keep_late(session, task_id, envelope)
            return
        future.set_result(envelope)

    def _keep_late(self, session: PaneSession, task_id: str, envelope: Envelope) -> None:
        """A result nobody waits for any more (the op timed out, or the pane reconnected first): the retry's answer."""
        bound = self._ledger.bound(task_id)
        if bound is None or bound[1]["id"] != session.id:
            return
        key, _ = bound
        outcome = from_pane(envelope, key.op, session)
        if outcome.final:
            self._ledger.keep(task_id, key, outcome)

    async def on_progress(self, session: PaneSession, message: dict[str, Any]) -> None:
        """A `progress` frame: pass it to whoever asked for progress."""
        callback = session.progress.get(message.get("id"))  # type: ignore[arg-type]
        if callback is None:
            return
        done = message.get("done")
        total = message.get("total")
        await callback(
            float(done) if isinstance(done, (int, float)) else 0.0,
            float(total) if isinstance(total, (int, float)) else None,
            str(message.get("message") or "") or None,
        )

    def on_state(self, session: PaneSession, message: dict[str, Any]) -> None:
        session.paused = bool(message.get("paused"))

    def tell_refused(self, task_id: str, content: str, envelope: Envelope, document: str | None) -> None:
        """Show a call the server refused in the pane's log (`ai-refused`): the person sees what was attempted.

        Best effort and never awaited by the caller: no pane, or a pane that is gone, changes nothing.
        """
        session, _ = self._route(document, str(envelope.get("op", "unknown")))
        if session is None or session.channel is None:
            return
        frame = {"type": "ai-refused", "id": task_id, "content": content[:500], "op": envelope.get("op", "unknown"),
                 "result": envelope}
        task = asyncio.get_running_loop().create_task(_send_quietly(session.channel, frame))
        self._notices.add(task)
        task.add_done_callback(self._notices.discard)

    # ---- submitting ops -----------------------------------------------
    def cached(self, task_id: str | None, key: RequestKey) -> Outcome | None:
        """The first result of a taskId when `key` repeats its request; a refusal when it asks for something else."""
        return self._ledger.answer(task_id, key, self._sessions) if task_id else None

    async def submit(
        self,
        op: dict[str, Any],
        *,
        content: str = "",
        task_id: str | None = None,
        document: str | None = None,
        timeout: float | None = None,
        progress: ProgressCallback | None = None,
        key: RequestKey | None = None,
        generated: bool = False,
    ) -> Outcome:
        """Run one canonical op on a document and return its outcome.

        A repeated `task_id` with the same request (`key`, by default the op as sent and `document`) returns the
        first outcome (and waits for it if it is still running) instead of sending the op again; the same
        `task_id` with another request is refused with `E_INVALID_ARG` on `taskId`. A taskId whose op was sent
        but not answered goes to the same document's pane again, which answers repeats itself. `generated`: the
        bridge made `task_id` up (the client gave none), so the client learns it only from the answer.
        """
        generated = generated or not task_id
        task_id = task_id or new_task_id()
        key = key or RequestKey.of(op, document)
        op_name = str(op.get("op", "unknown"))
        limit = timeout or self.op_timeout

        async def work(report: ProgressCallback) -> Outcome:
            outcome = await self._deliver(op, content, task_id, key, document, limit, report, generated)
            if outcome.final:
                self._ledger.keep(task_id, key, outcome)
            elif generated:  # the answer tells the client this taskId, to retry with: after a restart too
                self._ledger.handed_over(task_id)
            return outcome

        while True:
            known = self._ledger.answer(task_id, key, self._sessions)
            if known is not None:
                return known
            if self._stopping:
                return self._not_sent(op_name, Code.RUNTIME, STOPPING_UNSENT, task_id, None)
            joined = await self._runs.outcome(task_id, key, work, progress)
            if joined is not None:
                outcome, run, started = joined
                return outcome if started else self._ledger.repeat(task_id, run.key, key, outcome, self._sessions)

    async def _deliver(
        self,
        op: dict[str, Any],
        content: str,
        task_id: str,
        key: RequestKey,
        document: str | None,
        timeout: float,
        progress: ProgressCallback,
        generated: bool,
    ) -> Outcome:
        op_name = str(op.get("op", "unknown"))
        bound = self._ledger.bound(task_id)
        if bound is not None:  # sent before: only that document's pane knows what became of it
            session = self._sessions.get(bound[1]["id"])
            if session is None:
                return self._not_sent(op_name, Code.RUNTIME, away(bound[1]), task_id, bound[1], hint=True)
        else:
            session, problem = self._route(document, op_name)
            if session is None:
                assert problem is not None
                return Outcome(problem, None, final=False)
        arrived = time.monotonic()
        deadline = arrived + timeout
        sent = False
        try:
            async with asyncio.timeout(timeout):
                async with session.lock:
                    if session.channel is None and not self._stopping:
                        # The grace runs from the disconnect, or from this op's arrival if it came later: the ops
                        # queued for a pane that does not come back fail together.
                        await self._pane_back(session, min(max(session.gone_at or arrived, arrived)
                                                           + self.reconnect_grace, deadline))
                    if self._stopping:
                        return self._not_sent(op_name, Code.RUNTIME, STOPPING_UNSENT, task_id, session.ref())
                    channel = session.channel
                    if channel is None:
                        return self._not_sent(op_name, Code.RUNTIME if bound else Code.NOT_FOUND,
                                              away(session.ref()), task_id, session.ref(), hint=True)
                    if bound is None and deadline - time.monotonic() < timeout * MIN_SHARE_FOR_WORD:
                        # Sent now, it would likely time out in Word's hands: "may or may not" where "not sent" is true.
                        return self._not_sent(op_name, Code.TIMEOUT, f"the op waited {time.monotonic() - arrived:.0f} "
                                              f"s of its {timeout:g} s behind other ops on this document, which left "
                                              "too little for Word to run it, so it was not sent", task_id, session.ref())
                    waiter: asyncio.Future[Envelope] = asyncio.get_running_loop().create_future()
                    session.pending[task_id] = waiter
                    session.progress[task_id] = progress
                    try:
                        self._ledger.sent(task_id, key, session.ref(), given=not generated)
                        session.used_at = time.monotonic()
                        frame: dict[str, Any] = {"type": "ai-cmd", "id": task_id, "content": content, "op": op}
                        if bound is not None:  # the pane answers from its records, and refuses when they are gone
                            frame["resent"] = True
                        await _send(channel, frame)
                        sent = True
                        envelope = await waiter
                    except PaneGone as gone:
                        return pane_gone(op_name, gone, task_id, session)
                    finally:
                        session.pending.pop(task_id, None)
                        session.progress.pop(task_id, None)
        except TimeoutError:
            if sent:
                return no_answer(op_name, timeout, task_id, session)
            return self._not_sent(op_name, Code.TIMEOUT, f"the op waited {timeout:g} s behind other ops on this "
                                  "document and was not sent", task_id, session.ref())
        return from_pane(envelope, op_name, session)

    async def _pane_back(self, session: PaneSession, until: float) -> None:
        """Wait until the session's pane reconnects, the bridge stops, or `until` passes."""
        remaining = until - time.monotonic()
        if remaining <= 0:
            return
        waits = [asyncio.ensure_future(session.connected.wait()), asyncio.ensure_future(self._stopped.wait())]
        try:
            await asyncio.wait(waits, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for wait in waits:
                wait.cancel()

    def _not_sent(self, op_name: str, code: Code, why: str, task_id: str, document: dict[str, Any] | None,
                  hint: bool = False) -> Outcome:
        """This call reached no pane (outcomes.not_sent); `hint`: say how to open the pane of an absent document."""
        bound = self._ledger.bound(task_id)
        notes = [diagnostic("info", pane_hint(document, self._sessions.values(), self.open_pane_hint))] if hint else []
        return not_sent(op_name, code, why, task_id, document, bound[1] if bound else None, notes)

    def _route(self, document: str | None, op_name: str) -> tuple[PaneSession | None, Envelope | None]:
        """Pick the session for `document` (an id or a title), else the most recently active one."""
        if document:
            if document in self._sessions:
                return self._sessions[document], None
            matches = [s for s in self._sessions.values() if s.title.casefold() == document.casefold()]
            live = [s for s in matches if s.channel is not None] or matches
            if len(live) == 1:
                return live[0], None
            if len(live) > 1:
                ids = ", ".join(f"{s.id} ({s.title})" for s in live)
                return None, fail(op_name, Code.INVALID_ARG, f"several documents are titled {document!r}: {ids}; pass an id",
                                  field="document")
            known = ", ".join(f"{d['id']} ({d['title']})" for d in self.documents()) or "none"
            return None, fail(op_name, Code.NOT_FOUND, f"no document with id or title {document!r}; connected: {known}",
                              field="document")
        live = [s for s in self._sessions.values() if s.channel is not None]
        if not live:
            return None, fail(op_name, Code.NOT_FOUND, "no Word document is connected",
                              diagnostics=[diagnostic("info", self.open_pane_hint)])
        return max(live, key=PaneSession.recency), None


async def _send(channel: PaneChannel, frame: dict[str, Any]) -> None:
    """Send an ai-cmd; a socket that breaks under it is a pane gone (the op may have left before it broke)."""
    try:
        await channel.send(frame)
    except Exception as exc:  # noqa: BLE001 - whatever the transport raises, the op's fate is unknown
        raise PaneGone(f"the connection to the task pane broke while sending this op ({type(exc).__name__})") from exc


async def _send_quietly(channel: PaneChannel, frame: dict[str, Any]) -> None:
    try:
        await asyncio.wait_for(channel.send(frame), 5)
    except Exception:  # a notice to a pane that is going away is simply lost
        pass
