"""Word Bridge: let MCP clients edit the Word document a person has open."""

from __future__ import annotations


def _version() -> str:
    """pyproject.toml's version: read from the checkout when running from one (an editable install's metadata
    keeps the version it was installed with), else from the installed package's metadata."""
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") == "word-bridge" and isinstance(project.get("version"), str):
            return str(project["version"])
    except (OSError, ValueError):
        pass
    from importlib import metadata  # costs ~25 ms: only for an installed wheel

    try:
        return metadata.version("word-bridge")
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = _version()
