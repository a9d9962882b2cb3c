"""Benchmark: instructions each process executes per call, the bridge against a bare MCP SDK server, in one run.

Wall-clock figures on a shared 2-vCPU machine swing by a third from run to run (bench_roundtrip's medians);
valgrind's callgrind counts the instructions a process executes, which repeat to the thousandth whatever else
the machine does. So this is the figure to judge a change to the server's hot path by: the bridge's server
process and the fake pane each run under callgrind, with counting switched on only around each case's calls.
Printed, per case: million instructions per call in the server (and in the pane), and the ratio to the bare
server's `editTask`, the floor of a pane hop (`bare_server --hop`) among them; then the same for a
`word-bridge stdio` forwarding editTask to the bridge. Needs valgrind (Debian: `apt-get install valgrind`);
takes about a minute and a half.
Run: .venv/bin/python -m tests.bench.bench_instructions [N]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs
from bridge.setup.probe import bridge_is_running
from bridge.word.remote import mcp_client
from tests.bench.bench_roundtrip import CASES, ENV, ROOT, free_port, listening, process

START_S = 300  # a Python process under callgrind starts some fifty times slower
WARM_UP = 20


def callgrind(out: Path) -> tuple[str, ...]:
    return ("valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}")


def control(pid: int, *args: str) -> None:
    subprocess.run(["callgrind_control", *args, str(pid)], check=True, capture_output=True)


def dumped_totals(out: Path) -> list[int]:
    """Instructions of each dump callgrind wrote for one process, in dump order (part 1, 2, …)."""
    parts = sorted(out.parent.glob(out.name + ".*"), key=lambda p: int(p.suffix[1:]))
    totals = []
    for part in parts:
        totals.append(next(int(line.split()[1]) for line in reversed(part.read_text().splitlines())
                           if line.startswith("totals:")))
    return totals


async def count(cases: list[str], n: int, config: BridgeConfig, pids: list[int], client: Client | None = None) -> None:
    """Run each case's `n` calls with counting on in `pids`, and dump once per case."""
    async with contextlib.AsyncExitStack() as stack:
        if client is None:
            client = await stack.enter_async_context(mcp_client(config))
        for name in cases:
            _, tool, args = CASES[name]
            for _ in range(WARM_UP):
                await client.call_tool(tool, args)
            for pid in pids:
                control(pid, "-i", "on")
            for _ in range(n):
                await client.call_tool(tool, args)
            for pid in pids:
                control(pid, "-i", "off")
                control(pid, "-d")


async def count_forwarder(n: int, config: BridgeConfig, out: Path) -> None:
    """`word-bridge stdio` under callgrind, forwarding to the bridge on `config`: its own instructions per editTask."""
    params = StdioServerParameters(command="valgrind", cwd=str(ROOT), env=ENV, args=[
        *callgrind(out)[1:], sys.executable, "-m", "bridge", "stdio", "--port", str(config.port),
        "--certs", str(config.certs_dir)])
    with open(os.devnull, "w") as quiet:
        async with Client(stdio_client(params, errlog=quiet)) as client:
            found = subprocess.run(["pgrep", "-f", f"bridge stdio --port {config.port}"], capture_output=True, text=True)
            pid = int(found.stdout.split()[0])
            await count(["stdio"], n, config, [pid], client=client)


def main() -> None:
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise SystemExit("this benchmark needs valgrind (Debian: apt-get install valgrind)")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="wb-instr-"))
    certs = work / "certs"
    ensure_dev_certs(certs)
    bare, hop, bridge = (BridgeConfig(port=free_port(), certs_dir=certs) for _ in range(3))
    bare_out, hop_out, bridge_out, pane_out = work / "bare.out", work / "hop.out", work / "bridge.out", work / "pane.out"
    bridge_cases = ["list", "rejected", "edit"]
    with process(["-m", "tests.bench.bare_server", str(bare.port), str(certs)], listening(bare.port), "bare server",
                 wrapper=callgrind(bare_out), start_s=START_S) as bare_served:
        asyncio.run(count(["bare"], n, bare, [bare_served.pid]))
    with process(["-m", "tests.bench.bare_server", str(hop.port), str(certs), "--hop"], listening(hop.port),
                 "bare server with a pane hop", wrapper=callgrind(hop_out), start_s=START_S) as hop_served, \
            process(["-m", "tests.bench.fake_pane", str(hop.port), str(certs)],
                    lambda child: bool(child.stdout and child.stdout.readline().startswith("connected")), "fake pane"):
        asyncio.run(count(["hop"], n, hop, [hop_served.pid]))
    with process(["-m", "bridge", "serve", "--port", str(bridge.port), "--certs", str(certs)],
                 lambda _: bridge_is_running(bridge), "word-bridge serve", wrapper=callgrind(bridge_out),
                 start_s=START_S) as served, \
            process(["-m", "tests.bench.fake_pane", str(bridge.port), str(certs)],
                    lambda child: bool(child.stdout and child.stdout.readline().startswith("connected")), "fake pane",
                    wrapper=callgrind(pane_out), start_s=START_S) as pane:
        asyncio.run(count(bridge_cases, n, bridge, [served.pid, pane.pid]))
        asyncio.run(count_forwarder(n, bridge, work / "stdio.out"))
    per_call = {"bare": dumped_totals(bare_out)[0] / n / 1e6, "hop": dumped_totals(hop_out)[0] / n / 1e6}
    server, pane_counts = dumped_totals(bridge_out), dumped_totals(pane_out)
    print(f"Instructions per call (millions; callgrind, {n} calls per case after {WARM_UP} to warm up)")
    print(f"  {'bare':<9} server {per_call['bare']:6.3f}   x1.00")
    print(f"  {'hop':<9} server {per_call['hop']:6.3f}   x{per_call['hop'] / per_call['bare']:.2f}   (the floor: the bare "
          "server handing each call to a fake pane over /ws and nothing more)")
    for index, name in enumerate(bridge_cases):
        ratio = server[index] / n / 1e6 / per_call["bare"]
        print(f"  {name:<9} server {server[index] / n / 1e6:6.3f}   x{ratio:.2f}   pane {pane_counts[index] / n / 1e6:6.3f}")
    edit = server[bridge_cases.index("edit")] / n / 1e6
    pane_edit = pane_counts[bridge_cases.index("edit")] / n / 1e6
    print(f"editTask server instructions / bare: x{edit / per_call['bare']:.2f}; "
          f"with the pane's: x{(edit + pane_edit) / per_call['bare']:.2f}; editTask server / the floor's: "
          f"x{edit / per_call['hop']:.2f}")
    forwarder = dumped_totals(work / "stdio.out")[0] / n / 1e6
    print(f"  {'stdio':<9} forwarder {forwarder:6.3f} per forwarded editTask (x{forwarder / per_call['bare']:.2f} of a bare "
          f"call), on top of the bridge's and the pane's: x{(edit + pane_edit + forwarder) / (edit + pane_edit):.2f} "
          "of a direct editTask")
    print(f"({time.perf_counter() - started:.1f} s)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
