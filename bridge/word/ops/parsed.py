"""`ParsedOp`, the validated canonical op, and the helpers that build one from args."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from pydantic import ValidationError

from bridge.word.envelope import Diagnostic, diagnostic

from .base import extras
from .errors import op_error
from .models import MODELS

CANONICAL_VERSION: Final = "1.0"
SUPPORTED_OPS: Final[tuple[str, ...]] = tuple(MODELS)
"""Every op name, in the seed's order."""


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
    try:
        model = MODELS[op].model_validate(args, context=context)
    except ValidationError as exc:
        raise op_error(op, exc) from None
    diags = [*(diagnostics or []), *context["diags"]]
    unknown = extras(model)
    if unknown:
        diags.append(diagnostic("warn", f"unknown args ignored: {', '.join(unknown)}", unknown[0]))
    return ParsedOp(op=op, version=CANONICAL_VERSION, args=model.canonical(), diagnostics=diags)
