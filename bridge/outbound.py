"""Outbound HTTP on behalf of a client, with an address guard (server-side request forgery protection).

An MCP client hands us URLs (`insertPicture`, `web_content_fetcher`); without a guard it could make the
server read `http://169.254.169.254/` (cloud metadata), a router's admin page or a service bound to
localhost. So every request goes through these rules:

- only http and https, at most `MAX_REDIRECTS` redirects, followed here so every hop passes the same checks;
- private, loopback, link-local, multicast, reserved, unspecified and other non-public addresses are
  refused (IPv4, IPv6, and IPv4 embedded in IPv6: mapped `::ffff:a.b.c.d`, 6to4, NAT64 `64:ff9b::/96`);
- the check is made on the *resolved* addresses, and made where the connection is opened: the client of
  `guarded_client` uses an httpcore network backend that resolves the host itself, checks every address,
  then connects to the checked address. TLS still uses the URL's host name for SNI and certificate checks
  (httpcore passes the origin's host as `server_hostname`), and the Host header is untouched. No second DNS
  lookup happens between check and connect, so a DNS-rebinding answer cannot slip in (a host whose answers
  include any forbidden address is refused whole). Each hop is also checked before its request
  (`check_address`), which is what protects a caller-supplied `httpx.AsyncClient`;
- a total deadline and a byte limit on the body (streamed, and cut as soon as it passes the limit);
- a final answer that is not 2xx is an OutboundError (`http_status`), its body unread, unless the caller takes
  any status (`fetch(..., any_status=True)`, as `http_get` does: a 404 page is a page), which gets it as
  `Fetched` under the same limits and checks;
- environment proxies are ignored (`trust_env=False`): a proxy would open the connection instead of us.

`WORD_BRIDGE_ALLOW_PRIVATE_NETWORK=1` lifts the address refusal (for a trusted network, and for tests that
serve pages on 127.0.0.1); a comma-separated list of addresses or networks (`192.168.1.0/24,127.0.0.1`)
lifts it for those only. Read at call time.

Error messages show URLs through `display_url`: credentials (`user:pass@`) replaced by `***` and anything longer
than 200 characters clipped (`clip`), so an error never echoes a password or a 100,000-character URL back.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import ssl
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import urljoin, urlsplit

import anyio
import httpcore
import httpx

__all__ = ["ALLOW_PRIVATE_ENV", "MAX_REDIRECTS", "OutboundError", "ForbiddenAddress", "Fetched",
           "address_class", "check_address", "check_url", "clip", "display_url", "guarded_client", "fetch",
           "read_capped", "redact_url", "site"]

ALLOW_PRIVATE_ENV: Final = "WORD_BRIDGE_ALLOW_PRIVATE_NETWORK"
MAX_REDIRECTS: Final = 5
_TRUE = {"1", "true", "yes", "on", "all"}
_FALSE = {"", "0", "false", "no", "off"}
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
CLIP_AT: Final = 200
_URL_START = re.compile(r"\s*(?:[A-Za-z][A-Za-z0-9+.\-]*:)?[/\\]*")


# --- how URLs and long values appear in messages ------------------------------------


def clip(text: str, limit: int = CLIP_AT) -> str:
    """`text`, or its first `limit` characters and its length: `aaa… (100,013 characters)`."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def redact_url(url: str) -> str:
    """`url` without its credentials: `http://user:pass@10.0.0.1/` → `http://***@10.0.0.1/`.

    Lenient on purpose (it also serves URLs that failed to parse): whatever precedes the last `@` of the
    authority — after an optional `scheme://`, up to the first `/`, `\\`, `?` or `#` — is replaced. Without
    `//` after the scheme (`user:pass@host`) the would-be scheme is part of the credentials.
    """
    found = _URL_START.match(url)
    start = found.end() if found is not None and found.group().rstrip().endswith(("/", "\\")) else 0
    end = min((i for i in (url.find(ch, start) for ch in "/\\?#") if i != -1), default=len(url))
    at = url.rfind("@", start, end)
    return url if at == -1 else f"{url[:start]}***{url[at:]}"


def display_url(url: object) -> str:
    """A URL as error messages show it: credentials redacted, clipped to CLIP_AT characters."""
    return clip(redact_url(url if isinstance(url, str) else str(url)))


def site(url: str) -> str:
    """`host[:port]` of `url`, without credentials (for "example.com failed: …")."""
    try:
        netloc = urlsplit(url).netloc
    except ValueError:
        netloc = ""
    return clip(netloc.rpartition("@")[2])


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


class OutboundError(Exception):
    """A fetch that failed; `error_type` is one of invalid_url, forbidden_address, network_error, timeout,
    http_status, too_large, too_many_redirects."""

    def __init__(self, error_type: str, url: str, details: str, *, status_code: int | None = None) -> None:
        super().__init__(details)
        self.error_type = error_type
        self.url = url
        self.details = details
        self.status_code = status_code


class ForbiddenAddress(OutboundError):
    """The host of `url` is (or resolves to) an address the guard refuses."""

    def __init__(self, url: str, host: str, address: str, kind: str) -> None:
        where = f"{address} is" if host.strip("[]") == address else f"{clip(host)} resolves to {address},"
        super().__init__(
            "forbidden_address", url,
            f"{where} {_article(kind)} {kind} address; Word Bridge fetches only from public internet addresses "
            f"(set {ALLOW_PRIVATE_ENV}=1 to allow private, loopback and link-local addresses on a trusted network)",
        )
        self.host = host
        self.address = address
        self.address_class = kind


# --- the address rule -------------------------------------------------------------


def address_class(ip: str | IPAddress) -> str | None:
    """None for a public address, else why it is refused: loopback, private, link-local, multicast, …"""
    addr = ipaddress.ip_address(ip.split("%", 1)[0]) if isinstance(ip, str) else ip
    if isinstance(addr, ipaddress.IPv6Address):
        embedded = addr.ipv4_mapped or addr.sixtofour
        if embedded is None and addr in _NAT64:
            embedded = ipaddress.IPv4Address(int(addr) & 0xFFFFFFFF)
        if embedded is not None:
            return address_class(embedded)
    # Order matters: 0.0.0.0, 169.254.x.x and 240.x.x.x are also `is_private` in Python's tables.
    for kind, hit in (("unspecified", addr.is_unspecified), ("loopback", addr.is_loopback),
                      ("link-local", addr.is_link_local), ("multicast", addr.is_multicast),
                      ("reserved", addr.is_reserved), ("private", addr.is_private)):
        if hit:
            return kind
    return None if addr.is_global else "non-public"  # e.g. 100.64.0.0/10, shared address space


def _allowed_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network] | None:
    """None: every address allowed; else the networks exempt from the refusal (empty: none)."""
    raw = os.environ.get(ALLOW_PRIVATE_ENV, "").strip()
    if raw.lower() in _TRUE:
        return None
    if raw.lower() in _FALSE:
        return []
    nets = []
    for item in raw.replace(";", ",").split(","):
        try:
            nets.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError:
            continue  # an unreadable entry allows nothing
    return nets


def _refusal(ip: str, allowed: list[ipaddress.IPv4Network | ipaddress.IPv6Network] | None) -> str | None:
    if allowed is None:
        return None
    kind = address_class(ip)
    if kind is None:
        return None
    addr = ipaddress.ip_address(ip.split("%", 1)[0])
    return None if any(addr.version == net.version and addr in net for net in allowed) else kind


async def _resolve_checked(url: str, host: str, port: int) -> list[str]:
    """The host's addresses, refused whole if any of them is forbidden."""
    host = host.strip("[]")
    allowed = _allowed_networks()
    try:
        literal: str | None = str(ipaddress.ip_address(host.split("%", 1)[0]))
    except ValueError:
        literal = None
    if literal is not None:
        addresses = [host]
    else:
        try:
            infos = await anyio.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError) as exc:  # socket.gaierror, or a name IDNA cannot encode
            raise OutboundError("network_error", url, f"could not resolve {clip(host)}: {clip(str(exc))}") from None
        addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
        if not addresses:
            raise OutboundError("network_error", url, f"could not resolve {clip(host)}: no address")
    for address in addresses:
        kind = _refusal(address, allowed)
        if kind is not None:
            raise ForbiddenAddress(url, host, address, kind)
    return addresses


def check_url(url: str) -> tuple[str, int]:
    """Host and port of an http(s) URL; OutboundError(invalid_url) for anything else."""
    if not isinstance(url, str) or any(ch.isspace() or ord(ch) < 32 for ch in url):
        raise OutboundError("invalid_url", str(url), "a URL cannot contain spaces or control characters")
    try:
        parts = urlsplit(url)
        port = parts.port
        httpx.URL(url)  # the parser that will send it: refuses hosts no request could reach
    except (ValueError, httpx.InvalidURL) as exc:
        raise OutboundError("invalid_url", url, f"not a valid URL: {clip(str(exc))}") from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        raise OutboundError("invalid_url", url, "only http:// and https:// URLs with a host name can be fetched")
    return parts.hostname, port or (443 if scheme == "https" else 80)


async def check_address(url: str) -> None:
    """Refuse `url` before any request if its host is or resolves to a forbidden address.

    Raises ForbiddenAddress, or OutboundError (invalid_url; network_error when the name does not resolve).
    """
    host, port = check_url(url)
    await _resolve_checked(url, host, port)


# --- the guarded client -----------------------------------------------------------


class _GuardedBackend(httpcore.AsyncNetworkBackend):
    """Resolves and checks the host itself, then connects to a checked address (never the name)."""

    def __init__(self) -> None:
        self._inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                          socket_options: typing.Iterable[typing.Any] | None = None) -> httpcore.AsyncNetworkStream:
        try:
            with anyio.fail_after(timeout):
                addresses = await _resolve_checked(f"{host}:{port}", host, port)
        except TimeoutError:
            raise httpcore.ConnectTimeout(f"resolving {host} timed out") from None
        except ForbiddenAddress:
            raise
        except OutboundError as exc:  # the name does not resolve
            raise httpcore.ConnectError(exc.details) from None
        failure: Exception | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(address, port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        raise failure or httpcore.ConnectError(f"no address to connect to for {host}")

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: typing.Iterable[typing.Any] | None = None
                                  ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("unix sockets are not used for outbound requests")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


class _GuardedTransport(httpx.AsyncHTTPTransport):
    """httpx's own transport with the guarded network backend under its connection pool.

    httpx has no public way to pass a network backend, so the pool it built is replaced by an equal one that
    has it (`_pool` is what AsyncHTTPTransport sends through; tests/test_outbound.py proves the guard runs).
    """

    def __init__(self, verify: ssl.SSLContext | bool = True) -> None:
        context = verify if isinstance(verify, ssl.SSLContext) else _ssl_context(verify)
        super().__init__(verify=context, trust_env=False)
        self._pool = httpcore.AsyncConnectionPool(ssl_context=context, network_backend=_GuardedBackend())


def _ssl_context(verify: bool) -> ssl.SSLContext:
    """httpx's default context; SSL_CERT_FILE / SSL_CERT_DIR are honoured (a company CA), proxies are not.

    Built per client (loading the CA bundle takes a few ms), so a changed SSL_CERT_FILE applies at once.
    """
    return httpx.create_ssl_context(verify=verify, trust_env=True)


def guarded_client(*, timeout: float = 30.0, headers: dict[str, str] | None = None,
                   verify: ssl.SSLContext | bool = True) -> httpx.AsyncClient:
    """An httpx client whose every connection passes the address guard; redirects are not followed."""
    return httpx.AsyncClient(transport=_GuardedTransport(verify), timeout=httpx.Timeout(timeout), headers=headers,
                             follow_redirects=False, trust_env=False)


# --- one fetch ----------------------------------------------------------------------


@dataclass
class Fetched:
    """A GET's final answer (2xx, unless the fetch took any status): the URL asked for, where it ended, its status
    and the (capped) body."""

    url: str
    final_url: str
    status_code: int
    headers: httpx.Headers
    content: bytes
    redirects: list[str] = field(default_factory=list)

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";", 1)[0].strip().lower()

    @property
    def charset(self) -> str | None:
        for part in self.headers.get("content-type", "").split(";")[1:]:
            key, _, value = part.partition("=")
            if key.strip().lower() == "charset" and value.strip():
                return value.strip().strip('"')
        return None


async def fetch(url: str, *, max_bytes: int, timeout_s: float, headers: dict[str, str] | None = None,
                inspect: Callable[[httpx.Response], None] | None = None,
                client: httpx.AsyncClient | None = None, any_status: bool = False) -> Fetched:
    """GET `url` within the guard, `timeout_s` in all (DNS and redirects included) and `max_bytes` of body.

    `inspect` sees the final response before its body is read (to refuse a content type early).
    A final answer that is not 2xx raises OutboundError(http_status), unless `any_status`: then it is returned
    like a 2xx one (its `status_code` tells), read under the same limit and inspection; redirects are followed
    and checked either way.
    Raises OutboundError (ForbiddenAddress for a refused address).
    """
    check_url(url)
    try:
        with anyio.fail_after(timeout_s):
            if client is not None:
                return await _follow(client, url, max_bytes, headers or {}, inspect, any_status)
            async with guarded_client(timeout=timeout_s) as own:
                return await _follow(own, url, max_bytes, headers or {}, inspect, any_status)
    except OutboundError as exc:
        exc.url = url  # the URL asked for (a refusal at connect time knows only the host)
        raise
    except TimeoutError:
        raise OutboundError("timeout", url, f"no complete answer within {timeout_s:g} s") from None
    except httpx.TimeoutException:
        raise OutboundError("timeout", url, "timed out") from None
    except (httpx.HTTPError, httpx.InvalidURL, OSError) as exc:
        raise OutboundError("network_error", url, clip(str(exc)) or type(exc).__name__) from None


async def _follow(client: httpx.AsyncClient, url: str, max_bytes: int, headers: dict[str, str],
                  inspect: Callable[[httpx.Response], None] | None, any_status: bool) -> Fetched:
    original, hops = url, []
    for _ in range(MAX_REDIRECTS + 1):
        try:
            await check_address(url)
        except OutboundError as exc:
            if url != original:
                exc.details = f"redirected to {display_url(url)}: {exc.details}"
                exc.args = (exc.details,)
            raise
        async with client.stream("GET", url, headers=headers, follow_redirects=False) as resp:
            if resp.is_redirect:
                url = urljoin(str(resp.url), resp.headers["location"])
                hops.append(url)
                try:
                    check_url(url)
                except OutboundError:
                    raise OutboundError("invalid_url", original,
                                       f"redirected to a non-http URL '{display_url(url)}'") from None
                continue
            if not resp.is_success and not any_status:
                reason = f" {resp.reason_phrase}" if resp.reason_phrase else ""
                raise OutboundError("http_status", original, f"HTTP {resp.status_code}{reason}",
                                    status_code=resp.status_code)
            if inspect is not None:
                inspect(resp)
            body = await read_capped(resp, original, max_bytes)
            return Fetched(original, str(resp.url), resp.status_code, resp.headers, body, hops)
    raise OutboundError("too_many_redirects", original, f"more than {MAX_REDIRECTS} redirects")


async def read_capped(resp: httpx.Response, url: str, max_bytes: int) -> bytes:
    """The body, stopped as soon as it passes `max_bytes` (a declared or an endless one)."""
    declared = resp.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise OutboundError("too_large", url, f"the body ({int(declared):,} bytes) is larger than the "
                                              f"{max_bytes:,} byte limit")
    buf = bytearray()
    async for chunk in resp.aiter_bytes():
        buf += chunk
        if len(buf) > max_bytes:
            raise OutboundError("too_large", url, f"the body is larger than the {max_bytes:,} byte limit")
    return bytes(buf)
