"""What the hub keeps of each open document and each submitted op: sessions, outcomes, and their errors.

Kept apart from the hub's routing (hub.py) so the pane socket and the services can name these types
without the machinery around them.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

Envelope = dict[str, Any]
ProgressCallback = Callable[[float, float | None, str | None], Awaitable[None]]


def new_task_id() -> str:
    """A taskId for a call that gave none: its key to retry with, should its answer be lost."""
    return "task_" + secrets.token_hex(8)


class PaneChannel(Protocol):
    """The live connection to one pane (a WebSocket in production)."""

    async def send(self, message: dict[str, Any]) -> None: ...

    async def close(self, code: int = 1000, reason: str = "") -> None: ...


@dataclass
class PaneSession:
    """One open document, as seen through its task pane. Survives reconnects."""

    id: str
    title: str
    url: str
    platform: str
    host_version: str
    api_sets: dict[str, str]
    connected_at: datetime
    opened_at: float
    """When a pane was last opened on this document (monotonic): a new session, or a new load of the pane (another
    `hello.instance`), which a person does; a reconnect of the same load (a network blip, a bridge restart) is not."""
    used_at: float | None = None
    """When an op was last sent to this document (monotonic); None until then. A reconnect leaves it alone."""
    gone_at: float | None = None
    """When its pane disconnected (monotonic); None while connected."""
    paused: bool = False
    channel: PaneChannel | None = None
    instance: str = ""
    """The pane's own id for this load of it (`hello.instance`): a reloaded pane has a new one, and the ids it gave
    out before are gone."""
    connections: int = 0
    """How many times a pane has connected to this session (reconnects and reloads)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pending: dict[str, asyncio.Future[Envelope]] = field(default_factory=dict)
    progress: dict[str, ProgressCallback] = field(default_factory=dict)
    connected: asyncio.Event = field(default_factory=asyncio.Event)

    def recency(self) -> float:
        """How recently this document was active, for the default target: the later of its last op and the last time
        a person opened its pane (so a document just opened is the one "this document" means). A pane reconnecting
        on its own changes nothing."""
        return max(self.used_at or 0.0, self.opened_at)

    def generation(self) -> tuple[str, int]:
        """Which pane load and which connection answers now: a cached result remembers it."""
        return self.instance, self.connections

    def ref(self) -> dict[str, Any]:
        """Which document this is, as a result names it (`document: {id, title}`)."""
        return {"id": self.id, "title": self.title}

    def describe(self) -> dict[str, Any]:
        """The public view of this document (`/healthz`, `listDocuments`)."""
        return {
            "id": self.id,
            "title": self.title,
            "url": self.url,
            "platform": self.platform,
            "connectedAt": self.connected_at.isoformat(),
            "connected": self.channel is not None,
            "paused": self.paused,
            "apiSets": self.api_sets,
        }


@dataclass
class Outcome:
    """What a submitted op came to, and which document served it."""

    envelope: Envelope
    document: dict[str, Any] | None
    stats: dict[str, Any] | None = None
    cached: bool = False
    final: bool = True
    """False when the op never ran (no pane, disconnect, timeout, a paused pane's refusal): a retry may run it."""
    served_by: tuple[str, int] | None = None
    """The serving session's `generation()` when the pane answered."""


class PaneGone(Exception):
    """The pane running an op went away before it answered."""


class HelloError(Exception):
    """A `hello` frame that cannot open a session."""

    def __init__(self, code: str, msg: str) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg
