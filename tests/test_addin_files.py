"""/addin/ serves what the task pane and the playground load, and none of the development files beside them."""

from __future__ import annotations

import posixpath
import re

import httpx
import pytest

from bridge.paths import addin_dir
from tests.support import ServerThread

pytestmark = pytest.mark.anyio
_LINKED = re.compile(r'(?:src|href)="(/addin/[^"]+)"')
_IMPORTED = re.compile(r'(?:\bfrom\s*|\bimport\s*\(?\s*)["\'](\.{1,2}/[^"\']+|/addin/[^"\']+)["\']')


def loaded_by_the_pages() -> set[str]:
    """Every /addin/ path the two pages link, and every module those import, transitively."""
    root = addin_dir()
    pending = [link for page in ("taskpane.html", "playground.html")
               for link in _LINKED.findall((root / page).read_text(encoding="utf-8"))]
    seen: set[str] = set()
    while pending:
        url = pending.pop()
        if url in seen:
            continue
        seen.add(url)
        if url.endswith(".js"):
            source = (root / url.removeprefix("/addin/")).read_text(encoding="utf-8")
            base = url.rsplit("/", 1)[0]
            for target in _IMPORTED.findall(source):
                joined = target if target.startswith("/") else f"{base}/{target}"
                pending.append(posixpath.normpath(joined))
    return seen


async def test_what_the_pages_load_is_served(bridge: ServerThread) -> None:
    wanted = loaded_by_the_pages()
    assert {"/addin/js/main.js", "/addin/taskpane.css", "/addin/playground.js", "/addin/sim/word-sim.js"} <= wanted
    async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
        missing = [url for url in sorted(wanted) if (await http.get(bridge.base_url + url)).status_code != 200]
    assert missing == []


@pytest.mark.parametrize("name", [
    "package.json", "package-lock.json", "jsconfig.json", "sim/README.md", "sim/tools/gen-enums.mjs",
    "node_modules/.package-lock.json", "js/../package-lock.json",
])
async def test_development_files_are_not_served(bridge: ServerThread, name: str) -> None:
    async with httpx.AsyncClient(verify=bridge.client_ssl()) as http:
        response = await http.get(f"{bridge.base_url}/addin/{name}")
    assert response.status_code == 404, name
