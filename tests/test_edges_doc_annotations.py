"""Annotation tools, rough edges from the user audit: chunk ids of a session from the document are discoverable
(start_session lists them, ChunkNotFound names the valid ones), and input errors say what is wrong (a missing
sessionId, a JSON null, a JSON string that does not parse).

The document is the pane's side of readDocument at the tool's boundary (structure blocks, paged), as in
tests/tools/test_annotations.py; the last test goes through the real bridge to a pane over WSS.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from bridge.tools.annotations import register
from bridge.tools.annotations.database import close_all
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, ServerThread, read_document_pane
from tests.tools.paged_document import PagedDocument

pytestmark = pytest.mark.anyio

UNKNOWN = "00000000-0000-4000-8000-000000000000"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    yield tmp_path
    close_all()


def Document(blocks: list[dict[str, Any]]) -> PagedDocument:  # noqa: N802 - reads as the class it makes
    """readDocument's structure pages over `blocks`, three blocks a page."""
    return PagedDocument(blocks, page_size=3)


def paragraph(index: int, text: str, heading: int | None = None) -> dict[str, Any]:
    block: dict[str, Any] = {"index": index, "type": "paragraph", "text": text,
                             "style": f"Heading {heading}" if heading else "Normal"}
    if heading:
        block["headingLevel"] = heading
    return block


# The README's example document: heading sections start at blocks 0, 2, 4 and 12 (empty paragraphs between).
README_BLOCKS = [
    paragraph(0, "Fee Schedule", 1), paragraph(1, "Participants pay a monthly fee."),
    paragraph(2, "Port Fees", 2), paragraph(3, "Ports cost $100."),
    paragraph(4, "Market Data", 2), *[paragraph(i, "Feeds are billed monthly." if i == 5 else "") for i in range(5, 12)],
    paragraph(12, "Footnotes", 1), paragraph(13, "1. Fees are monthly."),
]


def server(blocks: list[dict[str, Any]] | None = None) -> MCPServer:
    built = MCPServer("edges")
    register(built, Document(blocks if blocks is not None else README_BLOCKS))
    return built


@pytest.fixture
async def client() -> AsyncIterator[Client]:
    async with Client(server()) as connected:
        yield connected


async def answer(client: Client, tool: str, args: dict[str, Any]) -> tuple[bool, Any]:
    result = await client.call_tool(tool, args)
    return bool(result.is_error), json.loads(result.content[0].text)


async def ok(client: Client, tool: str, args: dict[str, Any]) -> Any:
    failed, body = await answer(client, tool, args)
    assert not failed, body
    return body


async def failed(client: Client, tool: str, args: dict[str, Any]) -> Any:
    is_error, body = await answer(client, tool, args)
    assert is_error, body
    return body


# ---- finding 2: chunk ids are discoverable -------------------------------------------------------------------

async def test_start_session_from_the_document_lists_the_chunk_ids(client: Client) -> None:
    made = await ok(client, "start_session", {"fromDocument": True, "split": "heading"})
    assert made["chunkCount"] == 4 and made["chunkIds"] == ["0", "2", "4", "12"]
    assert made["message"] == "Session created successfully" and "chunkIdsNote" not in made
    by_config = await ok(client, "start_session", {"config": {"chunks": [
        {"chunk_id": "a", "position": 0, "text": "x"}]}})
    assert set(by_config) == {"sessionId", "chunkCount", "message"}, "a config session answers as the seed"


async def test_the_readme_example_says_which_chunk_ids_exist(client: Client) -> None:
    """README: start_session {fromDocument, split: heading} then annotate_chunk {chunkId: "1"}."""
    session = (await ok(client, "start_session", {"fromDocument": True, "split": "heading"}))["sessionId"]
    missing = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "1",
                                                      "categories": ["fee_schedule"], "labels": ["Fee Schedule"]})
    assert missing["type"] == "ChunkNotFound"
    assert missing["message"] == (f"Chunk '1' not found in session {session}; chunk ids are the positions of the "
                                  "document's blocks; this session's are '0', '2', '4', '12'")
    batch = await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [{"chunkId": "3"},
                                                                                       {"chunkId": "2"}]})
    assert batch["results"][0]["error"]["message"].endswith("this session's are '0', '2', '4', '12'")
    assert batch["results"][1]["success"] is True
    relation = await failed(client, "add_relation", {"sessionId": session, "sourceChunkId": "0",
                                                     "targetChunkId": "5", "relationType": "references"})
    assert relation["type"] == "ChunkNotFound" and "'0', '2', '4', '12'" in relation["message"]


async def test_a_long_document_session_lists_the_first_ids_and_names_the_nearest() -> None:
    blocks = [paragraph(2 * i, f"Paragraph number {i}.") if i % 2 == 0 else paragraph(2 * i, "") for i in range(600)]
    async with Client(server(blocks)) as client:
        made = await ok(client, "start_session", {"fromDocument": True})
        missing = await failed(client, "annotate_chunk", {"sessionId": made["sessionId"], "chunkId": "101"})
        named = await failed(client, "annotate_chunk", {"sessionId": made["sessionId"], "chunkId": "intro"})
    assert made["chunkCount"] == 300 and made["chunkIds"][:3] == ["0", "4", "8"] and len(made["chunkIds"]) == 200
    assert made["chunkIdsNote"] == "the first 200 of 300 chunk ids; get_progress lists every pending one"
    assert "the nearest of this session's 300 are '92', '96', '100', '104', '108', '112'" in missing["message"]
    assert "the first of this session's 300 are '0', '4', '8', '12', '16', '20'" in named["message"]


# ---- finding 3: messages that say what is wrong --------------------------------------------------------------

async def test_a_missing_session_id_is_a_validation_error_not_session_not_found(client: Client) -> None:
    for tool in ("get_progress", "export_annotations"):
        missing = await failed(client, tool, {})
        assert missing == {"type": "InvalidInput", "message": "Input validation failed: sessionId is required (the "
                                                              "sessionId start_session returned)",
                           "issues": [{"code": "invalid_type", "received": "undefined", "path": ["sessionId"],
                                       "message": "Required"}]}, tool
        null = await failed(client, tool, {"sessionId": None})
        assert null["type"] == "InvalidInput" and "must be a string" in null["message"]
        assert null["issues"] == [{"code": "invalid_type", "expected": "string", "received": "null",
                                   "path": ["sessionId"], "message": "Expected string, received null"}]
        assert (await failed(client, tool, {"sessionId": UNKNOWN}))["type"] == "SessionNotFound"


async def test_json_null_is_reported_as_null(client: Client) -> None:
    session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
    single = await failed(client, "annotate_chunk", {"sessionId": None, "chunkId": "0"})
    assert single["type"] == "InvalidAnnotation" and single["issues"] == [
        {"code": "invalid_type", "expected": "string", "received": "null", "path": ["sessionId"],
         "message": "Expected string, received null"}]
    absent = await failed(client, "annotate_chunk", {"chunkId": "0"})
    assert absent["issues"][0]["received"] == "undefined", "left out is still reported as Required"
    relation = await failed(client, "add_relation", {"sessionId": session, "sourceChunkId": "0",
                                                     "targetChunkId": None, "relationType": "references"})
    assert relation["issues"][0]["received"] == "null" and relation["issues"][0]["path"] == ["targetChunkId"]
    batch = await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [{"chunkId": None}]})
    assert batch["results"][0]["error"]["issues"][0]["message"] == "Expected string, received null"
    envelope = await failed(client, "annotate_chunks", {"sessionId": session, "annotations": None})
    assert envelope["issues"][0]["message"] == "Expected array, received null"
    config = await failed(client, "start_session", {"config": None})
    assert config["issues"] == [{"code": "invalid_type", "expected": "object", "received": "null",
                                 "path": ["config"], "message": "Expected object, received null"}]
    # an optional argument sent as null still counts as left out
    assert (await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "notes": None,
                                                "tags": None}))["notes"] == ""


async def test_a_config_json_string_that_does_not_parse_says_where(client: Client) -> None:
    broken = await failed(client, "start_session", {"config": '{"chunks": ['})
    assert broken["type"] == "InvalidConfig"
    assert broken["issues"] == [{"code": "invalid_type", "expected": "object", "received": "string",
                                 "path": ["config"], "message": "Expected object, received a string that is not "
                                 "valid JSON: Expecting value at line 1 column 13 (character 12)"}]
    session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
    annotations = await failed(client, "annotate_chunks", {"sessionId": session,
                                                           "annotations": '[{"chunkId": "0",}]'})
    assert "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 18" in annotations[
        "issues"][0]["message"]
    plain = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "tags": "urgent"})
    assert plain["issues"][0]["message"] == "Expected array, received string", "not JSON text: nothing to parse"


# ---- the same through the real bridge -----------------------------------------------------------------------

async def test_chunk_ids_through_the_real_bridge(bridge: ServerThread) -> None:
    fake = await FakePane(bridge, title="Fees.docx", handler=read_document_pane(README_BLOCKS, page_size=5)).connect()
    word = RemoteEditService(bridge.config)
    try:
        built = MCPServer("edges")
        register(built, word)
        async with Client(built) as client:
            made = await ok(client, "start_session", {"fromDocument": True, "split": "heading"})
            missing = await failed(client, "annotate_chunk", {"sessionId": made["sessionId"], "chunkId": "1"})
    finally:
        await word.aclose()
        await fake.close()
    assert made["chunkIds"] == ["0", "2", "4", "12"]
    assert missing["message"].endswith("this session's are '0', '2', '4', '12'")
