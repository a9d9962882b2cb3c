"""Benchmark: a 5,000-row CSV to a Word table through call_tool_with_file_content, printed (not asserted).

The real path: an MCP client over HTTPS → the bridge reads and converts the file, merges the records into a
table.create envelope and runs its own editTask in process → WSS → the real pane in headless Chromium → the
playground's simulated Word. Printed per run: the client's wall time, the file's read+parse time alone, and the
pane's own report of the op (`stats.ms` and `stats.syncs`, taken from the ai-result frame the pane sends to the
hub), checked against the simulator's count of context.sync() calls. The same table sent inline through editTask
(the rows passing through the client, as a model would have to) is shown for comparison.
Run: .venv/bin/python -m tests.bench.bench_file_tool [ROWS] [RUNS]
"""

from __future__ import annotations

import json
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bridge.setup.certs import ensure_dev_certs
from bridge.tools.file_tool.tool import read_and_parse
from bridge.word.remote import mcp_client
from tests.e2e.conftest import CHROMIUM, LAUNCH_FLAGS, OFFICE_JS, spki_pin
from tests.e2e.targets import LoopThread, Playground, start_server, wait_for_new_document


def csv_text(rows: int) -> str:
    lines = ["id,name,email,region,amount"]
    lines += [f"{i},Customer {i},c{i}@example.com,Region {i % 7},{i * 3.25}" for i in range(rows)]
    return "\n".join(lines) + "\n"


def main(rows: int, runs: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-file-tool-"))
    (work / "table.csv").write_text(csv_text(rows))
    os.environ["WORD_BRIDGE_ALLOWED_DIRS"] = str(work)
    certs = work / "certs"
    ensure_dev_certs(certs)
    server = start_server(certs, op_timeout=120)
    for name in ("httpx", "httpx2", "mcp", "word_bridge", "uvicorn", "uvicorn.error", "bridge"):
        logging.getLogger(name).setLevel(logging.WARNING)  # keep the printed table readable
    loop = LoopThread()
    frames: list[dict[str, Any]] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=[*LAUNCH_FLAGS, f"--ignore-certificate-errors-spki-list={spki_pin(ensure_dev_certs(certs).cert)}"])
            context = browser.new_context()
            context.route(OFFICE_JS, lambda route: route.fulfill(status=200, content_type="text/javascript", body=""))
            page = context.new_page()

            def on_socket(ws: Any) -> None:
                def sent(payload: str | bytes) -> None:
                    message = json.loads(payload)
                    if message.get("type") == "ai-result":
                        frames.append(message)
                ws.on("framesent", sent)

            page.on("websocket", on_socket)
            known = {d["id"] for d in server.bridge.hub.documents()}
            page.goto(f"{server.base_url}/playground.html?profile=web")
            page.wait_for_function("() => window.wordSim !== undefined")
            word = Playground(server, page, loop, wait_for_new_document(server, known, 15, "the pane"), "web")
            records = read_and_parse(str(work / "table.csv")).value
            print(f"{rows:,}-row CSV, {(work / 'table.csv').stat().st_size / 1024:.0f} KiB, {runs} run(s) per path")
            print(f"{'path':<34} {'client ms':>10} {'parse ms':>9} {'pane ms':>9} {'syncs':>6} {'sim syncs':>10}")
            for label, call in (("call_tool_with_file_content", file_tool_call(word)),
                                ("editTask, rows inline", inline_call(word, records))):
                walls, parses, panes, syncs, sims = [], [], [], [], []
                for _ in range(runs):
                    word.set_text("")
                    before, seen = word.sync_count(), len(frames)
                    started = time.perf_counter()
                    result = loop.run(call(), timeout=300)
                    walls.append((time.perf_counter() - started) * 1000)
                    assert not result.is_error, result.content
                    (table,) = [b for b in word.snapshot()["blocks"] if b["type"] == "table"]
                    assert table["rowCount"] == rows + 1
                    stats = [f["stats"] for f in frames[seen:] if "stats" in f][-1]
                    panes.append(stats["ms"])
                    syncs.append(stats["syncs"])
                    sims.append(word.sync_count() - before)
                    if label.startswith("call_tool"):
                        started = time.perf_counter()
                        read_and_parse(str(work / "table.csv"))
                        parses.append((time.perf_counter() - started) * 1000)
                parse = f"{statistics.median(parses):9.1f}" if parses else f"{'-':>9}"
                print(f"{label:<34} {statistics.median(walls):10.1f} {parse} {statistics.median(panes):9.1f} "
                      f"{max(syncs):6} {max(sims):10}")
            context.close()
            browser.close()
    finally:
        loop.stop()
        server.stop()


def file_tool_call(word: Playground) -> Any:
    arguments = {"server": "word", "tool_name": "editTask", "file_path": "table.csv", "data_key": "meta.args.data",
                 "output_format": "string",
                 "tool_args": {"content": "Customers", "document": word.document_id,
                               "meta": {"type": "word.op", "op": "table.create", "version": "1.0", "args": {}}}}

    async def run() -> Any:
        async with mcp_client(word.server.config) as client:
            return await client.call_tool("call_tool_with_file_content", arguments)
    return run


def inline_call(word: Playground, records: Any) -> Any:
    arguments = {"content": "Customers", "document": word.document_id,
                 "meta": {"type": "word.op", "op": "table.create", "version": "1.0", "args": {"data": records}}}

    async def run() -> Any:
        async with mcp_client(word.server.config) as client:
            return await client.call_tool("editTask", arguments)
    return run


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
