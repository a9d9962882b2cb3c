"""Usage errors of `word-bridge`: each command's own usage and description, a checked --port, one version."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import httpx
import pytest

import bridge
from bridge.cli import build_parser, main
from bridge.config import BridgeConfig
from tests.support import ServerThread

ROOT = Path(__file__).resolve().parent.parent
PORTED = ("serve", "playground", "stdio", "call", "doctor")  # the commands with --port
POSITIONALS = {"call": ["getSelection"], "sideload": ["web"]}


def commands() -> dict[str, argparse.ArgumentParser]:
    [action] = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(action.choices)


def exits(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | str | None, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    out, err = capsys.readouterr()
    return exited.value.code, out, err


# ---- --port ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", PORTED)
@pytest.mark.parametrize("port", ["-1", "0", "65536", "99999", "abc"])
def test_an_impossible_port_is_a_usage_error_of_the_command(command, port, capsys):
    code, out, err = exits([command, *POSITIONALS.get(command, []), f"--port={port}"], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"usage: word-bridge {command} ")
    assert f"word-bridge {command}: error: argument --port: '{port}' is not a port: use a number from 1 to 65535" in err


def test_a_bad_word_bridge_port_is_a_usage_error_that_names_it(monkeypatch, capsys):
    monkeypatch.setenv("WORD_BRIDGE_PORT", "70000")
    code, _, err = exits(["doctor"], capsys)
    assert code == 2 and "'70000' (from $WORD_BRIDGE_PORT) is not a port" in err


def test_a_good_word_bridge_port_is_the_default(monkeypatch):
    monkeypatch.setenv("WORD_BRIDGE_PORT", "3456")
    assert build_parser().parse_args(["call", "getSelection"]).port == 3456
    assert build_parser().parse_args(["call", "getSelection", "--port", "65535"]).port == 65535


# ---- --token -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", PORTED)
@pytest.mark.parametrize("token", ["pässwörd", "two words", "tab\there"])
def test_a_token_no_http_header_can_carry_is_a_usage_error(command, token, capsys):
    """serve used to accept it, and then no client could ever present it (a UTF-8 Bearer got 401, `call` crashed)."""
    code, out, err = exits([command, *POSITIONALS.get(command, []), "--token", token], capsys)
    assert code == 2 and out == ""
    assert "argument --token: the token must be printable ASCII without spaces" in err


def test_a_bad_word_bridge_token_is_a_usage_error_that_names_it(monkeypatch, capsys):
    monkeypatch.setenv("WORD_BRIDGE_TOKEN", "clé")
    code, _, err = exits(["doctor"], capsys)
    assert code == 2 and "the token (from $WORD_BRIDGE_TOKEN) must be printable ASCII" in err
    monkeypatch.setenv("WORD_BRIDGE_TOKEN", "s3cret-Token_42!")
    assert build_parser().parse_args(["serve"]).token == "s3cret-Token_42!"


def test_call_with_an_impossible_port_prints_no_envelope():
    """Not E_RUNTIME "… an edit may or may not have been applied": nothing was tried."""
    done = subprocess.run([sys.executable, "-m", "bridge", "call", "search", '{"query":"x"}', "--port", "99999"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert "may or may not" not in done.stderr and "1 to 65535" in done.stderr


# ---- each command's usage and description -------------------------------------------------------------------

@pytest.mark.parametrize("command", list(commands()))
def test_an_unknown_option_prints_the_usage_of_the_command(command, capsys):
    code, _, err = exits([command, *POSITIONALS.get(command, []), "--bogus"], capsys)
    assert code == 2
    assert err.startswith(f"usage: word-bridge {command} "), err
    assert f"word-bridge {command}: error: unrecognized arguments: --bogus" in err


@pytest.mark.parametrize("command", list(commands()))
def test_every_command_help_has_a_description(command, capsys):
    description = commands()[command].description
    assert description, command
    code, out, _ = exits([command, "--help"], capsys)
    assert code == 0
    assert " ".join(description.split()[:6]) in " ".join(out.split()), out


def test_client_commands_say_they_never_create_certificates(capsys):
    for command in ("call", "doctor"):
        _, out, _ = exits([command, "--help"], capsys)
        assert "never created by this command" in " ".join(out.split()), command
    _, out, _ = exits(["serve", "--help"], capsys)
    assert "WORD_BRIDGE_CERTS" in out and "created there if missing" in " ".join(out.split())


# ---- one version --------------------------------------------------------------------------------------------

def project_version() -> str:
    return str(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"])


def test_the_version_is_pyproject_s_everywhere(certs_dir, capsys):
    version = project_version()
    assert version == "0.3.0.dev0"  # README's changelog: 0.2.0 released, 0.3.0 in the making
    assert bridge.__version__ == version
    code, out, _ = exits(["--version"], capsys)
    assert code == 0 and out.strip() == f"word-bridge {version}"
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir)).start()
    try:
        health = httpx.get(f"{server.base_url}/healthz", verify=server.client_ssl(), timeout=10).json()
    finally:
        server.stop()
    assert health["version"] == version


def test_the_mcp_server_info_carries_the_version(certs_dir, unused_tcp_port):
    request = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                          "clientInfo": {"name": "t", "version": "1"}}}
    env = {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")}
    done = subprocess.run([sys.executable, "-m", "bridge", "stdio", "--port", str(unused_tcp_port),
                           "--certs", str(certs_dir)], input=json.dumps(request) + "\n", capture_output=True,
                          text=True, cwd=ROOT, timeout=60, env=env)
    first = json.loads(done.stdout.splitlines()[0])
    assert first["result"]["serverInfo"]["version"] == project_version()
