"""`python -m tests.bench.fake_pane PORT CERTS`: a fake task pane in a process of its own.

In Word the pane runs in the browser, not in the bridge's process nor the client's; the
benchmark runs it here so its work is not charged to either. It answers each command as it
reads it (no task per command, nothing kept), so as little of the hop as possible is the fake's own.
"""

from __future__ import annotations

import asyncio
import ssl
import sys
from pathlib import Path

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs, ssl_context_trusting
from tests.support import FakePane


class RemoteBridge:
    """Just enough of tests.support.ServerThread for FakePane to reach a bridge run by another process."""

    def __init__(self, config: BridgeConfig) -> None:
        self.config = config
        self.ws_url = f"wss://localhost:{config.port}/ws"

    def client_ssl(self) -> ssl.SSLContext:
        return ssl_context_trusting(ensure_dev_certs(self.config.certs_dir))


async def serve(port: int, certs_dir: Path) -> None:
    pane = await FakePane(RemoteBridge(BridgeConfig(port=port, certs_dir=certs_dir)), inline=True).connect()  # type: ignore[arg-type]
    print("connected", pane.session, flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the benchmark closes stdin
    await pane.close()


if __name__ == "__main__":
    asyncio.run(serve(int(sys.argv[1]), Path(sys.argv[2])))
