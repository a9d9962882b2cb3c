"""What the hub keeps of each open document and each submitted op: sessions, outcomes, and their errors.

Kept apart from the hub's routing (hub.py) so the pane socket and the services can name these types
without the machinery around them.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from bridge.word.envelope import Code
from bridge.word.ops.normalize import json_type

Envelope = dict[str, Any]
_SESSION_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
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

    def describes(self, document: dict[str, Any], host: dict[str, Any], api_sets: dict[str, Any]) -> None:
        """Take what a pane's `hello` says of its document and host (any JSON values: cut to size as text)."""
        self.title = str(document.get("title") or "Untitled")[:300]
        self.url = str(document.get("url") or "")[:2000]
        self.platform = str(host.get("platform") or "unknown")[:40]
        self.host_version = str(host.get("version") or "")[:40]
        self.api_sets = {str(k)[:40]: str(v)[:10] for k, v in list(api_sets.items())[:20]}

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


def new_session(session_id: str, title: str, now: float, gone_at: float | None = None) -> PaneSession:
    """A document's session before any pane connected to it (its pane's hello fills in the rest)."""
    return PaneSession(id=session_id, title=title, url="", platform="", host_version="", api_sets={},
                       connected_at=datetime.now(UTC), opened_at=now, gone_at=gone_at)


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
    chars: int = 0
    """The length of the pane's answer as it came (0 for answers made here): what keeping it costs."""


class PaneGone(Exception):
    """The pane running an op went away before it answered."""


class HelloError(Exception):
    """A `hello` frame that cannot open a session."""

    def __init__(self, code: str, msg: str) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg


def read_hello(hello: Any) -> tuple[str | None, str, dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A pane's first frame (any JSON), checked: the session it asks for (None: a new one), its load's instance id,
    and what it says of its document, host and API sets (objects; empty where it sent something else)."""
    if not isinstance(hello, dict):
        raise HelloError(Code.INVALID_ARG, f"the first frame must be a hello: a JSON object with type \"hello\", "
                                           f"got {json_type(hello)}")
    if hello.get("type") != "hello":
        raise HelloError(Code.INVALID_ARG, "the first frame must be a hello")
    if hello.get("protocol") != 1:
        raise HelloError(Code.UNSUPPORTED, f"protocol {hello.get('protocol')!r} is not supported; this bridge speaks 1")
    wanted, instance = hello.get("session"), hello.get("instance")
    valid = isinstance(wanted, str) and 4 <= len(wanted) <= 64 and set(wanted) <= _SESSION_ID_CHARS
    return (wanted if valid else None, instance[:64] if isinstance(instance, str) else "",
            _obj(hello.get("document")), _obj(hello.get("host")), _obj(hello.get("apiSets")))


def _obj(value: object) -> dict[str, Any]:
    """A JSON object from the pane, or an empty one when it sent something else."""
    return value if isinstance(value, dict) else {}
