"""Benchmark: the seed's response-time targets for the companion tools, printed (not asserted).

Seed 000: data formatter < 500 ms, text processor < 2 s, document analyzer < 5 s. Each case is called through an
in-memory MCP client (the SDK's own cost included); the first call of each tool is shown apart, since it loads
the syllable dictionary, the spelling dictionary or matplotlib. The analyzer runs on 50,000 characters, the
formatter on ~20,000 characters of CSV (the seed's maximum), the text processor's offline operations on 10,000.
Run: .venv/bin/python -m tests.bench.bench_tools [N]
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from typing import Any

from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools import data_formatter, document_analyzer, text_processor

TARGET_MS = {"data_formatter": 500, "text_processor": 2000, "document_analyzer": 5000}

PARAGRAPH = ("The committee reviewed the quarterly figures and agreed that revenue grew faster than expected. "
             "However, costs might rise next year, so the plan was approved by the board with conditions. "
             "We recommend a closer look at the supply chain and a monthly report to the stakeholders.")


def report_text(limit: int) -> str:
    parts, n = [], 1
    while sum(len(p) + 2 for p in parts) < limit:
        parts += [f"## Section {n}", PARAGRAPH, PARAGRAPH]
        n += 1
    return "\n\n".join(parts)[:limit]


def csv_text(limit: int) -> str:
    rows = ["Region,Product,Units,Revenue"]
    n = 0
    while sum(len(r) + 1 for r in rows) < limit - 40:
        rows.append(f"Region {n % 7},Product {n},{(n * 37) % 500},{(n * 7919) % 100000}")
        n += 1
    return "\n".join(rows)


CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("document_analyzer", "comprehensive, 50,000 chars",
     {"content": report_text(49_900), "analysis_type": "comprehensive", "detailed_metrics": True}),
    ("document_analyzer", "readability, 50,000 chars", {"content": report_text(49_900), "analysis_type": "readability"}),
    ("data_formatter", "table, ~20,000 chars CSV, sorted",
     {"data": csv_text(20_000), "output_format": "table", "sort_by": "Revenue", "sort_order": "desc",
      "max_items": 1000}),
    ("data_formatter", "list, ~20,000 chars CSV", {"data": csv_text(20_000), "output_format": "list", "max_items": 1000}),
    ("data_formatter", "summary, ~20,000 chars CSV", {"data": csv_text(20_000), "output_format": "summary"}),
    ("data_formatter", "chart, 20 rows", {"data": csv_text(800), "output_format": "chart", "max_items": 20}),
    ("text_processor", "summarize (offline), 10,000 chars",
     {"text": report_text(9_900), "operation": "summarize", "max_length": 500}),
    ("text_processor", "correct (offline), 10,000 chars", {"text": report_text(9_900), "operation": "correct"}),
    ("text_processor", "format (offline), 10,000 chars", {"text": report_text(9_900), "operation": "format"}),
]


async def main(n: int) -> None:
    for name in ("WORD_BRIDGE_LLM_URL",):
        os.environ.pop(name, None)  # the offline engine: no model in the loop
    server = MCPServer("bench")
    for module in (document_analyzer, text_processor, data_formatter):
        module.register(server, None)  # type: ignore[arg-type]  # no document is read in this benchmark
    print(f"{'tool':<18} {'case':<36} {'first ms':>9} {'median ms':>10} {'max ms':>8} {'target':>8}")
    async with Client(server) as client:
        for tool, label, args in CASES:
            times = []
            for i in range(n + 1):
                key = "content" if "content" in args else "text" if "text" in args else None
                fresh = {**args, key: f"{args[key]} Run {i}."} if key else args  # defeat textstat's cache
                started = time.perf_counter()
                result = await client.call_tool(tool, fresh)
                times.append((time.perf_counter() - started) * 1000)
                assert not result.is_error, result.content[0]
            first, rest = times[0], times[1:]
            median = statistics.median(rest)
            verdict = "ok" if median < TARGET_MS[tool] else "SLOW"
            print(f"{tool:<18} {label:<36} {first:9.1f} {median:10.1f} {max(rest):8.1f} "
                  f"{'<' + str(TARGET_MS[tool]):>7} {verdict}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
