"""Table-driven tests of bridge.word.ops: every op's valid, defaulted, aliased and invalid forms."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.word.envelope import OpError
from bridge.word.ops import SUPPORTED_OPS, ParsedOp, parse_edit_task


def meta(op: str, args: Any = None, **extra: Any) -> dict[str, Any]:
    envelope: dict[str, Any] = {"type": "word.op", "op": op, "version": "1.0", **extra}
    if args is not None:
        envelope["args"] = args
    return envelope


def run(op: str, args: Any) -> ParsedOp:
    return parse_edit_task(content="test", meta=meta(op, args))


def fails(op: str, args: Any) -> OpError:
    with pytest.raises(OpError) as info:
        run(op, args)
    return info.value


IT = {"scope": "selection", "location": "replace", "newParagraph": False, "keepFormatting": True}
FLAGS = {"useRegex": False, "matchCase": False, "matchWholeWord": False, "matchPrefix": False, "matchSuffix": False}
SEARCH = {"scope": "document", **FLAGS, "maxResults": 100, "trackResults": 100}
PIC = {"scope": "selection", "location": "replace", "lockAspectRatio": True, "wrapType": "inline"}
TBL = {"scope": "selection", "location": "end", "header": False}
STYLE = {"scope": "selection", "clearOtherStyles": False}
LIST = {"category": "all", "builtInOnly": True, "includeLocalized": True}
PNG_B64 = "iVBORw0KGgo="  # the PNG signature

VALID: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = [
    # insertText
    ("it-min", "insertText", {"text": "Hi"}, {"text": "Hi", **IT}),
    ("it-empty-text", "insertText", {"text": ""}, {"text": "", **IT}),
    ("it-full", "insertText", {"text": "A", "scope": "document", "location": "start", "newParagraph": True, "keepFormatting": False},
     {"text": "A", "scope": "document", "location": "start", "newParagraph": True, "keepFormatting": False}),
    ("it-where-append", "insertText", {"text": "A", "where": "append"}, {**IT, "text": "A", "location": "end"}),
    ("it-prepend", "insertText", {"text": "A", "location": "prepend"}, {**IT, "text": "A", "location": "start"}),
    ("it-insert-alias", "insertText", {"text": "A", "location": "insert"}, {**IT, "text": "A", "location": "replace"}),
    ("it-office-case", "insertText", {"text": "A", "location": "End"}, {**IT, "text": "A", "location": "end"}),
    ("it-upper-alias", "insertText", {"text": "A", "where": "APPEND"}, {**IT, "text": "A", "location": "end"}),
    ("it-bare-id", "insertText", {"text": "A", "scope": "rng_k3f9_12"}, {**IT, "text": "A", "scope": "rangeId:rng_k3f9_12"}),
    ("it-rangeid", "insertText", {"text": "A", "scope": "rangeId:rng_1"}, {**IT, "text": "A", "scope": "rangeId:rng_1"}),
    ("it-scope-case", "insertText", {"text": "A", "scope": "Document"}, {**IT, "text": "A", "scope": "document"}),
    ("it-doc-after", "insertText", {"text": "A", "scope": "document", "location": "after"}, {**IT, "text": "A", "scope": "document", "location": "end"}),
    ("it-null-is-default", "insertText", {"text": "A", "scope": None}, {"text": "A", **IT}),
    ("it-same-alias", "insertText", {"text": "A", "where": "end", "location": "end"}, {**IT, "text": "A", "location": "end"}),
    # getSelection
    ("sel-empty", "getSelection", {}, {}),
    # search
    ("search-min", "search", {"query": "Invoice"}, {"query": "Invoice", **SEARCH}),
    ("search-full", "search", {"query": "Total", "scope": "selection", "matchCase": True, "matchWholeWord": True, "maxResults": 50},
     {**SEARCH, "query": "Total", "scope": "selection", "matchCase": True, "matchWholeWord": True, "maxResults": 50}),
    ("search-255", "search", {"query": "x" * 255}, {"query": "x" * 255, **SEARCH}),
    ("search-float-int", "search", {"query": "a", "maxResults": 10.0}, {**SEARCH, "query": "a", "maxResults": 10}),
    ("search-suffix", "search", {"query": "ing", "matchSuffix": True}, {**SEARCH, "query": "ing", "matchSuffix": True}),
    # replace
    ("rep-query", "replace", {"target": "searchQuery", "query": "2024", "replaceWith": "2025", "matchWholeWord": True},
     {"target": "searchQuery", "replaceWith": "2025", "mode": "replaceAll", "query": "2024", "scope": "document", **FLAGS, "matchWholeWord": True}),
    ("rep-default-target", "replace", {"query": "a", "replaceWith": "b"},
     {"target": "searchQuery", "replaceWith": "b", "mode": "replaceAll", "query": "a", "scope": "document", **FLAGS}),
    ("rep-first-in-sel", "replace", {"target": "searchQuery", "query": "foo", "replaceWith": "bar", "mode": "replaceFirst", "scope": "selection"},
     {"target": "searchQuery", "replaceWith": "bar", "mode": "replaceFirst", "query": "foo", "scope": "selection", **FLAGS}),
    ("rep-selection", "replace", {"target": "selection", "replaceWith": "X"}, {"target": "selection", "replaceWith": "X", "mode": "replaceAll"}),
    ("rep-bare-id", "replace", {"target": "rng_7", "replaceWith": "X"}, {"target": "rangeId:rng_7", "replaceWith": "X", "mode": "replaceAll"}),
    ("rep-empty-with", "replace", {"query": "a", "replaceWith": ""},
     {"target": "searchQuery", "replaceWith": "", "mode": "replaceAll", "query": "a", "scope": "document", **FLAGS}),
    ("rep-target-plus-query", "replace", {"target": "selection", "query": "a", "replaceWith": "b"},
     {"target": "searchQuery", "replaceWith": "b", "mode": "replaceAll", "query": "a", "scope": "selection", **FLAGS}),
    ("rep-mode-alias", "replace", {"query": "a", "replaceWith": "b", "mode": "first"},
     {"target": "searchQuery", "replaceWith": "b", "mode": "replaceFirst", "query": "a", "scope": "document", **FLAGS}),
    # insertPicture
    ("pic-url", "insertPicture", {"source": "url", "data": "https://example.com/logo.png", "width": 120, "altText": "Logo"},
     {"source": "url", "data": "https://example.com/logo.png", **PIC, "width": 120, "altText": "Logo"}),
    ("pic-b64-doc-end", "insertPicture", {"source": "base64", "data": PNG_B64, "scope": "document", "location": "end"},
     {"source": "base64", "data": PNG_B64, **PIC, "scope": "document", "location": "end"}),
    ("pic-data-url", "insertPicture", {"source": "base64", "data": "data:image/png;base64,iVBORw0K\nGgo="},
     {"source": "base64", "data": PNG_B64, **PIC}),
    ("pic-unpadded", "insertPicture", {"source": "base64", "data": "iVBORw0KGgo"}, {"source": "base64", "data": PNG_B64, **PIC}),
    ("pic-infer-url", "insertPicture", {"data": "http://example.com/a.jpg"}, {"source": "url", "data": "http://example.com/a.jpg", **PIC}),
    ("pic-infer-b64", "insertPicture", {"data": PNG_B64}, {"source": "base64", "data": PNG_B64, **PIC}),
    ("pic-sizes", "insertPicture", {"source": "url", "data": "https://e.com/x.png", "width": "1in", "height": "2cm", "wrapType": "Square"},
     {"source": "url", "data": "https://e.com/x.png", **PIC, "width": 72, "height": 56.69, "wrapType": "square"}),
    ("pic-infront", "insertPicture", {"source": "url", "data": "https://e.com/x.png", "wrapType": "in front"},
     {"source": "url", "data": "https://e.com/x.png", **PIC, "wrapType": "inFront"}),
    ("pic-where", "insertPicture", {"source": "url", "data": "https://e.com/x.png", "where": "append"},
     {"source": "url", "data": "https://e.com/x.png", **PIC, "location": "end"}),
    # table.create
    ("tc-min", "table.create", {"rows": 3, "cols": 3, "header": True}, {"rows": 3, "cols": 3, **TBL, "header": True}),
    ("tc-data-padded", "table.create", {"rows": 3, "cols": 2, "data": [["Name", "Qty"], ["Pens"]]},
     {"rows": 3, "cols": 2, **TBL, "data": [["Name", "Qty"], ["Pens", ""], ["", ""]]}),
    ("tc-data-stringified", "table.create", {"rows": 1, "cols": 4, "data": [[1, 2.5, True, None]]},
     {"rows": 1, "cols": 4, **TBL, "data": [["1", "2.5", "true", ""]]}),
    ("tc-size-from-data", "table.create", {"data": [["a", "b", "c"], ["d"]]},
     {"rows": 2, "cols": 3, **TBL, "data": [["a", "b", "c"], ["d", "", ""]]}),
    ("tc-where", "table.create", {"rows": 1, "cols": 1, "where": "before"}, {"rows": 1, "cols": 1, **TBL, "location": "before"}),
    ("tc-doc-start", "table.create", {"rows": 1, "cols": 1, "scope": "document", "location": "prepend"},
     {"rows": 1, "cols": 1, **TBL, "scope": "document", "location": "start"}),
    ("tc-max-cols", "table.create", {"rows": 1000, "cols": 63}, {"rows": 1000, "cols": 63, **TBL}),
    # table row/column ops
    ("tir", "table.insertRows", {"tableRef": "tableId:tbl_1", "at": 1, "count": 2}, {"tableRef": "tableId:tbl_1", "at": 1, "count": 2}),
    ("tir-default-count", "table.insertRows", {"tableRef": "tbl_1", "at": 0}, {"tableRef": "tableId:tbl_1", "at": 0, "count": 1}),
    ("tir-range-ref", "table.insertRows", {"tableRef": "rng_5", "at": 3}, {"tableRef": "rangeId:rng_5", "at": 3, "count": 1}),
    ("tir-tableId-alias", "table.insertRows", {"tableId": "abc", "at": 3}, {"tableRef": "tableId:abc", "at": 3, "count": 1}),
    ("tic", "table.insertColumns", {"tableRef": "tableId:t9", "at": 2, "count": 3}, {"tableRef": "tableId:t9", "at": 2, "count": 3}),
    ("tdr-sorted", "table.deleteRows", {"tableRef": "tbl_1", "indexes": [0, 4, 2]}, {"tableRef": "tableId:tbl_1", "indexes": [4, 2, 0]}),
    ("tdr-single", "table.deleteRows", {"tableRef": "tbl_1", "indexes": 3}, {"tableRef": "tableId:tbl_1", "indexes": [3]}),
    ("tdc", "table.deleteColumns", {"tableRef": "rangeId:rng_2", "indexes": [1, 2.0]}, {"tableRef": "rangeId:rng_2", "indexes": [2, 1]}),
    ("tsct", "table.setCellText", {"tableRef": "tableId:123", "row": 0, "col": 0, "text": "Title"},
     {"tableRef": "tableId:123", "row": 0, "col": 0, "text": "Title"}),
    ("tmc", "table.mergeCells", {"tableRef": "tableId:123", "startRow": 1, "startCol": 1, "rowSpan": 2, "colSpan": 2},
     {"tableRef": "tableId:123", "startRow": 1, "startCol": 1, "rowSpan": 2, "colSpan": 2}),
    ("tmc-default-span", "table.mergeCells", {"tableRef": "tbl_1", "startRow": 0, "startCol": 0, "colSpan": 3},
     {"tableRef": "tableId:tbl_1", "startRow": 0, "startCol": 0, "rowSpan": 1, "colSpan": 3}),
    ("tas-name", "table.applyStyle", {"tableRef": "tbl_1", "style": "Grid Table 4 - Accent 1"},
     {"tableRef": "tableId:tbl_1", "style": {"name": "Grid Table 4 - Accent 1"}}),
    ("tas-flags", "table.applyStyle", {"tableRef": "tbl_1", "style": {"bandedRows": True, "firstColumn": False}},
     {"tableRef": "tableId:tbl_1", "style": {"bandedRows": True, "firstColumn": False}}),
    ("tas-header-alias", "table.applyStyle", {"tableRef": "tbl_1", "style": {"name": "TableGrid", "headerRow": True}},
     {"tableRef": "tableId:tbl_1", "style": {"name": "TableGrid", "firstRow": True}}),
    # applyStyle
    ("as-named", "applyStyle", {"namedStyle": "Heading 1"}, {**STYLE, "namedStyle": "Heading 1"}),
    ("as-seed-example", "applyStyle", {"scope": "selection", "char": {"bold": True, "fontSize": 12, "color": "#333333"},
                                       "para": {"alignment": "justify", "lineSpacing": 1.15}, "namedStyle": "Normal"},
     {**STYLE, "namedStyle": "Normal", "char": {"bold": True, "fontSize": 12, "color": "#333333"}, "para": {"alignment": "justify", "lineSpacing": 1.15}}),
    ("as-colour-forms", "applyStyle", {"char": {"color": "navy", "highlight": "#ff0"}}, {**STYLE, "char": {"color": "#000080", "highlight": "#FFFF00"}}),
    ("as-rgba-blend", "applyStyle", {"char": {"color": "rgba(255,0,0,0.5)"}}, {**STYLE, "char": {"color": "#FF8080"}}),
    ("as-rgb", "applyStyle", {"char": {"color": "rgb(31, 78, 121)"}}, {**STYLE, "char": {"color": "#1F4E79"}}),
    ("as-highlight-null", "applyStyle", {"char": {"highlight": None}}, {**STYLE, "char": {"highlight": None}}),
    ("as-highlight-none", "applyStyle", {"char": {"highlight": "none"}}, {**STYLE, "char": {"highlight": None}}),
    ("as-highlight-transparent", "applyStyle", {"char": {"highlight": "Transparent"}}, {**STYLE, "char": {"highlight": None}}),
    ("as-underline-true", "applyStyle", {"char": {"underline": True}}, {**STYLE, "char": {"underline": "single"}}),
    ("as-underline-false", "applyStyle", {"char": {"underline": False}}, {**STYLE, "char": {"underline": "none"}}),
    ("as-underline-double", "applyStyle", {"char": {"underline": "Double"}}, {**STYLE, "char": {"underline": "double"}}),
    ("as-sizes", "applyStyle", {"char": {"fontSize": "16px"}, "para": {"spaceBefore": "12pt", "spaceAfter": "0.5cm"}},
     {**STYLE, "char": {"fontSize": 12}, "para": {"spaceBefore": 12, "spaceAfter": 14.17}}),
    ("as-size-string", "applyStyle", {"char": {"fontSize": "10.5"}}, {**STYLE, "char": {"fontSize": 10.5}}),
    ("as-space-zero", "applyStyle", {"para": {"spaceAfter": 0}}, {**STYLE, "para": {"spaceAfter": 0}}),
    ("as-centre", "applyStyle", {"para": {"alignment": "centre"}}, {**STYLE, "para": {"alignment": "center"}}),
    ("as-centered", "applyStyle", {"para": {"alignment": "Centered"}}, {**STYLE, "para": {"alignment": "center"}}),
    ("as-justified", "applyStyle", {"para": {"alignment": "justified"}}, {**STYLE, "para": {"alignment": "justify"}}),
    ("as-list-bulleted", "applyStyle", {"para": {"list": "bulleted"}}, {**STYLE, "para": {"list": "bullet"}}),
    ("as-list-numbered", "applyStyle", {"para": {"list": "Numbered"}}, {**STYLE, "para": {"list": "number"}}),
    ("as-clear-only", "applyStyle", {"clearOtherStyles": True}, {**STYLE, "clearOtherStyles": True}),
    ("as-scope-doc", "applyStyle", {"scope": "document", "char": {"italic": True, "fontName": " Calibri "}},
     {**STYLE, "scope": "document", "char": {"italic": True, "fontName": "Calibri"}}),
    ("as-char-aliases", "applyStyle", {"char": {"size": 14, "highlightColor": "yellow"}}, {**STYLE, "char": {"fontSize": 14, "highlight": "#FFFF00"}}),
    ("as-empty-char-dropped", "applyStyle", {"char": {}, "namedStyle": "Title"}, {**STYLE, "namedStyle": "Title"}),
    # listStyles
    ("ls-default", "listStyles", {}, LIST),
    ("ls-full", "listStyles", {"category": "Tables", "query": "Grid", "builtInOnly": False, "max": 20},
     {**LIST, "category": "table", "builtInOnly": False, "query": "Grid", "max": 20}),
    # read and compose (details in test_ops_compose.py)
    ("read-min", "readDocument", {}, {"scope": "document", "format": "text", "offset": 0, "limit": 200,
                                      "maxChars": 20000, "includeRangeIds": False}),
    ("md-min", "insertMarkdown", {"markdown": "Hi"},
     {"blocks": [{"type": "paragraph", "runs": [{"text": "Hi"}]}], "scope": "selection", "location": "replace"}),
    ("tc-set", "trackChanges.set", {"mode": "all"}, {"mode": "all"}),
    ("tc-get", "trackChanges.get", {}, {}),
    ("tc-list", "trackChanges.list", {}, {"scope": "document"}),
    ("tc-accept", "trackChanges.accept", {"all": True}, {"all": True, "scope": "document"}),
    ("tc-reject", "trackChanges.reject", {"changeIds": ["c"]}, {"changeIds": ["c"], "scope": "document"}),
    ("cm-add", "comment.add", {"text": "Check", "scope": "rng_1"}, {"text": "Check", "scope": "rangeId:rng_1"}),
    ("cm-list", "comment.list", {}, {"scope": "document", "includeResolved": False}),
    ("cm-reply", "comment.reply", {"commentId": "c1", "text": "ok"}, {"commentId": "c1", "text": "ok"}),
    ("cm-resolve", "comment.resolve", {"commentId": "c1"}, {"commentId": "c1", "resolved": True}),
    ("cm-delete", "comment.delete", {"commentId": "c1"}, {"commentId": "c1"}),
    ("an-create", "anchor.create", {}, {"scope": "selection"}),
    ("an-list", "anchor.list", {}, {}),
    ("an-remove", "anchor.remove", {"anchorId": "anc_1"}, {"anchorId": "anc_1", "keepContent": True}),
    ("brk-default", "insertBreak", {}, {"type": "page", "scope": "selection", "location": "after"}),
    ("link-range", "hyperlink.set", {"url": "https://example.com", "scope": "rangeId:rng_1"}, {"url": "https://example.com", "scope": "rangeId:rng_1", "location": "replace"}),
    ("hf-get", "headerFooter.get", {}, {"section": "all", "kind": "both", "type": "all"}),
    ("hf-set", "headerFooter.set", {"text": "Acme", "section": 0}, {"section": 0, "kind": "header", "type": "primary", "text": "Acme"}),
    ("fn-insert", "footnote.insert", {"text": "See p. 4"}, {"text": "See p. 4", "scope": "selection"}),
    ("en-insert", "endnote.insert", {"text": "Source", "scope": "document"}, {"text": "Source", "scope": "document"}),
    ("an-scope", "insertText", {"text": "A", "scope": "anchor:anc_1"}, {**IT, "text": "A", "scope": "anchor:anc_1"}),
    ("batch-min", "batch", {"ops": [{"op": "getSelection"}]}, {"ops": [{"op": "getSelection", "args": {}}],
                                                               "stopOnError": True}),
]


@pytest.mark.parametrize(("op", "args", "expected"), [c[1:] for c in VALID], ids=[c[0] for c in VALID])
def test_valid_canonical_args(op: str, args: dict[str, Any], expected: dict[str, Any]) -> None:
    parsed = run(op, args)
    assert parsed.op == op
    assert parsed.version == "1.0"
    assert parsed.args == expected
    assert parsed.wire() == {"type": "word.op", "op": op, "version": "1.0", "args": expected}
    assert not [d for d in parsed.diagnostics if d["level"] == "error"]


INVALID: list[tuple[str, str, Any, str, str, str]] = [
    # (id, op, args, code, field, text expected in msg)
    ("it-missing-text", "insertText", {}, "E_INVALID_ARG", "args.text", "args.text required"),
    ("it-null-text", "insertText", {"text": None}, "E_INVALID_ARG", "args.text", "required"),
    ("it-text-number", "insertText", {"text": 5}, "E_INVALID_ARG", "args.text", "must be a string"),
    ("it-bad-location", "insertText", {"text": "a", "location": "middle"}, "E_INVALID_ARG", "args.location", "start | end"),
    ("it-bad-where", "insertText", {"text": "a", "where": 3}, "E_INVALID_ARG", "args.location", "must be one of"),
    ("it-where-conflict", "insertText", {"text": "a", "where": "start", "location": "end"}, "E_INVALID_ARG", "args.where", "conflicts"),
    ("it-bool-string", "insertText", {"text": "a", "newParagraph": "true"}, "E_INVALID_ARG", "args.newParagraph", "JSON boolean"),
    ("it-bool-int", "insertText", {"text": "a", "keepFormatting": 1}, "E_INVALID_ARG", "args.keepFormatting", "true or false"),
    ("it-empty-rangeid", "insertText", {"text": "a", "scope": "rangeId:"}, "E_INVALID_ARG", "args.scope", "empty id"),
    ("it-empty-scope", "insertText", {"text": "a", "scope": ""}, "E_INVALID_ARG", "args.scope", "empty"),
    ("it-id-space", "insertText", {"text": "a", "scope": "rng_ 1"}, "E_INVALID_ARG", "args.scope", "invalid id"),
    ("it-id-long", "insertText", {"text": "a", "scope": "rng_" + "r" * 125}, "E_INVALID_ARG", "args.scope", "1–128"),
    ("it-not-an-id", "insertText", {"text": "a", "scope": "paragraph 2"}, "E_INVALID_ARG", "args.scope", 'e.g. "rng_k3f9_12"), got "paragraph 2"'),
    ("it-scope-tableid-range", "insertText", {"text": "a", "scope": "tableId:rng_1"}, "E_INVALID_ARG", "args.scope", "not a table's id"),
    ("search-missing", "search", {}, "E_INVALID_ARG", "args.query", "args.query required"),
    ("search-empty", "search", {"query": ""}, "E_INVALID_ARG", "args.query", "must not be empty"),
    ("search-too-long", "search", {"query": "x" * 256}, "E_INVALID_ARG", "args.query", "255"),
    ("search-max-zero", "search", {"query": "a", "maxResults": 0}, "E_INVALID_ARG", "args.maxResults", "between 1 and 10000"),
    ("search-max-big", "search", {"query": "a", "maxResults": 10001}, "E_INVALID_ARG", "args.maxResults", "10000"),
    ("search-max-string", "search", {"query": "a", "maxResults": "50"}, "E_INVALID_ARG", "args.maxResults", "must be an integer"),
    ("search-max-frac", "search", {"query": "a", "maxResults": 2.5}, "E_INVALID_ARG", "args.maxResults", "integer"),
    ("search-max-bool", "search", {"query": "a", "maxResults": True}, "E_INVALID_ARG", "args.maxResults", "integer"),
    ("search-regex-str", "search", {"query": "a", "useRegex": "no"}, "E_INVALID_ARG", "args.useRegex", "boolean"),
    ("rep-no-target", "replace", {"replaceWith": "b"}, "E_INVALID_ARG", "args.target", "required"),
    ("rep-sq-no-query", "replace", {"target": "searchQuery", "replaceWith": "b"}, "E_INVALID_ARG", "args.query",
     "args.query required when target is searchQuery"),
    ("rep-no-with", "replace", {"query": "a"}, "E_INVALID_ARG", "args.replaceWith", "args.replaceWith required"),
    ("rep-bad-mode", "replace", {"query": "a", "replaceWith": "b", "mode": "some"}, "E_INVALID_ARG", "args.mode", "replaceAll"),
    ("rep-bad-target", "replace", {"target": "tableId:t", "replaceWith": "b"}, "E_INVALID_ARG", "args.target", "searchQuery"),
    ("rep-query-long", "replace", {"query": "q" * 300, "replaceWith": "b"}, "E_INVALID_ARG", "args.query", "255"),
    ("rep-scope-conflict", "replace", {"target": "selection", "scope": "document", "query": "a", "replaceWith": "b"},
     "E_INVALID_ARG", "args.scope", "conflicts"),
    ("pic-no-data", "insertPicture", {"source": "url"}, "E_INVALID_ARG", "args.data", "args.data required"),
    ("pic-ftp", "insertPicture", {"source": "url", "data": "ftp://e.com/a.png"}, "E_INVALID_ARG", "args.data", "http"),
    ("pic-url-long", "insertPicture", {"source": "url", "data": "https://e.com/" + "a" * 2040}, "E_INVALID_ARG", "args.data", "2048"),
    ("pic-bad-b64", "insertPicture", {"source": "base64", "data": "not base64!"}, "E_INVALID_ARG", "args.data", "base64"),
    ("pic-no-source", "insertPicture", {"data": "logo.png"}, "E_INVALID_ARG", "args.source", "required"),
    ("pic-bad-source", "insertPicture", {"source": "file", "data": "x"}, "E_INVALID_ARG", "args.source", "url | base64"),
    ("pic-bad-wrap", "insertPicture", {"source": "url", "data": "https://e.com/a.png", "wrapType": "through"}, "E_INVALID_ARG", "args.wrapType", "inFront"),
    ("pic-width-zero", "insertPicture", {"source": "url", "data": "https://e.com/a.png", "width": 0}, "E_INVALID_ARG", "args.width", "greater than 0"),
    ("pic-height-huge", "insertPicture", {"source": "url", "data": "https://e.com/a.png", "height": "23in"}, "E_INVALID_ARG", "args.height", "1584"),
    ("pic-width-unit", "insertPicture", {"source": "url", "data": "https://e.com/a.png", "width": "3em"}, "E_INVALID_ARG", "args.width", "unit"),
    ("pic-lock-str", "insertPicture", {"source": "url", "data": "https://e.com/a.png", "lockAspectRatio": "yes"}, "E_INVALID_ARG", "args.lockAspectRatio", "boolean"),
    ("tc-no-rows", "table.create", {"cols": 2}, "E_INVALID_ARG", "args.rows", "args.rows required"),
    ("tc-no-cols", "table.create", {"rows": 2}, "E_INVALID_ARG", "args.cols", "args.cols required"),
    ("tc-rows-zero", "table.create", {"rows": 0, "cols": 2}, "E_INVALID_ARG", "args.rows", "between 1 and 10000"),
    ("tc-cols-64", "table.create", {"rows": 1, "cols": 64}, "E_INVALID_ARG", "args.cols", "63"),
    ("tc-rows-str", "table.create", {"rows": "3", "cols": 2}, "E_INVALID_ARG", "args.rows", "integer"),
    ("tc-data-too-many-rows", "table.create", {"rows": 1, "cols": 1, "data": [["a"], ["b"]]}, "E_INVALID_ARG", "args.data", "2 rows"),
    ("tc-data-row-too-long", "table.create", {"rows": 2, "cols": 1, "data": [["a"], ["b", "c"]]}, "E_INVALID_ARG", "args.data[1]", "2 cells"),
    ("tc-data-cell-obj", "table.create", {"rows": 2, "cols": 3, "data": [["a"], ["b", "c", {"x": 1}]]}, "E_INVALID_ARG", "args.data[1][2]", "text"),
    ("tc-data-flat", "table.create", {"rows": 1, "cols": 2, "data": ["a", "b"]}, "E_INVALID_ARG", "args.data[0]", "array"),
    ("tc-replace", "table.create", {"rows": 1, "cols": 1, "location": "replace"}, "E_INVALID_ARG", "args.location", "replace"),
    ("tir-no-ref", "table.insertRows", {"at": 1}, "E_INVALID_ARG", "args.tableRef", "required"),
    ("tir-empty-ref", "table.insertRows", {"tableRef": "", "at": 1}, "E_INVALID_ARG", "args.tableRef", "empty"),
    ("tir-empty-tableid", "table.insertRows", {"tableRef": "tableId:", "at": 1}, "E_INVALID_ARG", "args.tableRef", "empty id"),
    ("tir-no-at", "table.insertRows", {"tableRef": "tbl_1"}, "E_INVALID_ARG", "args.at", "args.at required"),
    ("tir-neg-at", "table.insertRows", {"tableRef": "tbl_1", "at": -1}, "E_INVALID_ARG", "args.at", "≥ 0"),
    ("tir-count-zero", "table.insertRows", {"tableRef": "tbl_1", "at": 0, "count": 0}, "E_INVALID_ARG", "args.count", "between 1"),
    ("tic-count-big", "table.insertColumns", {"tableRef": "tbl_1", "at": 0, "count": 64}, "E_INVALID_ARG", "args.count", "63"),
    ("tdr-empty", "table.deleteRows", {"tableRef": "tbl_1", "indexes": []}, "E_INVALID_ARG", "args.indexes", "at least one"),
    ("tdr-dup", "table.deleteRows", {"tableRef": "tbl_1", "indexes": [1, 2, 1]}, "E_INVALID_ARG", "args.indexes", "repeats index 1"),
    ("tdr-neg", "table.deleteRows", {"tableRef": "tbl_1", "indexes": [1, -2]}, "E_INVALID_ARG", "args.indexes[1]", "≥ 0"),
    ("tdr-str", "table.deleteRows", {"tableRef": "tbl_1", "indexes": ["1"]}, "E_INVALID_ARG", "args.indexes[0]", "integer"),
    ("tdr-not-list", "table.deleteRows", {"tableRef": "tbl_1", "indexes": "1,2"}, "E_INVALID_ARG", "args.indexes", "array"),
    ("tdc-col-63", "table.deleteColumns", {"tableRef": "tbl_1", "indexes": [63]}, "E_INVALID_ARG", "args.indexes[0]", "62"),
    ("tsct-no-text", "table.setCellText", {"tableRef": "tbl_1", "row": 0, "col": 0}, "E_INVALID_ARG", "args.text", "required"),
    ("tsct-bad-row", "table.setCellText", {"tableRef": "tbl_1", "row": 1.5, "col": 0, "text": ""}, "E_INVALID_ARG", "args.row", "integer"),
    ("tmc-one-cell", "table.mergeCells", {"tableRef": "tbl_1", "startRow": 0, "startCol": 0, "rowSpan": 1, "colSpan": 1},
     "E_INVALID_ARG", "args.rowSpan", "more than one cell"),
    ("tmc-zero-span", "table.mergeCells", {"tableRef": "tbl_1", "startRow": 0, "startCol": 0, "rowSpan": 0, "colSpan": 2},
     "E_INVALID_ARG", "args.rowSpan", "between 1 and"),
    ("tmc-no-start", "table.mergeCells", {"tableRef": "tbl_1", "startCol": 0, "colSpan": 2}, "E_INVALID_ARG", "args.startRow", "required"),
    ("tas-empty-name", "table.applyStyle", {"tableRef": "tbl_1", "style": "  "}, "E_INVALID_ARG", "args.style", "empty"),
    ("tas-empty-obj", "table.applyStyle", {"tableRef": "tbl_1", "style": {}}, "E_INVALID_ARG", "args.style", "at least one"),
    ("tas-flag-str", "table.applyStyle", {"tableRef": "tbl_1", "style": {"bandedRows": "yes"}}, "E_INVALID_ARG", "args.style.bandedRows", "boolean"),
    ("tas-no-style", "table.applyStyle", {"tableRef": "tbl_1"}, "E_INVALID_ARG", "args.style", "required"),
    ("tas-num-style", "table.applyStyle", {"tableRef": "tbl_1", "style": 4}, "E_INVALID_ARG", "args.style", "style name or an object"),
    ("as-nothing", "applyStyle", {}, "E_INVALID_ARG", "args", "at least one of namedStyle"),
    ("as-clear-false", "applyStyle", {"clearOtherStyles": False}, "E_INVALID_ARG", "args", "at least one"),
    ("as-stray-bold", "applyStyle", {"bold": True}, "E_INVALID_ARG", "args", "inside args.char"),
    ("as-bold-str", "applyStyle", {"char": {"bold": "abc"}}, "E_INVALID_ARG", "args.char.bold", "boolean"),
    ("as-font-size-zero", "applyStyle", {"char": {"fontSize": 0}}, "E_INVALID_ARG", "args.char.fontSize", "between 1 and 1638"),
    ("as-font-size-huge", "applyStyle", {"char": {"fontSize": 2000}}, "E_INVALID_ARG", "args.char.fontSize", "1638"),
    ("as-font-size-word", "applyStyle", {"char": {"fontSize": "big"}}, "E_INVALID_ARG", "args.char.fontSize", "size"),
    ("as-bad-colour", "applyStyle", {"char": {"color": "#12345"}}, "E_INVALID_ARG", "args.char.color", "colour"),
    ("as-colour-name", "applyStyle", {"char": {"color": "blurple"}}, "E_INVALID_ARG", "args.char.color", "CSS colour name"),
    ("as-colour-null-ok-but-num", "applyStyle", {"char": {"color": 123}}, "E_INVALID_ARG", "args.char.color", "colour"),
    ("as-rgb-parts", "applyStyle", {"char": {"color": "rgb(1,2)"}}, "E_INVALID_ARG", "args.char.color", "3 colour components"),
    ("as-underline-wave", "applyStyle", {"char": {"underline": "wave"}}, "E_INVALID_ARG", "args.char.underline", "none | single | double"),
    ("as-align-bad", "applyStyle", {"para": {"alignment": "diagonal"}}, "E_INVALID_ARG", "args.para.alignment", "left | center"),
    ("as-list-bad", "applyStyle", {"para": {"list": "roman"}}, "E_INVALID_ARG", "args.para.list", "bullet"),
    ("as-space-neg", "applyStyle", {"para": {"spaceBefore": -1}}, "E_INVALID_ARG", "args.para.spaceBefore", "between 0 and 1584"),
    ("as-line-zero", "applyStyle", {"para": {"lineSpacing": 0}}, "E_INVALID_ARG", "args.para.lineSpacing", "greater than 0"),
    ("as-char-not-obj", "applyStyle", {"char": "bold"}, "E_INVALID_ARG", "args.char", "must be an object"),
    ("as-named-empty", "applyStyle", {"namedStyle": ""}, "E_INVALID_ARG", "args.namedStyle", "empty"),
    ("ls-bad-cat", "listStyles", {"category": "list"}, "E_INVALID_ARG", "args.category", "paragraph"),
    ("ls-max-zero", "listStyles", {"max": 0}, "E_INVALID_ARG", "args.max", "≥ 1"),
    # read and compose (details in test_ops_compose.py)
    ("read-bad-format", "readDocument", {"format": "pdf"}, "E_INVALID_ARG", "args.format", "text"),
    ("md-missing", "insertMarkdown", {}, "E_INVALID_ARG", "args.markdown", "required"),
    ("batch-empty", "batch", {"ops": []}, "E_INVALID_ARG", "args.ops", "non-empty"),
    # comments and anchors (details in test_ops_review.py)
    ("cm-add-text", "comment.add", {}, "E_INVALID_ARG", "args.text", "required"),
    ("cm-list-flag", "comment.list", {"includeResolved": "x"}, "E_INVALID_ARG", "args.includeResolved", "true or false"),
    ("cm-reply-text", "comment.reply", {"commentId": "c1"}, "E_INVALID_ARG", "args.text", "required"),
    ("cm-resolve-id", "comment.resolve", {}, "E_INVALID_ARG", "args.commentId", "required"),
    ("cm-delete-id", "comment.delete", {}, "E_INVALID_ARG", "args.commentId", "required"),
    ("an-create-name", "anchor.create", {"name": 5}, "E_INVALID_ARG", "args.name", "must be a string"),
    ("an-list-track", "anchor.list", {"trackChanges": True}, "E_INVALID_ARG", "args.trackChanges", "trackChanges"),
    ("an-remove-id", "anchor.remove", {}, "E_INVALID_ARG", "args.anchorId", "required"),
    ("brk-type", "insertBreak", {"type": "column"}, "E_INVALID_ARG", "args.type", "column"),
    ("link-scheme", "hyperlink.set", {"url": "javascript:void(0)"}, "E_INVALID_ARG", "args.url", "schemes"),
    ("hf-get-section", "headerFooter.get", {"section": -1}, "E_INVALID_ARG", "args.section", "must be ≥ 0"),
    ("hf-set-source", "headerFooter.set", {}, "E_INVALID_ARG", "args.text", "give text"),
    ("fn-insert-text", "footnote.insert", {"text": ""}, "E_INVALID_ARG", "args.text", "must not be empty"),
    ("en-insert-blank", "endnote.insert", {"text": "  "}, "E_INVALID_ARG", "args.text", "must not be blank"),
    # tracked changes (details in test_ops_revisions.py)
    ("tc-set-bad", "trackChanges.set", {"mode": "sometimes"}, "E_INVALID_ARG", "args.mode", "off"),
    ("tc-get-read", "trackChanges.get", {"trackChanges": True}, "E_INVALID_ARG", "args.trackChanges", "trackChanges"),
    ("tc-list-bad", "trackChanges.list", {"scope": 5}, "E_INVALID_ARG", "args.scope", "must be"),
    ("tc-accept-none", "trackChanges.accept", {}, "E_INVALID_ARG", "args.changeIds", "changeIds"),
    ("tc-reject-both", "trackChanges.reject", {"all": True, "changeIds": ["c"]}, "E_INVALID_ARG", "args.changeIds", "changeIds"),
]


@pytest.mark.parametrize(("op", "args", "code", "field", "text"), [c[1:] for c in INVALID], ids=[c[0] for c in INVALID])
def test_invalid_args(op: str, args: Any, code: str, field: str, text: str) -> None:
    err = fails(op, args)
    assert (err.code, err.field, err.op) == (code, field, op)
    assert text in err.msg
    assert err.msg.startswith(field)
    assert err.envelope()["diagnostics"][0] == {"level": "error", "msg": err.msg, "field": field}


def test_all_errors_collected_first_is_main() -> None:
    err = fails("applyStyle", {"char": {"bold": "yes", "fontSize": "abc"}, "para": {"list": 3}})
    assert err.field == "args.char.bold"
    assert [d["field"] for d in err.extra] == ["args.char.fontSize", "args.para.list"]
    assert all(d["level"] == "error" for d in err.extra)


def test_every_supported_op_has_a_valid_and_an_invalid_case() -> None:
    assert {c[1] for c in VALID} == set(SUPPORTED_OPS)
    assert {c[1] for c in INVALID} | {"getSelection"} == set(SUPPORTED_OPS)
