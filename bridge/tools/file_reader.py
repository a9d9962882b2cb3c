"""`file_reader` (seed 000, tool 1): read a text file inside the allowed directories.

Paths are fenced by `allowed_paths` (WORD_BRIDGE_ALLOWED_DIRS, default the server's working directory unless that
is a file system root, the home directory or above it: then every path is refused, saying how to set the variable):
a path outside them is the seed's `permission_denied`, naming the allowed directories, and is checked
before anything about the file is looked at, so the answer does not reveal whether it exists. The bridge's
own secret places (its certificates and data directories) and private key files (by name, or by a PEM private key
in what was read) are refused the same way, `error_details` saying why (`allowed_paths.ProtectedPath`). A path with a
control character (NUL, a line break…) or a lone surrogate is an `invalid_parameter` error naming `path`.
The result is the seed's `file_content` object; `metadata` always carries the file type, the validity of
JSON/CSV files and the line count (as the seed's basic example shows), and `include_metadata` adds the
details (CSV columns, JSON top-level shape, character and word counts, resolved path, MIME type). JSON nested
too deeply for the parser is read all the same, reported not valid with the reason in `json_error`. A workbook,
Word file or PDF (`office_files`) is `unsupported_format`, saying to save it as CSV or text.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import mimetypes
import os
import stat
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, ConfigDict

from bridge.tools.allowed_paths import (InvalidPath, OutsideAllowedDirs, allowed_dirs, open_inside, path_problem,
                                        refuse_secret_content, resolve_readable, stat_inside)
from bridge.tools.argument_names import refuse_unknown_arguments, seed_refusal
from bridge.tools.arguments import RawText, check, guarded, invalid, list_schema
from bridge.tools.formatting.csv_limit import allow_large_fields
from bridge.tools.formatting.office_files import binary_office_file, what_to_do
from bridge.tools.results import INTERNAL_ERROR, INVALID_PARAMS, seed_error, seed_result

NAME: Final = "file_reader"
SCHEMA: Final[dict[str, dict[str, Any]]] = {
    "path": {"type": "string", "description": "Absolute or relative file path to read",
             "examples": ["/path/to/file.txt", "./data/config.json", "C:\\Users\\user\\file.txt"],
             "minLength": 1, "maxLength": 500},
    "encoding": {"type": "string", "description": "File encoding (default: utf-8)",
                 "enum": ["utf-8", "ascii", "latin-1", "utf-16"], "default": "utf-8"},
    "max_size": {"type": "integer", "description": "Maximum file size to read in bytes (default: 1048576 = 1MB)",
                 "minimum": 1, "maximum": 10485760, "default": 1048576},
    "include_metadata": {"type": "boolean", "description": "Include file metadata in response (default: false)",
                         "default": False},
}
DESCRIPTION: Final = (
    "Read file contents from the local filesystem: a text file inside the allowed directories "
    "(WORD_BRIDGE_ALLOWED_DIRS; default the server's working directory, unless that is / or the home folder; "
    "relative paths start in the first one). "
    "Returns the content with its size, modification time and metadata (file type, JSON/CSV validity, line "
    "count; with include_metadata also CSV columns, JSON keys, character and word counts)."
)
# Extension → the seed's file_type; anything else is its extension, or "text" without one.
FILE_TYPES: Final = {
    "json": "json", "csv": "csv", "tsv": "tsv", "txt": "text", "text": "text", "log": "text", "md": "markdown",
    "markdown": "markdown", "htm": "html", "html": "html", "xml": "xml", "yml": "yaml", "yaml": "yaml",
}
SUGGEST_NOT_FOUND: Final = ["Check if the file path is correct", "Verify file exists in the specified location",
                            "Ensure you have read permissions"]
SUGGEST_PERMISSION: Final = ["Check file permissions", "Verify user has read access", "Contact system administrator"]
SUGGEST_TOO_LARGE: Final = ["Use a smaller file", "Increase max_size parameter", "Process file in chunks"]


class FileContent(BaseModel):
    """The seed's `file_content` object."""

    model_config = ConfigDict(extra="allow")
    type: Literal["file_content"]
    file_path: str
    content: str
    encoding: str
    size_bytes: int
    last_modified: str
    metadata: dict[str, Any]


def register(server: MCPServer, word: object = None) -> None:
    """Add `file_reader` to `server` (`word` is unused: this tool reads the file system, not the document)."""

    async def file_reader(
        path: RawText = None, encoding: RawText = None,  # type: ignore[assignment]
        max_size: Any = None, include_metadata: Any = None,
    ) -> Annotated[CallToolResult, FileContent]:
        raw = {"path": path, "encoding": encoding, "max_size": max_size, "include_metadata": include_metadata}
        return await guarded(NAME, _run(raw))

    server.tool(name=NAME, title="Read a file", description=DESCRIPTION,
                annotations=ToolAnnotations(title="Read a file", read_only_hint=True, destructive_hint=False,
                                            idempotent_hint=True, open_world_hint=False))(file_reader)
    list_schema(server, NAME, SCHEMA, ["path"])
    refuse_unknown_arguments(server, NAME, seed_refusal)


async def _run(raw: dict[str, Any]) -> CallToolResult:
    args = {name: check(name, value, SCHEMA[name]) for name, value in raw.items()}
    problem = path_problem(args["path"])
    if problem is not None:
        raise invalid("path", problem, args["path"])
    obj = await anyio.to_thread.run_sync(_read, args["path"], args["encoding"], args["max_size"],
                                         args["include_metadata"])
    line = "File content successfully read with metadata" if args["include_metadata"] else \
        "File content successfully read"
    return seed_result(line, obj)


def _read(path: str, encoding: str, max_size: int, detailed: bool) -> dict[str, Any]:
    """Resolve and fence the path, then read at most `max_size` bytes of a regular file."""
    try:
        dirs = allowed_dirs()  # NoAllowedDirs (an OutsideAllowedDirs) when the default would be `/` or the home folder
        resolved = resolve_readable(path, dirs)
    except InvalidPath as exc:
        raise invalid("path", exc.reason, path) from None
    except OutsideAllowedDirs as exc:
        raise _outside(path, exc) from None
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise _not_found(path, f"the path cannot be resolved: {exc}") from None
    try:
        info = stat_inside(resolved, dirs)  # never through a symlink swapped into the path since the check
    except OutsideAllowedDirs as exc:
        raise _outside(path, exc) from None
    except (FileNotFoundError, NotADirectoryError):
        raise _not_found(path, f"{resolved} does not exist") from None
    except PermissionError:
        raise _denied(path, f"{resolved} cannot be examined (no permission)") from None
    except OSError as exc:  # PathChanged: a directory of the path became a symlink since the check
        raise _denied(path, f"{resolved} cannot be examined: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise seed_error(INVALID_PARAMS, "Not a regular file", "not_a_file",
                         ["Give the path of a file, not a directory", "List the directory's files another way"],
                         file_path=path, error_details=f"{resolved} is a {_kind(info.st_mode)}")
    if info.st_size > max_size:
        raise _too_large(path, info.st_size, max_size)
    data = _read_bytes(path, resolved, max_size, dirs)
    try:
        refuse_secret_content(path, resolved, data, dirs)
    except OutsideAllowedDirs as exc:
        raise _outside(path, exc) from None
    binary = binary_office_file(path, data)
    if binary is not None:  # in latin-1 it would "decode" to garbage
        advice = what_to_do(path)
        raise seed_error(INVALID_PARAMS, "Unsupported file format", "unsupported_format",
                         [advice[0].upper() + advice[1:], "file_reader reads text files"],
                         file_path=path, error_details=f"{resolved.name} is {binary}, a binary format")
    try:
        text = data.decode("utf-8-sig" if encoding == "utf-8" else encoding)
    except UnicodeDecodeError as exc:
        raise seed_error(INTERNAL_ERROR, "File content cannot be decoded", "encoding_error",
                         [f"The file is not valid {encoding}", "Try encoding latin-1 (it decodes any bytes)",
                          "Try utf-16 for files saved as Unicode by Windows tools"],
                         file_path=path, encoding=encoding,
                         error_details=f"byte {exc.start}: {exc.reason}") from None
    modified = dt.datetime.fromtimestamp(info.st_mtime, dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"type": "file_content", "file_path": path, "content": text, "encoding": encoding,
            "size_bytes": len(data), "last_modified": modified, "metadata": _metadata(resolved, text, detailed)}


def _read_bytes(path: str, resolved: Path, max_size: int, dirs: list[Path]) -> bytes:
    """Open without following a symlink swapped into the path since the check (`open_inside`), never blocking on a
    FIFO."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = open_inside(resolved, flags, dirs=dirs)
    except OutsideAllowedDirs as exc:
        raise _outside(path, exc) from None
    except (FileNotFoundError, NotADirectoryError):
        raise _not_found(path, f"{resolved} does not exist") from None
    except OSError as exc:  # EACCES, or PathChanged: the file or a directory became a symlink after the check
        raise _denied(path, f"{resolved} cannot be opened: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        opened = os.fstat(handle.fileno())
        if not stat.S_ISREG(opened.st_mode):
            raise _denied(path, f"{resolved} is no longer a regular file")
        data = handle.read(max_size + 1)  # a file that grew since stat() is still cut at the limit
    if len(data) > max_size:
        raise _too_large(path, max(len(data), opened.st_size), max_size)
    return data


def _metadata(resolved: Path, text: str, detailed: bool) -> dict[str, Any]:
    suffix = resolved.suffix.lower().lstrip(".")
    file_type = FILE_TYPES.get(suffix, suffix or "text")
    meta: dict[str, Any] = {"file_type": file_type}
    extra: dict[str, Any] = {}
    if file_type == "json":
        try:
            value = json.loads(text)
        except ValueError as exc:
            meta["is_valid_json"] = False
            extra["json_error"] = str(exc)
        except RecursionError:  # valid or not, the content is still read and returned
            meta["is_valid_json"] = False
            extra["json_error"] = "nested too deeply to check (more levels of arrays and objects than the parser handles)"
        else:
            meta["is_valid_json"] = True
            extra["json_type"] = _json_kind(value)
            if isinstance(value, dict):
                extra["keys"] = list(value)[:100]
            elif isinstance(value, list):
                extra["item_count"] = len(value)
    elif file_type in ("csv", "tsv"):
        columns = _csv_columns(text, "\t" if file_type == "tsv" else ",")
        meta["is_valid_csv"] = columns is not None
        if columns is not None:
            extra["column_count"] = len(columns)
            extra["columns"] = columns
    meta["line_count"] = len(text.splitlines())
    if not detailed:
        return meta
    mime, _ = mimetypes.guess_type(resolved.name)
    return {**meta, **extra, "char_count": len(text), "word_count": len(text.split()),
            "mime_type": mime or "text/plain", "resolved_path": str(resolved)}


def _csv_columns(text: str, delimiter: str) -> list[str] | None:
    """The header row, if every non-empty row parses and has as many fields as it (else None). A field may be as
    long as the largest file this tool reads (`allow_large_fields`)."""
    allow_large_fields()
    try:
        rows = [row for row in csv.reader(io.StringIO(text), delimiter=delimiter, strict=True) if row]
    except csv.Error:
        return None
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        return None
    return [cell.strip() for cell in rows[0]]


def _json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    return {dict: "object", list: "array", str: "string", int: "number", float: "number"}.get(type(value), "null")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "named pipe"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "special file"


def _not_found(path: str, details: str) -> Exception:
    return seed_error(INTERNAL_ERROR, "File not found", "file_not_found", SUGGEST_NOT_FOUND,
                      file_path=path, error_details=details)


def _denied(path: str, details: str) -> Exception:
    return seed_error(INTERNAL_ERROR, "Permission denied", "permission_denied", SUGGEST_PERMISSION,
                      file_path=path, error_details=details)


def _outside(path: str, exc: OutsideAllowedDirs) -> Exception:
    """The seed's permission_denied with its own suggestions; error_details names the allowed directories and
    WORD_BRIDGE_ALLOWED_DIRS (or, for one of the bridge's secret places, which it is), `allowed_directories` lists
    them."""
    return seed_error(INTERNAL_ERROR, "Permission denied", "permission_denied", SUGGEST_PERMISSION,
                      file_path=path, error_details=str(exc), allowed_directories=[str(d) for d in exc.allowed])


def _too_large(path: str, size: int, max_size: int) -> Exception:
    return seed_error(INTERNAL_ERROR, "File size exceeds limit", "file_too_large", SUGGEST_TOO_LARGE,
                      file_path=path, file_size=size, max_size=max_size)
