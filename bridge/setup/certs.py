"""Development certificates: a local CA, trusted once, and a localhost leaf it signs.

Office only loads add-ins over https, and each webview (WebView2, WKWebView,
browsers) is strict about what it accepts. One long-lived CA the person trusts
once, plus a short-lived leaf renewed silently, avoids the re-trusting churn of
30-day self-signed certificates.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import shlex
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from bridge.paths import data_dir, project_root

__all__ = [
    "DevCerts",
    "MissingCertificates",
    "default_certs_dir",
    "ensure_dev_certs",
    "existing_dev_certs",
    "install_ca_commands",
    "node_trust_line",
    "shell_line",
    "ssl_context_trusting",
    "LEAF_DNS_NAMES",
    "LEAF_IPS",
]

CA_NAME = "Word Bridge Development CA"
LEAF_DNS_NAMES = ("localhost",)
LEAF_IPS = (ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1"))
CA_DAYS = 3650
LEAF_DAYS = 390  # browsers and macOS refuse leaves valid for more than 397/398 days
RENEW_BEFORE = dt.timedelta(days=30)
_BACKDATE = dt.timedelta(hours=1)  # tolerate a little clock skew between processes and VMs


@dataclass(frozen=True)
class DevCerts:
    """Where the development CA and the localhost leaf live (PEM files)."""

    directory: Path
    ca_cert: Path
    ca_key: Path
    cert: Path
    key: Path


def default_certs_dir() -> Path:
    """`$WORD_BRIDGE_CERTS`, else `certs/` of a source checkout, else `~/.word-bridge/certs`."""
    env = os.environ.get("WORD_BRIDGE_CERTS")
    if env:
        return Path(env).expanduser()
    root = project_root()
    return root / "certs" if root is not None else data_dir() / "certs"


def _paths(directory: Path) -> DevCerts:
    return DevCerts(
        directory=directory,
        ca_cert=directory / "ca.crt",
        ca_key=directory / "ca.key",
        cert=directory / "localhost.crt",
        key=directory / "localhost.key",
    )


def ensure_dev_certs(directory: Path | None = None, hosts: tuple[str, ...] = ()) -> DevCerts:
    """Create the CA and leaf on first use, reuse them after.

    The leaf is reissued (by the same CA) when it expires within 30 days, does not
    name localhost/127.0.0.1/::1 and `hosts` (another address a bridge serves on,
    such as 127.0.0.2), or was not signed by the current CA. The CA is
    replaced only when it is missing, unreadable or about to expire — that is
    the one case where the person has to trust it again.
    """
    names = _leaf_names(hosts)
    certs = _paths(Path(directory) if directory is not None else default_certs_dir())
    certs.directory.mkdir(parents=True, exist_ok=True)
    with _lock(certs.directory / ".lock"):
        now = _now()
        ca = _load_pair(certs.ca_cert, certs.ca_key)
        if ca is None or not _ca_ok(ca[0], now):
            ca = _issue_ca(now)
            _write_pair(certs.ca_cert, certs.ca_key, *ca)
        leaf = _load_pair(certs.cert, certs.key)
        if leaf is None or not _leaf_ok(leaf[0], ca[0], now, names):
            _write_pair(certs.cert, certs.key, *_issue_leaf(ca[0], ca[1], now, names=names))
    return certs


class MissingCertificates(FileNotFoundError):
    """A client found no usable development CA where it looked: it cannot check the bridge's certificate.

    Only what serves (`serve`, `playground`, `stdio` when it serves, `certs`) creates certificates: a client
    that created a fresh CA in a mistyped directory would then blame the bridge for not matching it.
    """


def existing_dev_certs(directory: Path | None = None) -> DevCerts:
    """The development certificates in `directory` (default: `default_certs_dir()`), never creating them.

    Raises MissingCertificates (with a line for a person) when the directory has no readable CA.
    """
    certs = _paths(Path(directory) if directory is not None else default_certs_dir())
    try:
        x509.load_pem_x509_certificate(certs.ca_cert.read_bytes())
    except FileNotFoundError:
        raise MissingCertificates(missing_ca_message(directory, certs, "is missing")) from None
    except (OSError, ValueError) as exc:
        raise MissingCertificates(missing_ca_message(directory, certs, f"cannot be read: {exc}")) from None
    return certs


def missing_ca_message(directory: Path | None, certs: DevCerts, problem: str) -> str:
    """One line: which directory was looked in (and why that one), and how to point at the bridge's."""
    if directory is not None:
        where = f"{certs.directory} (from --certs"
    elif os.environ.get("WORD_BRIDGE_CERTS"):
        where = f"{certs.directory} (from $WORD_BRIDGE_CERTS"
    else:
        where = f"{certs.directory} (the default"
    return (f"no development CA in {where}: {certs.ca_cert.name} {problem}): pass --certs, or set WORD_BRIDGE_CERTS, "
            "to the directory the bridge was started with (default: certs/ in a source checkout, else "
            "~/.word-bridge/certs; `word-bridge serve` creates them there)")


def install_ca_commands(ca_cert: Path, platform: str = sys.platform) -> list[list[str]]:
    """The commands that make this OS (and its browsers) trust `ca_cert`; [] when unknown.

    Returned rather than run, so the CLI can show them and ask before touching
    the system trust store.
    """
    ca = str(Path(ca_cert).expanduser().resolve())
    home = Path.home()
    if platform == "darwin":
        keychain = str(home / "Library" / "Keychains" / "login.keychain-db")
        return [["security", "add-trusted-cert", "-d", "-r", "trustRoot", "-k", keychain, ca]]
    if platform == "win32":
        return [["certutil", "-user", "-addstore", "Root", ca]]
    if platform.startswith("linux"):
        sudo = [] if hasattr(os, "geteuid") and os.geteuid() == 0 else ["sudo"]
        nssdb = home / ".pki" / "nssdb"
        return [
            [*sudo, "cp", ca, "/usr/local/share/ca-certificates/word-bridge-dev-ca.crt"],
            [*sudo, "update-ca-certificates"],
            # Chromium and Chrome on Linux read NSS, not the system store (libnss3-tools).
            ["mkdir", "-p", str(nssdb)],
            ["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", CA_NAME, "-i", ca],
        ]
    return []


def shell_line(command: list[str], platform: str = sys.platform) -> str:
    """`command` as one line a person can paste into their shell (names with spaces stay one argument)."""
    return subprocess.list2cmdline(command) if platform == "win32" else shlex.join(command)


def node_trust_line(ca_cert: Path, platform: str = sys.platform) -> str:
    """How to make Node clients (MCP Inspector, the TypeScript SDK) trust `ca_cert`: Node ignores the OS store."""
    ca = str(Path(ca_cert).expanduser().resolve())
    if platform == "win32":
        return f'$env:NODE_EXTRA_CA_CERTS = "{ca}"   (PowerShell; in cmd: set NODE_EXTRA_CA_CERTS={ca})'
    return f"export NODE_EXTRA_CA_CERTS={shlex.quote(ca)}"


def ssl_context_trusting(certs: DevCerts) -> ssl.SSLContext:
    """A client context that trusts our CA (and verifies host names), for talking to our own server."""
    ctx = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=str(certs.ca_cert))
    ctx.verify_flags |= ssl.VERIFY_X509_STRICT  # Python 3.13's default: hold our certificates to it everywhere
    return ctx


# --- checks -----------------------------------------------------------------------


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _ca_ok(ca: x509.Certificate, now: dt.datetime) -> bool:
    try:
        bc = ca.extensions.get_extension_for_class(x509.BasicConstraints).value
    except x509.ExtensionNotFound:
        return False
    return bc.ca and ca.not_valid_before_utc <= now and ca.not_valid_after_utc - now > RENEW_BEFORE


LeafNames = tuple[tuple[str, ...], tuple[ipaddress.IPv4Address | ipaddress.IPv6Address, ...]]


def _leaf_names(hosts: tuple[str, ...]) -> LeafNames:
    """The DNS names and addresses the leaf names: localhost, 127.0.0.1, ::1, and `hosts`."""
    dns, ips = list(LEAF_DNS_NAMES), list(LEAF_IPS)
    for host in hosts:
        name = host.strip().removeprefix("[").removesuffix("]")
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            if name and name.lower() not in dns:
                dns.append(name.lower())
            continue
        if address not in ips:
            ips.append(address)
    return tuple(dns), tuple(ips)


def _leaf_ok(leaf: x509.Certificate, ca: x509.Certificate, now: dt.datetime, names: LeafNames | None = None) -> bool:
    dns, ips = names or _leaf_names(())
    if not (leaf.not_valid_before_utc <= now and leaf.not_valid_after_utc - now > RENEW_BEFORE):
        return False
    try:
        leaf.verify_directly_issued_by(ca)
        san = leaf.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, TypeError, InvalidSignature, x509.ExtensionNotFound):
        return False
    return set(san.get_values_for_type(x509.DNSName)) == set(dns) and set(san.get_values_for_type(x509.IPAddress)) == set(ips)


# --- issuing ----------------------------------------------------------------------


def _issue_ca(now: dt.datetime) -> tuple[x509.Certificate, rsa.RSAPrivateKey]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
    host = socket.gethostname() or "localhost"
    cn = f"{CA_NAME} ({host})"
    if len(cn) > 64:  # the X.509 upper bound for a common name
        cn = f"{CA_NAME} ({host[: 64 - len(CA_NAME) - 4]})"
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn), x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Word Bridge")])
    ski = x509.SubjectKeyIdentifier.from_public_key(key.public_key())
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _BACKDATE)
        .not_valid_after(now + dt.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_key_usage(key_cert_sign=True, crl_sign=True, digital_signature=True), critical=True)
        .add_extension(ski, critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski), critical=False)
        .sign(key, hashes.SHA256())
    )
    return cert, key


def _issue_leaf(
    ca: x509.Certificate, ca_key: rsa.RSAPrivateKey, now: dt.datetime, days: int = LEAF_DAYS,
    names: LeafNames | None = None,
) -> tuple[x509.Certificate, rsa.RSAPrivateKey]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ca_ski = ca.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    dns, ips = names or _leaf_names(())
    san = [x509.DNSName(n) for n in dns] + [x509.IPAddress(ip) for ip in ips]
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - _BACKDATE)
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(digital_signature=True, key_encipherment=True), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(san), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    return cert, key


def _key_usage(**on: bool) -> x509.KeyUsage:
    names = (
        "digital_signature",
        "content_commitment",
        "key_encipherment",
        "data_encipherment",
        "key_agreement",
        "key_cert_sign",
        "crl_sign",
        "encipher_only",
        "decipher_only",
    )
    return x509.KeyUsage(**{n: on.get(n, False) for n in names})


# --- files ------------------------------------------------------------------------


def _load_pair(cert_path: Path, key_path: Path) -> tuple[x509.Certificate, rsa.RSAPrivateKey] | None:
    """The certificate and its key, or None when missing, unreadable or not a matching pair."""
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError):
        return None
    if not isinstance(key, rsa.RSAPrivateKey) or key.public_key() != cert.public_key():
        return None
    return cert, key


def _write_pair(cert_path: Path, key_path: Path, cert: x509.Certificate, key: rsa.RSAPrivateKey) -> None:
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    _atomic_write(key_path, key_pem, 0o600)
    _atomic_write(cert_path, cert.public_bytes(serialization.Encoding.PEM), 0o644)


def _atomic_write(path: Path, data: bytes, mode: int) -> None:
    """Write via a temp file created with `mode` (so a key is never world-readable) and rename."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")  # mkstemp creates 0600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@contextmanager
def _lock(path: Path, timeout: float = 30.0, stale: float = 120.0) -> Iterator[None]:
    """A cross-platform lock file, so several bridges starting at once create one CA, not two."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            break
        except FileExistsError:
            try:
                if time.time() - path.stat().st_mtime > stale:  # left by a crashed process
                    path.unlink(missing_ok=True)
                    continue
            except FileNotFoundError:
                continue
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path} is held by another process; delete it if no word-bridge is running") from None
            time.sleep(0.05)
    try:
        os.close(fd)
        yield
    finally:
        path.unlink(missing_ok=True)
