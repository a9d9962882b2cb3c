"""Settings of one running bridge, from the command line or a test."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class BridgeConfig:
    host: str = "127.0.0.1"
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
    def public_url(self) -> str:
        """The origin Office loads the add-in from (certificates name `localhost`)."""
        return f"{self.scheme}://localhost:{self.port}"
