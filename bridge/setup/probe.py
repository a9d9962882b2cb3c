"""Who answers on the bridge's port, and why a client configured one way cannot use it.

`call`, `doctor`, the `stdio` forwarder and `serve` ask before they give up or start: nothing there, a Word Bridge,
a bridge whose certificate the CA in --certs did not sign, one speaking the other protocol (--no-tls), or another
program. A client never creates certificates: a missing CA is reported, not made.
"""

from __future__ import annotations

import socket
import ssl
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from bridge.config import BridgeConfig
from bridge.setup.certs import DevCerts, MissingCertificates, existing_dev_certs, ssl_context_trusting
from bridge.setup.hints import serve_line, token_note


def unreachable_message(config: BridgeConfig) -> str:
    """Nothing on the port: the commands that start a bridge this client (its port, --certs, --no-tls) can reach."""
    return (f"no Word Bridge answers on port {config.port}; start one with `{serve_line(config)}` or "
            f"`{serve_line(config, 'playground')}`{token_note(config)}")


def wrong_ca_message(config: BridgeConfig, certs: DevCerts) -> str:
    return (f"the bridge on port {config.port} uses a certificate not signed by the CA in {certs.directory}: "
            "is --certs the bridge's? (pass --certs, or set WORD_BRIDGE_CERTS, to the directory it was started with)")


def speaks_message(config: BridgeConfig, https: bool) -> str:
    """The bridge on the port speaks the other protocol than the one `config` asked for."""
    if https:
        return f"the bridge on port {config.port} speaks HTTPS: drop --no-tls"
    return f"the bridge on port {config.port} speaks plain HTTP (it was started with --no-tls): pass --no-tls"


def not_a_bridge_message(config: BridgeConfig) -> str:
    return (f"port {config.port} is held by a program that does not answer as a Word Bridge: pass --port with the "
            "bridge's port")


def client_ssl(config: BridgeConfig) -> ssl.SSLContext | bool:
    """What verifies the bridge's certificate; raises MissingCertificates (a client never creates them)."""
    if not config.tls:
        return False
    return ssl_context_trusting(existing_dev_certs(config.certs_dir))


def _health_answer(config: BridgeConfig, scheme: str, verify: ssl.SSLContext | bool, timeout: float,
                   token: str | None = None) -> dict[str, Any] | None:
    """The answer to GET /healthz on the port over `scheme` when it is a Word Bridge's, else None; raises what httpx
    raises. With `token`, sent as the bridge's: a bridge started with another one answers with `documentsHidden`."""
    where = f"{config.reach_host}:{config.port}"
    headers = {"Host": where} | ({"Authorization": f"Bearer {token}"} if token else {})
    response = httpx.get(f"{scheme}://{where}/healthz", verify=verify, timeout=timeout, headers=headers)
    try:
        answer = response.json()
    except ValueError:  # not JSON
        return None
    return answer if response.status_code == 200 and isinstance(answer, dict) and answer.get("status") == "ok" else None


def _health(config: BridgeConfig, scheme: str, verify: ssl.SSLContext | bool, timeout: float) -> bool:
    """Whether the answer to GET /healthz on the port over `scheme` is a Word Bridge's; raises what httpx raises."""
    return _health_answer(config, scheme, verify, timeout) is not None


def bridge_health(config: BridgeConfig, timeout: float = 1.5) -> dict[str, Any] | None:
    """What a Word Bridge on the configured port answers to /healthz (asked with `config.token`), with a certificate
    our CA signed; None when no such bridge answers. A `documentsHidden` in it: the bridge has a token, not ours."""
    try:
        return _health_answer(config, config.scheme, client_ssl(config), timeout, config.token)
    except (httpx.HTTPError, OSError, ssl.SSLError):  # MissingCertificates is an OSError
        return None


def bridge_is_running(config: BridgeConfig, timeout: float = 1.5) -> bool:
    """True when a Word Bridge answers /healthz on the configured port, with a certificate our CA signed."""
    return bridge_health(config, timeout) is not None


ProbeKind = Literal["bridge", "nothing", "no_ca", "wrong_ca", "https", "http", "other"]
MISMATCHES: frozenset[ProbeKind] = frozenset({"no_ca", "wrong_ca", "https", "http"})


@dataclass(frozen=True)
class Probe:
    """What answers on the port, as a client configured by `config` sees it, and one line saying so.

    The kinds in MISMATCHES are a Word Bridge this client cannot talk to as configured: the CA (--certs) or
    the protocol (--no-tls) is not the bridge's. A request sent that way never reached the bridge's tools.
    """

    kind: ProbeKind
    message: str = ""

    @property
    def running(self) -> bool:
        return self.kind == "bridge"

    @property
    def mismatch(self) -> bool:
        return self.kind in MISMATCHES


def _answers_as_bridge(config: BridgeConfig, scheme: str, timeout: float) -> bool | None:
    """Whether a Word Bridge answers /healthz over `scheme`, its certificate unchecked (no token is sent);
    None when the port stays silent (a bridge speaking the other protocol would have hung up or answered at once)."""
    try:
        return _health(config, scheme, False, timeout)
    except httpx.TimeoutException:
        return None
    except (httpx.HTTPError, OSError, ssl.SSLError):
        return False


def _caused_by(exc: BaseException, kind: type[BaseException]) -> bool:
    seen: BaseException | None = exc
    for _ in range(10):
        if seen is None:
            return False
        if isinstance(seen, kind):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def probe_bridge(config: BridgeConfig, timeout: float = 1.5) -> Probe:
    """Who answers on the port, and why a client configured by `config` cannot use it (never creates certificates).

    A port that accepts but stays silent costs one `timeout`, not one per question.
    """
    try:
        socket.create_connection((config.reach_host.strip("[]"), config.port), timeout=timeout).close()
    except OSError:
        return Probe("nothing", unreachable_message(config))
    other = Probe("other", not_a_bridge_message(config))
    verify: ssl.SSLContext | bool = False
    certs: DevCerts | None = None
    if config.tls:
        try:
            certs = existing_dev_certs(config.certs_dir)
        except MissingCertificates as exc:
            over_https = _answers_as_bridge(config, "https", timeout)
            if over_https is None:
                return other
            if not over_https:
                return Probe("http", speaks_message(config, https=False)) if _answers_as_bridge(
                    config, "http", timeout) else other
            try:  # a bridge starting now may have just written them
                certs = existing_dev_certs(config.certs_dir)
            except MissingCertificates:
                return Probe("no_ca", f"cannot check the certificate of the bridge on port {config.port}: {exc}")
        verify = ssl_context_trusting(certs)
    try:
        healthy = _health(config, config.scheme, verify, timeout)
    except httpx.TimeoutException:
        return other
    except (httpx.HTTPError, OSError, ValueError) as exc:
        if certs is not None and _caused_by(exc, ssl.SSLCertVerificationError):
            if _answers_as_bridge(config, "https", timeout):
                return Probe("wrong_ca", wrong_ca_message(config, certs))
        elif _answers_as_bridge(config, "http" if config.tls else "https", timeout):
            return Probe("http" if config.tls else "https", speaks_message(config, https=not config.tls))
        return other
    return Probe("bridge") if healthy else other


