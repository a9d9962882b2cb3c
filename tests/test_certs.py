"""bridge.setup.certs: extensions, reuse, renewal, openssl's verdict and a real TLS handshake."""

from __future__ import annotations

import datetime as dt
import ipaddress
import shutil
import socket
import ssl
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID

from bridge.setup import certs as certs_mod
from bridge.setup.certs import DevCerts, default_certs_dir, ensure_dev_certs, install_ca_commands, ssl_context_trusting


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def ext(cert: x509.Certificate, kind: type) -> x509.Extension:
    return cert.extensions.get_extension_for_class(kind)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> DevCerts:
    """One generated set for the read-only tests (RSA key generation is the slow part)."""
    return ensure_dev_certs(tmp_path_factory.mktemp("certs"))


@pytest.fixture
def fresh(made: DevCerts, tmp_path: Path) -> DevCerts:
    """A private copy of the generated set, for tests that change files."""
    target = tmp_path / "certs"
    shutil.copytree(made.directory, target)
    return certs_mod._paths(target)


def test_ca_extensions(made: DevCerts) -> None:
    ca = load(made.ca_cert)
    bc = ext(ca, x509.BasicConstraints)
    assert bc.critical and bc.value.ca and bc.value.path_length == 0
    ku = ext(ca, x509.KeyUsage)
    assert ku.critical and ku.value.key_cert_sign and ku.value.crl_sign and ku.value.digital_signature
    assert ext(ca, x509.SubjectKeyIdentifier).value.digest
    assert isinstance(ca.signature_hash_algorithm, hashes.SHA256)
    key = ca.public_key()
    assert isinstance(key, rsa.RSAPublicKey) and key.key_size >= 2048
    assert ca.issuer == ca.subject
    cn = ca.subject.get_attributes_for_oid(x509.NameOID.COMMON_NAME)[0].value
    assert cn == f"Word Bridge Development CA ({socket.gethostname()})"
    assert ca.not_valid_after_utc - ca.not_valid_before_utc >= dt.timedelta(days=3650)


def test_leaf_extensions(made: DevCerts) -> None:
    ca, leaf = load(made.ca_cert), load(made.cert)
    bc = ext(leaf, x509.BasicConstraints)
    assert bc.critical and not bc.value.ca
    ku = ext(leaf, x509.KeyUsage)
    assert ku.critical and ku.value.digital_signature and ku.value.key_encipherment and not ku.value.key_cert_sign
    assert list(ext(leaf, x509.ExtendedKeyUsage).value) == [ExtendedKeyUsageOID.SERVER_AUTH]
    san = ext(leaf, x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.DNSName) == ["localhost"]
    assert set(san.get_values_for_type(x509.IPAddress)) == {
        ipaddress.ip_address("127.0.0.1"),
        ipaddress.ip_address("::1"),
    }
    ca_ski = ext(ca, x509.SubjectKeyIdentifier).value.digest
    assert ext(leaf, x509.AuthorityKeyIdentifier).value.key_identifier == ca_ski
    assert ext(leaf, x509.SubjectKeyIdentifier).value.digest != ca_ski
    assert leaf.not_valid_after_utc - leaf.not_valid_before_utc <= dt.timedelta(days=397)
    assert isinstance(leaf.signature_hash_algorithm, hashes.SHA256)
    leaf.verify_directly_issued_by(ca)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_keys_are_private(made: DevCerts) -> None:
    assert made.ca_key.stat().st_mode & 0o777 == 0o600
    assert made.key.stat().st_mode & 0o777 == 0o600


def test_reuse_keeps_every_file(fresh: DevCerts) -> None:
    files = (fresh.ca_cert, fresh.ca_key, fresh.cert, fresh.key)
    before = {p: p.read_bytes() for p in files}
    again = ensure_dev_certs(fresh.directory)
    assert again == fresh
    assert {p: p.read_bytes() for p in files} == before
    assert not (fresh.directory / ".lock").exists()


def _replace_leaf(certs: DevCerts, days: int, now: dt.datetime | None = None) -> None:
    ca = load(certs.ca_cert)
    ca_key = serialization.load_pem_private_key(certs.ca_key.read_bytes(), None)
    assert isinstance(ca_key, rsa.RSAPrivateKey)
    certs_mod._write_pair(certs.cert, certs.key, *certs_mod._issue_leaf(ca, ca_key, now or certs_mod._now(), days))


def test_leaf_renewed_near_expiry_ca_kept(fresh: DevCerts) -> None:
    _replace_leaf(fresh, days=10)
    ca_bytes, ca_key_bytes, old_leaf = fresh.ca_cert.read_bytes(), fresh.ca_key.read_bytes(), load(fresh.cert)
    ensure_dev_certs(fresh.directory)
    new_leaf = load(fresh.cert)
    assert new_leaf.serial_number != old_leaf.serial_number
    assert new_leaf.not_valid_after_utc - certs_mod._now() > dt.timedelta(days=300)
    assert fresh.ca_cert.read_bytes() == ca_bytes and fresh.ca_key.read_bytes() == ca_key_bytes
    new_leaf.verify_directly_issued_by(load(fresh.ca_cert))


def test_leaf_kept_when_far_from_expiry(fresh: DevCerts) -> None:
    _replace_leaf(fresh, days=60)
    leaf = fresh.cert.read_bytes()
    ensure_dev_certs(fresh.directory)
    assert fresh.cert.read_bytes() == leaf


def test_leaf_from_another_ca_or_broken_is_reissued(fresh: DevCerts, tmp_path: Path) -> None:
    other = ensure_dev_certs(tmp_path / "other")
    shutil.copy(other.cert, fresh.cert)
    shutil.copy(other.key, fresh.key)
    ca_bytes = fresh.ca_cert.read_bytes()
    ensure_dev_certs(fresh.directory)
    load(fresh.cert).verify_directly_issued_by(load(fresh.ca_cert))
    assert fresh.ca_cert.read_bytes() == ca_bytes

    fresh.key.write_bytes(b"garbage")
    ensure_dev_certs(fresh.directory)
    assert certs_mod._load_pair(fresh.cert, fresh.key) is not None
    assert fresh.ca_cert.read_bytes() == ca_bytes


def test_leaf_with_wrong_names_is_reissued(fresh: DevCerts, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(certs_mod, "LEAF_DNS_NAMES", ("localhost", "example.test"))
    _replace_leaf(fresh, days=300)
    monkeypatch.undo()
    old = fresh.cert.read_bytes()
    ensure_dev_certs(fresh.directory)
    assert fresh.cert.read_bytes() != old
    san = ext(load(fresh.cert), x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.DNSName) == ["localhost"]


def test_missing_ca_makes_a_new_pair(fresh: DevCerts) -> None:
    fresh.ca_key.unlink()
    old_ca = fresh.ca_cert.read_bytes()
    ensure_dev_certs(fresh.directory)
    assert fresh.ca_cert.read_bytes() != old_ca
    load(fresh.cert).verify_directly_issued_by(load(fresh.ca_cert))


def test_default_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WORD_BRIDGE_CERTS", str(tmp_path / "x"))
    assert default_certs_dir() == tmp_path / "x"
    monkeypatch.delenv("WORD_BRIDGE_CERTS")
    root = Path(certs_mod.__file__).resolve().parents[2]
    assert (root / "pyproject.toml").is_file(), "the tests run from a source checkout"
    assert default_certs_dir() == root / "certs"


def test_install_commands_per_platform(made: DevCerts) -> None:
    ca = str(made.ca_cert.resolve())
    mac = install_ca_commands(made.ca_cert, "darwin")
    assert mac[0][:2] == ["security", "add-trusted-cert"] and "trustRoot" in mac[0] and mac[0][-1] == ca
    assert install_ca_commands(made.ca_cert, "win32") == [["certutil", "-user", "-addstore", "Root", ca]]
    linux = install_ca_commands(made.ca_cert, "linux")
    flat = [" ".join(c) for c in linux]
    assert any("update-ca-certificates" in c for c in flat)
    assert any(c.startswith("certutil -d sql:") and ca in c for c in flat)
    assert install_ca_commands(made.ca_cert, "plan9") == []


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl not on PATH")
def test_openssl_verifies_for_sslserver(made: DevCerts) -> None:
    out = subprocess.run(
        ["openssl", "verify", "-CAfile", str(made.ca_cert), "-purpose", "sslserver", str(made.cert)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("OK")


def _serve(certs: DevCerts, connections: int) -> tuple[int, threading.Thread]:
    """A TLS server on 127.0.0.1:0 that answers `connections` handshakes with one line each."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(certs.cert, certs.key)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(10)

    def run() -> None:
        with listener:
            for _ in range(connections):
                try:
                    conn, _addr = listener.accept()
                    with ctx.wrap_socket(conn, server_side=True) as tls:
                        tls.sendall(b"hello\n")
                except (ssl.SSLError, OSError):
                    pass  # the client refused us: what some tests want

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return listener.getsockname()[1], thread


def test_tls_handshake_with_trusting_context(made: DevCerts) -> None:
    port, thread = _serve(made, connections=3)  # localhost, 127.0.0.1, then a refused wrong name
    ctx = ssl_context_trusting(made)
    assert ctx.check_hostname and ctx.verify_mode == ssl.CERT_REQUIRED
    for name in ("localhost", "127.0.0.1"):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            with ctx.wrap_socket(raw, server_hostname=name) as tls:
                assert tls.recv(16) == b"hello\n"
                assert tls.getpeercert()["subjectAltName"]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with pytest.raises(ssl.SSLCertVerificationError):
            ctx.wrap_socket(raw, server_hostname="example.test")
    thread.join(10)


@pytest.mark.skipif(not socket.has_ipv6, reason="no IPv6")
def test_tls_handshake_over_ipv6(made: DevCerts) -> None:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(made.cert, made.key)
    try:
        listener = socket.create_server(("::1", 0), family=socket.AF_INET6)
    except OSError:
        pytest.skip("::1 not available")
    listener.settimeout(10)

    def run() -> None:
        with listener:
            conn, _ = listener.accept()
            with ctx.wrap_socket(conn, server_side=True) as tls:
                tls.sendall(b"v6\n")

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    with socket.create_connection(("::1", listener.getsockname()[1]), timeout=10) as raw:
        with ssl_context_trusting(made).wrap_socket(raw, server_hostname="::1") as tls:
            assert tls.recv(8) == b"v6\n"
    thread.join(10)


def test_untrusting_client_refuses(made: DevCerts) -> None:
    """Without our CA the same leaf is refused: the trust comes from the CA, nothing else."""
    port, thread = _serve(made, connections=1)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # verifies, but trusts no CA at all
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
        with pytest.raises(ssl.SSLCertVerificationError):
            ctx.wrap_socket(raw, server_hostname="localhost")
    thread.join(10)
