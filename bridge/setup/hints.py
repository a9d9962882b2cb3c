"""Commands and URLs printed for a person to paste: each carries the options of the bridge it is about.

A line printed as `word-bridge call … --port 3474` for a bridge started with `--certs /tmp/x` failed when pasted
(the client looked for the CA in the default directory); so every line is built here from the bridge's
configuration, with the options a client in a fresh terminal would need, quoted for the shell.

The token is never printed in a command (it would land in the shell's history): commands name
$WORD_BRIDGE_TOKEN, which `call`, `doctor`, `serve` and `sideload` read. A playground URL carries `?token=`,
as the pane needs it there and the person just gave it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from urllib.parse import quote

from bridge.config import DEFAULT_HOST, BridgeConfig
from bridge.paths import project_root

DEFAULT_PORT = 3000
PROGRAM = "word-bridge"
TOKEN_VARIABLE = "WORD_BRIDGE_TOKEN"
FIRST_STEPS = (  # the README's first steps (Try it)
    ("insertText", '{"text":"Hello from the shell","scope":"document","location":"end","newParagraph":true}'),
    ("search", '{"query":"Hello"}'),
)


def program() -> str:
    """How another terminal runs this CLI: `word-bridge` when its PATH finds this one, else this one's full path.

    The README runs `.venv/bin/word-bridge playground`: a bare `word-bridge` in what it prints would not be found.
    """
    ran = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if ran is None or not ran.name.startswith(PROGRAM):  # `python -m bridge`, a test: the installed name
        return PROGRAM
    found = shutil.which(PROGRAM)
    if found is not None and Path(found).resolve() == ran.resolve():
        return PROGRAM
    return str(ran.absolute())


def port_options(port: int) -> list[str]:
    """`--port N` unless a fresh terminal would pick N anyway (the default, and no $WORD_BRIDGE_PORT to differ)."""
    if port == DEFAULT_PORT and "WORD_BRIDGE_PORT" not in os.environ:
        return []
    return ["--port", str(port)]


def _fresh_certs_dir() -> Path:
    """Where a client looks for the CA when no WORD_BRIDGE_* variable is set."""
    root = project_root()
    return root / "certs" if root is not None else Path.home() / ".word-bridge" / "certs"


def _certs_variables_set() -> bool:
    """Whether a variable moves the default certificates directory here (another terminal may not have it)."""
    return "WORD_BRIDGE_CERTS" in os.environ or (project_root() is None and "WORD_BRIDGE_DATA_DIR" in os.environ)


def certs_options(config: BridgeConfig) -> list[str]:
    """`--certs DIR` (absolute: the other terminal may be elsewhere) unless a fresh terminal looks there anyway."""
    from bridge.setup.certs import default_certs_dir  # here: cryptography need not load for every command's parser

    if not config.tls:
        return []
    used = Path(config.certs_dir if config.certs_dir is not None else default_certs_dir()).expanduser().absolute()
    if used == _fresh_certs_dir().absolute() and not _certs_variables_set():
        return []
    return ["--certs", str(used)]


def host_options(config: BridgeConfig) -> list[str]:
    """`--host H` for a bridge that this machine reaches elsewhere than at 127.0.0.1 (serving on 127.0.0.2, ::1)."""
    return [] if config.reach_host == DEFAULT_HOST else ["--host", config.reach_host.strip("[]")]


def client_options(config: BridgeConfig) -> list[str]:
    """What `call`, `doctor` or a `serve` for them needs to meet the bridge `config` describes (not the token)."""
    return host_options(config) + port_options(config.port) + (["--no-tls"] if not config.tls else []) + certs_options(config)


def command_line(*words: str, options: list[str], platform: str = sys.platform) -> str:
    """`word-bridge WORDS OPTIONS`, quoted for the shell of `platform`."""
    from bridge.setup.certs import shell_line

    return shell_line([program(), *words, *options], platform)


def playground_url(config: BridgeConfig) -> str:
    """The playground page of this bridge; with a token, `?token=` so the pane inside it is let in."""
    url = f"{config.public_url}/playground.html"
    return url + "?token=" + quote(config.token, safe="") if config.token else url


def token_note(config: BridgeConfig) -> str:
    """` (with $WORD_BRIDGE_TOKEN set to the bridge's token)` for a guarded bridge, else nothing."""
    return f" (with {TOKEN_VARIABLE} set to the bridge's token)" if config.token else ""


def serve_line(config: BridgeConfig, command: str = "serve") -> str:
    """The command that starts a bridge the client configured by `config` can talk to."""
    return command_line(command, options=client_options(config))


def playground_hint(config: BridgeConfig) -> str:
    """What to try once the playground is open (the README's first steps), pasteable for this bridge."""
    options = client_options(config)
    where = "in another terminal" + (f" where {TOKEN_VARIABLE} is set to the bridge's token" if config.token else "")
    lines = [f"Playground: {playground_url(config)}", f"Then, {where}, try:"]
    lines += ["  " + command_line("call", op, args, options=options) for op, args in FIRST_STEPS]
    return "\n".join(lines)
