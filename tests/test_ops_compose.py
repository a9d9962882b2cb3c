"""The read-and-compose ops on the server: readDocument, insertMarkdown, batch, expectText, dryRun, tables from records."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.markdown_blocks import markdown_to_blocks
from bridge.word.ops import parse_edit_task
from bridge.word.ops.parsed import ParsedOp


def run(op: str, args: Any) -> ParsedOp:
    return parse_edit_task(meta={"type": "word.op", "op": op, "version": "1.0", "args": args})


def fails(op: str, args: Any) -> OpError:
    with pytest.raises(OpError) as info:
        run(op, args)
    return info.value


# --- readDocument -------------------------------------------------------------------

def test_read_document_defaults() -> None:
    assert run("readDocument", {}).args == {"scope": "document", "format": "text", "offset": 0, "limit": 200,
                                            "maxChars": 20000, "includeRangeIds": False}


@pytest.mark.parametrize(("args", "field"), [
    ({"format": "html"}, "args.format"),
    ({"offset": -1}, "args.offset"),
    ({"limit": 0}, "args.limit"),
    ({"limit": 1001}, "args.limit"),
    ({"maxChars": 10}, "args.maxChars"),
    ({"includeRangeIds": "yes"}, "args.includeRangeIds"),
    ({"scope": "tableId:rng_1"}, "args.scope"),  # a tableId scope holds a table's id (tbl_…)
])
def test_read_document_refuses(args: dict[str, Any], field: str) -> None:
    assert fails("readDocument", args).field == field


def test_read_document_aliases() -> None:
    assert run("readDocument", {"format": "md", "scope": "rng_1"}).args["format"] == "markdown"
    assert run("readDocument", {"format": "json"}).args["format"] == "structure"


# --- insertMarkdown -----------------------------------------------------------------

def test_markdown_becomes_canonical_blocks() -> None:
    blocks = markdown_to_blocks(
        "# Report\n\nSome **bold** and *italic* and `code` with a [link](https://example.org).\n\n"
        "- one\n  - nested\n1. first\n\n| Name | Qty |\n|---|---|\n| Pens | 3 |\n\n> quoted\n\n```\nx = 1\n```\n"
    ).blocks
    assert blocks == [
        {"type": "heading", "level": 1, "runs": [{"text": "Report"}]},
        {"type": "paragraph", "runs": [
            {"text": "Some "}, {"text": "bold", "bold": True}, {"text": " and "}, {"text": "italic", "italic": True},
            {"text": " and "}, {"text": "code", "code": True}, {"text": " with a "},
            {"text": "link", "link": "https://example.org"}, {"text": "."}]},
        {"type": "listItem", "kind": "bullet", "level": 0, "runs": [{"text": "one"}]},
        {"type": "listItem", "kind": "bullet", "level": 1, "runs": [{"text": "nested"}]},
        {"type": "listItem", "kind": "number", "level": 0, "runs": [{"text": "first"}]},
        {"type": "table", "header": True, "rows": [["Name", "Qty"], ["Pens", "3"]]},
        {"type": "quote", "runs": [{"text": "quoted"}]},
        {"type": "code", "text": "x = 1"},
    ]


def test_markdown_all_heading_levels_and_nested_marks() -> None:
    blocks = markdown_to_blocks("\n\n".join(f"{'#' * n} H{n}" for n in range(1, 7)) + "\n\n***both***").blocks
    assert [b.get("level") for b in blocks[:6]] == [1, 2, 3, 4, 5, 6]
    assert blocks[6]["runs"] == [{"text": "both", "bold": True, "italic": True}]


def test_setext_level_one_heading_is_a_title() -> None:
    """readDocument writes a Title paragraph as a setext heading: it comes back as a title heading, `#` as Heading 1."""
    blocks = markdown_to_blocks("Report\n======\n\n# Summary\n\nSub\n---\n\n> Quoted\n> ===\n\nText").blocks
    assert blocks == [
        {"type": "heading", "level": 1, "title": True, "runs": [{"text": "Report"}]},
        {"type": "heading", "level": 1, "runs": [{"text": "Summary"}]},
        {"type": "heading", "level": 2, "runs": [{"text": "Sub"}]},
        {"type": "heading", "level": 1, "title": True, "runs": [{"text": "Quoted"}]},
        {"type": "paragraph", "runs": [{"text": "Text"}]},
    ]
    parsed = run("insertMarkdown", {"markdown": "Report\n===", "scope": "document"})
    assert parsed.args["blocks"] == [{"type": "heading", "level": 1, "title": True, "runs": [{"text": "Report"}]}]


def test_unsafe_links_and_what_is_left_out_are_reported() -> None:
    converted = markdown_to_blocks("[x](javascript:alert(1)) ![chart](https://example.org/c.png)\n\n---\n\n<b>hi</b>")
    runs = converted.blocks[0]["runs"]
    assert all(r.get("link", "").startswith("https://") for r in runs if "link" in r)
    assert any("horizontal rules" in n for n in converted.notes)
    assert any("images" in n for n in converted.notes)


def test_insert_markdown_op() -> None:
    parsed = run("insertMarkdown", {"markdown": "# T\n\n---", "scope": "document", "location": "after"})
    assert parsed.args == {"blocks": [{"type": "heading", "level": 1, "runs": [{"text": "T"}]}],
                           "scope": "document", "location": "end"}
    assert any("horizontal rules" in d["msg"] and d["field"] == "args.markdown" for d in parsed.diagnostics)
    assert fails("insertMarkdown", {}).field == "args.markdown"
    assert fails("insertMarkdown", {"markdown": ""}).field == "args.markdown"
    assert fails("insertMarkdown", {"markdown": "---"}).field == "args.markdown"


# --- tables from records ------------------------------------------------------------

def test_table_create_from_records() -> None:
    parsed = run("table.create", {"data": [{"name": "Ada", "age": 36}, {"name": "Grace", "city": "Arlington"}]})
    assert parsed.args["rows"] == 3 and parsed.args["cols"] == 3 and parsed.args["header"] is True
    assert parsed.args["data"] == [["name", "age", "city"], ["Ada", "36", ""], ["Grace", "", "Arlington"]]


def test_records_keep_an_explicit_header_choice_and_refuse_mixed_rows() -> None:
    assert run("table.create", {"data": [{"a": 1}], "header": False}).args["header"] is False
    assert fails("table.create", {"data": [{"a": 1}, ["b"]]}).field == "args.data[1]"
    assert fails("table.create", {"data": [{f"k{i}": i for i in range(64)}]}).field == "args.data"


def test_a_thousand_by_ten_table_from_records_is_one_op() -> None:
    records = [{f"c{j}": i * j for j in range(10)} for i in range(1000)]
    parsed = run("table.create", {"data": records})
    assert (parsed.args["rows"], parsed.args["cols"]) == (1001, 10)


# --- expectText and dryRun ----------------------------------------------------------

def test_expect_text_needs_a_range_target() -> None:
    parsed = run("insertText", {"text": "x", "scope": "rangeId:rng_1", "expectText": "old"})
    assert parsed.args["expectText"] == "old"
    assert run("table.setCellText", {"tableRef": "rangeId:rng_2", "row": 0, "col": 0, "text": "x",
                                     "expectText": ""}).args["expectText"] == ""
    assert fails("insertText", {"text": "x", "expectText": "old"}).field == "args.expectText"
    assert fails("insertText", {"text": "x", "scope": "rng_1", "expectText": 5}).field == "args.expectText"


def test_dry_run_on_any_op() -> None:
    assert run("getSelection", {"dryRun": True}).args == {"dryRun": True}
    assert run("getSelection", {"dryRun": False}).args == {}
    assert fails("getSelection", {"dryRun": "yes"}).field == "args.dryRun"


# --- batch --------------------------------------------------------------------------

def batch(*ops: dict[str, Any], **extra: Any) -> ParsedOp:
    return run("batch", {"ops": list(ops), **extra})


def test_batch_validates_every_op_and_keeps_references() -> None:
    parsed = batch(
        {"op": "table.create", "args": {"rows": 2, "cols": 2}},
        {"op": "table.setCellText", "args": {"tableRef": "$0.tableId", "row": 0, "col": 0, "text": "A"}},
        {"op": "insertText", "args": {"text": "after", "scope": "rangeId:$0.rangeId", "location": "after"}},
        {"op": "applyStyle", "args": {"scope": "$2.rangeId", "char": {"bold": True}}},
    )
    ops = parsed.args["ops"]
    assert parsed.args["stopOnError"] is True and "dryRun" not in parsed.args
    assert ops[1]["args"]["tableRef"] == "tableId:$0.tableId"
    assert ops[2]["args"]["scope"] == "rangeId:$0.rangeId"
    assert ops[3]["args"]["scope"] == "rangeId:$2.rangeId"
    assert ops[0]["args"]["header"] is False, "each op gets its defaults"


@pytest.mark.parametrize(("args", "field", "words"), [
    ({"ops": []}, "args.ops", "non-empty"),
    ({"ops": "x"}, "args.ops", "non-empty"),
    ({"ops": [{"op": "getSelection"}] * 501}, "args.ops", "at most 500"),
    ({"ops": [{"op": "getSelection"}, {"op": "insertText", "args": {}}]}, "args.ops[1].args.text", "required"),
    ({"ops": [{"op": "insertText", "args": {"text": "$0.text"}}]}, "args.ops[0].args", "does not run before"),
    ({"ops": [{"op": "batch", "args": {}}]}, "args.ops[0].op", "cannot contain another batch"),
    ({"ops": [{"op": "getSelection", "args": {"dryRun": True}}]}, "args.ops[0].args.dryRun", "on the batch"),
    ({"ops": [{"op": "getSelection"}], "stopOnError": "no"}, "args.stopOnError", "true or false"),
    ({"ops": [5]}, "args.ops[0]", "must be an object"),
    ({"ops": [{"op": "getSelection"}], "trackChanges": "yes"}, "args.trackChanges", "true or false"),
    ({"ops": [{"op": "getSelection"}, {"op": "readDocument"}], "trackChanges": True}, "args.trackChanges", "edits"),
    ({"ops": [{"op": "insertText", "args": {"text": "x"}}, {"op": "trackChanges.set", "args": {"mode": "off"}}],
      "trackChanges": True}, "args.trackChanges", "op 1 is trackChanges.set"),
])
def test_batch_refuses_before_anything_runs(args: dict[str, Any], field: str, words: str) -> None:
    err = fails("batch", args)
    assert err.field == field and words in err.msg and err.code == "E_INVALID_ARG"


def test_batch_unknown_op_is_unsupported_with_its_path() -> None:
    err = fails("batch", {"ops": [{"op": "getSelection"}, {"op": "frobnicate"}]})
    assert err.code == "E_UNSUPPORTED" and err.field == "args.ops[1].op"


def test_batch_dry_run_and_nested_diagnostics() -> None:
    parsed = batch({"op": "insertText", "args": {"text": "x", "bogus": 1}}, dryRun=True, stopOnError=False)
    assert parsed.args["dryRun"] is True and parsed.args["stopOnError"] is False
    assert any(d["field"] == "args.ops[0].args.bogus" for d in parsed.diagnostics)


def test_a_tracked_batch_is_passed_on_and_no_longer_ignored() -> None:
    parsed = batch({"op": "getSelection"}, {"op": "insertText", "args": {"text": "x"}}, trackChanges=True)
    assert parsed.args["trackChanges"] is True
    assert not any("unknown" in d["msg"] for d in parsed.diagnostics)
    assert "trackChanges" not in batch({"op": "insertText", "args": {"text": "x"}}, trackChanges=False).args


def test_fifty_ops_validate_quickly_enough_for_one_call() -> None:
    parsed = batch(*[{"op": "insertText", "args": {"text": f"line {i}", "scope": "document", "location": "end",
                                                   "newParagraph": True}} for i in range(500)])
    assert len(parsed.args["ops"]) == 500
