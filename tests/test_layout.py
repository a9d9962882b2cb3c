"""The package layout's one rule: imports run one way (server → tools → word; setup stands alone)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "bridge"

# For each group, the groups it must never import.
FORBIDDEN = {
    "word": {"server", "tools"},
    "tools": {"server"},
    "setup": {"server", "tools", "word"},
}


def _imported_groups(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"))
    groups: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "bridge" and len(parts) > 1:
                groups.add(parts[1])
    return groups


@pytest.mark.parametrize("group", sorted(FORBIDDEN))
def test_imports_run_one_way(group: str) -> None:
    offenders = []
    for module in sorted((PACKAGE / group).rglob("*.py")):
        bad = _imported_groups(module) & FORBIDDEN[group]
        if bad:
            offenders.append(f"{module.relative_to(PACKAGE.parent)} imports bridge.{', bridge.'.join(sorted(bad))}")
    assert offenders == []


def test_no_module_is_left_at_the_top_but_the_shared_ones() -> None:
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert top == ["__init__.py", "__main__.py", "cli.py", "config.py", "outbound.py", "paths.py"]


def test_no_relative_imports_cross_folders() -> None:
    """Relative imports stay inside one folder, so the rule above sees every cross-group import."""
    offenders = []
    for module in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        offenders += [f"{module.name}:{node.lineno}" for node in ast.walk(tree)
                      if isinstance(node, ast.ImportFrom) and node.level > 1]
    assert offenders == []


def test_what_trafilatura_needs_is_a_direct_dependency() -> None:
    """The README's install uses the venv's own pip, which before 24 skipped `lxml[html_clean]` (an extra spelled
    `html-clean` in lxml's metadata): web_content_fetcher then failed with an ImportError on a fresh clone."""
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text(encoding="utf-8"))
    names = {re.split(r"[<>=\[ ;]", dep, maxsplit=1)[0].lower().replace("-", "_") for dep in project["project"]["dependencies"]}
    assert {"trafilatura", "lxml_html_clean"} <= names
