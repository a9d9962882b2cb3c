"""Annotation tools (seed 004): the seed's schemas, success texts and error objects, partial success, progress
arithmetic, the export shape, the merge rule, relations, the taxonomy, and chunks from the open document."""

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
from bridge.tools.annotations.taxonomy import DEFAULT_TAXONOMY, taxonomy_json
from bridge.word.remote import RemoteEditService
from tests.support import FakePane, ServerThread, read_document_pane
from tests.tools.paged_document import PagedDocument

pytestmark = pytest.mark.anyio

FEE_SUBTYPES = ["participant_fee", "legal_regulatory_fee", "port_fees_and_other_services", "market_data_fees",
                "fees_and_rebates", "reference"]
SESSION_ID = {"type": "string", "format": "uuid"}
SEED_SCHEMAS: dict[str, dict[str, Any]] = {  # seed 004, as written
    "start_session": {"type": "object", "properties": {"config": {"type": "object", "properties": {"chunks": {
        "type": "array", "items": {"type": "object", "properties": {
            "chunk_id": {"type": "string", "minLength": 1}, "position": {"type": "integer", "minimum": 0},
            "text": {"type": "string"}}, "required": ["chunk_id", "position", "text"]}, "minItems": 1}},
        "required": ["chunks"]}}, "required": ["config"]},
    "annotate_chunk": {"type": "object", "properties": {
        "sessionId": SESSION_ID, "chunkId": {"type": "string"},
        "categories": {"type": "array", "items": {"enum": ["fee_schedule", "footnotes"]}},
        "labels": {"type": "array", "items": {"enum": ["Fee Schedule", "Footnotes"]}},
        "subtypes": {"type": "object", "additionalProperties": {"enum": FEE_SUBTYPES}},
        "keywords": {"type": "array", "items": {"type": "string"}},
        "tags": {"type": "array", "items": {"type": "string"}},
        "notes": {"type": "string"}, "summary": {"type": "string"}}, "required": ["sessionId", "chunkId"]},
    "annotate_chunks": {"type": "object", "properties": {"sessionId": SESSION_ID, "annotations": {
        "type": "array", "items": {"type": "object", "properties": {
            "chunkId": {"type": "string"},
            "categories": {"type": "array", "items": {"enum": ["fee_schedule", "footnotes"]}},
            "labels": {"type": "array", "items": {"enum": ["Fee Schedule", "Footnotes"]}},
            "subtypes": {"type": "object"}, "keywords": {"type": "array", "items": {"type": "string"}},
            "tags": {"type": "array", "items": {"type": "string"}}, "notes": {"type": "string"},
            "summary": {"type": "string"}}, "required": ["chunkId"]}}}, "required": ["sessionId", "annotations"]},
    "add_relation": {"type": "object", "properties": {
        "sessionId": SESSION_ID, "sourceChunkId": {"type": "string"}, "targetChunkId": {"type": "string"},
        "relationType": {"enum": ["dependencies", "footnotes", "references"]}},
        "required": ["sessionId", "sourceChunkId", "targetChunkId", "relationType"]},
    "get_progress": {"type": "object", "properties": {"sessionId": SESSION_ID}, "required": ["sessionId"]},
    "export_annotations": {"type": "object", "properties": {"sessionId": SESSION_ID}, "required": ["sessionId"]},
}
# Beyond the seed (documented): start_session's fromDocument/document/split (so `config` is no longer required),
# annotate_chunk's highlight.
EXTENSIONS = {"start_session": {"fromDocument", "document", "split"}, "annotate_chunk": {"highlight"}}
FEE = {"categories": ["fee_schedule"], "labels": ["Fee Schedule"], "subtypes": {"fee_schedule": "participant_fee"}}


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("WORD_BRIDGE_DATA_DIR", str(tmp_path))
    yield tmp_path
    close_all()


Document = PagedDocument


def server(word: Any = None) -> MCPServer:
    built = MCPServer("annotations-test")
    register(built, word if word is not None else Document([], fail="no document is connected"))
    return built


@pytest.fixture
async def client() -> AsyncIterator[Client]:
    async with Client(server()) as connected:
        yield connected


async def ok(client: Client, tool: str, args: dict[str, Any]) -> Any:
    """A successful call's object, checking the seed's wrapping: one text item holding JSON."""
    result = await client.call_tool(tool, args)
    assert not result.is_error, result.content
    assert len(result.content) == 1 and result.content[0].type == "text"
    return json.loads(result.content[0].text)


async def failed(client: Client, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(tool, args)
    assert result.is_error and len(result.content) == 1
    return json.loads(result.content[0].text)


def chunks(n: int, first_id: int = 0) -> list[dict[str, Any]]:
    return [{"chunk_id": str(first_id + i), "position": i, "text": f"chunk {i}"} for i in range(n)]


async def new_session(client: Client, n: int = 3, first_id: int = 0) -> str:
    return (await ok(client, "start_session", {"config": {"chunks": chunks(n, first_id)}}))["sessionId"]


async def test_listed_schemas_are_the_seeds(client: Client) -> None:
    listed = {t.name: t for t in (await client.list_tools()).tools}
    assert set(SEED_SCHEMAS) <= set(listed)
    for name, seed in SEED_SCHEMAS.items():
        schema = dict(listed[name].input_schema)
        extra = EXTENSIONS.get(name, set())
        assert set(schema["properties"]) - set(seed["properties"]) == extra, name
        schema["properties"] = {k: v for k, v in schema["properties"].items() if k not in extra}
        if name == "start_session":
            assert schema["required"] == []  # config or fromDocument: true
            schema["required"] = ["config"]
        assert schema == seed, name
    assert listed["get_progress"].annotations.read_only_hint is True
    assert listed["annotate_chunk"].annotations.idempotent_hint is True


async def test_start_session_success_and_errors(client: Client) -> None:
    made = await ok(client, "start_session", {"config": {"chunks": chunks(60)}})
    assert set(made) == {"sessionId", "chunkCount", "message"}
    assert made["chunkCount"] == 60 and made["message"] == "Session created successfully"
    assert len(made["sessionId"]) == 36 and made["sessionId"].count("-") == 4

    empty = await failed(client, "start_session", {"config": {"chunks": []}})
    assert empty == {"type": "InvalidConfig", "message": "Config validation failed", "issues": [
        {"code": "too_small", "minimum": 1, "type": "array", "inclusive": True, "exact": False,
         "path": ["config", "chunks"], "message": "Array must contain at least 1 element(s)"}]}
    bad = await failed(client, "start_session", {"config": {"chunks": [
        {"chunk_id": "", "position": -1, "text": "x"}, {"chunk_id": "b", "position": "2"}]}})
    assert bad["type"] == "InvalidConfig"
    assert [(i["code"], i["path"]) for i in bad["issues"]] == [
        ("too_small", ["config", "chunks", 0, "chunk_id"]), ("too_small", ["config", "chunks", 0, "position"]),
        ("invalid_type", ["config", "chunks", 1, "position"]), ("invalid_type", ["config", "chunks", 1, "text"])]
    assert bad["issues"][2]["message"] == "Expected integer, received string"
    assert bad["issues"][3]["message"] == "Required"
    missing = await failed(client, "start_session", {})
    assert missing["type"] == "InvalidConfig" and missing["issues"][0]["path"] == ["config"]

    twice = await failed(client, "start_session", {"config": {"chunks": [
        {"chunk_id": "a", "position": 0, "text": ""}, {"chunk_id": "b", "position": 1, "text": ""},
        {"chunk_id": "a", "position": 2, "text": ""}]}})
    assert twice["type"] == "DuplicateChunk"
    assert twice["issues"] == [{"code": "custom", "path": ["config", "chunks", 2, "chunk_id"],
                                "message": "Duplicate chunk_id 'a' (first at index 0)"}]


async def test_positions_are_zod_integers_that_sqlite_can_store(client: Client) -> None:
    """QA: 2**63 failed as "Error executing tool" (OverflowError in SQLite) and 1.0 was refused; Zod's int()
    accepts 1.0 (the number 1 in JSON) and refuses 1.5."""
    def config(*positions: Any) -> dict[str, Any]:
        return {"config": {"chunks": [{"chunk_id": f"c{n}", "position": p, "text": "x"}
                                      for n, p in enumerate(positions)]}}

    huge = await failed(client, "start_session", config(2**63))
    assert huge == {"type": "InvalidConfig", "message": "Config validation failed", "issues": [
        {"code": "too_big", "maximum": 2**63 - 1, "type": "number", "inclusive": True, "exact": False,
         "path": ["config", "chunks", 0, "position"],
         "message": "Number must be less than or equal to 9223372036854775807"}]}
    assert (await failed(client, "start_session", config(1e300)))["issues"][0]["code"] == "too_big"
    half = await failed(client, "start_session", config(1.0, 1.5))
    assert half["issues"] == [{"code": "invalid_type", "expected": "integer", "received": "float",
                               "path": ["config", "chunks", 1, "position"],
                               "message": "Expected integer, received float"}]
    made = await ok(client, "start_session", config(2.0, 2**63 - 1, 0))
    exported = await ok(client, "export_annotations", {"sessionId": made["sessionId"]})
    assert [(c["chunk_id"], c["position"]) for c in exported["chunks"]] == [("c2", 0), ("c0", 2),
                                                                           ("c1", 2**63 - 1)]


async def test_config_as_a_json_string_is_accepted(client: Client) -> None:
    """Some clients send object arguments as JSON text; the SDK decodes them before validation."""
    made = await ok(client, "start_session", {"config": json.dumps({"chunks": chunks(2)})})
    assert made["chunkCount"] == 2


async def test_annotate_chunk_returns_the_seed_chunk(client: Client) -> None:
    config = [{"chunk_id": f"{i}_fee_schedule_Fee Schedule", "position": i, "text": f"Fee table {i}"}
              for i in range(8)]
    session = (await ok(client, "start_session", {"config": {"chunks": config}}))["sessionId"]
    chunk = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "6_fee_schedule_Fee Schedule",
                                                **FEE, "keywords": ["fees"], "notes": "checked"})
    assert chunk == {"chunk_id": "6_fee_schedule_Fee Schedule", "position": 6, "categories": ["fee_schedule"],
                     "labels": ["Fee Schedule"], "subtypes": {"fee_schedule": "participant_fee"},
                     "keywords": ["fees"], "tags": [], "relations": {}, "notes": "checked", "summary": ""}
    assert list(chunk) == ["chunk_id", "position", "categories", "labels", "subtypes", "keywords", "tags",
                           "relations", "notes", "summary"]


async def test_annotate_chunk_errors(client: Client) -> None:
    session = await new_session(client)
    unknown = "00000000-0000-4000-8000-000000000000"
    assert await failed(client, "annotate_chunk", {"sessionId": unknown, "chunkId": "0"}) == {
        "type": "SessionNotFound", "message": f"Session {unknown} not found"}
    assert await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "nope"}) == {
        "type": "ChunkNotFound", "message": f"Chunk 'nope' not found in session {session}"}
    invalid = await failed(client, "annotate_chunk", {"sessionId": "not-a-uuid", "chunkId": "0",
                                                      "categories": ["fees"], "subtypes": {"fee_schedule": "x"}})
    assert invalid["type"] == "InvalidAnnotation" and invalid["message"] == "Annotation validation failed"
    assert [(i["code"], i["path"]) for i in invalid["issues"]] == [
        ("invalid_string", ["sessionId"]), ("invalid_enum_value", ["categories", 0]),
        ("invalid_enum_value", ["subtypes", "fee_schedule"])]
    assert invalid["issues"][1] == {"code": "invalid_enum_value", "options": ["fee_schedule", "footnotes"],
                                    "received": "fees", "path": ["categories", 0],
                                    "message": "Invalid enum value. Expected 'fee_schedule' | 'footnotes', "
                                               "received 'fees'"}
    # model validation comes before business rules: a bad enum is reported even for an unknown session
    first = await failed(client, "annotate_chunk", {"sessionId": unknown, "chunkId": "0", "tags": "urgent"})
    assert first["type"] == "InvalidAnnotation" and first["issues"][0]["path"] == ["tags"]


async def test_business_rules_follow_the_taxonomy(client: Client) -> None:
    session = await new_session(client)
    cases = [
        ({"labels": ["Footnotes"]}, ["labels", 0]),
        ({"categories": ["fee_schedule"], "subtypes": {"fee_schedule": "reference"}}, ["subtypes", "fee_schedule"]),
        ({"categories": ["footnotes"], "subtypes": {"fee_schedule": "participant_fee"}}, ["subtypes", "fee_schedule"]),
    ]
    for fields, path in cases:
        refused = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", **fields})
        assert refused["type"] == "InvalidAnnotation" and [i["path"] for i in refused["issues"]] == [path], fields
    progress = await ok(client, "get_progress", {"sessionId": session})
    assert progress["annotatedChunks"] == 0  # nothing refused was saved


async def test_highlight_needs_a_session_from_the_document(client: Client) -> None:
    session = await new_session(client)
    refused = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", **FEE,
                                                      "highlight": True})
    assert refused["type"] == "InvalidAnnotation" and "fromDocument" in refused["message"]
    assert refused["issues"][0]["path"] == ["highlight"]
    assert (await ok(client, "get_progress", {"sessionId": session}))["annotatedChunks"] == 0
    assert (await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "highlight": False}))


class CommentingDocument(Document):
    """Also answers readDocument with range ids and records the comments it is asked to add."""

    def __init__(self, blocks: list[dict[str, Any]]) -> None:
        super().__init__(blocks)
        self.comments: list[dict[str, Any]] = []

    async def edit_task(self, *, content: Any = None, meta: Any = None, document: Any = None) -> dict[str, Any]:
        if meta["op"] == "comment.add":
            self.comments.append(meta["args"])
            return {"ok": True, "op": "comment.add", "diagnostics": [],
                    "data": {"commentId": f"c{len(self.comments)}", "rangeId": meta["args"]["scope"][8:]}}
        result = await super().edit_task(content=content, meta=meta, document=document)
        if meta["args"].get("includeRangeIds"):
            result["data"]["blocks"] = [{**b, "rangeId" if b["type"] == "paragraph" else "tableId":
                                         f"{'rng' if b['type'] == 'paragraph' else 'tbl'}_{b['index']}"}
                                        for b in result["data"]["blocks"]]
        return result


async def test_highlight_marks_the_chunk_with_a_comment_carrying_its_labels() -> None:
    document = CommentingDocument(WORD_BLOCKS)
    async with Client(server(document)) as client:
        session = (await ok(client, "start_session", {"fromDocument": True}))["sessionId"]
        marked = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "1", **FEE,
                                                     "notes": "check the rate", "highlight": True})
        table = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "3", **FEE, "highlight": True})
        progress = await ok(client, "get_progress", {"sessionId": session})
    assert marked["highlight"] == {"ok": True, "commentId": "c1",
                                   "text": "Chunk 1: Fee Schedule — check the rate"}
    assert document.comments == [{"scope": "rangeId:rng_1", "text": "Chunk 1: Fee Schedule — check the rate"}]
    assert table["highlight"]["ok"] is False and "table" in table["highlight"]["reason"]
    assert progress["annotatedChunks"] == 2, "the annotation is saved whether or not the comment could be made"


async def test_annotating_again_merges(client: Client) -> None:
    """Given fields replace the stored ones wholesale, fields left out are kept, relations are kept."""
    session = await new_session(client)
    await ok(client, "add_relation", {"sessionId": session, "sourceChunkId": "0", "targetChunkId": "1",
                                      "relationType": "references"})
    await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", **FEE, "keywords": ["a", "b"],
                                        "tags": ["t"], "notes": "first", "summary": "s"})
    again = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "keywords": ["c"],
                                                "tags": [], "categories": ["fee_schedule", "footnotes"]})
    assert again == {"chunk_id": "0", "position": 0, "categories": ["fee_schedule", "footnotes"],
                     "labels": ["Fee Schedule"], "subtypes": {"fee_schedule": "participant_fee"},
                     "keywords": ["c"], "tags": [], "relations": {"references": ["1"]}, "notes": "first",
                     "summary": "s"}
    exported = await ok(client, "export_annotations", {"sessionId": session})
    assert exported["chunks"][0] == again


async def test_repeated_values_are_kept_once_in_first_order(client: Client) -> None:
    """Categories, labels, keywords and tags are sets: a value given twice is stored and exported once."""
    session = await new_session(client)
    single = await ok(client, "annotate_chunk", {
        "sessionId": session, "chunkId": "0", "categories": ["fee_schedule", "fee_schedule"],
        "labels": ["Fee Schedule", "Fee Schedule"], "keywords": ["b", "a", "b"], "tags": ["t", "t"]})
    many = await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [
        {"chunkId": "1", "categories": ["footnotes", "fee_schedule", "footnotes"],
         "labels": ["Footnotes", "Fee Schedule", "Footnotes", "Fee Schedule"]}]})
    assert (single["categories"], single["labels"], single["keywords"], single["tags"]) == (
        ["fee_schedule"], ["Fee Schedule"], ["b", "a"], ["t"])
    assert many["results"][0]["data"]["categories"] == ["footnotes", "fee_schedule"]
    exported = (await ok(client, "export_annotations", {"sessionId": session}))["chunks"]
    assert exported[0] == single and exported[1] == many["results"][0]["data"]
    assert exported[1]["labels"] == ["Footnotes", "Fee Schedule"]


async def test_annotate_chunks_partial_success(client: Client) -> None:
    session = await new_session(client, 4)
    answer = await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [
        {"chunkId": "1", **FEE},
        {"chunkId": "9", "notes": "missing"},
        {"chunkId": "2", "categories": ["footnotes"], "subtypes": {"footnotes": "participant_fee"}},
        {"chunkId": "3", "categories": ["nope"]},
        {"notes": "no id"},
        {"chunkId": "0", "labels": ["Footnotes"], "categories": ["footnotes"],
         "subtypes": {"footnotes": "reference"}},
    ]})
    assert answer["successCount"] == 2 and answer["errorCount"] == 4
    results = answer["results"]
    assert [(r["chunkId"], r["success"]) for r in results] == [
        ("1", True), ("9", False), ("2", False), ("3", False), (None, False), ("0", True)]
    assert results[0]["data"]["subtypes"] == {"fee_schedule": "participant_fee"}
    assert results[1]["error"]["type"] == "ChunkNotFound"
    assert results[2]["error"]["type"] == "InvalidAnnotation"
    assert results[2]["error"]["issues"][0]["path"] == ["subtypes", "footnotes"]
    assert results[3]["error"]["issues"][0]["code"] == "invalid_enum_value"
    assert results[4]["error"]["issues"][0] == {"code": "invalid_type", "received": "undefined",
                                                "path": ["chunkId"], "message": "Required"}
    progress = await ok(client, "get_progress", {"sessionId": session})
    assert progress["pendingChunkIds"] == ["2", "3"]

    whole = await failed(client, "annotate_chunks", {"sessionId": session, "annotations": "none"})
    assert whole["type"] == "InvalidAnnotation" and whole["issues"][0]["path"] == ["annotations"]
    unknown = "11111111-1111-4111-8111-111111111111"
    assert (await failed(client, "annotate_chunks", {"sessionId": unknown, "annotations": [{"chunkId": "0"}]}))[
        "type"] == "SessionNotFound"
    assert await ok(client, "annotate_chunks", {"sessionId": session, "annotations": []}) == {
        "results": [], "successCount": 0, "errorCount": 0}


async def test_add_relation(client: Client) -> None:
    session = await new_session(client, 3, first_id=1)
    args = {"sessionId": session, "sourceChunkId": "1", "targetChunkId": "2", "relationType": "dependencies"}
    assert await ok(client, "add_relation", args) == {"message": "Relation added", "sourceChunkId": "1",
                                                      "targetChunkId": "2", "relationType": "dependencies"}
    assert (await ok(client, "add_relation", args))["message"] == "Relation already exists"
    await ok(client, "add_relation", {**args, "targetChunkId": "3"})
    await ok(client, "add_relation", {**args, "relationType": "footnotes"})
    await ok(client, "add_relation", {**args, "sourceChunkId": "3", "targetChunkId": "1"})  # directed: separate

    assert await failed(client, "add_relation", {**args, "targetChunkId": "7"}) == {
        "type": "ChunkNotFound", "message": f"Chunk '7' not found in session {session}"}
    both = await failed(client, "add_relation", {**args, "sourceChunkId": "8", "targetChunkId": "9"})
    assert both["message"] == f"Chunk '8', '9' not found in session {session}"
    wrong = await failed(client, "add_relation", {**args, "relationType": "cites"})
    assert wrong["type"] == "InvalidRelation" and wrong["issues"][0]["options"] == [
        "dependencies", "footnotes", "references"]
    itself = await failed(client, "add_relation", {**args, "targetChunkId": "1"})
    assert itself["type"] == "InvalidRelation"

    exported = (await ok(client, "export_annotations", {"sessionId": session}))["chunks"]
    assert [c["relations"] for c in exported] == [
        {"dependencies": ["2", "3"], "footnotes": ["2"]}, {}, {"dependencies": ["1"]}]


async def test_progress_arithmetic(client: Client) -> None:
    session = await new_session(client, 60, first_id=1)
    await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [
        {"chunkId": str(i), "tags": ["done"]} for i in range(1, 59)]})
    assert await ok(client, "get_progress", {"sessionId": session}) == {
        "totalChunks": 60, "annotatedChunks": 58, "pendingChunks": 2, "completionPercentage": 96.67,
        "pendingChunkIds": ["59", "60"]}
    # rounded half up from the exact ratio: 1/8 → 12.5, 1/32 → 3.13 (binary float rounding would give 3.12)
    for total, done, expected in ((8, 1, 12.5), (32, 1, 3.13), (3, 1, 33.33), (3, 2, 66.67), (7, 0, 0), (1, 1, 100)):
        sid = await new_session(client, total)
        if done:
            await ok(client, "annotate_chunks", {"sessionId": sid, "annotations": [
                {"chunkId": str(i)} for i in range(done)]})
        found = await ok(client, "get_progress", {"sessionId": sid})
        assert found["completionPercentage"] == expected, (total, done)


async def test_pending_ids_are_in_position_order(client: Client) -> None:
    config = [{"chunk_id": name, "position": pos, "text": ""} for name, pos in
              (("c", 5), ("a", 1), ("d", 9), ("b", 3))]
    session = (await ok(client, "start_session", {"config": {"chunks": config}}))["sessionId"]
    assert (await ok(client, "get_progress", {"sessionId": session}))["pendingChunkIds"] == ["a", "b", "c", "d"]
    exported = await ok(client, "export_annotations", {"sessionId": session})
    assert [c["chunk_id"] for c in exported["chunks"]] == ["a", "b", "c", "d"]


async def test_export_is_the_seed_text(client: Client) -> None:
    config = [{"chunk_id": "0_fee_schedule_Fee Schedule", "position": 0, "text": "Fees"}]
    session = (await ok(client, "start_session", {"config": {"chunks": config}}))["sessionId"]
    await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0_fee_schedule_Fee Schedule", **FEE})
    result = await client.call_tool("export_annotations", {"sessionId": session})
    assert result.content[0].text == (
        '{"chunks":[{"chunk_id":"0_fee_schedule_Fee Schedule","position":0,"categories":["fee_schedule"],'
        '"labels":["Fee Schedule"],"subtypes":{"fee_schedule":"participant_fee"},"keywords":[],"tags":[],'
        '"relations":{},"notes":"","summary":""}]}')


async def test_unicode_and_quotes_survive_export(client: Client) -> None:
    session = await new_session(client, 1)
    note = 'Gebühr "Zürich" \\ 料金 \n 🎉'
    await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "notes": note, "keywords": [note]})
    chunk = (await ok(client, "export_annotations", {"sessionId": session}))["chunks"][0]
    assert chunk["notes"] == note and chunk["keywords"] == [note]


async def test_progress_and_export_errors(client: Client) -> None:
    unknown = "22222222-2222-4222-8222-222222222222"
    for tool in ("get_progress", "export_annotations"):
        assert await failed(client, tool, {"sessionId": unknown}) == {
            "type": "SessionNotFound", "message": f"Session {unknown} not found"}
        malformed = await failed(client, tool, {"sessionId": "42"})
        assert malformed["type"] == "SessionNotFound" and malformed["issues"][0]["code"] == "invalid_string"


async def test_session_ids_are_case_insensitive(client: Client) -> None:
    session = await new_session(client)
    assert (await ok(client, "get_progress", {"sessionId": session.upper()}))["totalChunks"] == 3


async def test_custom_taxonomy(data_dir: Path, client: Client) -> None:
    (data_dir / "taxonomy.json").write_text(json.dumps({"categories": [
        {"id": "risk", "label": "Risk", "subtypes": ["credit", "market"]},
        {"id": "fee_schedule", "label": "Fee Schedule", "subtypes": ["participant_fee"]}]}))
    session = await new_session(client)
    chunk = await ok(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "categories": ["risk"],
                                                "labels": ["Risk"], "subtypes": {"risk": "market"}})
    assert chunk["subtypes"] == {"risk": "market"}
    old = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "1", "categories": ["footnotes"]})
    assert old["issues"][0]["options"] == ["risk", "fee_schedule"]
    async with Client(server()) as fresh:  # a server started now lists the file's enums
        listed = {t.name: t.input_schema for t in (await fresh.list_tools()).tools}
    assert listed["annotate_chunk"]["properties"]["subtypes"]["additionalProperties"] == {
        "enum": ["credit", "market", "participant_fee"]}


async def test_invalid_taxonomy_is_refused_at_start(data_dir: Path, client: Client) -> None:
    (data_dir / "taxonomy.json").write_text('{"categories": [{"id": "a", "label": "A"}, {"id": "a", "label": "B"}]}')
    refused = await failed(client, "start_session", {"config": {"chunks": chunks(1)}})
    assert refused["type"] == "InvalidConfig" and "taxonomy.json is invalid" in refused["message"]
    assert "distinct" in refused["message"]
    (data_dir / "taxonomy.json").write_text(taxonomy_json(DEFAULT_TAXONOMY))
    assert (await ok(client, "start_session", {"config": {"chunks": chunks(1)}}))["chunkCount"] == 1


WORD_BLOCKS = [
    {"index": 0, "type": "paragraph", "text": "Fee Schedule", "style": "Heading 1", "headingLevel": 1},
    {"index": 1, "type": "paragraph", "text": "Participants pay a monthly fee.", "style": "Normal"},
    {"index": 2, "type": "paragraph", "text": "", "style": "Normal"},
    {"index": 3, "type": "table", "text": "", "style": "Table Grid",
     "table": {"rows": 2, "cols": 2, "values": [["Fee", "Amount"], ["Port", "$100"]]}},
    {"index": 4, "type": "paragraph", "text": "Footnotes", "style": "Heading 2", "headingLevel": 2},
    {"index": 5, "type": "paragraph", "text": "1. Fees are monthly.", "style": "Normal"},
]


async def test_start_session_from_the_document() -> None:
    async with Client(server(Document(WORD_BLOCKS))) as client:
        by_paragraph = await ok(client, "start_session", {"fromDocument": True})
        by_heading = await ok(client, "start_session", {"fromDocument": True, "split": "heading"})
        paragraphs = await ok(client, "export_annotations", {"sessionId": by_paragraph["sessionId"]})
        sections = await ok(client, "get_progress", {"sessionId": by_heading["sessionId"]})
    assert by_paragraph["chunkCount"] == 5
    assert [(c["chunk_id"], c["position"]) for c in paragraphs["chunks"]] == [
        ("0", 0), ("1", 1), ("3", 3), ("4", 4), ("5", 5)]
    assert by_heading["chunkCount"] == 2 and sections["pendingChunkIds"] == ["0", "4"]


def test_document_chunk_texts() -> None:
    from bridge.tools.annotations.document import chunk_blocks

    assert chunk_blocks(WORD_BLOCKS, "heading") == [
        ("0", 0, "Fee Schedule\nParticipants pay a monthly fee.\nFee\tAmount\nPort\t$100"),
        ("4", 4, "Footnotes\n1. Fees are monthly.")]
    preamble = [{"index": 0, "type": "paragraph", "text": "Intro"}, *WORD_BLOCKS[4:]]
    assert [c[0] for c in chunk_blocks(preamble, "heading")] == ["0", "4"]


async def test_start_session_from_the_document_errors() -> None:
    async with Client(server(Document([], fail="no document is connected"))) as client:
        unread = await failed(client, "start_session", {"fromDocument": True})
        both = await failed(client, "start_session", {"fromDocument": True, "config": {"chunks": chunks(1)}})
        wrong = await failed(client, "start_session", {"fromDocument": True, "split": "page"})
    assert unread["type"] == "InvalidConfig" and "no document is connected" in unread["message"]
    assert both["type"] == "InvalidConfig" and both["issues"][0]["path"] == ["fromDocument"]
    assert wrong["issues"][0]["code"] == "invalid_enum_value"
    async with Client(server(Document([{"index": 0, "type": "paragraph", "text": "  "}]))) as client:
        blank = await failed(client, "start_session", {"fromDocument": True})
    assert blank["message"] == "The Word document has no text to annotate"


async def test_start_session_from_the_document_through_the_real_bridge(bridge: ServerThread) -> None:
    """readDocument goes over the bridge's editTask to a pane on a real WSS connection."""
    pane = read_document_pane(WORD_BLOCKS, page_size=4)
    fake = await FakePane(bridge, title="Fees.docx", handler=pane).connect()
    word = RemoteEditService(bridge.config)
    try:
        async with Client(server(word)) as client:
            made = await ok(client, "start_session", {"fromDocument": True, "document": "Fees.docx",
                                                      "split": "heading"})
            exported = await ok(client, "export_annotations", {"sessionId": made["sessionId"]})
    finally:
        await word.aclose()
        await fake.close()
    assert [m["op"]["op"] for m in fake.received] == ["readDocument"] * 2
    assert [c["chunk_id"] for c in exported["chunks"]] == ["0", "4"]
