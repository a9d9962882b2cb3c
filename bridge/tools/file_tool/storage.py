"""Response storage: the upstream's answer written to a file inside the allowed directories.

A large answer then stays out of the model's context: the tool returns the stored file as a `resource_link`.
`storage_path` is a directory (relative to the first allowed directory; created if missing) and must resolve
inside an allowed directory (WORD_BRIDGE_ALLOWED_DIRS), symlinks followed; `filename` is a plain file name.
The place is checked before the tool is called (a refusal costs no call); an existing file is never
overwritten, and a symlink is never followed when the file is created.
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

from bridge.tools.allowed_paths import InvalidPath, OutsideAllowedDirs, allowed_dirs, path_problem, resolve_allowed
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


def _check_filename(filename: str) -> str:
    name = filename.strip()
    problem = path_problem(filename)
    if problem is not None:
        raise FileToolError(f"Invalid filename: {problem}")
    if (not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name or len(name) > 255
            or (os.name == "nt" and ":" in name)):
        raise FileToolError(f"Invalid filename '{clip(filename)}': give a plain file name (no directories); "
                            "use storage_path for the directory")
    return name


@dataclass
class StorageTarget:
    """A checked place for the response: a new file inside an allowed directory."""

    path: Path
    server: str
    tool_name: str
    response_format: str
    description: str | None


def plan_storage(*, server: str, tool_name: str, storage_path: str | None, filename: str | None,
                 response_format: str, description: str | None) -> StorageTarget:
    """Check (and create) the directory and the file name before the tool runs, so a refusal costs no call."""
    dirs = allowed_dirs()
    shown = clip(storage_path) if storage_path else storage_path
    try:
        directory = resolve_allowed(storage_path or dirs[0], dirs)
    except InvalidPath as exc:
        raise FileToolError(f"Invalid storage_path: {exc.reason}") from None
    except OutsideAllowedDirs as exc:
        raise FileToolError(f"Storage path '{shown}' is not within allowed directories "
                            f"({', '.join(map(str, exc.allowed))})") from None
    except (OSError, RuntimeError) as exc:
        raise FileToolError(f"Storage path '{shown}' cannot be resolved: {clip(str(exc))}") from None
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FileToolError(f"Storage path '{shown}' cannot be created: {exc.strerror or exc}") from None
    name = _check_filename(filename) if filename else default_filename(server, tool_name, response_format)
    try:
        target = resolve_allowed(directory / name, dirs)  # a symlink named like the file must not lead outside
    except OutsideAllowedDirs:
        raise FileToolError(f"File path '{clip(str(directory / name))}' is not within allowed directories") from None
    if os.path.lexists(directory / name) or target.exists():
        raise FileToolError(f"File '{target}' already exists; choose another filename")
    return StorageTarget(target, server, tool_name, response_format, description)


def write_response(target: StorageTarget, text: str) -> ResourceLink:
    """Write `text` to the new file (never over an existing one, never through a symlink) and link to it."""
    data = text.encode("utf-8")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(target.path, flags, 0o644)
    except FileExistsError:
        raise FileToolError(f"File '{target.path}' already exists; choose another filename") from None
    except OSError as exc:
        raise FileToolError(f"File '{target.path}' cannot be written: {exc.strerror or exc}") from None
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    label = f"{target.server}:{target.tool_name}"
    return ResourceLink(type="resource_link", uri=target.path.as_uri(), name=target.path.name,
                        title=f"Response of {label}", description=target.description or f"Stored response of {label}",
                        mime_type=MIME_TYPES[target.response_format], size=len(data))
