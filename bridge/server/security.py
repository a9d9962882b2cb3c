"""Who may talk to the bridge: Host and Origin checks, and the optional token.

The bridge listens on localhost, but a web page the person visits can still
reach localhost from their browser. Two checks stop it: a foreign `Origin`
(another site's script) and a `Host` that is not ours (DNS rebinding).
Clients that are not browsers send no Origin and pass that check.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
_CHECKED_HEADERS = frozenset({b"host", b"origin", b"authorization"})


def is_loopback(host: str) -> bool:
    """Whether listening on `host` keeps the bridge on this machine: localhost, 127.0.0.0/8, ::1.

    Any other name or address (0.0.0.0, ::, a LAN address, a host name that may resolve anywhere) reaches beyond.
    """
    name = host.strip().removeprefix("[").removesuffix("]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class AccessPolicy:
    """The names, origins and token this bridge accepts."""

    port: int
    tls: bool = True
    host: str = "127.0.0.1"
    token: str | None = None
    extra_origins: tuple[str, ...] = ()
    _hosts: frozenset[str] = field(init=False, repr=False)
    _origins: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        scheme = "https" if self.tls else "http"
        default_port = 443 if self.tls else 80
        names = set(LOOPBACK_NAMES)
        if self.host not in ("0.0.0.0", "::", ""):
            names.add(f"[{self.host}]" if ":" in self.host and not self.host.startswith("[") else self.host)
        hosts = {f"{n}:{self.port}" for n in names}
        if self.port == default_port:
            hosts |= names
        origins = {f"{scheme}://{h}" for h in hosts} | {o.rstrip("/") for o in self.extra_origins}
        object.__setattr__(self, "_hosts", frozenset(h.lower() for h in hosts))
        object.__setattr__(self, "_origins", frozenset(o.lower() for o in origins))

    @property
    def allowed_hosts(self) -> list[str]:
        return sorted(self._hosts)

    @property
    def allowed_origins(self) -> list[str]:
        return sorted(self._origins)

    def host_ok(self, host: str | None) -> bool:
        return bool(host) and host.lower() in self._hosts  # type: ignore[union-attr]

    def origin_ok(self, origin: str | None) -> bool:
        """No Origin (a non-browser client) is fine; a browser's must be ours."""
        return origin is None or origin.rstrip("/").lower() in self._origins

    def token_ok(self, presented: str | None) -> bool:
        if self.token is None:
            return True
        return presented is not None and hmac.compare_digest(presented.encode(), self.token.encode())

    def refusal(self, headers: dict[str, str], *, check_token: bool) -> tuple[int, str] | None:
        """Why a request with these headers is refused (status, reason), or None to let it in."""
        if not self.host_ok(headers.get("host")):
            return 421, f"Host {headers.get('host')!r} is not served here (allowed: {', '.join(self.allowed_hosts)})"
        if not self.origin_ok(headers.get("origin")):
            return 403, f"Origin {headers.get('origin')!r} may not use this bridge"
        if check_token and self.token is not None:
            auth = headers.get("authorization", "")
            presented = auth[7:].strip() if auth.lower().startswith("bearer ") else None
            if not self.token_ok(presented):
                return 401, "a valid token is required: send 'Authorization: Bearer <token>'"
        return None


RefusalShape = Callable[[int, str], dict[str, Any]]
"""The body of a refusal (status, reason) for an API whose errors have their own shape."""


def permission_error(status: int, reason: str) -> dict[str, Any]:
    """The bridge's own refusal body (DESIGN §4's `E_PERMISSION`)."""
    return {"error": {"code": "E_PERMISSION", "msg": reason}}


class GuardMiddleware:
    """Applies an AccessPolicy: the Host check to every HTTP request (a rebinding page must not read
    `/healthz` either), the Origin and token checks to the API paths under `prefixes`. A refusal's body is
    `permission_error`'s, or `shapes[prefix]`'s for a path under that prefix (`/rpc` answers in seed 002's shape)."""

    def __init__(self, app: ASGIApp, policy: AccessPolicy, prefixes: tuple[str, ...],
                 shapes: Mapping[str, RefusalShape] | None = None) -> None:
        self.app = app
        self.policy = policy
        self.prefixes = prefixes
        self.shapes = dict(shapes or {})

    def _shape(self, path: str) -> RefusalShape:
        return next((shape for prefix, shape in self.shapes.items() if path.startswith(prefix)), permission_error)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            # Only these three decide: no dict of every header on every request.
            headers = {name.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]
                       if (name := k.lower()) in _CHECKED_HEADERS}
            if scope["path"].startswith(self.prefixes):
                refused = self.policy.refusal(headers, check_token=True)
            elif not self.policy.host_ok(headers.get("host")):
                refused = 421, f"Host {headers.get('host')!r} is not served here"
            else:
                refused = None
            if refused is not None:
                status, reason = refused
                body = json.dumps(self._shape(scope["path"])(status, reason)).encode()
                await send({"type": "http.response.start", "status": status,
                            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
