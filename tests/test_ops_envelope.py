"""Envelope, legacy form, diagnostics and describe_ops of bridge.word.ops."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops import SUPPORTED_OPS, describe_ops, parse_edit_task

IT = {"scope": "selection", "location": "replace", "newParagraph": False, "keepFormatting": True}


def error(content: Any = "x", meta: Any = None, **kw: Any) -> OpError:
    with pytest.raises(OpError) as info:
        parse_edit_task(content=content, meta=meta, **kw)
    return info.value


def test_supported_ops_in_seed_order() -> None:
    assert SUPPORTED_OPS == (
        "insertText", "getSelection", "search", "replace", "insertPicture",
        "table.create", "table.insertRows", "table.insertColumns", "table.deleteRows", "table.deleteColumns",
        "table.setCellText", "table.mergeCells", "table.applyStyle", "applyStyle", "listStyles",
        "readDocument", "insertMarkdown",
        "trackChanges.set", "trackChanges.get", "trackChanges.list", "trackChanges.accept", "trackChanges.reject",
        "comment.add", "comment.list", "comment.reply", "comment.resolve", "comment.delete",
        "anchor.create", "anchor.list", "anchor.remove",
        "insertBreak", "hyperlink.set",
        "headerFooter.get", "headerFooter.set", "footnote.insert", "endnote.insert",
        "batch",
    )


# ------------------------------------------------------------------ meta forms and versions

GOOD_META: list[tuple[str, Any, dict[str, Any]]] = [
    ("string", '{"type":"word.op","op":"insertText","version":"1.0","args":{"text":"Hi"}}', {"text": "Hi", **IT}),
    ("object", {"type": "word.op", "op": "insertText", "version": "1.0", "args": {"text": "Hi"}}, {"text": "Hi", **IT}),
    ("version-int", {"type": "word.op", "op": "insertText", "version": 1, "args": {"text": "Hi"}}, {"text": "Hi", **IT}),
    ("version-1", {"type": "word.op", "op": "insertText", "version": "1", "args": {"text": "Hi"}}, {"text": "Hi", **IT}),
    ("version-1.7", {"type": "word.op", "op": "insertText", "version": "1.7", "args": {"text": "Hi"}}, {"text": "Hi", **IT}),
    ("version-float", {"type": "word.op", "op": "insertText", "version": 1.0, "args": {"text": "Hi"}}, {"text": "Hi", **IT}),
    ("no-args", {"type": "word.op", "op": "getSelection", "version": "1.0"}, {}),
    ("null-args", {"type": "word.op", "op": "getSelection", "version": "1.0", "args": None}, {}),
    ("args-json-string", {"type": "word.op", "op": "insertText", "version": "1.0", "args": '{"text":"Hi"}'}, {"text": "Hi", **IT}),
]


@pytest.mark.parametrize(("meta", "expected"), [c[1:] for c in GOOD_META], ids=[c[0] for c in GOOD_META])
def test_meta_forms(meta: Any, expected: dict[str, Any]) -> None:
    parsed = parse_edit_task(content="summary", meta=meta, action="append", target="document")
    assert parsed.args == expected  # action/target ignored when meta is given
    assert parsed.version == "1.0"


def test_missing_version_defaults_with_info() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "getSelection", "args": {}})
    assert parsed.version == "1.0"
    assert parsed.diagnostics == [{"level": "info", "msg": "meta.version missing: assumed 1.0", "field": "meta.version"}]


def test_empty_content_is_fine_with_meta() -> None:
    assert parse_edit_task("", {"type": "word.op", "op": "getSelection", "version": "1.0"}).op == "getSelection"


BAD_META: list[tuple[str, Any, str, str, str]] = [
    # (id, meta, code, field, text in msg)
    ("bad-json", '{"type": "word.op", ', "E_INVALID_ARG", "meta", "line 1 column 21"),
    ("json-array", "[1, 2]", "E_INVALID_ARG", "meta", "JSON object"),
    ("meta-number", 5, "E_INVALID_ARG", "meta", "JSON object"),
    ("no-type", {"op": "insertText", "version": "1.0", "args": {"text": "a"}}, "E_INVALID_ARG", "meta.type", '"type": "word.op"'),
    ("wrong-type", {"type": "word.cmd", "op": "insertText", "version": "1.0"}, "E_INVALID_ARG", "meta.type", "word.op"),
    ("version-2", {"type": "word.op", "op": "insertText", "version": "2.0"}, "E_UNSUPPORTED", "meta.version", "1.x"),
    ("version-int-3", {"type": "word.op", "op": "insertText", "version": 3}, "E_UNSUPPORTED", "meta.version", "1.x"),
    ("version-0", {"type": "word.op", "op": "insertText", "version": "0.9"}, "E_UNSUPPORTED", "meta.version", "not supported"),
    ("version-garbage", {"type": "word.op", "op": "insertText", "version": "latest"}, "E_INVALID_ARG", "meta.version", '"1.0"'),
    ("version-bool", {"type": "word.op", "op": "insertText", "version": True}, "E_INVALID_ARG", "meta.version", "version"),
    ("no-op", {"type": "word.op", "version": "1.0"}, "E_INVALID_ARG", "meta.op", "insertText, getSelection"),
    ("op-number", {"type": "word.op", "op": 3, "version": "1.0"}, "E_INVALID_ARG", "meta.op", "string"),
    ("unknown-op", {"type": "word.op", "op": "deleteDocument", "version": "1.0"}, "E_UNSUPPORTED", "meta.op", "Supported ops: insertText"),
    ("op-case", {"type": "word.op", "op": "InsertText", "version": "1.0"}, "E_UNSUPPORTED", "meta.op", 'Did you mean "insertText"?'),
    ("op-typo", {"type": "word.op", "op": "insertPictur", "version": "1.0"}, "E_UNSUPPORTED", "meta.op", 'Did you mean "insertPicture"?'),
    ("op-create-table", {"type": "word.op", "op": "createTable", "version": "1.0"}, "E_UNSUPPORTED", "meta.op", 'Did you mean "table.create"?'),
    ("op-table-sub", {"type": "word.op", "op": "table.merge", "version": "1.0"}, "E_UNSUPPORTED", "meta.op", 'Did you mean "table.mergeCells"?'),
    ("args-list", {"type": "word.op", "op": "insertText", "version": "1.0", "args": ["a"]}, "E_INVALID_ARG", "args", "must be an object"),
    ("args-string", {"type": "word.op", "op": "insertText", "version": "1.0", "args": "hello"}, "E_INVALID_ARG", "args", "must be an object"),
]


@pytest.mark.parametrize(("meta", "code", "field", "text"), [c[1:] for c in BAD_META], ids=[c[0] for c in BAD_META])
def test_bad_envelopes(meta: Any, code: str, field: str, text: str) -> None:
    err = error(meta=meta)
    assert (err.code, err.field) == (code, field)
    assert text in err.msg


def test_error_op_is_known_op_or_unknown() -> None:
    assert error(meta={"type": "word.op", "op": "insertText", "version": "9"}).op == "insertText"
    assert error(meta={"type": "word.op", "op": "nope", "version": "1.0"}).op == "unknown"
    assert error(meta="{").op == "unknown"


def test_no_suggestion_for_nonsense() -> None:
    assert "Did you mean" not in error(meta={"type": "word.op", "op": "zzzzqqq", "version": "1.0"}).msg


# ------------------------------------------------------------------ legacy form

LEGACY: list[tuple[str, Any, Any, dict[str, Any]]] = [
    ("default", None, None, {"text": "Hello", "scope": "selection", "location": "end", "newParagraph": False, "keepFormatting": True}),
    ("insert-cursor", "insert", "cursor", {"text": "Hello", "scope": "selection", "location": "end", "newParagraph": False, "keepFormatting": True}),
    ("insert-document", "insert", "document", {"text": "Hello", "scope": "document", "location": "end", "newParagraph": False, "keepFormatting": True}),
    ("replace-selection", "replace", "selection", {"text": "Hello", **IT}),
    ("replace-cursor", "replace", "cursor", {"text": "Hello", **IT}),
    ("replace-document", "replace", "document", {"text": "Hello", **IT, "scope": "document"}),
    ("append", "append", None, {"text": "Hello", "scope": "document", "location": "end", "newParagraph": True, "keepFormatting": True}),
    ("append-selection", "append", "selection", {"text": "Hello", "scope": "document", "location": "end", "newParagraph": True, "keepFormatting": True}),
    ("case", "REPLACE", "Selection", {"text": "Hello", **IT}),
    ("blank-meta", "replace", "selection", {"text": "Hello", **IT}),
]


@pytest.mark.parametrize(("action", "target", "expected"), [c[1:] for c in LEGACY], ids=[c[0] for c in LEGACY])
def test_legacy_form(action: Any, target: Any, expected: dict[str, Any]) -> None:
    parsed = parse_edit_task(content="Hello", meta="  " if action == "replace" else None, action=action, target=target)
    assert (parsed.op, parsed.args) == ("insertText", expected)
    assert parsed.diagnostics[0]["level"] == "info"


LEGACY_BAD: list[tuple[str, Any, Any, Any, str]] = [
    ("empty-content", "", "insert", "cursor", "content"),
    ("content-not-str", 5, "insert", "cursor", "content"),
    ("bad-action", "x", "delete", "cursor", "action"),
    ("bad-target", "x", "insert", "paragraph", "target"),
    ("action-not-str", "x", 3, None, "action"),
]


@pytest.mark.parametrize(("content", "action", "target", "field"), [c[1:] for c in LEGACY_BAD], ids=[c[0] for c in LEGACY_BAD])
def test_legacy_errors(content: Any, action: Any, target: Any, field: str) -> None:
    err = error(content=content, action=action, target=target)
    assert (err.code, err.field) == ("E_INVALID_ARG", field)


# ------------------------------------------------------------------ diagnostics

def _warns(parsed: Any) -> list[dict[str, Any]]:
    return [d for d in parsed.diagnostics if d["level"] == "warn"]


def test_extra_args_dropped_with_one_warning() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "applyStyle", "version": "1.0",
                                   "args": {"foo": 1, "char": {"bold": True, "glow": True}, "para": {"list": "bullet", "x": 0}}})
    assert parsed.args == {"scope": "selection", "clearOtherStyles": False, "char": {"bold": True}, "para": {"list": "bullet"}}
    warns = _warns(parsed)
    assert len(warns) == 1
    assert warns[0]["field"] == "args.foo"
    for name in ("args.foo", "args.char.glow", "args.para.x"):
        assert name in warns[0]["msg"]


def test_get_selection_extras_warn() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "getSelection", "version": "1.0", "args": {"scope": "document"}})
    assert parsed.args == {}
    assert _warns(parsed)[0]["field"] == "args.scope"


def test_table_style_extras_nested() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "table.applyStyle", "version": "1.0",
                                   "args": {"tableRef": "tbl_1", "style": {"name": "TableGrid", "shiny": True}}})
    assert _warns(parsed)[0]["field"] == "args.style.shiny"


def test_args_beside_envelope_are_used_when_args_missing() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "insertText", "version": "1.0", "text": "Hi"})
    assert parsed.args == {"text": "Hi", **IT}
    assert _warns(parsed)[0]["field"] == "meta.args"


def test_unknown_envelope_keys_warn() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "getSelection", "version": "1.0", "args": {}, "taskId": "t1"})
    assert _warns(parsed) == [{"level": "warn", "msg": "unknown meta keys ignored: meta.taskId", "field": "meta.taskId"}]


def test_replace_ignored_flags_warn() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "replace", "version": "1.0",
                                   "args": {"target": "selection", "replaceWith": "X", "matchCase": True}})
    assert parsed.args == {"target": "selection", "replaceWith": "X", "mode": "replaceAll"}
    assert _warns(parsed)[0]["field"] == "args.matchCase"


def test_inferences_are_reported_as_info() -> None:
    pic = parse_edit_task("s", {"type": "word.op", "op": "insertPicture", "version": "1.0", "args": {"data": "https://e.com/a.png"}})
    assert {"level": "info", "msg": 'source not given: "url" inferred from data', "field": "args.source"} in pic.diagnostics
    table = parse_edit_task("s", {"type": "word.op", "op": "table.create", "version": "1.0", "args": {"data": [[1, "a"]]}})
    fields = [d.get("field") for d in table.diagnostics if d["level"] == "info"]
    assert fields == ["args.rows", "args.cols", "args.data"]


def test_clean_input_has_no_diagnostics() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "insertText", "version": "1.0", "args": {"text": "a"}})
    assert parsed.diagnostics == []


def test_wire_is_json_ready() -> None:
    parsed = parse_edit_task("s", {"type": "word.op", "op": "applyStyle", "version": "1.0", "args": {"char": {"highlight": None}}})
    assert json.loads(json.dumps(parsed.wire())) == parsed.wire()


# ------------------------------------------------------------------ describe_ops

def test_describe_ops_is_compact_and_complete() -> None:
    text = describe_ops()
    assert len(text) <= 6500  # one tool description; clients show it whole
    for op in SUPPORTED_OPS:
        assert op in text


def test_describe_ops_examples_parse() -> None:
    examples = [line for line in describe_ops().splitlines() if line.startswith('{"type":"word.op"')]
    assert len(examples) >= 3
    for line in examples:
        parsed = parse_edit_task("example", line)
        assert not [d for d in parsed.diagnostics if d["level"] != "info"], line


def test_describe_ops_defaults_match_models() -> None:
    """Every `name=value` default the reference quotes is what the parser fills in."""
    text = describe_ops()
    required = {"insertText": {"text": "a"}, "search": {"query": "a"}, "insertPicture": {"source": "url", "data": "https://e.com/a.png"},
                "table.create": {"rows": 1, "cols": 1}, "applyStyle": {"clearOtherStyles": True}, "replace": {"query": "a", "replaceWith": "b"}}
    for op, args in required.items():
        line = next(row for row in text.splitlines() if row.startswith(f"- {op}:"))
        canonical = parse_edit_task("s", {"type": "word.op", "op": op, "version": "1.0", "args": args}).args
        for name, value in re.findall(r"(\w+)=(\"[^\"]*\"|true|false|\d+)", line):
            if name in args:
                continue
            assert canonical[name] == json.loads(value), (op, name)
