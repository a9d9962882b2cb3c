"""Response storage: the upstream's answer written to a file inside the allowed directories.

A large answer then stays out of the model's context: the tool returns the stored file as a `resource_link`.
`storage_path` is a directory (relative to the first allowed directory; created if missing) and must resolve
inside an allowed directory (WORD_BRIDGE_ALLOWED_DIRS), symlinks followed; `filename` is a plain file name.
The place is checked before the tool is called (a refusal costs no call) but nothing is created until the
response is written: a refused or failed call leaves no directory behind. An existing file is never
overwritten, and no symlink is followed when the file and its directories are created, not even one swapped
into the path after the check (`allowed_paths.open_inside`).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from mcp.types import ResourceLink

from bridge.tools.allowed_paths import (DirectoryNotCreated, InvalidPath, NoAllowedDirs, OutsideAllowedDirs,
                                        allowed_dirs, open_inside, path_problem, resolve_allowed)
from bridge.tools.file_tool.errors import FileToolError
from bridge.tools.results import clip

EXTENSIONS: Final = {"json": ".json", "string": ".txt"}
MIME_TYPES: Final = {"json": "application/json", "string": "text/plain"}


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.")[:60] or "response"


def default_filename(server: str, tool_name: str, response_format: str) -> str:
    """`<server>_<tool>_<UTC time>_<random>.json|.txt`: unique, sortable, safe on every file system."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"{_slug(server)}_{_slug(tool_name)}_{stamp}_{secrets.token_hex(3)}{EXTENSIONS[response_format]}"


NO_LINKS: Final = "a response is never written through a symbolic link: choose another filename"
MAX_NAME_BYTES: Final = 255
"""The longest file name most file systems take (ext4, APFS, NTFS count bytes or UTF-16 units; bytes is stricter)."""


def _check_filename(filename: str) -> str:
    """The name to create, or the reason it cannot be one."""
    name = filename.strip()
    problem = path_problem(filename)
    if problem is not None:
        raise FileToolError(f"Invalid filename: {problem}")
    if (not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name
            or (os.name == "nt" and ":" in name)):
        raise FileToolError(f"Invalid filename '{clip(filename)}': give a plain file name (no directories); "
                            "use storage_path for the directory")
    size = len(os.fsencode(name))
    if size > MAX_NAME_BYTES:
        raise FileToolError(f"Invalid filename '{clip(filename)}': it is {size} bytes long, longer than the "
                            f"{MAX_NAME_BYTES} bytes a file name may have")
    return name


@dataclass
class StorageTarget:
    """A checked place for the response: a new file inside an allowed directory (which may not exist yet)."""

    path: Path
    server: str
    tool_name: str
    response_format: str
    description: str | None
    shown: str = ""
    """`storage_path` as the caller gave it (clipped; the first allowed directory without one), for messages."""


def _check_creatable(directory: Path, shown: str) -> None:
    """Refuse a directory that could not be created (under a file, or read-only) without creating anything."""
    existing = directory
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise FileToolError(f"Storage path '{shown}' cannot be created: Not a directory")
    if existing != directory and not os.access(existing, os.W_OK | os.X_OK):
        raise FileToolError(f"Storage path '{shown}' cannot be created: Permission denied")


def plan_storage(*, server: str, tool_name: str, storage_path: str | None, filename: str | None,
                 response_format: str, description: str | None) -> StorageTarget:
    """Check the directory and the file name before the tool runs, so a refusal costs no call; create nothing."""
    try:
        dirs = allowed_dirs()
    except NoAllowedDirs as exc:  # the default would be `/` or the home folder: the message says how to set one
        raise FileToolError(exc.refusal("Storage path", clip(storage_path or str(exc.cwd or ".")))) from None
    shown = clip(storage_path) if storage_path else str(dirs[0])
    try:
        directory = resolve_allowed(storage_path or dirs[0], dirs)
    except InvalidPath as exc:
        raise FileToolError(f"Invalid storage_path: {exc.reason}") from None
    except OutsideAllowedDirs as exc:  # or one of the bridge's secret places, the message says which
        raise FileToolError(exc.refusal("Storage path", shown)) from None
    except (OSError, RuntimeError) as exc:
        raise FileToolError(f"Storage path '{shown}' cannot be resolved: {clip(str(exc))}") from None
    _check_creatable(directory, shown)
    name = _check_filename(filename) if filename else default_filename(server, tool_name, response_format)
    place = directory / name
    try:
        target = resolve_allowed(place, dirs)  # a symlink named like the file must not lead outside
    except OutsideAllowedDirs:
        refusal = f"File path '{clip(str(place))}' is not within allowed directories"
        if place.is_symlink():
            refusal += f": it is a symbolic link to {_link_target(place)}, outside them; {NO_LINKS}"
        raise FileToolError(refusal) from None
    except (OSError, RuntimeError) as exc:  # a symlink loop, or the path changing while it is resolved
        raise FileToolError(f"Storage path '{shown}' cannot be resolved: {clip(str(exc))}") from None
    if place.is_symlink():  # even one to a file that does not exist: the name is taken by the link
        missing = "" if target.exists() else ", which does not exist"
        raise FileToolError(f"File '{clip(str(place))}' is a symbolic link to {_link_target(place)}{missing}; "
                            f"{NO_LINKS}")
    if os.path.lexists(place) or target.exists():
        raise FileToolError(f"File '{target}' already exists; choose another filename")
    return StorageTarget(target, server, tool_name, response_format, description, shown)


def _link_target(place: Path) -> str:
    """Where the symbolic link `place` points, as it is written (`'../outside.txt'`)."""
    try:
        return f"'{clip(os.readlink(place))}'"
    except OSError:
        return "a target that cannot be read"


def write_response(target: StorageTarget, text: str) -> ResourceLink:
    """Write `text` to the new file (never over an existing one, never through a symlink) and link to it. Its
    directory is created now that there is a response to write; the file and the directories on the way are opened
    from the allowed directory one at a time without following symlinks (`open_inside`), so a symlink swapped into
    the path since `plan_storage` cannot lead the write outside."""
    data = text.encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    try:
        dirs = allowed_dirs()
        fd = open_inside(target.path, flags, 0o644, dirs=dirs, make_dirs=True)
    except FileExistsError:
        raise FileToolError(f"File '{target.path}' already exists; choose another filename") from None
    except OutsideAllowedDirs as exc:
        raise FileToolError(exc.refusal("File path", clip(str(target.path)))) from None
    except (DirectoryNotCreated, NotADirectoryError) as exc:
        raise FileToolError(f"Storage path '{target.shown}' cannot be created: {exc.strerror or exc}") from None
    except OSError as exc:  # PathChanged: a directory of the path became a symlink since it was checked
        raise FileToolError(f"File '{target.path}' cannot be written: {exc.strerror or exc}") from None
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    label = f"{target.server}:{target.tool_name}"
    return ResourceLink(type="resource_link", uri=target.path.as_uri(), name=target.path.name,
                        title=f"Response of {label}", description=target.description or f"Stored response of {label}",
                        mime_type=MIME_TYPES[target.response_format], size=len(data))
