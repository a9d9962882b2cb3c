"""The companion tools' "no document" error, through the real edit service with no pane connected (QA: it said the
same thing twice, "no Word document is connected; No Word document is connected. Open the document…")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from bridge.server.mcp_tools import build_mcp_server
from bridge.tools.word_access import failure_reason
from bridge.word.hub import Hub
from bridge.word.service import EditService

pytestmark = pytest.mark.anyio


def once(text: str) -> None:
    """One sentence saying no document is connected, then how to connect one."""
    assert text.casefold().count("no word document is connected") == 1, text
    assert "Open the document in Word, then open the Word Bridge task pane" in text
    assert "; No Word" not in text and "connected;" not in text


async def test_document_analyzer_and_start_session_say_it_once(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    server = build_mcp_server(EditService(Hub()))
    async with Client(server) as client:
        with pytest.raises(MCPError) as caught:
            await client.call_tool("document_analyzer", {"fromDocument": True, "analysis_type": "readability"})
        session = await client.call_tool("start_session", {"fromDocument": True})
    details = caught.value.error.data["error_details"]
    assert details.startswith("No Word document is connected. Open the document in Word")
    once(details)
    assert session.is_error
    message = json.loads(session.content[0].text)["message"]
    assert message.startswith("Could not read the Word document: No Word document is connected. Open the document")
    once(message)


def test_failure_reason_keeps_distinct_messages_and_drops_repeats() -> None:
    result = {"code": "E_NOT_FOUND", "diagnostics": [
        {"level": "error", "msg": "no Word document is connected"},
        {"level": "info", "msg": "No Word document is connected. Open it."},
        {"level": "warn", "msg": "ignored: not a level asked for"},
        {"level": "info", "msg": "Retry later."},
        {"level": "info", "msg": "retry later"},
    ]}
    assert failure_reason(result) == "No Word document is connected. Open it.; Retry later."
    assert failure_reason(result, ("error",)) == "no Word document is connected"
    assert failure_reason({"code": "E_TIMEOUT"}) == "E_TIMEOUT"
