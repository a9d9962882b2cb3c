"""The annotation tools refuse fields they do not know, naming them (with the nearest known name), instead of
dropping them and reporting success.

QA: annotate_chunk with "categorys" or "label", and annotate_chunks items with "catgories", answered success and
counted the chunk as annotated (get_progress 100%) with nothing saved; `highlight: true` in an annotate_chunks
item was ignored. The seed's schemas list the properties without `additionalProperties` (the listed schemas stay
as written); a key outside them is Zod's `unrecognized_keys` issue in the seed's error object.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client

from tests.tools.test_annotations import FEE, client, data_dir, failed, new_session, ok

__all__ = ["client", "data_dir"]  # fixtures

pytestmark = pytest.mark.anyio


def unrecognized(keys: list[str], message: str, path: list[Any] | None = None) -> dict[str, Any]:
    return {"code": "unrecognized_keys", "keys": keys, "path": path or [], "message": message}


async def test_annotate_chunk_refuses_an_unknown_field_and_saves_nothing(client: Client) -> None:
    session = await new_session(client)
    typo = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "0",
                                                   "categorys": ["fee_schedule"]})
    assert typo == {"type": "InvalidAnnotation", "message": "Annotation validation failed", "issues": [
        unrecognized(["categorys"], "Unrecognized key(s) in object: 'categorys'; did you mean 'categories'?")]}
    two = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "label": ["Fee Schedule"],
                                                  "colour": None})
    assert two["issues"] == [unrecognized(
        ["label", "colour"], "Unrecognized key(s) in object: 'label', 'colour'; did you mean 'labels' for "
                             "'label'? Known keys: 'sessionId', 'chunkId', 'categories', 'labels', 'subtypes', "
                             "'keywords', 'tags', 'notes', 'summary', 'highlight'")]
    # listed after the issues of the known fields, as Zod lists them
    mixed = await failed(client, "annotate_chunk", {"sessionId": session, "chunkId": "0", "tags": "x",
                                                    "summry": "s"})
    assert [i["code"] for i in mixed["issues"]] == ["invalid_type", "unrecognized_keys"]
    progress = await ok(client, "get_progress", {"sessionId": session})
    assert progress["annotatedChunks"] == 0 and progress["completionPercentage"] == 0


async def test_annotate_chunks_fails_the_items_with_unknown_fields(client: Client) -> None:
    session = await new_session(client, 3)
    answer = await ok(client, "annotate_chunks", {"sessionId": session, "annotations": [
        {"chunkId": "0", **FEE},
        {"chunkId": "1", "catgories": ["footnotes"]},
        {"chunkId": "2", **FEE, "highlight": True},
    ]})
    assert [(r["chunkId"], r["success"]) for r in answer["results"]] == [("0", True), ("1", False), ("2", False)]
    assert answer["successCount"] == 1 and answer["errorCount"] == 2
    assert answer["results"][1]["error"] == {
        "type": "InvalidAnnotation", "message": "Annotation validation failed", "issues": [
            unrecognized(["catgories"], "Unrecognized key(s) in object: 'catgories'; did you mean 'categories'?")]}
    (issue,) = answer["results"][2]["error"]["issues"]
    assert issue["code"] == "unrecognized_keys" and issue["keys"] == ["highlight"]
    assert "annotate_chunk" in issue["message"] and "one chunk" in issue["message"]
    progress = await ok(client, "get_progress", {"sessionId": session})
    assert progress["annotatedChunks"] == 1 and progress["pendingChunkIds"] == ["1", "2"]

    envelope = await failed(client, "annotate_chunks", {"sessionId": session, "annotation": []})
    assert envelope["type"] == "InvalidAnnotation"
    assert envelope["issues"][-1] == unrecognized(
        ["annotation"], "Unrecognized key(s) in object: 'annotation'; did you mean 'annotations'?")


async def test_the_other_tools_refuse_unknown_arguments_too(client: Client) -> None:
    started = await failed(client, "start_session", {"fromDocuments": True})
    assert started["type"] == "InvalidConfig"
    assert started["issues"][-1] == unrecognized(
        ["fromDocuments"], "Unrecognized key(s) in object: 'fromDocuments'; did you mean 'fromDocument'?")
    session = await new_session(client, 2)
    relation = await failed(client, "add_relation", {"sessionId": session, "sourceChunkId": "0",
                                                     "targetChunkId": "1", "relationType": "references",
                                                     "bidirectional": True})
    assert relation["type"] == "InvalidRelation" and relation["issues"][0]["keys"] == ["bidirectional"]
    for tool in ("get_progress", "export_annotations"):
        extra = await failed(client, tool, {"sessionId": session, "format": "csv"})
        assert extra["type"] == "InvalidInput" and extra["issues"] == [unrecognized(
            ["format"], "Unrecognized key(s) in object: 'format'. Known keys: 'sessionId'")]
        misspelt = await failed(client, tool, {"sessionID": session})
        assert misspelt["type"] == "InvalidInput" and misspelt["issues"][-1]["keys"] == ["sessionID"]
        assert "did you mean 'sessionId'?" in misspelt["issues"][-1]["message"]


async def test_a_config_file_may_carry_more_than_the_chunks(client: Client) -> None:
    """`config` is the seed's config file: keys beside `chunks` and in a chunk are the file's own, not typos of
    a tool argument, and stay accepted (Zod's default)."""
    made = await ok(client, "start_session", {"config": {"name": "Q3 fees", "chunks": [
        {"chunk_id": "a", "position": 0, "text": "x", "page": 3}]}})
    assert made["chunkCount"] == 1


async def test_a_misspelt_key_inside_config_is_refused_by_its_path(client: Client) -> None:
    """A key in `config` or a chunk that misspells a known one (`postion`, `chunk`) is refused as a top-level typo
    is, its path named; other keys of the config file stay accepted (above)."""
    typo = await failed(client, "start_session", {"config": {
        "chunks": [{"chunk_id": "a", "position": 0, "text": "x", "postion": 3}], "chunk": []}})
    assert typo["type"] == "InvalidConfig" and typo["message"] == "Config validation failed"
    assert sorted(typo["issues"], key=lambda issue: len(issue["path"])) == [
        unrecognized(["chunk"], "Unrecognized key(s) in object config: 'chunk'; did you mean 'chunks'?",
                     ["config"]),
        unrecognized(["postion"], "Unrecognized key(s) in object config.chunks[0]: 'postion'; did you mean "
                                  "'position'?", ["config", "chunks", 0])]
    with_other_issues = await failed(client, "start_session", {"config": {"chunks": [
        {"chunk_id": "a", "postion": 0, "text": "x"}]}})  # position is missing too: both are said
    assert [(i["code"], i["path"]) for i in with_other_issues["issues"]] == [
        ("invalid_type", ["config", "chunks", 0, "position"]), ("unrecognized_keys", ["config", "chunks", 0])]
    kept = await ok(client, "start_session", {"config": {"chunks": [
        {"chunk_id": "a", "position": 0, "text": "x", "chunk_index": 0, "page": 3, "heading": "Fees"}]}})
    assert kept["chunkCount"] == 1  # a chunker's own fields are not typos
