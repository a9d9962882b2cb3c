"""`word-bridge doctor`: the checks a person runs when the pane does not connect."""

from __future__ import annotations

import socket
import ssl

import httpx

from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from bridge.config import BridgeConfig


def doctor(config: BridgeConfig) -> int:
    problems = 0

    def report(ok: bool, text: str, hint: str = "") -> None:
        nonlocal problems
        problems += 0 if ok else 1
        print(("  ok    " if ok else "  FAIL  ") + text + (f"\n        -> {hint}" if hint and not ok else ""))

    print("Word Bridge doctor")
    if config.tls:
        certs = ensure_dev_certs(config.certs_dir)
        report(True, f"development certificates in {certs.directory}")
    with socket.socket() as probe:
        busy = probe.connect_ex(("127.0.0.1", config.port)) == 0
    report(busy, f"something listens on port {config.port}", "start it with `word-bridge serve`")
    if not busy:
        return 1
    url = f"{config.scheme}://localhost:{config.port}/healthz"
    try:
        verify: ssl.SSLContext | bool = ssl_context_trusting(certs) if config.tls else False
        health = httpx.get(url, verify=verify, timeout=3).json()
        report(health.get("status") == "ok", f"{url} answers (version {health.get('version')})")
        docs = health.get("documents") or []
        report(bool(docs), f"{len(docs)} document(s) connected: "
               + ", ".join(f"{d['title']} [{d['platform']}]" for d in docs),
               "open the Word Bridge task pane in Word (see README: Connect Word)")
    except (httpx.HTTPError, ValueError, ssl.SSLError) as exc:
        report(False, f"{url} did not answer as a Word Bridge: {exc}",
               "another program may hold the port; pass --port")
    return 1 if problems else 0
