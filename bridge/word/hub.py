"""The hub: connected task panes, one FIFO per document, deadlines, idempotency.

It knows nothing of op semantics: it receives a canonical `word.op` (a dict),
sends it to the right pane as an `ai-cmd`, and waits for the pane's
`ai-result`. Everything the contract promises about *delivery* lives here:

- a pane that reconnects with its previous session id gets the same session;
- ops on one document run one at a time, in arrival order;
- every op has a deadline (`E_TIMEOUT`);
- in-flight ops fail at once when their pane disconnects (`E_RUNTIME`);
- a repeated `taskId` returns the first result without asking the pane again (retries.py).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bridge.word.envelope import Code, diagnostic, fail
from bridge.word.ops.normalize import json_type
from bridge.word.retries import RequestKey, ResultCache, pane_change
from bridge.word.sessions import (
    Envelope,
    HelloError,
    Outcome,
    PaneChannel,
    PaneGone,
    PaneSession,
    ProgressCallback,
    new_task_id,
)


SESSION_TAKEN_OVER = 4001
REPEATED = "repeated taskId: this is the first result; the op was not run again"
_SESSION_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
OPEN_PANE_HINT = (
    "No Word document is connected. Open the document in Word, then open the Word Bridge task pane "
    "(Home > Word Bridge > Show Task Pane) so it connects to this bridge; or open {playground} in a browser "
    "to try it with the simulated Word."
)


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
        self._results: ResultCache[Outcome] = ResultCache(result_cache_size)
        self._inflight: dict[str, tuple[RequestKey, asyncio.Future[Outcome]]] = {}
        self._notices: set[asyncio.Task[None]] = set()
        self._document_listeners: list[Callable[[], None]] = []

    def on_documents_changed(self, listener: Callable[[], None]) -> None:
        """Call `listener` (on the event loop) whenever a document connects or goes away."""
        self._document_listeners.append(listener)

    def _documents_changed(self) -> None:
        for listener in self._document_listeners:
            listener()

    # ---- sessions -------------------------------------------------------
    def attach(self, hello: Any, channel: PaneChannel) -> PaneSession:
        """Open (or resume) the session a pane asks for in its `hello` (the first frame, any JSON: checked here)."""
        if not isinstance(hello, dict):
            raise HelloError(Code.INVALID_ARG, f"the first frame must be a hello: a JSON object with type \"hello\", "
                                               f"got {json_type(hello)}")
        if hello.get("type") != "hello":
            raise HelloError(Code.INVALID_ARG, "the first frame must be a hello")
        if hello.get("protocol") != 1:
            raise HelloError(Code.UNSUPPORTED, f"protocol {hello.get('protocol')!r} is not supported; this bridge speaks 1")
        document, host, api_sets = _obj(hello.get("document")), _obj(hello.get("host")), _obj(hello.get("apiSets"))
        wanted = hello.get("session")
        now = time.monotonic()
        self._forget_stale(now)
        session = self._sessions.get(wanted) if isinstance(wanted, str) else None
        if session is None:
            session_id = wanted if isinstance(wanted, str) and _valid_session_id(wanted) else "doc_" + secrets.token_urlsafe(6)
            session = PaneSession(
                id=session_id,
                title="",
                url="",
                platform="",
                host_version="",
                api_sets={},
                connected_at=datetime.now(UTC),
                last_active=now,
            )
            self._sessions[session.id] = session
        session.title = str(document.get("title") or "Untitled")[:300]
        session.url = str(document.get("url") or "")[:2000]
        session.platform = str(host.get("platform") or "unknown")[:40]
        session.host_version = str(host.get("version") or "")[:40]
        session.api_sets = {str(k)[:40]: str(v)[:10] for k, v in list(api_sets.items())[:20]}
        session.last_active = now
        instance = hello.get("instance")
        session.instance = instance[:64] if isinstance(instance, str) else ""
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
            if session.channel is None and not session.pending and now - session.last_active > self.forget_after:
                del self._sessions[session_id]

    def detach(self, session: PaneSession, channel: PaneChannel) -> None:
        """The pane's connection ended: fail what it was running, keep the session for its return."""
        if session.channel is not channel:
            return
        session.channel = None
        session.last_active = time.monotonic()
        session.connected.clear()
        self._fail_pending(session, "the task pane disconnected while running this op")
        self._documents_changed()

    def _fail_pending(self, session: PaneSession, why: str) -> None:
        for future in list(session.pending.values()):
            if not future.done():
                future.set_exception(PaneGone(why))
        session.pending.clear()

    def documents(self) -> list[dict[str, Any]]:
        """Connected documents, most recently active first."""
        live = [s for s in self._sessions.values() if s.channel is not None]
        live.sort(key=lambda s: s.last_active, reverse=True)
        return [s.describe() for s in live]

    def session(self, session_id: str) -> PaneSession | None:
        return self._sessions.get(session_id)

    # ---- messages from the pane ----------------------------------------
    def on_result(self, session: PaneSession, message: dict[str, Any]) -> None:
        """An `ai-result` frame: resolve the waiting op."""
        task_id = message.get("id")
        result = message.get("result")
        future = session.pending.pop(task_id, None) if isinstance(task_id, str) else None
        session.last_active = time.monotonic()
        if future is None or future.done():
            return
        envelope = dict(result) if isinstance(result, dict) and isinstance(result.get("ok"), bool) else fail(
            "unknown", Code.RUNTIME, "the task pane sent a malformed result")
        stats = message.get("stats")
        if isinstance(stats, dict):
            envelope.setdefault("_stats", stats)
        future.set_result(envelope)

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
        kept = self._results.get(task_id) if task_id else None
        if kept is None or task_id is None:
            return None
        first_key, outcome = kept
        return self._answer_repeat(task_id, first_key, key, outcome)

    def _answer_repeat(self, task_id: str, first_key: RequestKey, key: RequestKey, outcome: Outcome) -> Outcome:
        differs = first_key.difference(key, outcome.document)
        if differs is not None:
            return Outcome(
                fail(key.op, Code.INVALID_ARG,
                     f"taskId {task_id!r} was already used for another request ({differs}); the first result stands and "
                     "nothing was run. Use a new taskId for a new edit, or repeat the first request exactly to get its result.",
                     field="taskId"),
                outcome.document, cached=True, final=False)
        diags = list(outcome.envelope.get("diagnostics") or [])
        note = diagnostic("info", REPEATED, "taskId")
        if note not in diags:  # the pane says the same when it answered the first call from its own cache
            diags.append(note)
        served = self._sessions.get(outcome.document["id"]) if outcome.document else None
        if outcome.document and (served is None or served.channel is None):
            diags.append(diagnostic("warn", f"the document that ran this op ({outcome.document['title']!r}, "
                                    f"{outcome.document['id']}) has disconnected since; this result is from before"))
        elif served is not None and outcome.served_by is not None and (
                changed := pane_change(outcome.served_by, served.generation(), f"{served.title!r} ({served.id})")):
            diags.append(diagnostic("warn", changed))
        return Outcome({**outcome.envelope, "diagnostics": diags}, outcome.document, outcome.stats, cached=True)

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
    ) -> Outcome:
        """Run one canonical op on a document and return its outcome.

        A repeated `task_id` with the same request (`key`, by default the op as sent and `document`) returns the
        first outcome (and waits for it if it is still running) instead of sending the op again; the same
        `task_id` with another request is refused with `E_INVALID_ARG` on `taskId`.
        """
        task_id = task_id or new_task_id()
        key = key or RequestKey.of(op, document)
        repeat = self.cached(task_id, key)
        if repeat is not None:
            return repeat
        running = self._inflight.get(task_id)
        if running is not None:
            first_key, pending = running
            outcome = await asyncio.shield(pending)
            return self._answer_repeat(task_id, first_key, key, outcome)

        future: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        self._inflight[task_id] = (key, future)
        try:
            outcome = await self._deliver(op, content, task_id, document, timeout or self.op_timeout, progress)
            if outcome.final:
                self._results.put(task_id, key, outcome)
            future.set_result(outcome)
            return outcome
        except BaseException as exc:  # cancelled callers must not strand waiters
            if not future.done():
                if isinstance(exc, asyncio.CancelledError):
                    future.cancel()
                else:
                    future.set_exception(exc)
                    future.exception()  # mark retrieved
            raise
        finally:
            self._inflight.pop(task_id, None)

    async def _deliver(
        self,
        op: dict[str, Any],
        content: str,
        task_id: str,
        document: str | None,
        timeout: float,
        progress: ProgressCallback | None,
    ) -> Outcome:
        op_name = str(op.get("op", "unknown"))
        session, problem = self._route(document, op_name)
        if session is None:
            assert problem is not None
            return Outcome(problem, None, final=False)
        deadline = time.monotonic() + timeout
        sent = False
        try:
            async with asyncio.timeout(timeout):
                async with session.lock:
                    if session.channel is None:
                        try:
                            async with asyncio.timeout(min(self.reconnect_grace, max(deadline - time.monotonic(), 0))):
                                await session.connected.wait()
                        except TimeoutError:
                            return Outcome(
                                fail(op_name, Code.NOT_FOUND, f"document {session.title!r} ({session.id}) is not connected; "
                                     "the op was not applied", diagnostics=[diagnostic("info", self.open_pane_hint)]),
                                session.ref(),
                                final=False,
                            )
                    channel = session.channel
                    assert channel is not None
                    waiter: asyncio.Future[Envelope] = asyncio.get_running_loop().create_future()
                    session.pending[task_id] = waiter
                    if progress is not None:
                        session.progress[task_id] = progress
                    try:
                        await channel.send({"type": "ai-cmd", "id": task_id, "content": content, "op": op})
                        sent = True
                        session.last_active = time.monotonic()
                        envelope = await waiter
                    except PaneGone as gone:
                        return Outcome(
                            fail(op_name, Code.RUNTIME, f"{gone}; the op may or may not have been applied. Retry with "
                                 f"the same taskId ({task_id}) to get its result without running it twice."),
                            session.ref(),
                            final=False,
                        )
                    finally:
                        session.pending.pop(task_id, None)
                        session.progress.pop(task_id, None)
        except TimeoutError:
            if sent:
                msg = (f"the pane did not answer within {timeout:g} s; the op may still complete in Word. "
                       f"Retry with the same taskId ({task_id}) to get its result without running it twice.")
            else:
                msg = f"the op waited {timeout:g} s behind other ops on this document and was not sent; it was not applied"
            return Outcome(fail(op_name, Code.TIMEOUT, msg), session.ref(), final=False)
        stats = envelope.pop("_stats", None)
        if envelope.get("op") in (None, "unknown"):
            envelope["op"] = op_name
        if not isinstance(stats, dict):
            stats = None
        # A refusal that ran nothing (a paused pane's) is not this taskId's answer: a retry must run the op.
        ran = not (stats and stats.get("notRun") is True)
        return Outcome(envelope, session.ref(), stats, final=ran, served_by=session.generation())

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
        return max(live, key=lambda s: s.last_active), None



async def _send_quietly(channel: PaneChannel, frame: dict[str, Any]) -> None:
    try:
        await asyncio.wait_for(channel.send(frame), 5)
    except Exception:  # a notice to a pane that is going away is simply lost
        pass


def _valid_session_id(value: object) -> bool:
    return isinstance(value, str) and 4 <= len(value) <= 64 and set(value) <= _SESSION_ID_CHARS


def _obj(value: object) -> dict[str, Any]:
    """A JSON object from the pane, or an empty one when it sent something else."""
    return value if isinstance(value, dict) else {}
