"""Where the add-in's files are: inside the wheel, or in the source checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def addin_dir() -> Path:
    """`bridge/_addin` in an installed wheel, else the checkout's `addin/`."""
    bundled = _PACKAGE / "_addin"
    return bundled if bundled.is_dir() else _PACKAGE.parent / "addin"


def project_root() -> Path | None:
    """The source checkout's root, when running from one."""
    root = _PACKAGE.parent
    return root if (root / "pyproject.toml").is_file() and (root / "addin").is_dir() else None


def data_dir() -> Path:
    """`$WORD_BRIDGE_DATA_DIR`, else `~/.word-bridge`: where durable state (certificates, databases) lives."""
    env = os.environ.get("WORD_BRIDGE_DATA_DIR")
    return Path(env).expanduser() if env else Path.home() / ".word-bridge"
