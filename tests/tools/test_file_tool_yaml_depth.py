"""YAML nested deeper than MAX_YAML_DEPTH is refused as "nested too deeply" before libyaml's composer (which recurses
on the C stack) sees it: a 100 KB file of brackets segfaulted the whole bridge. Parsed in a child process, and once
through a real `word-bridge stdio` server, so that a crash is a failed test rather than a dead pytest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

from bridge.tools.file_tool.formats import MAX_YAML_DEPTH

ROOT = Path(__file__).resolve().parents[2]
DEEP = 50_000
PARSE = """
import sys
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.file_tool.formats import parse_file
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    try:
        print("value", type(parse_file(data, path, 10 * 1024 * 1024).value).__name__, flush=True)
    except FileToolError as exc:
        print(exc.message.replace("\\n", " "), flush=True)
"""


def block_mappings(depth: int) -> str:
    return "".join(" " * level + "a:\n" for level in range(depth)) + " " * depth + "x\n"


FORMS = {
    "flow-sequences": "[" * DEEP + "]" * DEEP,
    "flow-mappings": "{a: " * DEEP + "1" + "}" * DEEP,
    "block-sequences-on-one-line": "- " * DEEP + "x\n",
    "block-mappings-by-indentation": block_mappings(2_000),
}


def parse_in_child(path: Path) -> str:
    return parse_all_in_child(path)[0]


def parse_all_in_child(*paths: Path) -> list[str]:
    """What parse_file makes of each file, in one child process (a crash there fails the test, not the run)."""
    done = subprocess.run([sys.executable, "-c", PARSE, *map(str, paths)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, f"the parser died ({done.returncode}): {done.stderr[-2000:]}"
    return done.stdout.strip().split("\n")


@pytest.mark.parametrize("form", list(FORMS))
def test_deep_yaml_is_refused_without_crashing(tmp_path: Path, form: str) -> None:
    path = tmp_path / f"{form}.yaml"
    path.write_text(FORMS[form], encoding="utf-8")
    message = parse_in_child(path)
    assert message.startswith("Failed to parse YAML file: nested too deeply "
                              f"(more than {MAX_YAML_DEPTH} levels of sequences and mappings at line "), message


def test_yaml_as_deep_as_allowed_still_parses(tmp_path: Path) -> None:
    (tmp_path / "edge.yaml").write_text("[" * MAX_YAML_DEPTH + "]" * MAX_YAML_DEPTH, encoding="utf-8")
    (tmp_path / "block.yaml").write_text(block_mappings(MAX_YAML_DEPTH - 1), encoding="utf-8")
    (tmp_path / "over.yaml").write_text("[" * (MAX_YAML_DEPTH + 1) + "]" * (MAX_YAML_DEPTH + 1), encoding="utf-8")
    edge, block, over = parse_all_in_child(tmp_path / "edge.yaml", tmp_path / "block.yaml", tmp_path / "over.yaml")
    assert edge == "value list" and block == "value dict"
    assert "nested too deeply" in over


def test_a_syntax_error_is_still_reported_as_before(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("a: 1\nb: [1, 2\nc: 3\n", encoding="utf-8")
    (tmp_path / "two.yaml").write_text("a: 1\n---\nb: 2\n", encoding="utf-8")
    bad, two = parse_all_in_child(tmp_path / "bad.yaml", tmp_path / "two.yaml")
    assert bad.startswith("Failed to parse YAML file: ")
    assert "but found another document" in two


@pytest.mark.anyio
async def test_the_stdio_server_answers_a_deep_yaml_file_and_lives_on(tmp_path: Path, certs_dir: Path,
                                                                      unused_tcp_port: int) -> None:
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    (allowed / "d50000.yaml").write_text(FORMS["flow-sequences"] + "\n", encoding="utf-8")
    (allowed / "dash.yaml").write_text(FORMS["block-sequences-on-one-line"], encoding="utf-8")
    env = {**os.environ, "WORD_BRIDGE_ALLOWED_DIRS": str(allowed), "WORD_BRIDGE_DATA_DIR": str(tmp_path / "data"),
           "WORD_BRIDGE_MCP_CONFIG": str(tmp_path / "mcp.json")}
    params = StdioServerParameters(command=sys.executable, cwd=str(ROOT), env=env,
                                   args=["-m", "bridge", "stdio", "--port", str(unused_tcp_port),
                                         "--certs", str(certs_dir)])
    async with Client(params) as client:
        for name in ("d50000.yaml", "dash.yaml"):
            result = await client.call_tool("call_tool_with_file_content", {
                "server": "word", "tool_name": "get_time", "file_path": name, "data_key": "x"})
            assert result.is_error
            error = json.loads(result.content[0].text)  # type: ignore[union-attr]
            assert error["error"].startswith("Failed to parse YAML file: nested too deeply"), error
        alive = await client.call_tool("get_time", {})
        assert not alive.is_error, alive.content
