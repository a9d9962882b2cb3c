"""`word-bridge doctor`: the checks a person runs when the pane or a client does not connect."""

from __future__ import annotations

import socket
import ssl
import sys
from typing import Protocol

import httpx

from bridge.config import BridgeConfig
from bridge.setup.certs import (
    DevCerts,
    MissingCertificates,
    existing_dev_certs,
    node_trust_line,
    ssl_context_trusting,
)
from bridge.setup.hints import (
    TOKEN_VARIABLE,
    command_line,
    playground_url,
    port_options,
    serve_line,
    token_note,
)


class Report(Protocol):
    def __call__(self, ok: bool, text: str, hint: str = "") -> None: ...


def connect_hint(config: BridgeConfig) -> str:
    """How a person connects a document (or tries the simulated one) to the bridge on this port."""
    sideload = " ".join([command_line("sideload", options=[]), "web|mac|windows", *port_options(config.port)])
    return ("open the document in Word, then Home > Word Bridge > Show Task Pane; the first time, load the add-in with "
            f"`{sideload}`{token_note(config)} (README: Connect Word). Or try the simulated Word: open "
            f"{playground_url(config)}")


def doctor(config: BridgeConfig, token_hint: str = "") -> int:
    """Print each check; 1 when one failed. `token_hint` says which token the bridge expects (from the caller:
    setup imports nothing of the server)."""
    problems = 0

    def report(ok: bool, text: str, hint: str = "") -> None:
        nonlocal problems
        problems += 0 if ok else 1
        print(("  ok    " if ok else "  FAIL  ") + text + (f"\n        -> {hint}" if hint and not ok else ""))

    print("Word Bridge doctor")
    certs: DevCerts | None = None
    if config.tls:  # a client's check: it never creates certificates (that would hide a mistyped --certs)
        try:
            certs = existing_dev_certs(config.certs_dir)
            report(True, f"development certificates in {certs.directory}")
        except MissingCertificates as exc:
            report(False, "development certificates", str(exc))
    host = config.reach_host.strip("[]")
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        busy = probe.connect_ex((host, config.port)) == 0
    report(busy, f"something listens on port {config.port}", f"start it with `{serve_line(config)}`{token_note(config)}")
    mismatch = False
    if busy:
        from bridge.setup.probe import probe_bridge

        found = probe_bridge(config)
        mismatch = found.mismatch  # a Word Bridge, but not one this --certs / --no-tls can talk to
        if found.kind == "no_ca":
            report(False, f"{config.public_url}/healthz answers",
                   f"a Word Bridge serves port {config.port}, but its certificate cannot be checked without its "
                   "CA: see the certificates check above")
        elif mismatch:
            report(False, f"{config.public_url}/healthz answers", found.message)
        else:
            _check_bridge(config, certs, report, token_hint)
    if certs is not None and not mismatch:  # not for a CA or a protocol the bridge does not use
        print("Node clients (MCP Inspector, the TypeScript SDK) trust the CA only with:\n  "
              + node_trust_line(certs.ca_cert) + f"\nthen, for example{token_note(config)}:\n  " + inspector_line(config))
    return 1 if problems else 0


def inspector_line(config: BridgeConfig, platform: str = sys.platform) -> str:
    """The MCP Inspector's command line listing this bridge's tools over Streamable HTTP.

    With a token, the header names $WORD_BRIDGE_TOKEN (the shell fills it in): the token stays out of the history.
    """
    variable = f"$env:{TOKEN_VARIABLE}" if platform == "win32" else f"${TOKEN_VARIABLE}"
    header = f' --header "Authorization: Bearer {variable}"' if config.token else ""
    return (f"npx @modelcontextprotocol/inspector --cli {config.public_url}/mcp --transport http "
            f"--method tools/list{header}")


def _check_bridge(config: BridgeConfig, certs: DevCerts | None, report: Report, token_hint: str) -> None:
    url = config.public_url
    verify: ssl.SSLContext | bool = ssl_context_trusting(certs) if certs is not None else False
    headers = {"Authorization": f"Bearer {config.token}"} if config.token else {}
    try:
        with httpx.Client(verify=verify, timeout=3) as http:
            health = http.get(url + "/healthz", headers=headers).json()
            report(health.get("status") == "ok", f"{url}/healthz answers (version {health.get('version')})")
            # The guard answers 401 before MCP sees the request: a GET tells whether our token would pass.
            refused = http.get(url + "/mcp", headers=headers).status_code == 401
    except (httpx.HTTPError, ValueError, ssl.SSLError) as exc:
        report(False, f"{url}/healthz did not answer as a Word Bridge: {exc}",
               "another program may hold the port; pass --port")
        return
    token_hint = token_hint or f"pass --token (or set {TOKEN_VARIABLE}) to the token the bridge was started with"
    report(not refused, f"{url}/mcp accepts " + ("this token" if config.token else "clients without a token"),
           token_hint)
    if refused or "documentsHidden" in health:
        # The bridge lists its documents only to its token: "0 connected" would be untrue, and the playground URL
        # (with our token, or none) is one it refuses.
        report(False, "connected documents not listed: the bridge lists them only to a client with its token",
               "pass its token, as the check above says" if refused else token_hint)
        return
    docs = health.get("documents") or []
    report(bool(docs), f"{len(docs)} document(s) connected"
           + (": " + ", ".join(f"{d['title']} [{d['platform']}]" for d in docs) if docs else ""),
           connect_hint(config))
