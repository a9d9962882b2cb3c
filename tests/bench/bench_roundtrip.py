"""Benchmark: what the bridge costs on top of a bare MCP SDK server, measured in one run.

Each party runs in a process of its own, as in real use: the bridge (`word-bridge serve`), a
bare MCP SDK server (tests/bench/bare_server.py: one async tool, the same certificate and
uvicorn settings), the floor of a pane hop (the bare server handing each call to a pane over
/ws and nothing more: `bare_server --hop`), a fake task pane for each of those two
(tests/bench/fake_pane.py; in Word the pane runs in the browser) and `word-bridge stdio`; the
clients (`bridge.word.remote.mcp_client`) run here.
In-process threads would charge every hop a GIL hand-off and mostly measure that.

Sequential calls run in alternating blocks (ten rounds of each case) so load elsewhere on the
machine hits all cases alike. Printed: medians, the ratios editTask / bare (target <= 1.3) and stdio / direct
editTask (target <= 1.5), the throughput of 8 concurrent clients against bare (target >= 0.9; the median of
bare/bridge pairs run back to back, so a burst of load elsewhere hits both of a pair), each against the floor,
and, on Linux, the CPU time each process spends per call, with the throughput those figures allow when
all processes share the machine's CPUs (on 2 vCPUs the pane's and the client's CPU count against the bridge).
Run: .venv/bin/python -m tests.bench.bench_roundtrip [N]
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from bridge.config import BridgeConfig
from bridge.setup.certs import ensure_dev_certs
from bridge.setup.probe import bridge_is_running
from bridge.word.remote import mcp_client
from tests.support import meta

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 8
ROUNDS = 10
RATE_PAIRS = 7  # throughput runs of each server, alternating
EDIT = ("editTask", {"content": "x", "meta": meta("getSelection")})
CASES: dict[str, tuple[str, str, dict[str, Any]]] = {  # name: (which client, tool, arguments)
    "bare": ("bare", *EDIT),
    "hop": ("hop", *EDIT),
    "list": ("bridge", "listDocuments", {}),
    "rejected": ("bridge", "editTask", {"content": "x", "meta": meta("insertText")}),
    "edit": ("bridge", *EDIT),
    "stdio": ("stdio", *EDIT),
}
ENV = {k: v for k, v in os.environ.items() if k != "WORD_BRIDGE_TOKEN"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def process(args: list[str], ready: Callable[[subprocess.Popen[str]], bool], what: str,  # noqa: ANN201
            *, wrapper: tuple[str, ...] = (), start_s: float = 30):
    """A child process (under `wrapper`, e.g. valgrind), up once `ready` says so, ended at exit."""
    child = subprocess.Popen([*wrapper, sys.executable, *args], cwd=ROOT, env=ENV, text=True, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + start_s
        while not ready(child):
            if child.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start")
            time.sleep(0.05)
        yield child
    finally:
        child.terminate()
        try:
            child.wait(10)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def listening(port: int) -> Callable[[subprocess.Popen[str]], bool]:
    def check(_: subprocess.Popen[str]) -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0
    return check


@contextlib.asynccontextmanager
async def stdio_forwarder(config: BridgeConfig) -> AsyncIterator[Client]:
    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=ENV, args=[
        "-m", "bridge", "stdio", "--port", str(config.port), "--certs", str(config.certs_dir)])
    with open(os.devnull, "w") as quiet:
        async with Client(stdio_client(params, errlog=quiet)) as client:
            yield client


async def sequential(clients: dict[str, Client], n: int) -> tuple[dict[str, float], list[dict[str, float]]]:
    """Median milliseconds per case over `n` calls each, in alternating blocks after a warm-up; and each round's.

    Blocks, not single interleaved calls: a server that sat idle while the others worked pays a cold
    wake-up, which would penalise whichever case runs least often. Alternating keeps load fair, and the
    rounds' own medians show how much the machine moved the figures during the run.
    """
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for which, tool, args in CASES.values():
        for _ in range(10):
            await clients[which].call_tool(tool, args)
    block = max(n // ROUNDS, 1)
    rounds: list[dict[str, float]] = []
    for _ in range(ROUNDS):
        this_round: dict[str, float] = {}
        for name, (which, tool, args) in CASES.items():
            taken = []
            for _ in range(block):
                started = time.perf_counter()
                await clients[which].call_tool(tool, args)
                taken.append(time.perf_counter() - started)
            times[name].extend(taken)
            this_round[name] = statistics.median(taken) * 1000
        rounds.append(this_round)
    return {name: statistics.median(values) * 1000 for name, values in times.items()}, rounds


async def cpu_per_call(client: Client, pids: dict[str, int], n: int) -> dict[str, float] | None:
    """Milliseconds of CPU per editTask in each process of `pids` and in this one ("client"), over `n` calls in a row."""
    before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    mine = time.process_time()
    for _ in range(n):
        await client.call_tool(*EDIT)
    used = {"client": (time.process_time() - mine) * 1000 / n}
    for name, pid in pids.items():
        start, end = before[name], cpu_seconds(pid)
        if start is None or end is None:
            return None
        used[name] = (end - start) * 1000 / n
    return used


async def throughput(config: BridgeConfig, calls_each: int) -> float:
    """Calls per second of CLIENTS clients, each on its own connection, calling editTask at once."""
    go, count = asyncio.Event(), [0]

    async def one(ready: asyncio.Event) -> None:
        async with mcp_client(config) as client:
            await client.call_tool(*EDIT)
            ready.set()
            await go.wait()
            for _ in range(calls_each):
                await client.call_tool(*EDIT)
                count[0] += 1

    readies = [asyncio.Event() for _ in range(CLIENTS)]
    tasks = [asyncio.create_task(one(r)) for r in readies]
    for ready in readies:
        await ready.wait()
    started = time.perf_counter()
    go.set()
    await asyncio.gather(*tasks)
    return count[0] / (time.perf_counter() - started)


async def measure(n: int, servers: dict[str, BridgeConfig], pids: dict[str, int]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    bare, hop, bridge = servers["bare"], servers["hop"], servers["bridge"]
    async with mcp_client(bare) as bare_client, mcp_client(hop) as hop_client, mcp_client(bridge) as bridge_client, \
            stdio_forwarder(bridge) as stdio_client_:
        clients = {"bare": bare_client, "hop": hop_client, "bridge": bridge_client, "stdio": stdio_client_}
        figures["median"], figures["rounds"] = await sequential(clients, n)
        figures["cpu"] = {"bare": await cpu_per_call(bare_client, {"server": pids["bare"]}, n),
                          "hop": await cpu_per_call(hop_client, {"server": pids["hop"], "pane": pids["hop_pane"]}, n),
                          "edit": await cpu_per_call(bridge_client, {"server": pids["bridge"], "pane": pids["pane"]}, n)}
    rates: dict[str, list[float]] = {"bare": [], "hop": [], "edit": []}
    for _ in range(RATE_PAIRS):  # alternate, so a burst of load elsewhere hits all three
        for name, config in (("bare", bare), ("hop", hop), ("edit", bridge)):
            rates[name].append(await throughput(config, max(n // 4, 25)))
    figures["rate"] = {name: statistics.median(values) for name, values in rates.items()}
    figures["rate_pairs"] = {  # each run's ratio to the run of the other server just before it
        f"{name}/{base}": sorted(x / b for x, b in zip(rates[name], rates[base], strict=True))
        for name, base in (("edit", "bare"), ("hop", "bare"), ("edit", "hop"))
    }
    return figures


def max_rate(cpu_ms: dict[str, float]) -> float:
    """Calls per second that processes needing `cpu_ms` each per call can sustain: each process runs on one CPU
    at a time, and all of them share the machine's CPUs."""
    shared = (os.cpu_count() or 1) * 1000 / sum(cpu_ms.values())
    return min(shared, *(1000 / ms for ms in cpu_ms.values() if ms > 0))


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    started = time.perf_counter()
    certs = Path(tempfile.mkdtemp(prefix="wb-bench-"))
    ensure_dev_certs(certs)
    servers = {name: BridgeConfig(port=free_port(), certs_dir=certs) for name in ("bridge", "bare", "hop")}
    bridge, bare, hop = servers["bridge"], servers["bare"], servers["hop"]
    where = [str(certs)]

    def fake_pane(port: int) -> contextlib.AbstractContextManager[subprocess.Popen[str]]:
        return process(["-m", "tests.bench.fake_pane", str(port), *where],
                       lambda child: bool(child.stdout and child.stdout.readline().startswith("connected")), "fake pane")

    with process(["-m", "bridge", "serve", "--port", str(bridge.port), "--certs", *where],
                 lambda _: bridge_is_running(bridge), "word-bridge serve") as served, \
            process(["-m", "tests.bench.bare_server", str(bare.port), *where], listening(bare.port), "bare server") \
            as bare_served, \
            process(["-m", "tests.bench.bare_server", str(hop.port), *where, "--hop"], listening(hop.port),
                    "bare server with a pane hop") as hop_served, \
            fake_pane(bridge.port) as pane, fake_pane(hop.port) as hop_pane:
        f = asyncio.run(measure(n, servers, {"bridge": served.pid, "bare": bare_served.pid, "pane": pane.pid,
                                             "hop": hop_served.pid, "hop_pane": hop_pane.pid}))
    med, cpu, rate, pairs = f["median"], f["cpu"], f["rate"], f["rate_pairs"]
    print(f"MCP round trips over HTTPS, median of {n} sequential calls per case (ms; ratio to the bare SDK server)")
    for name in CASES:
        print(f"  {name:<9} {med[name]:7.2f} ms   x{med[name] / med['bare']:5.2f}")
    per_round = sorted(r["edit"] / r["bare"] for r in f["rounds"])
    print(f"editTask with the pane hop / bare:        x{med['edit'] / med['bare']:.2f}  (target <= 1.3; "
          f"the {len(per_round)} rounds: x{per_round[0]:.2f} to x{per_round[-1]:.2f})")
    print(f"  the floor, a bare server with a minimal pane hop / bare: x{med['hop'] / med['bare']:.2f}; "
          f"editTask / that floor: x{med['edit'] / med['hop']:.2f}")
    print(f"stdio forwarding / direct HTTP editTask:  x{med['stdio'] / med['edit']:.2f}  (target <= 1.5)")

    def paired(key: str) -> str:
        runs = pairs[key]
        return f"x{statistics.median(runs):.2f} (the {len(runs)} pairs: x{runs[0]:.2f} to x{runs[-1]:.2f})"

    print(f"throughput, {CLIENTS} concurrent clients (median calls/s): bridge {rate['edit']:.0f}, "
          f"floor {rate['hop']:.0f}, bare {rate['bare']:.0f}")
    print(f"  bridge / bare: {paired('edit/bare')}  (target >= 0.9)")
    print(f"  the floor / bare: {paired('hop/bare')}; bridge / the floor: {paired('edit/hop')}")
    bare_cpu, hop_cpu, edit_cpu = cpu["bare"], cpu["hop"], cpu["edit"]
    if bare_cpu is not None and hop_cpu is not None and edit_cpu is not None:
        print(f"CPU per call (ms): bridge editTask server {edit_cpu['server']:.2f} + pane {edit_cpu['pane']:.2f} + "
              f"client {edit_cpu['client']:.2f}; floor server {hop_cpu['server']:.2f} + pane {hop_cpu['pane']:.2f} + "
              f"client {hop_cpu['client']:.2f}; bare server {bare_cpu['server']:.2f} + client {bare_cpu['client']:.2f}")
        print(f"  server CPU: bridge / bare x{edit_cpu['server'] / bare_cpu['server']:.2f}, the floor / bare "
              f"x{hop_cpu['server'] / bare_cpu['server']:.2f}, bridge / the floor x{edit_cpu['server'] / hop_cpu['server']:.2f}")
        ceiling = max_rate(edit_cpu) / max_rate(bare_cpu)
        print(f"throughput these CPU figures allow on {os.cpu_count()} CPUs: x{ceiling:.2f} of bare")
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
