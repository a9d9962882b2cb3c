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

Inside the allowed directories, the bridge's own secret places stay closed whatever the setting says: the
development certificates (their CA's private key is trusted machine-wide once `certs --install` ran) and the data
directory (`WORD_BRIDGE_DATA_DIR`: annotation database, e2e login state, MCP config…). `resolve_allowed` refuses a
path resolving into one with `ProtectedPath`, an `OutsideAllowedDirs` whose message says which place it is. The
readers also refuse private key files anywhere: by name (`*.key`, `id_rsa`…) before reading (`resolve_readable`),
by a PEM private-key block after (`refuse_secret_content`).
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ALLOWED_DIRS_ENV: Final = "WORD_BRIDGE_ALLOWED_DIRS"
KEY_SUFFIXES: Final = (".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk")
"""Extensions of private key and key-store files."""
KEY_NAMES: Final = ("id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk")
"""OpenSSH's private key files (their `.pub` halves are not secret)."""
PEM_PRIVATE_KEY: Final = re.compile(rb"^-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[ \t\r]*$", re.MULTILINE)


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

    def refusal(self, label: str, shown: str) -> str:
        """Seed 003's sentence, `<label> '<shown>' is not within allowed directories (…)`."""
        return f"{label} '{shown}' is not within allowed directories ({', '.join(str(d) for d in self.allowed)})"


@dataclass
class ProtectedPath(OutsideAllowedDirs):
    """`path` resolves to `resolved`, inside `place`, one of the bridge's secret places that `what` names; or, with
    `place` None, `resolved` is a private key file (`what` says how it was recognised). Refused like a path outside
    the allowed directories, saying why."""

    place: Path | None
    what: str

    def __str__(self) -> str:
        return f"{self.path} {self.reason}"

    @property
    def reason(self) -> str:
        """Why the path is refused, as it reads after the path: `is inside …` or `is a private key file …`."""
        if self.place is None:
            return f"is a private key file ({self.what}): the file tools never read private keys"
        return (f"is inside {self.place}, {self.what}: the file tools never read or write there, "
                f"whatever {ALLOWED_DIRS_ENV} says")

    def refusal(self, label: str, shown: str) -> str:
        return f"{label} '{shown}' is not within allowed directories: it {self.reason}"


def protected_places() -> list[tuple[Path, str]]:
    """The bridge's secret places, resolved: the development certificates directory and the data directory."""
    from bridge.paths import data_dir
    from bridge.setup.certs import default_certs_dir  # here: cryptography need not load for every import

    places = [(default_certs_dir(), "the bridge's certificates directory, which holds private keys"),
              (data_dir(), "the bridge's data directory, which holds its databases, login state and settings")]
    return [(place.expanduser().resolve(), what) for place, what in places]


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
    Raises OutsideAllowedDirs (ProtectedPath inside one of `protected_places`), or InvalidPath for a path with a
    control or unencodable character.
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
    for place, what in protected_places():
        if _inside(resolved, place):
            raise ProtectedPath(os.fspath(path), resolved, allowed, place, what)
    return resolved


def resolve_readable(path: str | os.PathLike[str], dirs: list[Path] | None = None) -> Path:
    """`resolve_allowed` for a file about to be read: also refuses a file named like a private key."""
    resolved = resolve_allowed(path, dirs)
    name = resolved.name.lower()
    if name.endswith(KEY_SUFFIXES) or name in KEY_NAMES:
        raise ProtectedPath(os.fspath(path), resolved, dirs if dirs is not None else allowed_dirs(), None,
                            f"named {resolved.name}")
    return resolved


def refuse_secret_content(path: str | os.PathLike[str], resolved: Path, data: bytes, dirs: list[Path]) -> None:
    """Raise ProtectedPath when the bytes read hold a PEM private key block (whatever the file is called)."""
    if PEM_PRIVATE_KEY.search(data):
        raise ProtectedPath(os.fspath(path), resolved, dirs, None, "it holds a PEM private key")
