"""`parse_edit_task`: the `editTask` arguments → one canonical `ParsedOp`, or an `OpError`.

Envelope rules (docs/protocol.md): `type` must be `word.op`; `version` 1.x (default
1.0); `op` one of `SUPPORTED_OPS`; `args` an object (default `{}`).
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
from typing import Any, Final

from bridge.word.envelope import Code, Diagnostic, OpError, diagnostic

from .batch import build_batch
from .legacy import parse_legacy
from .models import MODELS
from .normalize import described, json_type, show
from .parsed import CANONICAL_VERSION, SUPPORTED_OPS, ParsedOp, build

ENVELOPE_KEYS: Final = frozenset({"type", "op", "version", "args"})
_VERSION = re.compile(r"[vV]?(\d+)(?:\.\d+){0,2}")


def parse_edit_task(
    content: Any = None,
    meta: str | dict[str, Any] | None = None,
    action: Any = None,
    target: Any = None,
) -> ParsedOp:
    """Validate and normalise one `editTask` call.

    With `meta` (a JSON string or an object) the envelope decides, `content` is
    an optional summary and `action`/`target` are ignored (with a warning); without
    it, the legacy form maps `action`/`target`/`content` onto insertText.
    """
    envelope = _load_meta(meta)
    op_hint = envelope.get("op") if isinstance(envelope, dict) and isinstance(envelope.get("op"), str) else "unknown"
    op_hint = op_hint if op_hint in SUPPORTED_OPS else "unknown"
    if envelope is None:
        if content is None:
            raise OpError(Code.INVALID_ARG, "content required: give meta (a word.op envelope), or content as the "
                          "text to insert (legacy form)", op=op_hint, field="content")
    elif content is None:
        return _ignoring_legacy(parse_envelope(envelope), action, target)
    if not isinstance(content, str):
        raise OpError(Code.INVALID_ARG, f"content must be a string, got {json_type(content)}", op=op_hint, field="content")
    if envelope is None:
        return parse_legacy(content, action, target)
    return _ignoring_legacy(parse_envelope(envelope), action, target)


def _ignoring_legacy(parsed: ParsedOp, action: Any, target: Any) -> ParsedOp:
    """`parsed` with a warning naming `action`/`target` given beside meta: the envelope decides, and a model that
    asked for a replace there would otherwise not learn that it got the envelope's op."""
    given = [name for name, value in (("action", action), ("target", target))
             if value is not None and not (isinstance(value, str) and not value.strip())]  # "" / null: not given
    if not given:
        return parsed
    names = " and ".join(given)
    note = diagnostic("warn", f"{names} ignored: with meta, the envelope decides what runs (put what "
                      f"{'they' if len(given) > 1 else 'it'} asked for in meta.op and meta.args, or drop "
                      f"{'them' if len(given) > 1 else 'it'})", given[0])
    return dataclasses.replace(parsed, diagnostics=[*parsed.diagnostics, note])


def _load_meta(meta: Any) -> dict[str, Any] | None:
    """`meta` as an object, or None for the legacy form (absent, blank or JSON null)."""
    if meta is None:
        return None
    if isinstance(meta, str):
        if not meta.strip():
            return None
        try:
            meta = json.loads(meta)
        except json.JSONDecodeError as exc:
            raise OpError(
                Code.INVALID_ARG,
                f"meta is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno} (char {exc.pos})",
                field="meta",
            ) from None
        if meta is None:
            return None
    if not isinstance(meta, dict):
        raise OpError(
            Code.INVALID_ARG,
            f"meta must be a JSON object {{\"type\":\"word.op\",\"op\":…,\"version\":\"1.0\",\"args\":{{…}}}}, got {json_type(meta)}",
            field="meta",
        )
    return meta


def parse_envelope(meta: dict[str, Any]) -> ParsedOp:
    """The `word.op` envelope → ParsedOp (see the module docstring for the rules)."""
    diags: list[Diagnostic] = []
    raw_op = meta.get("op")
    op = raw_op if isinstance(raw_op, str) and raw_op in SUPPORTED_OPS else "unknown"
    _check_type(meta.get("type"), op)
    _check_version(meta, op, diags)
    _check_op(raw_op)
    if raw_op == "batch":
        return build_batch(_args(meta, "batch", diags), diags)
    args = _args(meta, op, diags)
    return build(op, args, diags)


def _check_type(value: Any, op: str) -> None:
    if value is None:
        raise OpError(Code.INVALID_ARG, 'meta.type required: add "type": "word.op" to meta', op=op, field="meta.type")
    if value != "word.op":
        raise OpError(Code.INVALID_ARG, f'meta.type must be "word.op", got {show(value)}', op=op, field="meta.type")


def _check_version(meta: dict[str, Any], op: str, diags: list[Diagnostic]) -> None:
    """Any 1.x is read as the 1.0 contract; another major is refused."""
    value = meta.get("version")
    if value is None:
        diags.append(diagnostic("info", f"meta.version missing: assumed {CANONICAL_VERSION}", "meta.version"))
        return
    major: int | None = None
    if isinstance(value, bool):
        major = None
    elif isinstance(value, int):
        major = value
    elif isinstance(value, float) and value >= 0:
        major = int(value)
    elif isinstance(value, str) and (m := _VERSION.fullmatch(value.strip())):
        major = int(m.group(1))
    if major is None:
        raise OpError(Code.INVALID_ARG, f'meta.version must be a version such as "1.0", got {show(value)}', op=op, field="meta.version")
    if major != 1:
        raise OpError(
            Code.UNSUPPORTED,
            f"meta.version {show(value)} is not supported: this bridge speaks word.op version 1.x (use \"1.0\")",
            op=op,
            field="meta.version",
        )


def suggest(name: str) -> str | None:
    """The supported op closest to `name`, ignoring case, dots and underscores."""
    def key(s: str) -> str:
        return re.sub(r"[._\-\s]", "", s).lower()

    keys = {key(o): o for o in SUPPORTED_OPS}
    wanted = key(name)
    if wanted in keys:
        return keys[wanted]
    for k, o in keys.items():  # "create" → table.create, "createTable" → table.create
        if k.startswith("table") and (wanted == k[5:] or wanted in (k[5:] + "table", "table" + k[5:])):
            return o
    close = difflib.get_close_matches(wanted, keys, n=1, cutoff=0.6)
    return keys[close[0]] if close else None


def _check_op(value: Any) -> None:
    supported = ", ".join(SUPPORTED_OPS)
    if value is None:
        raise OpError(Code.INVALID_ARG, f"meta.op required: one of {supported}", field="meta.op")
    if not isinstance(value, str):
        raise OpError(Code.INVALID_ARG, f"meta.op must be a string, one of {supported}; got {json_type(value)}", field="meta.op")
    if value not in SUPPORTED_OPS:
        guess = suggest(value)
        hint = f' Did you mean "{guess}"?' if guess else ""
        raise OpError(Code.UNSUPPORTED, f"op {show(value)} is not supported.{hint} Supported ops: {supported}", field="meta.op")


def _args(meta: dict[str, Any], op: str, diags: list[Diagnostic]) -> dict[str, Any]:
    """`meta.args`, defaulting to `{}`; keys a client put beside it are reported (or used, when args is missing)."""
    stray = [k for k in meta if k not in ENVELOPE_KEYS]
    args = meta.get("args")
    if args is None:
        if stray and op in MODELS and any(k in MODELS[op].model_fields or k in MODELS[op].ALIASES for k in stray):
            diags.append(diagnostic("warn", f"meta.args missing: took {', '.join(stray)} from the top level of meta (put them in meta.args)", "meta.args"))
            return {k: meta[k] for k in stray}
        args = {}
    elif isinstance(args, str) and args.strip().startswith("{"):
        try:  # a doubly encoded args object: common from models; decode once
            decoded = json.loads(args)
        except json.JSONDecodeError as exc:
            raise OpError(Code.INVALID_ARG, f"args is a string that is not valid JSON: {exc.msg} at char {exc.pos}", op=op, field="args") from None
        if not isinstance(decoded, dict):
            raise OpError(Code.INVALID_ARG, f"args must be an object, got {json_type(decoded)}", op=op, field="args")
        diags.append(diagnostic("warn", "args was a JSON string: decoded it (send an object)", "args"))
        args = decoded
    elif not isinstance(args, dict):
        raise OpError(Code.INVALID_ARG, f"args must be an object, got {described(args)}", op=op, field="args")
    for flag in OP_FLAGS:
        if flag in stray:  # ignoring it would run the op other than asked: a real edit instead of a dry run
            raise OpError(Code.INVALID_ARG, misplaced_flag(flag, f"meta.{flag}", "beside meta.args"), op=op,
                          field=f"meta.{flag}")
    if stray:
        diags.append(diagnostic("warn", f"unknown meta keys ignored: {', '.join('meta.' + k for k in stray)}", f"meta.{stray[0]}"))
    return args


OP_FLAGS = ("dryRun", "expectText", "trackChanges")
"""Args any op takes that change what it does: given anywhere but in meta.args, they are refused, never ignored."""


def misplaced_flag(flag: str, given_as: str, where: str) -> str:
    """Why `flag`, given as `given_as` (`where`), is refused: where it belongs instead."""
    return (f"{given_as} is {where}, where it would be ignored and the op would run without it: put it in "
            f'meta.args ({{"type":"word.op","op":…,"args":{{…,"{flag}":…}}}})')
