"""`word-bridge` command line (DESIGN §4)."""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from bridge import __version__
from bridge.config import DEFAULT_HOST, BridgeConfig
from bridge.setup.hints import DEFAULT_PORT, playground_url

CERTS_DEFAULT = ("default: $WORD_BRIDGE_CERTS, else certs/ in a source checkout, else certs/ in the data directory "
                 "($WORD_BRIDGE_DATA_DIR, default ~/.word-bridge)")
CERTS_HELP = f"directory of the development certificates ({CERTS_DEFAULT})"


def port_number(value: str) -> int:
    """argparse type of --port: a TCP port a bridge can serve and a client can reach (1-65535)."""
    try:
        port = int(value)
    except ValueError:
        port = -1
    if not 1 <= port <= 65535:
        source = " (from $WORD_BRIDGE_PORT)" if value == os.environ.get("WORD_BRIDGE_PORT") else ""
        raise argparse.ArgumentTypeError(f"{value!r}{source} is not a port: use a number from 1 to 65535")
    return port


def token_text(value: str) -> str:
    """argparse type of --token: printable ASCII without spaces, the characters an HTTP header carries as sent.

    Clients send the token in `Authorization: Bearer …`; a non-ASCII token would be accepted by `serve` and then
    never match what any client can send.
    """
    if value and not all("!" <= ch <= "~" for ch in value):
        source = " (from $WORD_BRIDGE_TOKEN)" if value == os.environ.get("WORD_BRIDGE_TOKEN") else ""
        raise argparse.ArgumentTypeError(f"the token{source} must be printable ASCII without spaces (letters, "
                                         "digits, punctuation): clients send it in an HTTP header")
    return value


def _port(parser: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup, what: str) -> None:
    """--port, 1-65535, default $WORD_BRIDGE_PORT or 3000; `what` says whose port it is."""
    # A string default goes through port_number too, so a bad $WORD_BRIDGE_PORT is a usage error, not a traceback.
    parser.add_argument("--port", type=port_number, default=os.environ.get("WORD_BRIDGE_PORT", str(DEFAULT_PORT)),
                        help=f"{what}, 1-65535 (default $WORD_BRIDGE_PORT or {DEFAULT_PORT})")


def _origin(parser: argparse.ArgumentParser, *, token_help: str, token_default: str | None) -> None:
    """--port or --url (the origin a manifest names), and --token (put into the pane's URL in the manifest)."""
    where = parser.add_mutually_exclusive_group()
    _port(where, "port of the bridge on this machine: the manifest names https://localhost:PORT")
    where.add_argument("--url", default=None,
                       help="the bridge's https origin, for one not at https://localhost:PORT (instead of --port)")
    parser.add_argument("--token", type=token_text, default=token_default, help=token_help)


def origin_url(args: argparse.Namespace) -> str:
    """The origin of `manifest` and `sideload`: --url, else https://localhost:PORT."""
    return str(args.url or f"https://localhost:{args.port}").rstrip("/")


def _common(parser: argparse.ArgumentParser, *, serves: bool) -> None:
    """Options shared by the commands; `serves` picks the wording for a server or for a client of one."""
    if serves:
        parser.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    else:
        parser.add_argument("--host", default=DEFAULT_HOST,
                            help=f"address of the running bridge: the --host it serves on (default {DEFAULT_HOST})")
    _port(parser, "port to serve" if serves else "port of the running bridge")
    parser.add_argument("--no-tls", action="store_true",
                        help="plain HTTP (Office needs HTTPS; for tests only)" if serves
                        else "the bridge serves plain HTTP (it was started with --no-tls)")
    parser.add_argument("--certs", type=Path, default=None,
                        help=(CERTS_HELP + "; created there if missing" if serves
                              else "directory of the bridge's development certificates: the CA that signed its "
                                   "certificate (" + CERTS_DEFAULT + "; never created by this command)"))
    parser.add_argument("--token", type=token_text, default=os.environ.get("WORD_BRIDGE_TOKEN"),
                        help="require this token from MCP clients and the task pane (default $WORD_BRIDGE_TOKEN)"
                        if serves else "the token the bridge was started with (default $WORD_BRIDGE_TOKEN)")


def _config(args: argparse.Namespace, **extra: Any) -> BridgeConfig:
    return BridgeConfig(host=getattr(args, "host", DEFAULT_HOST), port=args.port, tls=not args.no_tls,
                        certs_dir=args.certs, token=args.token or None, op_timeout=getattr(args, "op_timeout", 30.0),
                        **extra)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="word-bridge", description="Let MCP clients edit the Word document you have open.")
    parser.add_argument("--version", action="version", version=f"word-bridge {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    timeout_help = "seconds an op may take before it fails with E_TIMEOUT (default 30)"

    for name, text in (("serve", "the server: add-in files, /ws for the task pane, /mcp for MCP clients, /rpc, /healthz"),
                       ("playground", "serve plus the simulated Word page: the whole product without Office")):
        p = sub.add_parser(name, help=text, description=text)
        _common(p, serves=True)
        p.add_argument("--op-timeout", type=float, default=30.0, help=timeout_help)
        if name == "playground":
            p.add_argument("--open", action="store_true", help="open the playground in the default browser")

    text = ("MCP over stdin/stdout for desktop MCP clients; serves the task pane itself, or forwards to the bridge "
            "already on the port")
    p = sub.add_parser("stdio", help=text, description=text)
    _common(p, serves=True)
    p.add_argument("--op-timeout", type=float, default=30.0, help=timeout_help + "; when serving")

    text = ("send one op to the running bridge, as an MCP client would (editTask over /mcp), and print the result "
            "envelope; exit status 0 when ok")
    p = sub.add_parser("call", help=text, description=text)
    _common(p, serves=False)
    p.add_argument("op", help="op name, e.g. insertText, search, table.create")
    p.add_argument("args_json", nargs="?", default="{}", metavar="ARGS_JSON",
                   help='the op\'s args as a JSON object, e.g. \'{"text":"Hi"}\' (default {})')
    p.add_argument("--document", help="document id or title (default: the most recently active document)")
    p.add_argument("--task-id", help="your id for this edit: a repeat returns the first result without editing again")

    text = "create (or show) the development certificates and how to trust them"
    p = sub.add_parser("certs", help=text, description=text + "; the bridge serves HTTPS with them")
    p.add_argument("--certs", type=Path, default=None, help=CERTS_HELP)
    p.add_argument("--install", action="store_true", help="trust the development CA on this machine")

    text = "write the add-in manifest for an origin"
    p = sub.add_parser("manifest", help=text, description=text + " (the URL Word loads the task pane from)")
    _origin(p, token_default=None,
            token_help="the bridge's --token: the manifest opens the task pane with ?token=T, so a bridge started "
                       "with --token lets it in (the file then holds the token)")
    p.add_argument("-o", "--output", type=Path, default=None, help="file to write (default stdout)")

    text = "make Word load the add-in"
    p = sub.add_parser("sideload", help=text, description=text + ": Word on the web, on a Mac or on Windows")
    p.add_argument("platform", choices=["web", "mac", "windows"], help="where Word runs")
    _origin(p, token_default=os.environ.get("WORD_BRIDGE_TOKEN"),
            token_help="the bridge's --token, written into the manifest so the task pane is let in "
                       "(default $WORD_BRIDGE_TOKEN)")

    text = "check certificates, port, token and connected documents"
    p = sub.add_parser("doctor", help=text, description=text + " of the running bridge, saying what to do about "
                       "each failed check; exit status 0 when all pass")
    _common(p, serves=False)

    text = "sign in to Microsoft 365 once, for the end-to-end tests on Word on the web"
    p = sub.add_parser("e2e-login", help=text, description=text)
    p.add_argument("--state", type=Path, default=None,
                   help="where to save the signed-in browser state (default <data dir>/e2e-state.json)")
    p.add_argument("--doc-url", default=None, help="the test document's URL (its name must contain word-bridge-e2e)")
    for command in sub.choices.values():  # so an unknown option is reported with the command's own usage
        command.set_defaults(command_parser=command)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # argparse leaves these to the top level, which would print its own usage, not the command's
        args.command_parser.error(f"unrecognized arguments: {' '.join(extra)}")
    handler = {
        "serve": _serve, "playground": _playground, "stdio": _stdio, "call": _call, "certs": _certs,
        "manifest": _manifest, "sideload": _sideload, "doctor": _doctor,
        "e2e-login": _e2e_login,
    }[args.command]
    try:
        status = handler(args) or 0
        sys.stdout.flush()  # here, where a reader gone away is caught, not at exit
    except BrokenPipeError:
        return _reader_gone()
    return status


def _reader_gone() -> int:
    """`word-bridge call … | head`: the reader has what it wanted. End quietly, as SIGPIPE ends other tools (128 + 13
    on POSIX), with stdout on devnull so that Python's flush at exit does not report the pipe again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 128 + signal.SIGPIPE if hasattr(signal, "SIGPIPE") else 1


def _mismatched_bridge(config: BridgeConfig, then: str = "") -> bool:
    """True (after one line on stderr) when a Word Bridge serves the port with a CA (--certs) or a protocol
    (--no-tls) other than `config`'s: it can be neither served again nor talked to, and is not "another program"."""
    from bridge.setup.probe import probe_bridge

    # Briefly: a bridge on this machine answers in milliseconds, and a program that stays silent is for the
    # command's own check of the port to name.
    found = probe_bridge(config, timeout=0.5)
    if found.mismatch:
        print(f"word-bridge: {found.message}{then}", file=sys.stderr)
    return found.mismatch


def _check_host(args: argparse.Namespace) -> None:
    """A --host beyond this machine opens every tool to the network: a usage error without a token, a warning with one."""
    from bridge.server.security import is_loopback

    if is_loopback(args.host):
        return
    if not args.token:
        args.command_parser.error(
            f"--host {args.host} is reachable from other machines, and without a token anyone there could use every "
            "tool (edit the open documents, read files): pass --token or set WORD_BRIDGE_TOKEN, or serve on 127.0.0.1")
    print(f"word-bridge: warning: serving on {args.host}, reachable from other machines: anyone there with the token "
          "can use every tool (edit the open documents, read files)", file=sys.stderr)


def _serve(args: argparse.Namespace) -> int:
    from bridge.server.runner import run

    _check_host(args)
    config = _config(args)
    if _mismatched_bridge(config, then="; or pass --port to serve another"):
        return 1
    return run(config)


def _playground(args: argparse.Namespace) -> int:
    from bridge.server.runner import run

    _check_host(args)
    config = _config(args, playground=True)
    if _mismatched_bridge(config, then="; or pass --port to serve another"):
        return 1
    # The page as printed: with a token, ?token= lets the pane in it connect.
    page = playground_url(config).removeprefix(config.public_url)
    return run(config, open_page=page if args.open else None)


def _stdio(args: argparse.Namespace) -> int:
    from bridge.server.runner import freeze_what_lasts
    from bridge.server.stdio import run_stdio

    _check_host(args)
    config = _config(args)
    if _mismatched_bridge(config):  # neither serve the port nor forward to it
        return 1
    freeze_what_lasts()
    asyncio.run(run_stdio(config))
    return 0


class _NotJson(ValueError):
    """A value of ARGS_JSON that JSON cannot carry to the bridge."""


def _finite(text: str) -> float:
    """json.loads' hook for numbers with a fraction or exponent, and for NaN, Infinity and -Infinity."""
    value = float(text)
    if not math.isfinite(value):
        raise _NotJson(f"ARGS_JSON holds {text}, which is not a JSON number (JSON has no NaN or Infinity, and no "
                       "number beyond about 1.8e308): give a finite number")
    return value


def _call(args: argparse.Namespace) -> int:
    from bridge.word.envelope import lone_surrogate_at

    try:
        op_args = json.loads(args.args_json, parse_constant=_finite, parse_float=_finite)
    except _NotJson as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except (json.JSONDecodeError, RecursionError) as exc:
        print(f"ARGS_JSON is not valid JSON: {exc}", file=sys.stderr)
        return 2
    lone = lone_surrogate_at([op_args, args.document, args.task_id], "")
    if lone is not None:
        where = {"[0]": "ARGS_JSON", "[1]": "--document", "[2]": "--task-id"}
        field = where.get(lone[0][:3], "ARGS_JSON") + lone[0][3:]
        print(f"{field} holds a lone UTF-16 surrogate at character {lone[1]} (half of a character, or a byte that is "
              "not UTF-8): give whole characters", file=sys.stderr)
        return 2
    meta = {"type": "word.op", "op": args.op, "version": "1.0", "args": op_args}
    result = asyncio.run(_call_remote(_config(args), meta, args.document, args.task_id))
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0 if result.get("ok") else 1


async def _call_remote(config: BridgeConfig, meta: dict[str, Any], document: str | None,
                       task_id: str | None) -> dict[str, Any]:
    from bridge.word.remote import BridgeError, mcp_client, unexpected_failure
    from bridge.word.sessions import new_task_id

    # Without --task-id the call gets one here: an answer lost on the way names it, for a retry that cannot run twice.
    task_id = task_id or new_task_id()
    arguments: dict[str, Any] = {"content": f"{meta['op']} from the command line", "meta": meta, "taskId": task_id}
    if document:
        arguments["document"] = document
    try:
        async with mcp_client(config) as client:
            result = await client.call_tool("editTask", arguments)
    except BridgeError as err:
        return err.envelope(meta["op"], task_id)
    except Exception as exc:  # one line, not a traceback: the person reads this
        return unexpected_failure(config, exc, task_id).envelope(meta["op"], task_id)
    return dict(result.structured_content or {})


def _certs(args: argparse.Namespace) -> int:
    from bridge.setup.certs import ensure_dev_certs, install_ca_commands, node_trust_line, shell_line

    certs = ensure_dev_certs(args.certs)
    print(f"CA certificate:   {certs.ca_cert}\nServer cert:      {certs.cert}\nServer key:       {certs.key}")
    commands = install_ca_commands(certs.ca_cert)
    if not args.install:
        print("Trust the CA once (or run `word-bridge certs --install`):")
        for command in commands:
            print("  " + shell_line(command))
        print("Node clients (MCP Inspector, the TypeScript SDK) read their own list of CAs:\n  "
              + node_trust_line(certs.ca_cert))
        return 0
    status = 0
    for command in commands:
        if shutil.which(command[0]) is None:
            print(f"skipped (not installed): {shell_line(command)}", file=sys.stderr)
            continue
        print("running: " + shell_line(command))
        status |= subprocess.call(command)
    return status


def _manifest(args: argparse.Namespace) -> int:
    from bridge.setup.manifest import render_manifest

    try:
        xml = render_manifest(origin_url(args), token=args.token or None)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.output and args.token:  # the token is the bridge's secret: the file is its owner's alone, as sideload's
        from bridge.setup.private_file import write_private

        write_private(args.output, xml)
    elif args.output:
        args.output.write_text(xml, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(xml)
    return 0


def _sideload(args: argparse.Namespace) -> int:
    from bridge.setup.manifest import render_manifest
    from bridge.setup.sideload import sideload

    try:  # a URL Office cannot load is a usage error, before anything is written
        render_manifest(origin_url(args))
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    return sideload(args.platform, origin_url(args), token=args.token or None)


def _doctor(args: argparse.Namespace) -> int:
    from bridge.setup.doctor import doctor
    from bridge.word.remote import token_message

    config = _config(args)
    return doctor(config, token_hint=token_message(config))


def _e2e_login(args: argparse.Namespace) -> int:
    from bridge.setup.e2e_login import e2e_login

    return e2e_login(args.state, doc_url=args.doc_url)


if __name__ == "__main__":
    raise SystemExit(main())
