"""`word-bridge` command line (DESIGN §4)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from bridge import __version__
from bridge.config import BridgeConfig

DEFAULT_PORT = 3000


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("WORD_BRIDGE_PORT", DEFAULT_PORT)))
    parser.add_argument("--no-tls", action="store_true", help="plain HTTP (Office needs HTTPS; for tests only)")
    parser.add_argument("--certs", type=Path, default=None, help="directory of the development certificates")
    parser.add_argument("--token", default=os.environ.get("WORD_BRIDGE_TOKEN"), help="require this token")


def _config(args: argparse.Namespace, **extra: Any) -> BridgeConfig:
    return BridgeConfig(host=args.host, port=args.port, tls=not args.no_tls, certs_dir=args.certs,
                        token=args.token or None, op_timeout=getattr(args, "op_timeout", 30.0), **extra)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="word-bridge", description="Let MCP clients edit the Word document you have open.")
    parser.add_argument("--version", action="version", version=f"word-bridge {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    for name, text in (("serve", "HTTPS server: add-in files, /ws, /mcp, /rpc, /healthz"),
                       ("playground", "serve plus the simulated Word page: the whole product without Office")):
        p = sub.add_parser(name, help=text)
        _common(p)
        p.add_argument("--op-timeout", type=float, default=30.0, help="seconds an op may take (default 30)")
        if name == "playground":
            p.add_argument("--open", action="store_true", help="open the playground in the default browser")

    p = sub.add_parser("stdio", help="MCP over stdin/stdout; forwards to a bridge already on the port")
    _common(p)
    p.add_argument("--op-timeout", type=float, default=30.0)

    p = sub.add_parser("call", help="run one op against the running bridge and print the result envelope")
    _common(p)
    p.add_argument("op", help="op name, e.g. insertText")
    p.add_argument("args_json", nargs="?", default="{}", help='op args as JSON, e.g. \'{"text":"Hi"}\'')
    p.add_argument("--document", help="document id or title")
    p.add_argument("--task-id", help="taskId (a repeat returns the first result)")

    p = sub.add_parser("certs", help="create (or show) the development certificates")
    p.add_argument("--certs", type=Path, default=None)
    p.add_argument("--install", action="store_true", help="trust the development CA on this machine")

    p = sub.add_parser("manifest", help="write the add-in manifest for an origin")
    p.add_argument("--url", default=f"https://localhost:{DEFAULT_PORT}")
    p.add_argument("--token", default=None)
    p.add_argument("-o", "--output", type=Path, default=None, help="file to write (default stdout)")

    p = sub.add_parser("sideload", help="make Word load the add-in")
    p.add_argument("platform", choices=["web", "mac", "windows"])
    p.add_argument("--url", default=f"https://localhost:{DEFAULT_PORT}")

    p = sub.add_parser("doctor", help="check certificates, port and connected documents")
    _common(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = {
        "serve": _serve, "playground": _playground, "stdio": _stdio, "call": _call, "certs": _certs,
        "manifest": _manifest, "sideload": _sideload, "doctor": _doctor,
    }[args.command]
    return handler(args) or 0


def _serve(args: argparse.Namespace) -> int:
    from bridge.server.runner import run

    run(_config(args))
    return 0


def _playground(args: argparse.Namespace) -> int:
    from bridge.server.runner import run

    config = _config(args, playground=True)
    if args.open:
        import threading
        import webbrowser

        threading.Timer(1.5, webbrowser.open, [f"{config.public_url}/playground.html"]).start()
    print("Open the playground, then in another terminal try:\n"
          "  word-bridge call insertText '{\"text\":\"Hello from the shell\",\"scope\":\"document\",\"location\":\"end\"}'",
          file=sys.stderr)
    run(config)
    return 0


def _stdio(args: argparse.Namespace) -> int:
    from bridge.server.stdio import run_stdio

    asyncio.run(run_stdio(_config(args)))
    return 0


def _call(args: argparse.Namespace) -> int:
    try:
        op_args = json.loads(args.args_json)
    except json.JSONDecodeError as exc:
        print(f"ARGS_JSON is not valid JSON: {exc}", file=sys.stderr)
        return 2
    meta = {"type": "word.op", "op": args.op, "version": "1.0", "args": op_args}
    result = asyncio.run(_call_remote(_config(args), meta, args.document, args.task_id))
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0 if result.get("ok") else 1


async def _call_remote(config: BridgeConfig, meta: dict[str, Any], document: str | None,
                       task_id: str | None) -> dict[str, Any]:
    from bridge.word.remote import bridge_is_running, mcp_client

    if not await asyncio.to_thread(bridge_is_running, config):
        return {"ok": False, "op": meta["op"], "data": {}, "code": "E_NOT_FOUND",
                "diagnostics": [{"level": "error", "msg": f"no Word Bridge answers on port {config.port}; "
                                 "start one with `word-bridge serve` or `word-bridge playground`"}]}
    arguments: dict[str, Any] = {"content": f"{meta['op']} from the command line", "meta": meta}
    if document:
        arguments["document"] = document
    if task_id:
        arguments["taskId"] = task_id
    async with mcp_client(config) as client:
        result = await client.call_tool("editTask", arguments)
    return dict(result.structured_content or {})


def _certs(args: argparse.Namespace) -> int:
    from bridge.setup.certs import ensure_dev_certs, install_ca_commands

    certs = ensure_dev_certs(args.certs)
    print(f"CA certificate:   {certs.ca_cert}\nServer cert:      {certs.cert}\nServer key:       {certs.key}")
    commands = install_ca_commands(certs.ca_cert)
    if not args.install:
        print("Trust the CA once (or run `word-bridge certs --install`):")
        for command in commands:
            print("  " + " ".join(command))
        return 0
    status = 0
    for command in commands:
        if shutil.which(command[0]) is None:
            print(f"skipped (not installed): {' '.join(command)}", file=sys.stderr)
            continue
        print("running: " + " ".join(command))
        status |= subprocess.call(command)
    return status


def _manifest(args: argparse.Namespace) -> int:
    from bridge.setup.manifest import render_manifest

    try:
        xml = render_manifest(args.url.rstrip("/"), token=args.token)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.output:
        args.output.write_text(xml, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(xml)
    return 0


def _sideload(args: argparse.Namespace) -> int:
    from bridge.setup.sideload import sideload

    return sideload(args.platform, args.url.rstrip("/"))


def _doctor(args: argparse.Namespace) -> int:
    from bridge.setup.doctor import doctor

    return doctor(_config(args))


if __name__ == "__main__":
    raise SystemExit(main())
