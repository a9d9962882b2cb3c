"""Which local paths the companion tools may touch: only inside the allowed directories.

A client (or a prompt-injected model) can name any path; without a fence `file_reader` would read
`~/.ssh/id_ed25519`. `WORD_BRIDGE_ALLOWED_DIRS` lists the directories (separated by `os.pathsep`: `:` on
macOS and Linux, `;` on Windows); unset, it is the server's working directory. The check is made on the
fully resolved path — `..` collapsed and every symlink followed (`Path.resolve`) — so neither `../../etc`
nor a symlink inside an allowed directory pointing outside it gets through. Relative paths are relative to
the first allowed directory. The setting is read at call time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ALLOWED_DIRS_ENV: Final = "WORD_BRIDGE_ALLOWED_DIRS"


def allowed_dirs() -> list[Path]:
    """The allowed directories, resolved, in the order given (the first anchors relative paths)."""
    raw = os.environ.get(ALLOWED_DIRS_ENV, "")
    entries = [item.strip() for item in raw.split(os.pathsep) if item.strip()]
    dirs = [Path(item).expanduser().resolve() for item in entries] or [Path.cwd().resolve()]
    return list(dict.fromkeys(dirs))


@dataclass
class OutsideAllowedDirs(Exception):
    """`path` resolves to `resolved`, which is in none of `allowed`."""

    path: str
    resolved: Path
    allowed: list[Path]

    def __str__(self) -> str:
        listed = ", ".join(str(d) for d in self.allowed)
        return (f"{self.path} is outside the allowed directories ({listed}); "
                f"set {ALLOWED_DIRS_ENV} to allow others")


def _inside(path: Path, directory: Path) -> bool:
    """Case-folded on case-insensitive systems (Windows), exact elsewhere."""
    p, d = os.path.normcase(str(path)), os.path.normcase(str(directory))
    return p == d or p.startswith(d.rstrip(os.sep) + os.sep)


def resolve_allowed(path: str | os.PathLike[str], dirs: list[Path] | None = None) -> Path:
    """The absolute, symlink-free form of `path`, if it lies inside an allowed directory.

    The path need not exist (a file about to be written); its existing part is resolved through symlinks.
    Raises OutsideAllowedDirs.
    """
    allowed = dirs if dirs is not None else allowed_dirs()
    candidate = Path(path).expanduser()
    if not candidate.is_absolute():
        candidate = allowed[0] / candidate
    resolved = candidate.resolve(strict=False)
    if not any(_inside(resolved, directory) for directory in allowed):
        raise OutsideAllowedDirs(os.fspath(path), resolved, allowed)
    return resolved
