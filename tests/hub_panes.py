"""Panes played in the hub's own event loop (no socket), which the test answers, drops and reconnects by hand.

For the hub's delivery promises (retries, routing, cancellation, stopping): each step happens exactly when the test
says, so no timing decides the outcome.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bridge.word.hub import Hub
from bridge.word.sessions import Outcome, PaneSession


def word_op(op: str, **args: Any) -> dict[str, Any]:
    return {"type": "word.op", "op": op, "version": "1.0", "args": args}


class HeldPane:
    """One document's pane: records every ai-cmd and answers only when the test calls `answer`."""

    def __init__(self, hub: Hub, title: str) -> None:
        self.hub = hub
        self.title = title
        self.commands: list[dict[str, Any]] = []
        self.loads = 1
        self.session: PaneSession = hub.attach(self._hello(None), self)

    def _hello(self, session: str | None) -> dict[str, Any]:
        return {"type": "hello", "protocol": 1, "session": session, "document": {"title": self.title},
                "host": {"platform": "Simulator"}, "instance": f"{self.title}-load-{self.loads}"}

    @property
    def id(self) -> str:
        return self.session.id

    async def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "ai-cmd":
            self.commands.append(message)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.drop()

    def ids(self) -> list[str]:
        """The taskIds of the ai-cmds this pane received, in order."""
        return [c["id"] for c in self.commands]

    def answer(self, task_id: str, **data: Any) -> None:
        """The pane's ai-result for `task_id` (ok, with `data`)."""
        op = next(c["op"]["op"] for c in self.commands if c["id"] == task_id)
        self.hub.on_result(self.session, {"type": "ai-result", "id": task_id, "result": {
            "ok": True, "op": op, "data": data, "diagnostics": []}, "stats": {"ms": 1, "syncs": 1}})

    def drop(self) -> None:
        """The pane's socket closes (the pane may still be running what it got)."""
        self.hub.detach(self.session, self)

    def reconnect(self) -> None:
        """The pane connects again with its session id (a network blip, a laptop waking)."""
        self.hub.attach(self._hello(self.session.id), self)

    def reopen(self) -> None:
        """The person opens the pane again on this document (a new load of it: another `instance`)."""
        self.drop()
        self.loads += 1
        self.hub.attach(self._hello(self.session.id), self)


async def sent(pane: HeldPane, count: int) -> None:
    """Wait until `pane` has received `count` ai-cmds."""
    for _ in range(500):
        if len(pane.commands) >= count:
            return
        await asyncio.sleep(0.005)
    raise TimeoutError(f"{pane.title} got {len(pane.commands)} ops, expected {count}")


async def held(hub: Hub, pane: HeldPane, op: dict[str, Any], task_id: str, **options: Any) -> asyncio.Task[Outcome]:
    """Submit `op` and return its call once `pane` holds it (and has not answered)."""
    before = len(pane.commands)
    call = asyncio.create_task(hub.submit(op, task_id=task_id, **options))
    await sent(pane, before + 1)
    return call


async def dropped_mid_op(hub: Hub, pane: HeldPane, op: dict[str, Any], task_id: str) -> Outcome:
    """Submit `op` (without `document`), drop `pane`'s socket once it holds the op, and return the call's answer."""
    call = await held(hub, pane, op, task_id)
    pane.drop()
    return await call


async def answered(pane: HeldPane, task_id: str, **data: Any) -> None:
    """Answer `task_id` once the pane holds its (latest) ai-cmd."""
    for _ in range(500):
        if task_id in pane.ids():
            pane.answer(task_id, **data)
            return
        await asyncio.sleep(0.005)
    raise TimeoutError(f"{pane.title} never got {task_id}")


async def used(hub: Hub, pane: HeldPane) -> Outcome:
    """One op on `pane`'s document, answered at once: that document becomes the most recently used one."""
    task_id = f"use-{len(pane.commands)}-{pane.id}"
    running = asyncio.create_task(hub.submit(word_op("getSelection"), task_id=task_id, document=pane.id))
    await answered(pane, task_id)
    return await running


def error_of(outcome: Outcome) -> str:
    return next(d["msg"] for d in outcome.envelope["diagnostics"] if d["level"] == "error")
