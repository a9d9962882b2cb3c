"""Files that hold a secret (the bridge's token in a manifest, a signed-in browser state): readable by their owner
only, 0600 from the moment they exist, also when the file was there before with wider rights. On Windows the mode
says only whether the file is read-only (0600 leaves it writable), as `sideload` has it."""

from __future__ import annotations

import os
from pathlib import Path


def write_private(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path`, creating its folder; the file is 0600 before the text is in it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        os.chmod(path, 0o600)
        handle.write(text)
