"""`ParsedOp`, the validated canonical op, and the helpers that build one from args."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import ValidationError

from bridge.word.envelope import Code, Diagnostic, OpError, diagnostic

from .base import extras
from .errors import op_error
from .models import MODELS
from .normalize import json_type

CANONICAL_VERSION: Final = "1.0"
SUPPORTED_OPS: Final[tuple[str, ...]] = (*MODELS, "batch")
"""Every op name: the seed's order, then the read-and-compose ops."""
COMMON_ARGS: Final = ("expectText", "dryRun", "trackChanges")
"""Args every op accepts besides its own (checked here, handled by the pane's engine)."""
READ_OPS: Final = frozenset({
    "getSelection", "search", "listStyles", "readDocument", "trackChanges.get", "trackChanges.list",
    "trackChanges.set", "trackChanges.accept", "trackChanges.reject", "comment.list", "anchor.list", "headerFooter.get",
})
"""Ops that change no document text: `trackChanges: true` is refused on them (the trackChanges.* ops included)."""
MAX_EXPECT_TEXT: Final = 100_000
_RANGE_TARGETS: Final = ("scope", "target", "tableRef")
_RANGE_PREFIXES: Final = ("rangeId:", "anchor:")
"""Targets expectText can check: a tracked range or an anchor (a tagged content control)."""


@dataclass(frozen=True)
class ParsedOp:
    """A validated op: canonical args (JSON-ready) and what the client should know about its input."""

    op: str
    version: str
    args: dict[str, Any]
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def wire(self) -> dict[str, Any]:
        """The `op` object of an `ai-cmd` frame."""
        return {"type": "word.op", "op": self.op, "version": self.version, "args": self.args}


def build(op: str, args: dict[str, Any], diagnostics: list[Diagnostic] | None = None) -> ParsedOp:
    """Validate `args` for `op` (a supported name) and return the canonical op.

    Raises `OpError(E_INVALID_ARG)` naming the first bad field.
    """
    context: dict[str, Any] = {"diags": []}
    own = {k: v for k, v in args.items() if k not in COMMON_ARGS} if isinstance(args, dict) else args
    try:
        model = MODELS[op].model_validate(own, context=context)
    except ValidationError as exc:
        raise op_error(op, exc) from None
    diags = [*(diagnostics or []), *context["diags"]]
    unknown = extras(model)
    if unknown:
        diags.append(diagnostic("warn", f"unknown args ignored: {', '.join(unknown)}", unknown[0]))
    canonical = model.canonical()
    canonical.update(_common_args(op, args, canonical))
    return ParsedOp(op=op, version=CANONICAL_VERSION, args=canonical, diagnostics=diags)


def _common_args(op: str, args: dict[str, Any], canonical: dict[str, Any]) -> dict[str, Any]:
    """`expectText` (only on an op that targets a rangeId), `dryRun` and `trackChanges` (edits only), canonical."""
    out: dict[str, Any] = {}
    expect = args.get("expectText")
    if expect is not None:
        if not isinstance(expect, str):
            raise OpError(Code.INVALID_ARG, f"args.expectText must be a string, got {json_type(expect)}", op=op,
                          field="args.expectText")
        if len(expect) > MAX_EXPECT_TEXT:
            raise OpError(Code.INVALID_ARG, f"args.expectText is longer than {MAX_EXPECT_TEXT} characters", op=op,
                          field="args.expectText")
        if not any(str(canonical.get(k, "")).startswith(_RANGE_PREFIXES) for k in _RANGE_TARGETS):
            raise OpError(Code.INVALID_ARG, "args.expectText needs an op that targets a range: give scope, target or "
                          "tableRef as \"rangeId:<id>\" or \"anchor:<id>\"", op=op, field="args.expectText")
        out["expectText"] = expect
    dry = args.get("dryRun")
    if dry is not None:
        if not isinstance(dry, bool):
            raise OpError(Code.INVALID_ARG, f"args.dryRun must be true or false, got {json_type(dry)}", op=op,
                          field="args.dryRun")
        if dry:
            out["dryRun"] = True
    track = args.get("trackChanges")
    if track is not None:
        if not isinstance(track, bool):
            raise OpError(Code.INVALID_ARG, f"args.trackChanges must be true or false, got {json_type(track)}", op=op,
                          field="args.trackChanges")
        if track and op in READ_OPS:
            raise OpError(Code.INVALID_ARG, f"args.trackChanges only applies to ops that edit the document; {op} does "
                          "not", op=op, field="args.trackChanges")
        if track:
            out["trackChanges"] = True
    return out
