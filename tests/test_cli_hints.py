"""What the CLI prints for a person to paste works as printed, for the port, certificates, protocol and token the
bridge runs with; `sideload` and `manifest` follow --port/$WORD_BRIDGE_PORT, the data directory and the token."""

from __future__ import annotations

import asyncio
import os
import shlex
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bridge.server.runner
from bridge.cli import main
from bridge.config import BridgeConfig
from bridge.setup import hints
from bridge.setup.doctor import inspector_line
from bridge.setup.manifest import ADDIN_ID
from tests.support import FakePane, ServerThread

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "s3cret/token"


def clean_env(**extra: str) -> dict[str, str]:
    """The environment of a fresh terminal: none of the bridge's variables, but `extra`."""
    return {k: v for k, v in os.environ.items() if not k.startswith("WORD_BRIDGE_")} | extra


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridge", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, env=env if env is not None else clean_env())


def pasted(line: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run a printed `word-bridge …` line as a shell would split it, from another directory."""
    words = shlex.split(line)
    assert words[0] == "word-bridge", line
    return subprocess.run([sys.executable, "-m", "bridge", *words[1:]], capture_output=True, text=True,
                          cwd=Path.home(), timeout=60, env=env | {"PYTHONPATH": str(ROOT)})


def call_lines(hint: str) -> list[str]:
    return [line.strip() for line in hint.splitlines() if line.strip().startswith("word-bridge call")]


@pytest.fixture(autouse=True)
def fresh_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hints depend on which WORD_BRIDGE_* variables this process sees: none, unless a test sets one."""
    for name in [n for n in os.environ if n.startswith("WORD_BRIDGE_")]:
        monkeypatch.delenv(name)


@pytest.fixture(params=["tls", "no-tls", "token"])
def started(request: pytest.FixtureRequest, certs_dir: Path) -> Iterator[ServerThread]:
    """A bridge started with --certs elsewhere than the default (the session's), --no-tls, or --token."""
    config = {"tls": BridgeConfig(port=0, certs_dir=certs_dir),
              "no-tls": BridgeConfig(port=0, tls=False),
              "token": BridgeConfig(port=0, certs_dir=certs_dir, token=TOKEN)}[request.param]
    server = ServerThread(config).start()
    yield server
    server.stop()


# ---- the playground's first steps --------------------------------------------------------------------------

def test_the_playground_call_lines_reach_the_bridge_as_printed(started):
    """They lacked --certs and --no-tls: pasted, they failed with "a certificate not signed by the CA in …/certs"
    or "speaks plain HTTP: pass --no-tls"."""
    hint = hints.playground_hint(started.config)
    lines = call_lines(hint)
    assert len(lines) == 2, hint
    env = clean_env()
    if started.config.token:  # the hint says so; the token's value is in no printed command
        assert "where WORD_BRIDGE_TOKEN is set to the bridge's token" in hint
        assert all(TOKEN not in line for line in lines)
        env["WORD_BRIDGE_TOKEN"] = TOKEN

    async def scenario() -> list[subprocess.CompletedProcess[str]]:
        pane = await FakePane(started, token=started.config.token).connect()
        try:
            return [await asyncio.to_thread(pasted, line, env) for line in lines]
        finally:
            await pane.close()

    for line, done in zip(lines, asyncio.run(scenario()), strict=True):
        assert done.returncode == 0, f"{line}\n{done.stdout}{done.stderr}"


def test_the_playground_url_carries_the_token_the_pane_needs():
    config = BridgeConfig(port=3477, token="a b/c")
    assert hints.playground_url(config) == "https://localhost:3477/playground.html?token=a%20b%2Fc"
    assert hints.playground_hint(config).splitlines()[0] == \
        "Playground: https://localhost:3477/playground.html?token=a%20b%2Fc"
    assert hints.playground_url(BridgeConfig(port=3477)) == "https://localhost:3477/playground.html"


def test_playground_open_opens_the_page_with_the_token(monkeypatch, unused_tcp_port, certs_dir):
    opened: list[str | None] = []
    monkeypatch.setattr(bridge.server.runner, "run", lambda config, open_page=None: opened.append(open_page) or 0)
    assert main(["playground", "--port", str(unused_tcp_port), "--certs", str(certs_dir), "--token", "sekret",
                 "--open"]) == 0
    assert main(["playground", "--port", str(unused_tcp_port), "--certs", str(certs_dir), "--open"]) == 0
    assert opened == ["/playground.html?token=sekret", "/playground.html"]


# ---- which options a fresh terminal needs ------------------------------------------------------------------

def test_a_relative_certs_directory_is_printed_absolute_and_quoted(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    line = hints.command_line("call", "search", options=hints.client_options(BridgeConfig(certs_dir=Path("my certs"))),
                              platform="linux")
    assert shlex.split(line)[-2:] == ["--certs", str(tmp_path / "my certs")]


def test_options_set_by_a_variable_are_spelled_out(monkeypatch, tmp_path):
    """Another terminal may not have the variable (or have another value): the printed line must not rely on it."""
    assert hints.client_options(BridgeConfig(certs_dir=ROOT / "certs")) == []
    monkeypatch.setenv("WORD_BRIDGE_PORT", "3000")
    monkeypatch.setenv("WORD_BRIDGE_CERTS", str(ROOT / "certs"))
    assert hints.client_options(BridgeConfig()) == ["--port", "3000", "--certs", str(ROOT / "certs")]
    assert hints.client_options(BridgeConfig(tls=False)) == ["--port", "3000", "--no-tls"]


@pytest.mark.parametrize("argv0, on_path, printed", [
    ("/x/.venv/bin/word-bridge", False, "/x/.venv/bin/word-bridge"),  # README: `.venv/bin/word-bridge playground`
    ("/x/.venv/bin/word-bridge", True, "word-bridge"),
    ("/x/bridge/__main__.py", False, "word-bridge"),  # `python -m bridge`
])
def test_the_program_is_the_one_another_terminal_finds(monkeypatch, argv0, on_path, printed):
    monkeypatch.setattr(sys, "argv", [argv0])
    monkeypatch.setattr(hints.shutil, "which", lambda name: argv0 if on_path else None)
    assert hints.program() == printed


# ---- doctor and call ---------------------------------------------------------------------------------------

def test_doctor_with_a_token_prints_the_playground_url_with_it(certs_dir):
    server = ServerThread(BridgeConfig(port=0, certs_dir=certs_dir, token=TOKEN)).start()
    try:
        done = run_cli("doctor", "--port", str(server.config.port), "--certs", str(certs_dir), "--token", TOKEN)
    finally:
        server.stop()
    assert "0 document(s) connected" in done.stdout
    assert f"https://localhost:{server.config.port}/playground.html?token=s3cret%2Ftoken" in done.stdout
    assert f"sideload web|mac|windows --port {server.config.port}` (with WORD_BRIDGE_TOKEN" in done.stdout
    assert TOKEN not in done.stdout.replace("?token=s3cret%2Ftoken", "")  # only in the URL the person opens


def test_the_inspector_line_fills_in_the_token_from_the_environment():
    """`Bearer <token>` pasted sent the text "<token>"; the shell fills in $WORD_BRIDGE_TOKEN instead."""
    config = BridgeConfig(token=TOKEN)
    assert shlex.split(inspector_line(config, "linux"))[-1] == "Authorization: Bearer $WORD_BRIDGE_TOKEN"
    assert inspector_line(config, "win32").endswith('"Authorization: Bearer $env:WORD_BRIDGE_TOKEN"')
    assert "--header" not in inspector_line(BridgeConfig())


@pytest.mark.parametrize("command", ["doctor", "call"])
def test_nothing_on_the_port_names_the_serve_that_would_answer(command, unused_tcp_port, tmp_path):
    """It said `word-bridge serve`, which serves port 3000 with the default certificates."""
    certs = tmp_path / "my certs"
    done = run_cli(command, *(["getSelection"] if command == "call" else []), "--port", str(unused_tcp_port),
                   "--certs", str(certs))
    serve = shlex.join(["word-bridge", "serve", "--port", str(unused_tcp_port), "--certs", str(certs)])
    assert done.returncode == 1 and f"`{serve}`" in done.stdout, done.stdout
    no_tls = run_cli(command, *(["getSelection"] if command == "call" else []), "--port", str(unused_tcp_port),
                     "--no-tls")
    assert f"`word-bridge serve --port {unused_tcp_port} --no-tls`" in no_tls.stdout, no_tls.stdout


# ---- sideload and manifest ---------------------------------------------------------------------------------

def test_sideload_web_follows_word_bridge_port_and_the_data_dir(tmp_path):
    """It printed wdaddindevserverport=3000 and wrote a manifest for port 3000 into ~/.word-bridge."""
    data = tmp_path / "data"
    done = run_cli("sideload", "web", env=clean_env(HOME=str(tmp_path / "home"), WORD_BRIDGE_PORT="3475",
                                                    WORD_BRIDGE_DATA_DIR=str(data)))
    assert done.returncode == 0, done.stderr
    assert f"Manifest: {data / 'manifest.xml'}" in done.stdout
    xml = (data / "manifest.xml").read_text(encoding="utf-8")
    assert "https://localhost:3475/taskpane.html" in xml and "localhost:3000" not in xml
    assert f"&wdaddindevserverport=3475&wdaddinmanifestfile=manifest.xml&wdaddinmanifestguid={ADDIN_ID}" in done.stdout
    assert "`word-bridge serve --port 3475`" in done.stdout
    assert not (tmp_path / "home").exists()


@pytest.mark.parametrize("option, port", [(["--port", "3476"], 3476), (["--url", "https://localhost:8443/"], 8443)])
def test_sideload_web_takes_the_port_or_the_url(tmp_path, option, port):
    done = run_cli("sideload", "web", *option, env=clean_env(WORD_BRIDGE_DATA_DIR=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert f"https://localhost:{port}/taskpane.html" in (tmp_path / "manifest.xml").read_text(encoding="utf-8")
    assert f"&wdaddindevserverport={port}&" in done.stdout


def test_sideload_takes_either_the_port_or_the_url_and_only_an_https_one(tmp_path):
    both = run_cli("sideload", "web", "--port", "3476", "--url", "https://localhost:3477")
    assert both.returncode == 2 and "not allowed with argument --port" in both.stderr
    plain = run_cli("sideload", "web", "--url", "http://localhost:3000", env=clean_env(WORD_BRIDGE_DATA_DIR=str(tmp_path)))
    assert plain.returncode == 2 and "must be https://" in plain.stderr and "Traceback" not in plain.stderr
    assert not (tmp_path / "manifest.xml").exists()


@pytest.mark.parametrize("given", ["option", "variable"])
def test_sideload_writes_the_token_into_a_private_manifest(tmp_path, given):
    """A bridge started with --token refused the pane the sideloaded manifest opened: it carried no token."""
    env = clean_env(WORD_BRIDGE_DATA_DIR=str(tmp_path))
    done = run_cli("sideload", "web", "--port", "3476", *(["--token", TOKEN] if given == "option" else []),
                   env=env | ({"WORD_BRIDGE_TOKEN": TOKEN} if given == "variable" else {}))
    assert done.returncode == 0, done.stderr
    manifest = tmp_path / "manifest.xml"
    assert "https://localhost:3476/taskpane.html?token=s3cret%2Ftoken" in manifest.read_text(encoding="utf-8")
    if os.name == "posix":
        assert stat.S_IMODE(manifest.stat().st_mode) == 0o600
    # Word's URL parameters load the bridge's /manifest.xml, which holds the token back: upload the file instead.
    assert "wdaddindevserverport=3476" not in done.stdout and "upload this file" in done.stdout
    assert TOKEN not in done.stdout


def test_sideload_refuses_a_token_no_header_can_carry(tmp_path):
    done = run_cli("sideload", "web", "--token", "two words", env=clean_env(WORD_BRIDGE_DATA_DIR=str(tmp_path)))
    assert done.returncode == 2 and "printable ASCII" in done.stderr


def test_manifest_help_documents_the_token_and_the_port(capsys):
    with pytest.raises(SystemExit):
        main(["manifest", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--token TOKEN the bridge's --token: the manifest opens the task pane with ?token=T" in out
    assert "--port PORT" in out and "$WORD_BRIDGE_PORT" in out


def test_manifest_follows_word_bridge_port_and_takes_the_token():
    done = run_cli("manifest", "--token", TOKEN, env=clean_env(WORD_BRIDGE_PORT="3475"))
    assert done.returncode == 0, done.stderr
    assert "https://localhost:3475/taskpane.html?token=s3cret%2Ftoken" in done.stdout
    refused = run_cli("manifest", "--token", "clé")
    assert refused.returncode == 2 and "printable ASCII" in refused.stderr
