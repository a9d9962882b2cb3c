"""Benchmark: what one editTask costs on top of MCP itself.

Prints medians over N calls on one MCP session over HTTPS:
  baseline  listDocuments (MCP + TLS, no pane round trip)
  rejected  editTask with bad args (validation only, never reaches the pane)
  edit      editTask getSelection answered by a fake pane over WSS
and the ratios to the baseline, measured in the same run.
Run: .venv/bin/python -m tests.bench.bench_roundtrip [N]
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bridge.config import BridgeConfig
from bridge.word.remote import mcp_client
from tests.support import FakePane, ServerThread, meta


async def measure(n: int) -> dict[str, float]:
    certs = Path(tempfile.mkdtemp(prefix="wb-bench-"))
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs)).start()
    try:
        pane = await FakePane(server).connect()
        cases = {
            "baseline": ("listDocuments", {}),
            "rejected": ("editTask", {"content": "x", "meta": meta("insertText")}),
            "edit": ("editTask", {"content": "x", "meta": meta("getSelection")}),
        }
        timings: dict[str, list[float]] = {name: [] for name in cases}
        async with mcp_client(server.config) as client:
            for _ in range(5):  # warm up
                for tool, args in cases.values():
                    await client.call_tool(tool, args)
            for _ in range(n):
                for name, (tool, args) in cases.items():
                    started = time.perf_counter()
                    await client.call_tool(tool, args)
                    timings[name].append(time.perf_counter() - started)
        await pane.close()
        return {name: statistics.median(values) * 1000 for name, values in timings.items()}
    finally:
        server.stop()


def main() -> None:
    logging.disable(logging.INFO)  # the figures, not the request log
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    medians = asyncio.run(measure(n))
    base = medians["baseline"]
    print(f"editTask round trip, median of {n} calls (ms, and ratio to listDocuments in the same run)")
    for name, ms in medians.items():
        print(f"  {name:<9} {ms:7.2f} ms   x{ms / base:5.2f}")


if __name__ == "__main__":
    main()
