"""Where the end-to-end suite runs: the playground (simulated Word) or a real document in Word on the web.

A target opens a document, opens the pane, reads the document's state and resets it between tests. Tests call
the target, never the playground directly, so every case runs on both. Word on the web is opt-in: it needs
`WORD_BRIDGE_E2E_DOC_URL` (a document the tests may overwrite, its title containing `word-bridge-e2e`) and
`WORD_BRIDGE_E2E_STATE` (the Playwright storage state `word-bridge e2e-login` writes). There the document is
read back through the bridge itself (`readDocument` structure), never through Word's DOM.
"""

from __future__ import annotations

import json
import asyncio
import contextlib
import os
import threading
import time
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from bridge.config import BridgeConfig
from bridge.setup.manifest import ADDIN_ID
from bridge.word.remote import mcp_client
from tests.support import ServerThread

OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js"
DOC_URL_VAR = "WORD_BRIDGE_E2E_DOC_URL"
STATE_VAR = "WORD_BRIDGE_E2E_STATE"
TITLE_MARKER = "word-bridge-e2e"
WEB_SKIP = (f"Word on the web: set {DOC_URL_VAR} (a test document whose title contains '{TITLE_MARKER}') and "
            f"{STATE_VAR} (from `word-bridge e2e-login`) to run the suite against it")
ADDIN_NAME = "Word Bridge"


def web_settings() -> tuple[str, Path] | None:
    """The document URL and storage-state file when both are set, else None (the web target is skipped)."""
    url, state = os.environ.get(DOC_URL_VAR), os.environ.get(STATE_VAR)
    return (url, Path(state).expanduser()) if url and state else None


class LoopThread:
    """An asyncio loop in a thread, so sync Playwright tests can await MCP calls."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@dataclass
class Target:
    """One open document with its pane connected to `server`, and MCP calls aimed at it."""

    server: ServerThread
    page: Any
    loop: LoopThread
    document_id: str
    profile: str = "web"
    simulated: ClassVar[bool] = True
    #: seconds to wait for one op's answer (a network host may take seconds per op)
    call_timeout: ClassVar[float] = 60

    # ---- what every target offers ------------------------------------------------
    def op(self, op: str, task_id: str | None = None, **args: Any) -> dict[str, Any]:
        """Run one op through MCP over HTTP and return the structured result."""
        arguments: dict[str, Any] = {"content": f"e2e {op}", "document": self.document_id,
                                     "meta": {"type": "word.op", "op": op, "version": "1.0", "args": args}}
        if task_id:
            arguments["taskId"] = task_id
        return self.loop.run(self._call(arguments), timeout=self.call_timeout)

    async def _call(self, arguments: dict[str, Any]) -> dict[str, Any]:
        async with mcp_client(self.server.config) as client:
            result = await client.call_tool("editTask", arguments)
        envelope = dict(result.structured_content or {})
        assert result.is_error == (not envelope.get("ok")), envelope
        return envelope

    def snapshot(self) -> dict[str, Any]:
        """The document as `{"blocks": [...]}` (paragraphs: type, text, style, list; tables: type, values, …)."""
        raise NotImplementedError

    def set_text(self, text: str) -> None:
        """Make the document exactly these paragraphs, one per line."""
        raise NotImplementedError

    def reset(self) -> None:
        """A known state before each test: one empty paragraph."""
        self.set_text("")

    def sync_count(self) -> int:
        """`context.sync()` calls so far; 0 where they cannot be counted (real Word), so budgets are sim-only."""
        raise NotImplementedError

    def pane(self) -> Any:
        """The pane's frame (a Playwright FrameLocator or Frame)."""
        raise NotImplementedError

    def pane_log(self) -> str:
        with contextlib.suppress(Exception):
            return str(self.pane().locator("#log").inner_text(timeout=2000))
        return "(pane log unavailable)"

    def set_paused(self, paused: bool) -> None:
        """Flip the pane's Pause switch as a person would, and wait until the bridge knows."""
        switch = self.pane().locator("#pause")
        switch.check(force=True) if paused else switch.uncheck(force=True)
        deadline = time.monotonic() + 5 * (1 if self.simulated else 4)
        while not any(d["paused"] is paused for d in self.server.bridge.hub.documents() if d["id"] == self.document_id):
            assert time.monotonic() < deadline, "the pane did not report the pause switch"
            time.sleep(0.05)

    def save_failure(self, directory: Path, name: str) -> list[Path]:
        """A screenshot and the pane's log, for a test that failed on this target."""
        directory.mkdir(parents=True, exist_ok=True)
        stem = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)[:150]
        shot, log = directory / f"{stem}.png", directory / f"{stem}.pane-log.txt"
        with contextlib.suppress(Exception):
            self.page.screenshot(path=str(shot), full_page=True)
        log.write_text(self.pane_log(), encoding="utf-8")
        return [p for p in (shot, log) if p.exists()]


# ---- the playground: simulated Word in the page ------------------------------------------
class Playground(Target):
    """playground.html: the simulator's own snapshot is the document's state."""

    def snapshot(self) -> dict[str, Any]:
        # As JSON text: Playwright's own serialisation of a large object graph took 12 s for a 5,000-row table.
        return dict(json.loads(self.page.evaluate("JSON.stringify(window.wordSim.snapshot())")))

    def set_text(self, text: str) -> None:
        self.page.evaluate("t => window.wordSim.setText(t)", text)

    def sync_count(self) -> int:
        return int(self.page.evaluate("window.wordSim.syncCount"))

    def pane(self) -> Any:
        return self.page.frame_locator("iframe")

    def reset(self) -> None:
        """The state of a page just opened, on a page a module's tests share: Pause off, then the playground's sample
        document, no latency and a sync count of 0 (`restoreSample`: the pane keeps its load, so ids of an earlier
        test would point into the new text; no test uses another's)."""
        if self._document()["paused"]:
            self.set_paused(False)
        self.page.evaluate("window.playground.restoreSample()")

    def usable(self) -> bool:
        """Whether the next test can reuse this page: it is open and its pane is connected as this document."""
        if self.page.is_closed():
            return False
        try:
            self._document()
        except LookupError:
            return False
        return True

    def _document(self) -> dict[str, Any]:
        for document in self.server.bridge.hub.documents():
            if document["id"] == self.document_id:
                return document
        raise LookupError(self.document_id)


def start_server(certs_dir: Any, port: int = 0, *, playground: bool = True, op_timeout: float = 15) -> ServerThread:
    return ServerThread(BridgeConfig(port=port, certs_dir=certs_dir, playground=playground,
                                     op_timeout=op_timeout)).start()


def wait_for_new_document(server: ServerThread, known: set[str], timeout: float, what: str) -> str:
    """The id of the first document that connects after `known` was taken."""
    deadline = time.monotonic() + timeout
    while True:
        fresh = [d for d in server.bridge.hub.documents() if d["id"] not in known]
        if fresh:
            return str(fresh[0]["id"])
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not connect within {timeout:.0f}s")
        time.sleep(0.05)


def open_playground(browser: Any, server: ServerThread, loop: LoopThread, profile: str) -> tuple[Any, Playground]:
    """Open playground.html in a fresh context and wait until its pane has connected."""
    context = browser.new_context()
    context.route(OFFICE_JS, lambda route: route.fulfill(status=200, content_type="text/javascript", body=""))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    known = {d["id"] for d in server.bridge.hub.documents()}
    page.goto(f"{server.base_url}/playground.html?profile={profile}")
    page.wait_for_function("() => window.wordSim !== undefined")
    try:
        document_id = wait_for_new_document(server, known, 15, "the playground's pane")
    except AssertionError as exc:
        raise AssertionError(f"{exc}; page errors: {errors}") from None
    return context, Playground(server, page, loop, document_id, profile)


@contextlib.contextmanager
def playground(browser: Any, server: ServerThread, loop: LoopThread, profile: str) -> Iterator[Playground]:
    """A playground page for the duration of a `with` block."""
    context, word = open_playground(browser, server, loop, profile)
    try:
        yield word
    finally:
        context.close()


def call_failed(request: Any) -> bool:
    """Whether the test of this fixture request failed (tests/conftest.py keeps each phase's report)."""
    report = getattr(request.node, "report_call", None)
    return bool(report is not None and report.failed)


class PlaygroundPages:
    """One playground page that a module's tests on one profile share, opened afresh only when it must be.

    Opening a page costs a second or more (the pane and the simulator are 120 modules); a test instead starts
    from `reset`. A test that failed, or left the page closed or its pane gone, has the next test open a new one.
    """

    def __init__(self, browser: Any, server: ServerThread, loop: LoopThread, profile: str) -> None:
        self._open = lambda: open_playground(browser, server, loop, profile)
        self._context: Any = None
        self._word: Playground | None = None

    def fresh(self) -> Playground:
        """The shared page in its starting state, or a new page."""
        if self._word is not None and self._word.usable():
            try:
                self._word.reset()
                return self._word
            except Exception:  # noqa: BLE001 - a page that cannot be reset is replaced, not reported
                pass
        self.discard()
        self._context, self._word = self._open()
        return self._word

    def discard(self) -> None:
        """Close the page: the next test opens a new one."""
        if self._context is not None:
            with contextlib.suppress(Exception):
                self._context.close()
        self._context, self._word = None, None


# ---- the document read and written through the bridge (what real Word allows) -------------
def read_blocks(target: Target, page_size: int = 500) -> list[dict[str, Any]]:
    """The whole document through `readDocument` structure, in the snapshot's shape for the fields it carries."""
    blocks: list[dict[str, Any]] = []
    offset: int | None = 0
    while offset is not None:
        result = target.op("readDocument", scope="document", format="structure", offset=offset, limit=page_size,
                           maxChars=200000)
        assert result["ok"] is True, result
        blocks += [snapshot_block(b) for b in result["data"]["blocks"]]
        offset = result["data"]["nextOffset"]
    return blocks


def snapshot_block(block: dict[str, Any]) -> dict[str, Any]:
    """A `readDocument` structure block in the simulator snapshot's shape (docs/canonical-ops.md)."""
    if block["type"] == "table":
        table = block.get("table", {})
        out: dict[str, Any] = {"type": "table", "values": table.get("values", []), "rowCount": table.get("rows"),
                               "columnCount": table.get("cols")}
    else:
        out = {"type": "paragraph", "text": block.get("text", "")}
        if block.get("list"):  # the snapshot's shape: which list (listId, number) is readDocument's own news
            out["list"] = {"kind": block["list"]["kind"], "level": block["list"]["level"]}
    if block.get("style"):
        out["style"] = block["style"]
    return out


def write_text(target: Target, text: str) -> None:
    """Replace the whole body (tables included) with these paragraphs through the bridge, and check it took."""
    result = target.op("insertText", text=text, scope="document", location="replace")
    assert result["ok"] is True, result
    got = [b.get("text") if b["type"] == "paragraph" else b["type"] for b in read_blocks(target)]
    assert got == text.split("\n"), f"resetting the document left {got!r}"


# ---- Word on the web -----------------------------------------------------------------------
class WordOnTheWeb(Target):
    """A real document in Word on the web with the add-in sideloaded from our bridge."""

    simulated = False
    call_timeout = 120

    def snapshot(self) -> dict[str, Any]:
        return {"blocks": read_blocks(self)}

    def reset(self) -> None:
        """The document is shared by a module's tests: switch Pause off again and clear the body."""
        if any(d["paused"] for d in self.server.bridge.hub.documents() if d["id"] == self.document_id):
            self.set_paused(False)
        # A review test may have left change tracking on: later edits on the shared document must not be tracked.
        self.op("trackChanges.set", mode="off")
        self.set_text("")

    def set_text(self, text: str) -> None:
        write_text(self, text)

    def sync_count(self) -> int:
        return 0

    def pane(self) -> Any:
        origin = self.server.base_url
        for frame in self.page.frames:
            if frame.url.startswith(origin):
                return frame
        raise AssertionError("the pane's frame is gone")


def sideload_url(doc_url: str, port: int) -> str:
    """The document URL with the sideload parameters `word-bridge sideload web` prints."""
    sep = "&" if "?" in doc_url else "?"
    return (f"{doc_url}{sep}wdaddindevserverport={port}&wdaddinmanifestfile=manifest.xml"
            f"&wdaddinmanifestguid={ADDIN_ID}")


def open_word_web(browser: Any, server: ServerThread, loop: LoopThread, doc_url: str,
                  state: Path) -> tuple[Any, WordOnTheWeb]:
    """Open the test document signed in, wait for Word's frame and the pane; refuse a non-test document."""
    if not state.is_file():
        raise AssertionError(f"{STATE_VAR}={state} does not exist: run `word-bridge e2e-login`")
    context = browser.new_context(storage_state=str(state), viewport={"width": 1600, "height": 1000})
    context.set_default_timeout(60_000)
    with contextlib.suppress(Exception):  # Chrome 142+ asks before a public page may reach localhost (our pane)
        context.grant_permissions(["local-network-access"])
    page = context.new_page()
    known = {d["id"] for d in server.bridge.hub.documents()}
    try:
        page.goto(sideload_url(doc_url, server.config.port), timeout=120_000, wait_until="domcontentloaded")
        if "login." in page.url:
            raise AssertionError("the saved sign-in has expired: run `word-bridge e2e-login` again")
        page.wait_for_selector("iframe", timeout=120_000)  # Word's editor frame
        document_id = _wait_for_pane(page, server, known)
        word = WordOnTheWeb(server, page, loop, document_id, "word-web")
        titles = [page.title()] + [d["title"] for d in server.bridge.hub.documents() if d["id"] == document_id]
        if not any(TITLE_MARKER in t for t in titles):
            raise AssertionError(f"refusing to edit a document whose title lacks {TITLE_MARKER!r}: {titles}")
        return context, word
    except BaseException:
        context.close()
        raise


def _wait_for_pane(page: Any, server: ServerThread, known: set[str], timeout: float = 180) -> str:
    """Wait for the pane to connect; if Word has not opened it, press the add-in's ribbon button once in a while."""
    deadline = time.monotonic() + timeout
    next_click = time.monotonic() + 20
    while time.monotonic() < deadline:
        fresh = [d for d in server.bridge.hub.documents() if d["id"] not in known]
        if fresh:
            return str(fresh[0]["id"])
        if time.monotonic() > next_click:
            next_click = time.monotonic() + 20
            for frame in page.frames:
                with contextlib.suppress(Exception):
                    frame.get_by_role("button", name=ADDIN_NAME).first.click(timeout=2000)
        page.wait_for_timeout(250)
    raise AssertionError(f"the add-in's pane did not connect within {timeout:.0f}s (is Local Network Access "
                         "allowed, and does the document's URL accept the sideload parameters?)")
