"""`word-bridge call OP ARGS_JSON`: a value JSON cannot carry is a usage error naming it, never sent to the bridge.

NaN, Infinity and numbers beyond a double (1e309) would have become null on the way (an offset 0, a default size);
a lone UTF-16 surrogate (an invalid byte on the command line) could not be sent at all.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import FakePane, ServerThread

ROOT = Path(__file__).resolve().parent.parent


def call(server: ServerThread, op: str, args_json: str, *options: str) -> tuple[subprocess.CompletedProcess[str], int]:
    """`word-bridge call` as a person runs it, against `server` with a pane connected; how many ops the pane got."""

    async def scenario() -> tuple[subprocess.CompletedProcess[str], int]:
        pane = await FakePane(server).connect()
        try:
            env = {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")}
            done = await asyncio.to_thread(
                subprocess.run, [sys.executable, "-m", "bridge", "call", op, args_json, "--port",
                                 str(server.config.port), "--certs", str(server.config.certs_dir), *options],
                capture_output=True, text=True, cwd=ROOT, timeout=60, env=env)
            return done, len(pane.received)
        finally:
            await pane.close()

    return asyncio.run(scenario())


@pytest.mark.parametrize(("args_json", "says"), [
    ('{"offset":NaN,"format":"text"}', "ARGS_JSON holds NaN, which is not a JSON number"),
    ('{"offset":Infinity,"format":"text"}', "ARGS_JSON holds Infinity, which is not a JSON number"),
    ('{"offset":-Infinity,"format":"text"}', "ARGS_JSON holds -Infinity, which is not a JSON number"),
    ('{"offset":1e309,"format":"text"}', "ARGS_JSON holds 1e309, which is not a JSON number"),
    ('{"offset":0,"format":"text","x":[1,{"y":"cut \\ud83d"}]}',
     "ARGS_JSON.x[1].y holds a lone UTF-16 surrogate at character 4"),
])
def test_a_value_json_cannot_carry_is_a_usage_error_naming_it(bridge, args_json, says):
    done, sent = call(bridge, "readDocument", args_json)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert line.startswith(says), line
    assert sent == 0  # nothing reached the bridge


def test_a_lone_surrogate_in_the_task_id_is_a_usage_error(bridge):
    done, sent = call(bridge, "getSelection", "{}", "--task-id", "t-\udcff")  # an argv byte that is not UTF-8
    assert done.returncode == 2 and sent == 0
    assert done.stderr.startswith("--task-id holds a lone UTF-16 surrogate at character 2")


def test_whole_characters_and_ordinary_numbers_in_text_still_go_through(bridge):
    done, sent = call(bridge, "insertText", '{"text":"\\ud83d\\ude00 1.5e3"}')
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads(done.stdout)["data"]["echo"]["text"] == "\U0001f600 1.5e3"
    assert sent == 1
