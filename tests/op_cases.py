"""Helpers for op validation tests: the canonical args of a valid op, the error of a refused one."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops.parsed import build


def canonical(op: str, args: dict[str, Any]) -> dict[str, Any]:
    """The canonical args the server would send for `op` (fails the test when refused)."""
    return build(op, args).args


def refused(op: str, args: dict[str, Any]) -> OpError:
    """The error `op` with `args` is refused with (fails the test when accepted)."""
    with pytest.raises(OpError) as info:
        build(op, args)
    return info.value
