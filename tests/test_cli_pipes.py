"""QA: `word-bridge call …` or `doctor` piped into `head` printed a BrokenPipeError traceback once `head` had
read enough. A reader that goes away ends the command quietly, as SIGPIPE ends other command-line tools."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a pipe whose reader is gone (POSIX)")


def closed_pipe_run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run `word-bridge ARGS` with stdout a pipe whose reading end is already closed: every write fails EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run([sys.executable, "-m", "bridge.cli", *args], stdout=write_end, stderr=subprocess.PIPE,
                              text=True, timeout=60, check=False)
    finally:
        os.close(write_end)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("args", [
    ("manifest",),
    ("call", "insertText", '{"text": "Hi"}', "--port", "PORT", "--no-tls"),
    ("doctor", "--port", "PORT"),
], ids=["manifest", "call", "doctor"])
def test_a_reader_gone_away_ends_the_command_quietly(args: tuple[str, ...]):
    run = closed_pipe_run(*(str(free_port()) if a == "PORT" else a for a in args))
    assert "Traceback" not in run.stderr and "BrokenPipeError" not in run.stderr, run.stderr
    assert run.returncode == 128 + signal.SIGPIPE
