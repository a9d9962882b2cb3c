"""`describe_ops()`: the op reference embedded in the `editTask` tool description.

Written for a model authoring `meta` unaided: every op, its args with defaults,
and a few complete examples (the tests parse each example). Kept under ~6500
characters so it fits comfortably in a tool description.
"""

from __future__ import annotations

from typing import Final

REFERENCE: Final = """\
meta = {"type":"word.op","op":<op>,"version":"1.0","args":{...}} (JSON object or string). Omit args you don't need; defaults apply.
Common: scope = "selection"|"document"|"rangeId:<id>" (ids come back from earlier ops); location = "start"|"end"|"before"|"after"|"replace". tableRef = "tableId:<id>" or "rangeId:<id>". Colours: "#RRGGBB", "#RGB", "rgb(r,g,b)", CSS names. Sizes in pt: 12, "12pt", "16px", "1in", "2cm". Indexes are 0-based.
Ops (args; = default):
- insertText: text*, scope="selection", location="replace", newParagraph=false, keepFormatting=true -> {rangeId,length}
- getSelection: {} -> {text,rangeId}
- search: query* (1-255 chars; "\\n" = paragraph break, "\\v" = line break, hits may span paragraphs; Word wildcards with useRegex), scope="document", matchCase, matchWholeWord, matchPrefix, matchSuffix, useRegex (all false), maxResults=100, trackResults=100 (hits that get a rangeId) -> {results:[{rangeId,text}]}
- replace: replaceWith*, target="searchQuery"(when query given)|"document"|"selection"|"rangeId:<id>", query (required for searchQuery), scope="document" (where to search), mode="replaceAll"|"replaceFirst", same match flags as search -> {replaced}. A non-search target is replaced whole.
- insertPicture: source*="url"|"base64", data* (http(s) URL or base64), scope="selection", location="replace", width, height (pt), lockAspectRatio=true, altText, wrapType="inline" -> {rangeId,width,height}
- table.create: rows*, cols* (cols<=63; both default to data's size), data (string[][] or records [{"name":"Ada","age":36}]: a header row from the keys), header=false, scope="selection", location="end" -> {tableId,rangeId}
- table.insertRows / table.insertColumns: tableRef*, at* (index the first new row/column takes; at = current count appends), count=1
- table.deleteRows / table.deleteColumns: tableRef*, indexes* (int[])
- table.setCellText: tableRef*, row*, col*, text*
- table.mergeCells: tableRef*, startRow*, startCol*, rowSpan=1, colSpan=1
- table.applyStyle: tableRef*, style* = name string (e.g. "Grid Table 4 - Accent 1") or {name?, bandedRows, bandedColumns, firstRow, lastRow, firstColumn, lastColumn}
- applyStyle: scope="selection", namedStyle (e.g. "Heading 1"), char {bold, italic, underline "none"|"single"|"double", fontName, fontSize, color, highlight (null = remove)}, para {alignment "left"|"center"|"right"|"justify", lineSpacing (multiple, 1.15), spaceBefore, spaceAfter (pt), list "none"|"bullet"|"number"}, clearOtherStyles=false; give at least one
- listStyles: category="all"|"paragraph"|"character"|"table", query, builtInOnly=true, includeLocalized=true, max
- readDocument: scope="document", format="text"|"markdown"|"structure", offset=0, limit=200 (blocks: paragraphs and tables), maxChars=20000, includeRangeIds=false -> {text|markdown|blocks, offset, nextOffset (null at the end), totalBlocks, truncated, cut?}. Read before editing; page on with offset=nextOffset; cut = a block longer than maxChars was cut (re-read it with the maxChars it names). A structure block's rangeId (includeRangeIds=true) is its text: insertText location "replace" rewrites the block, "end" appends to it, text "" deletes it. Markdown/structure show comments, tracked changes ({++added++} {--deleted--} {>>comment<<}; blocks[].comments/changes with ids) and notes ([^1]; blocks[].notes). Page/column breaks: <!-- page break --> / <!-- column break --> in markdown, \f in text, blocks[].breaks in structure (a rewrite by block id keeps them; add one with insertBreak).
- insertMarkdown: markdown*, scope="selection", location="replace" -> {rangeId} (headings, lists, tables, bold/italic/code, links become Word's own styles; <br> is a line break)
- trackChanges.set: mode*="off"|"all"|"mine" -> {mode,previousMode}; trackChanges.get -> {mode}
- trackChanges.list: scope="document" -> {changes:[{changeId,type,author,date,text}]}
- trackChanges.accept / trackChanges.reject: changeIds (from list or readDocument, document-wide) or all=true (scope="document" narrows all)
- comment.add: text*, scope -> {commentId,rangeId}; comment.list: scope, includeResolved -> {comments:[{commentId,text,anchoredText,replies,...}]}; comment.reply: commentId*, text*; comment.resolve: commentId*, resolved=true; comment.delete: commentId*
- anchor.create: scope, name (unique) -> {anchorId} (scope "anchor:<id>" = a rangeId surviving reloads); anchor.list; anchor.remove: anchorId*, keepContent=true
- insertBreak: type="page"|"line"|"sectionNext"|"sectionContinuous", scope="selection", location="after"
- hyperlink.set: url* (http(s)/mailto; "" removes links), scope="selection", text (insert linked text at location="replace") -> {rangeId,url,text}
- headerFooter.get: section="all"|index, kind="both"|"header"|"footer", type="all"|"primary"|"firstPage"|"evenPages" -> {sections:[{index,headers,footers}]}; headerFooter.set: text* or markdown*, section="all", kind="header", type="primary"
- footnote.insert / endnote.insert: text*, scope="selection" (mark after it) -> {noteId}
- batch: ops* ([{op, args}], up to 500, validated before any runs), stopOnError=true, trackChanges (whole batch tracked) -> {results:[envelope], completed, failedAt?}. Later ops use earlier results: "tableRef":"$0.tableId", "scope":"rangeId:$1.rangeId"; a list item by index: "scope":"$2.results[0].rangeId" (same as $2.results.0.rangeId); "$$0.x" is the literal text $0.x.
Any op also takes dryRun=true (check targets, change nothing) and, with a rangeId or anchor target, expectText (refused as stale if the range's text changed). Any edit takes trackChanges=true: made as a tracked change a person can accept or reject (the way to propose edits). These three go in meta.args, like the op's own args; anywhere else they are refused.
(* = required)
Examples:
{"type":"word.op","op":"insertText","version":"1.0","args":{"text":"Thanks","scope":"document","location":"end","newParagraph":true}}
{"type":"word.op","op":"table.create","version":"1.0","args":{"rows":2,"cols":2,"header":true,"data":[["Name","Qty"],["Pens","3"]]}}
{"type":"word.op","op":"applyStyle","version":"1.0","args":{"char":{"bold":true,"fontSize":14,"color":"#1F4E79"},"para":{"alignment":"center"}}}
{"type":"word.op","op":"batch","version":"1.0","args":{"ops":[{"op":"table.create","args":{"rows":2,"cols":2,"scope":"document"}},{"op":"table.setCellText","args":{"tableRef":"$0.tableId","row":0,"col":0,"text":"Total"}}]}}
Errors come back as {ok:false, code, diagnostics:[{msg, field}]}: fix the named field and retry."""


def describe_ops() -> str:
    """The condensed op reference (see module docstring)."""
    return REFERENCE
