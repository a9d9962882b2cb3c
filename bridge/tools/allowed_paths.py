"""Which local paths the companion tools may touch: only inside the allowed directories.

A client (or a prompt-injected model) can name any path; without a fence `file_reader` would read
`~/.ssh/id_ed25519`. `WORD_BRIDGE_ALLOWED_DIRS` lists the directories (separated by `os.pathsep`: `:` on
macOS and Linux, `;` on Windows); unset, it is the server's working directory — unless that is a file system
root (`/`, `C:\\`), the home directory or a directory holding it (`/home`, `C:\\Users`): desktop MCP clients start
servers in `/`, and defaulting to it would open every file the user can read. Then no directory is allowed and
every path is refused with `NoAllowedDirs`, whose message says how to set the variable. A root or the home
directory given explicitly is the user's choice: allowed, with a warning in the log. The check is made on the
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

A checked path is a name, and the file system can change between the check and the open: another process swapping
a directory of the path for a symlink leading out would have the open follow it (`O_NOFOLLOW` covers only the last
component). The tools therefore open what they checked with `open_inside` (and look at it with `stat_inside`): from
the allowed directory holding it, one component at a time, each directory opened relative to the one before
without following symlinks (`openat` with `O_NOFOLLOW | O_DIRECTORY`), the file itself relative to its directory
with `O_NOFOLLOW`. A symlink met on the way can only have appeared after the check (the checked path has none):
`PathChanged`, refused. (What this does not stop takes write access outside the fence: moving a directory out of
it, or the secret in.) Windows has no `dir_fd`: there the file is opened by its checked path, then the path is
resolved again and must be the same, inside the allowed directories, and name the same file (`st_dev`/`st_ino`)
as the one opened; creating a symlink needs a privilege there, and this check narrows the race without closing it.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Final

log = logging.getLogger(__name__)

ALLOWED_DIRS_ENV: Final = "WORD_BRIDGE_ALLOWED_DIRS"
KEY_SUFFIXES: Final = (".key", ".p12", ".pfx", ".jks", ".keystore", ".ppk")
"""Extensions of private key and key-store files."""
KEY_NAMES: Final = ("id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk")
"""OpenSSH's private key files (their `.pub` halves are not secret)."""
PEM_PRIVATE_KEY: Final = re.compile(rb"^-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[ \t\r]*$", re.MULTILINE)


def too_broad(directory: Path) -> str | None:
    """Why `directory` (resolved) is too broad to allow by default — a file system root, the home directory or a
    directory holding it — or None."""
    if directory.parent == directory:
        return "a file system root"
    try:
        home = Path.home().resolve()
    except (RuntimeError, OSError):  # no home directory to be found
        return None
    if directory == home:
        return "your home directory"
    if _inside(home, directory):
        return "a directory holding your home directory"
    return None


_warned: set[Path] = set()


def allowed_dirs() -> list[Path]:
    """The allowed directories, resolved, in the order given (the first anchors relative paths).

    Without WORD_BRIDGE_ALLOWED_DIRS, the working directory; NoAllowedDirs when it is `too_broad` (or gone)."""
    raw = os.environ.get(ALLOWED_DIRS_ENV, "")
    entries = [item.strip() for item in raw.split(os.pathsep) if item.strip()]
    dirs = list(dict.fromkeys(Path(item).expanduser().resolve() for item in entries))
    for directory in dirs:
        why = too_broad(directory)
        if why is not None and directory not in _warned:
            _warned.add(directory)
            log.warning("%s allows %s, %s: the file tools may read and write any file there", ALLOWED_DIRS_ENV,
                        directory, why)
    if dirs:
        return dirs
    try:
        cwd = Path.cwd().resolve()
    except OSError as exc:
        raise NoAllowedDirs("", Path(), [], None, f"not available ({exc.strerror or exc})") from None
    why = too_broad(cwd)
    if why is not None:
        raise NoAllowedDirs("", cwd, [], cwd, why)
    return [cwd]


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
        """Seed 003's sentence, `<label> '<shown>' is not within allowed directories (…)`; subclasses say why after it."""
        return f"{label} '{shown}' is not within allowed directories{self.why_refused()}"

    def why_refused(self) -> str:
        return f" ({', '.join(str(d) for d in self.allowed)})"


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

    def why_refused(self) -> str:
        return f": it {self.reason}"


@dataclass
class NoAllowedDirs(OutsideAllowedDirs):
    """No directory is allowed: WORD_BRIDGE_ALLOWED_DIRS is unset and the working directory `cwd` (None when it
    cannot be found) is too broad to be the default, `why` says how. Refused like a path outside them, saying how
    to set the variable."""

    cwd: Path | None
    why: str

    def __str__(self) -> str:
        return self.reason

    @property
    def reason(self) -> str:
        where = f"the working directory, {self.cwd}," if self.cwd is not None else "the working directory"
        try:
            example = str(Path.home() / "Documents")
        except (RuntimeError, OSError):
            example = "/path/to/folder"
        return (f"no directory is allowed: {ALLOWED_DIRS_ENV} is not set and {where} is {self.why}, "
                f"which the file tools never use by default. Set {ALLOWED_DIRS_ENV} to the folders they may use "
                f"(separated by '{os.pathsep}') in the environment of the bridge, e.g. in the MCP client's server "
                f'entry: "env": {{"{ALLOWED_DIRS_ENV}": {json.dumps(example)}}}, then restart it')

    def why_refused(self) -> str:
        return f": {self.reason}"


CERTS_PLACE = "the bridge's certificates directory, which holds private keys"
_served_places: dict[Path, str] = {}
"""Secret places the running server named (`protect`): a `--certs DIR` is known only to the server's own config."""


def protect(directory: Path, what: str = CERTS_PLACE) -> None:
    """Refuse `directory` to the file tools from now on, as the default secret places are (the server calls this
    with the certificates directory it serves with, which may be a `--certs DIR` no environment variable names)."""
    _served_places.setdefault(directory.expanduser().resolve(), what)


def protected_places() -> list[tuple[Path, str]]:
    """The bridge's secret places, resolved: the development certificates directory (the default one and any the
    server registered with `protect`) and the data directory."""
    from bridge.paths import data_dir
    from bridge.setup.certs import default_certs_dir  # here: cryptography need not load for every import

    places = [(default_certs_dir(), CERTS_PLACE),
              (data_dir(), "the bridge's data directory, which holds its databases, login state and settings")]
    resolved = [(place.expanduser().resolve(), what) for place, what in places]
    return resolved + [(place, what) for place, what in _served_places.items() if all(place != p for p, _ in resolved)]


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


# ---- opening a checked path without following what may have been swapped in since ------------------------------
_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY: Final = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC: Final = getattr(os, "O_CLOEXEC", 0)
WALKS: Final = bool(_NOFOLLOW and _DIRECTORY and os.open in os.supports_dir_fd and os.stat in os.supports_dir_fd
                    and os.mkdir in os.supports_dir_fd)
"""Whether this system opens paths one directory at a time (`open_inside`): everywhere but Windows."""


class PathChanged(OSError):
    """A checked path changed before it was opened: a directory of it, or the file, is now a symlink (or a directory
    became something else), or (Windows) the path no longer names the file that was opened."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(errno.ELOOP, f"{what} after the path was checked; refused", str(path))


class DirectoryNotCreated(OSError):
    """`open_inside(…, make_dirs=True)` could not create a missing directory of the path (the original failure's
    errno and strerror)."""


def _root_of(resolved: Path, dirs: list[Path]) -> Path:
    """The allowed directory holding `resolved` (the deepest, when they nest)."""
    roots = [d for d in dirs if _inside(resolved, d)]
    if not roots:
        raise OutsideAllowedDirs(str(resolved), resolved, dirs)
    return max(roots, key=lambda d: len(d.parts))


def _open_child(fd: int, part: str, here: Path) -> int:
    """An fd of the directory `part` in the directory `fd` (`here` names it, for messages), not through a symlink."""
    try:
        return os.open(part, os.O_RDONLY | _NOFOLLOW | _DIRECTORY | _CLOEXEC, dir_fd=fd)
    except OSError as exc:
        if exc.errno not in (errno.ENOTDIR, errno.ELOOP):
            raise
        try:  # ELOOP or (Linux) ENOTDIR for a symlink; ENOTDIR for a file
            mode = os.stat(part, dir_fd=fd, follow_symlinks=False).st_mode
        except OSError:
            mode = 0
        if exc.errno == errno.ELOOP or stat.S_ISLNK(mode):
            raise PathChanged(here, f"{here} became a symbolic link") from None
        if stat.S_ISDIR(mode):  # not a directory a moment ago: swapped back meanwhile
            raise PathChanged(here, f"{here} was replaced") from None
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(here)) from None


def _open_directory(resolved: Path, dirs: list[Path], make_dirs: bool) -> tuple[int, str]:
    """(an fd of `resolved`'s directory, its name in it), reached from its allowed directory without following
    a symlink; with `make_dirs`, missing directories are created on the way. `resolved` is not the allowed
    directory itself."""
    root = _root_of(resolved, dirs)
    *parents, name = resolved.parts[len(root.parts):]
    fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    try:
        for index, part in enumerate(parents):
            here = root.joinpath(*parents[:index + 1])
            try:
                child = _open_child(fd, part, here)
            except FileNotFoundError:
                if not make_dirs:
                    raise
                try:
                    os.mkdir(part, 0o777, dir_fd=fd)
                except FileExistsError:
                    pass  # made meanwhile: opened (and checked) below like any other
                except OSError as exc:
                    raise DirectoryNotCreated(exc.errno, exc.strerror, str(here)) from None
                child = _open_child(fd, part, here)
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd, name


def _check_opened(fd: int, resolved: Path, dirs: list[Path]) -> None:
    """Without `dir_fd` (Windows), the file opened by its path must still be the one the path names once resolved
    again, inside the allowed directories: the same path, the same `st_dev`/`st_ino`."""
    now = resolve_allowed(resolved, dirs)
    opened, named = os.fstat(fd), os.stat(now)
    if os.path.normcase(str(now)) != os.path.normcase(str(resolved)) or \
            (opened.st_dev, opened.st_ino) != (named.st_dev, named.st_ino):
        raise PathChanged(resolved, f"{resolved} was replaced")


def open_inside(resolved: Path, flags: int, mode: int = 0o600, *, dirs: list[Path],
                make_dirs: bool = False) -> int:
    """`os.open` of `resolved` (a path `resolve_allowed` returned) without following any symlink that appeared since
    the check, in it or in any directory on the way from its allowed directory (see the module's docstring).

    With `make_dirs`, missing directories are created (DirectoryNotCreated when that fails). Raises PathChanged
    when a symlink appeared (or, on Windows, the path names another file than the one opened), OutsideAllowedDirs
    when `resolved` is in none of `dirs`, and the open's own OSError otherwise (FileNotFoundError,
    NotADirectoryError, FileExistsError with O_EXCL…)."""
    flags |= _NOFOLLOW | _CLOEXEC
    if WALKS and any(os.path.normcase(str(resolved)) == os.path.normcase(str(d)) for d in dirs):
        return os.open(resolved, flags, mode)  # an allowed directory itself: its path is trusted
    if WALKS:
        parent, name = _open_directory(resolved, dirs, make_dirs)
        try:
            return os.open(name, flags, mode, dir_fd=parent)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise PathChanged(resolved, f"{resolved} became a symbolic link") from None
            raise
        finally:
            os.close(parent)
    if make_dirs:
        try:
            resolved.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DirectoryNotCreated(exc.errno, exc.strerror, str(resolved.parent)) from None
    fd = os.open(resolved, flags, mode)
    try:
        _check_opened(fd, resolved, dirs)
    except BaseException:
        os.close(fd)
        raise
    return fd


def stat_inside(resolved: Path, dirs: list[Path]) -> os.stat_result:
    """`os.stat` of `resolved` (a path `resolve_allowed` returned) reached like `open_inside` reaches it: a symlink
    that appeared since the check is PathChanged, never followed."""
    if not WALKS or any(os.path.normcase(str(resolved)) == os.path.normcase(str(d)) for d in dirs):
        return os.stat(resolved)
    parent, name = _open_directory(resolved, dirs, make_dirs=False)
    try:
        info = os.stat(name, dir_fd=parent, follow_symlinks=False)
    finally:
        os.close(parent)
    if stat.S_ISLNK(info.st_mode):
        raise PathChanged(resolved, f"{resolved} became a symbolic link")
    return info
