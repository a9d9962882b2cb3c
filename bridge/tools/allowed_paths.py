"""Which local paths the companion tools may touch: only inside the allowed directories.

A client (or a prompt-injected model) can name any path; without a fence `file_reader` would read
`~/.ssh/id_ed25519`. `WORD_BRIDGE_ALLOWED_DIRS` lists the directories (separated by `os.pathsep`: `:` on
macOS and Linux, `;` on Windows); unset, it is the server's working directory. The check is made on the
fully resolved path — `..` collapsed and every symlink followed (`Path.resolve`) — so neither `../../etc`
nor a symlink inside an allowed directory pointing outside it gets through. Relative paths are relative to
the first allowed directory. The setting is read at call time.

A path holding a control character (NUL, a line break, …) or a character the file system cannot encode (a lone
surrogate) names no file anyone meant: `path_problem` says why, and `resolve_allowed` raises `InvalidPath` for it
instead of the ValueError the operating system calls would raise.
"""

from __future__ import annotations

import os
import unicodedata
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


class InvalidPath(ValueError):
    """`path` cannot name a file; `reason` says why (see `path_problem`)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"invalid path: {reason}")
        self.path = path
        self.reason = reason


def path_problem(path: str) -> str | None:
    """Why `path` cannot be a file path (a control character, an unencodable character), or None when it can."""
    for index, char in enumerate(path, start=1):
        if unicodedata.category(char) == "Cc":
            name = "NUL" if char == "\0" else f"U+{ord(char):04X}"
            return f"contains a control character ({name} at character {index})"
    try:
        os.fsencode(path)
    except UnicodeError:
        return "contains a character the file system cannot encode (a lone surrogate)"
    return None


def _inside(path: Path, directory: Path) -> bool:
    """Case-folded on case-insensitive systems (Windows), exact elsewhere."""
    p, d = os.path.normcase(str(path)), os.path.normcase(str(directory))
    return p == d or p.startswith(d.rstrip(os.sep) + os.sep)


def resolve_allowed(path: str | os.PathLike[str], dirs: list[Path] | None = None) -> Path:
    """The absolute, symlink-free form of `path`, if it lies inside an allowed directory.

    The path need not exist (a file about to be written); its existing part is resolved through symlinks.
    Raises OutsideAllowedDirs, or InvalidPath for a path with a control or unencodable character.
    """
    problem = path_problem(os.fspath(path))
    if problem is not None:
        raise InvalidPath(os.fspath(path), problem)
    allowed = dirs if dirs is not None else allowed_dirs()
    candidate = Path(path).expanduser()
    if not candidate.is_absolute():
        candidate = allowed[0] / candidate
    resolved = candidate.resolve(strict=False)
    if not any(_inside(resolved, directory) for directory in allowed):
        raise OutsideAllowedDirs(os.fspath(path), resolved, allowed)
    return resolved
