"""Settings of one running bridge, from the command line or a test."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
"""Hosts that listen on every address: this machine reaches them at 127.0.0.1 (and localhost)."""


@dataclass(frozen=True)
class BridgeConfig:
    host: str = DEFAULT_HOST
    """The address the bridge listens on (serve) or is reached at (its clients: call, doctor)."""
    port: int = 3000
    tls: bool = True
    certs_dir: Path | None = None
    token: str | None = None
    op_timeout: float = 30.0
    heartbeat_s: float = 15.0
    playground: bool = False
    extra_origins: tuple[str, ...] = ()

    @property
    def scheme(self) -> str:
        return "https" if self.tls else "http"

    @property
    def reach_host(self) -> str:
        """Where a client on this machine reaches the bridge: 127.0.0.1 for the default host and a wildcard (the
        address, not `localhost`, which may resolve to ::1 first), else the host it listens on (IPv6 bracketed)."""
        host = self.host.strip()
        if host in WILDCARD_HOSTS or host.lower() == "localhost":
            return DEFAULT_HOST
        return f"[{host}]" if ":" in host and not host.startswith("[") else host

    @property
    def public_url(self) -> str:
        """The origin Office loads the add-in from and a person opens: `localhost` (the development certificate's
        name) when the bridge listens there, else the host it listens on (127.0.0.2, ::1: localhost does not reach
        it; its certificate names that host too: runner.prepare)."""
        host = self.reach_host
        return f"{self.scheme}://{'localhost' if host == DEFAULT_HOST else host}:{self.port}"
