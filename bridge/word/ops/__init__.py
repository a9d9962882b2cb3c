"""Op models: parse, validate and normalise `word.op` envelopes into canonical ops.

The server's one place for input checks (docs/protocol.md); the pane receives
only what `ParsedOp.wire()` returns (docs/canonical-ops.md).
"""

from __future__ import annotations

from .describe import describe_ops
from .parse import parse_edit_task
from .parsed import SUPPORTED_OPS, ParsedOp
from .summary import summarize

__all__ = ["SUPPORTED_OPS", "ParsedOp", "describe_ops", "parse_edit_task", "summarize"]
