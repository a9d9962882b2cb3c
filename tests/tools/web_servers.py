"""Local web servers for the outbound tests: plain or TLS, on any loopback address, counting connections.

Everything listens on loopback only. `no_outside_connections` fails a test that tries to open a socket to any
other address (it patches the standard library's socket, never our code), and `fake_dns` answers chosen host
names from a table so no test ever sends a DNS query.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import socket
import ssl
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

Handler = Callable[[BaseHTTPRequestHandler], None]


def send(h: BaseHTTPRequestHandler, status: int, body: bytes = b"", ctype: str = "text/html; charset=utf-8",
         headers: tuple[tuple[str, str], ...] = ()) -> None:
    h.send_response(status)
    h.send_header("Content-Type", ctype)
    h.send_header("Content-Length", str(len(body)))
    for name, value in headers:
        h.send_header(name, value)
    h.end_headers()
    h.wfile.write(body)


def redirect(location: str, status: int = 302) -> Handler:
    return lambda h: send(h, status, b"", "text/plain", (("Location", location),))


def page(body: bytes | str, ctype: str = "text/html; charset=utf-8") -> Handler:
    data = body.encode() if isinstance(body, str) else body
    return lambda h: send(h, 200, data, ctype)


@dataclass
class WebServer:
    """A threaded HTTP(S) server on `host` that records every connection, Host header, User-Agent and SNI."""

    host: str = "127.0.0.1"
    port: int = 0
    tls: ssl.SSLContext | None = None
    routes: dict[str, Handler] = field(default_factory=dict)
    connections: int = 0
    requests: list[dict[str, str]] = field(default_factory=list)
    sni: list[str | None] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        server = self

        class Recording(ThreadingHTTPServer):
            address_family = socket.AF_INET6 if ":" in server.host else socket.AF_INET
            daemon_threads = True

            def handle_error(self, request: Any, client_address: Any) -> None:
                """A client that hangs up mid-answer (a size limit, a timeout) is expected here."""

            def get_request(self) -> tuple[Any, Any]:
                conn, addr = super().get_request()
                server.connections += 1
                if server.tls is not None:
                    conn = server.tls.wrap_socket(conn, server_side=True)
                return conn, addr

        class Handle(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                server.requests.append({"path": self.path, "host": self.headers.get("Host", ""),
                                        "user_agent": self.headers.get("User-Agent", "")})
                route = server.routes.get(self.path.split("?", 1)[0])
                if route is None:
                    send(self, 404, b"not found", "text/plain")
                else:
                    route(self)

        if self.tls is not None:
            self.tls.sni_callback = lambda _sock, name, _ctx: self.sni.append(name)  # type: ignore[assignment]
        self.httpd = Recording((self.host, self.port), Handle)
        self.port = self.httpd.server_address[1]
        self._thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)

    def url(self, path: str = "/", host: str | None = None) -> str:
        name = host or (f"[{self.host}]" if ":" in self.host else self.host)
        scheme = "https" if self.tls else "http"
        default = 443 if self.tls else 80
        return f"{scheme}://{name}{'' if self.port == default else f':{self.port}'}{path}"

    def __enter__(self) -> WebServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(5)


@pytest.fixture
def no_outside_connections(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every socket connect attempt is recorded; one to a non-loopback address fails instead of leaving the host."""
    attempts: list[Any] = []
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex

    def loopback_only(address: Any) -> None:
        attempts.append(address)
        host = address[0] if isinstance(address, tuple) else None
        if host is not None and not ipaddress.ip_address(str(host).split("%")[0]).is_loopback:
            raise AssertionError(f"the test tried to connect to {address!r}")

    def connect(self: socket.socket, address: Any) -> None:
        loopback_only(address)
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        loopback_only(address)
        return real_connect_ex(self, address)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    return attempts


@pytest.fixture
def fake_dns(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Host names answered from this table (a list per name, or a callable's answer); others must be literals.

    A name outside the table fails the lookup as an unknown host would, so no query ever leaves the machine.
    `table["__calls__"]` lists every name looked up, in order.
    """
    table: dict[str, Any] = {}
    real = socket.getaddrinfo
    calls: list[str] = []

    def getaddrinfo(host: Any, port: Any, family: int = 0, type: int = 0, proto: int = 0, flags: int = 0) -> Any:
        name = host.decode() if isinstance(host, bytes) else str(host)
        calls.append(name)
        try:
            ipaddress.ip_address(name.split("%")[0])
            return real(host, port, family, type, proto, flags)
        except ValueError:
            pass
        answer = table.get(name)
        if callable(answer):
            answer = answer()
        if not answer:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        out = []
        for ip in answer:
            fam = socket.AF_INET6 if ":" in ip else socket.AF_INET
            addr = (ip, int(port or 0), 0, 0) if fam == socket.AF_INET6 else (ip, int(port or 0))
            out.append((fam, socket.SOCK_STREAM, 6, "", addr))
        return out

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    table["__calls__"] = calls
    return table


@pytest.fixture
def trusted_tls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[list[str]], ssl.SSLContext]:
    """A throwaway CA that clients trust through SSL_CERT_FILE; returns a server context for the given names."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = dt.datetime.now(dt.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Word Bridge outbound test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - dt.timedelta(minutes=5))
          .not_valid_after(now + dt.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False, key_encipherment=False,
                                       data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                       crl_sign=True, encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
          .sign(ca_key, hashes.SHA256()))
    ca_file = tmp_path / "test-ca.pem"
    ca_file.write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    monkeypatch.setenv("SSL_CERT_FILE", str(ca_file))
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)

    def server_context(names: list[str]) -> ssl.SSLContext:
        key = ec.generate_private_key(ec.SECP256R1())
        leaf = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0])]))
                .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + dt.timedelta(days=1))
                .add_extension(x509.SubjectAlternativeName([x509.DNSName(n) for n in names]), critical=False)
                .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
                .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                               critical=False)
                .sign(ca_key, hashes.SHA256()))
        pem = tmp_path / f"{names[0]}.pem"
        pem.write_bytes(leaf.public_bytes(serialization.Encoding.PEM) + key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(pem)
        return context

    return server_context


def free_port_443(host: str = "127.0.0.1") -> bool:
    """Whether this process may listen on host:443 (root, and nothing else there)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server will: TIME_WAIT is no obstacle
        try:
            probe.bind((host, 443))
        except OSError:
            return False
    return True


@pytest.fixture
def web() -> Iterator[Callable[..., WebServer]]:
    """Start WebServers for a test and stop them after it."""
    started: list[WebServer] = []

    def start(**kwargs: Any) -> WebServer:
        server = WebServer(**kwargs).__enter__()
        started.append(server)
        return server

    yield start
    for server in started:
        server.__exit__()
