// readDocument: blocks in document order (a table is one block), pages by offset/limit/maxChars, the three
// formats, ids, scopes, and the two-sync budget on a long document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok, fails, PNG_1x1 } from "./helpers.js";

/** @param {object} args */
const read = (args) => ({ scope: "document", format: "text", offset: 0, limit: 200, maxChars: 20000, includeRangeIds: false, ...args });

const MIXED = [
  { type: "paragraph", text: "Intro" },
  { type: "table", values: [["Name", "Qty"], ["Pen", "2"], ["Ink", "5"]] },
  { type: "paragraph", text: "Outro" },
];

for (const profile of PROFILES) {
  test(`[${profile}] text: a paragraph per line, a table as one block of tab-separated rows`, async () => {
    const { sim, run } = setup(profile);
    sim.load(MIXED);
    const data = ok(await run("readDocument", read({})));
    assert.deepEqual(data, { format: "text", offset: 0, nextOffset: null, totalBlocks: 3, truncated: false, text: "Intro\nName\tQty\nPen\t2\nInk\t5\nOutro" });
  });

  test(`[${profile}] pages: offset/limit count blocks; nextOffset walks to null; the pages add up to the document`, async () => {
    const lines = Array.from({ length: 25 }, (_, i) => `Line ${i}`);
    const { sim, run } = setup(profile);
    sim.load([...lines.slice(0, 12).map((text) => ({ type: "paragraph", text })), { type: "table", values: [["t"]] }, ...lines.slice(12).map((text) => ({ type: "paragraph", text }))]);
    const seen = [];
    /** @type {number | null} */
    let offset = 0;
    const offsets = [];
    while (offset !== null) {
      offsets.push(offset);
      const data = ok(await run("readDocument", read({ offset, limit: 10 })));
      assert.equal(data.totalBlocks, 26);
      seen.push(data.text);
      offset = data.nextOffset;
    }
    assert.deepEqual(offsets, [0, 10, 20]);
    assert.deepEqual(seen.join("\n").split("\n"), [...lines.slice(0, 12), "t", ...lines.slice(12)]);
    const past = ok(await run("readDocument", read({ offset: 40 })));
    assert.deepEqual([past.text, past.nextOffset, past.totalBlocks], ["", null, 26]);
  });

  test(`[${profile}] maxChars: the page stops before the block that would pass it; a block alone too long is cut`, async () => {
    const { sim, run } = setup(profile);
    sim.setText(["a".repeat(100), "b".repeat(100), "c".repeat(100)].join("\n"));
    const page = ok(await run("readDocument", read({ maxChars: 250 })));
    assert.deepEqual([page.text, page.nextOffset, page.truncated], [`${"a".repeat(100)}\n${"b".repeat(100)}`, 2, true]);
    const cut = ok(await run("readDocument", read({ maxChars: 60 })));
    assert.deepEqual([cut.text, cut.nextOffset, cut.truncated], ["a".repeat(60), 1, true]);
    const all = ok(await run("readDocument", read({ maxChars: 302 })));
    assert.deepEqual([all.nextOffset, all.truncated], [null, false]);
    const md = ok(await run("readDocument", read({ format: "markdown", maxChars: 210 })));
    assert.deepEqual([md.markdown, md.nextOffset], [`${"a".repeat(100)}\n\n${"b".repeat(100)}`, 2]);
    const structure = ok(await run("readDocument", read({ format: "structure", maxChars: 200 })));
    assert.equal(structure.blocks.length, 1);
    assert.ok(JSON.stringify(structure.blocks).length <= 200, JSON.stringify(structure.blocks));
    assert.equal(structure.truncated, true);
  });

  test(`[${profile}] structure: types, styles, heading levels, lists and tables; ids only when asked`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "Report", style: "Heading 2" },
      { type: "paragraph", text: "first", list: { kind: "number", level: 0 } },
      { type: "paragraph", text: "inner", list: { kind: "number", level: 1 } },
      { type: "table", values: [["a", "b"], ["c", "d"]], style: "Table Grid" },
      { type: "paragraph", text: "end" },
    ]);
    const data = ok(await run("readDocument", read({ format: "structure" })));
    assert.deepEqual(data.blocks, [
      { index: 0, type: "paragraph", text: "Report", style: "Heading 2", headingLevel: 2 },
      { index: 1, type: "paragraph", text: "first", style: "List Paragraph", list: { kind: "number", level: 0, listId: data.blocks[1].list.listId, number: 1 } },
      { index: 2, type: "paragraph", text: "inner", style: "List Paragraph", list: { kind: "number", level: 1, listId: data.blocks[1].list.listId, number: 1 } },
      { index: 3, type: "table", text: "a\tb\nc\td", style: "Table Grid", table: { rows: 2, cols: 2, values: [["a", "b"], ["c", "d"]] } },
      { index: 4, type: "paragraph", text: "end", style: "Normal" },
    ]);
  });

  test(`[${profile}] structure with includeRangeIds: the ids work in later ops`, async () => {
    const { sim, run } = setup(profile);
    sim.load(MIXED);
    const data = ok(await run("readDocument", read({ format: "structure", includeRangeIds: true, offset: 1 })));
    const [table, outro] = data.blocks;
    assert.match(table.tableId, /^tbl_/);
    assert.match(outro.rangeId, /^rng_/);
    assert.ok(!("rangeId" in table) && !("tableId" in outro));
    ok(await run("table.setCellText", { tableRef: `tableId:${table.tableId}`, row: 1, col: 0, text: "Pencil" }));
    ok(await run("insertText", { text: "The end: ", scope: `rangeId:${outro.rangeId}`, location: "start" }));
    const snap = sim.snapshot().blocks;
    assert.equal(snap[1].values[1][0], "Pencil");
    assert.equal(snap[2].text, "The end: Outro");
  });

  test(`[${profile}] markdown: headings, runs, links, lists with levels, quotes, code, tables, pictures`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "Title", style: "Title" },
      { type: "paragraph", text: "Deep", style: "Heading 8" },
      { type: "paragraph", runs: [{ text: "Some " }, { text: "bold", bold: true }, { text: " and " }, { text: "both", bold: true, italic: true }, { text: ", " }, { text: "gone", strikeThrough: true }, { text: ", " }, { text: "x = 1", fontName: "Consolas" }, { text: " and a " }, { text: "site", link: "https://example.com/a b" }, { text: "." }] },
      { type: "paragraph", text: "one", list: { kind: "bullet", level: 0 } },
      { type: "paragraph", text: "two", list: { kind: "bullet", level: 1 } },
      { type: "paragraph", text: "Wise words", style: "Quote" },
      { type: "paragraph", runs: [{ text: "let a = 1;\v  b();", fontName: "Consolas" }], style: "No Spacing" },
      { type: "table", values: [["h|1", "h2"], ["x"]] },
      { type: "paragraph", runs: [{ text: "See " }, { type: "picture", base64: PNG_1x1, altText: "a chart" }] },
      { type: "paragraph", text: "# not a heading, 3 * 4 [x]" },
    ]);
    const data = ok(await run("readDocument", read({ format: "markdown" })));
    assert.equal(data.markdown, [
      "Title\n=====",
      "###### Deep",
      "Some **bold** and ***both***, ~~gone~~, `x = 1` and a [site](https://example.com/a%20b).",
      "- one\n  - two",
      "> Wise words",
      "```\nlet a = 1;\n  b();\n```",
      "| h\\|1 | h2 |\n| --- | --- |\n| x |  |",
      "See ![a chart]()",
      "\\# not a heading, 3 \\* 4 \\[x\\]",
    ].join("\n\n"));
  });

  test(`[${profile}] markdown: Title is a setext heading, Heading 1 is "#": both read as level 1, told apart`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "Quarterly Report", style: "Title" },
      { type: "paragraph", text: "Summary", style: "Heading 1" },
      { type: "paragraph", text: "- not a list", style: "Title" },
      { type: "paragraph", text: "Ends", style: "Title" },
      { type: "paragraph", text: "", style: "Title" },
    ]);
    const ends = ok(await run("search", { query: "Ends" })).results[0];
    ok(await run("footnote.insert", { scope: `rangeId:${ends.rangeId}`, text: "A note." }));
    ok(await run("comment.add", { scope: `rangeId:${ends.rangeId}`, text: "Why?" }));
    const { markdown } = ok(await run("readDocument", read({ format: "markdown" })));
    // The line under a Title comes after its note reference and comment; its own line starts are escaped.
    assert.match(markdown, /^Quarterly Report\n================\n\n# Summary\n\n\\- not a list\n=============\n\nEnds\[\^1\] \{>>[^<]*Why\?<<\}\n=+\n\n\[\^1\]: A note\.$/);
    const blocks = ok(await run("readDocument", read({ format: "structure" }))).blocks;
    assert.deepEqual(blocks.map((b) => [b.style, b.headingLevel]), [["Title", undefined], ["Heading 1", 1], ["Title", undefined], ["Title", undefined], ["Title", undefined]]);
  });

  test(`[${profile}] markdown leaves empty paragraphs out (markdown has no empty paragraph); they count as blocks`, async () => {
    const { run } = setup(profile, { text: "" });
    ok(await run("insertText", { text: "A\n\nB", scope: "document", location: "replace" }));
    const page = ok(await run("readDocument", read({ format: "markdown" })));
    assert.equal(page.markdown, "A\n\nB");
    assert.equal(page.totalBlocks, 3);
    assert.deepEqual(ok(await run("readDocument", read({ format: "structure" }))).blocks.map((b) => b.text), ["A", "", "B"]);
  });

  test(`[${profile}] markdown: a word partly formatted keeps its punctuation outside; numbered parents indent by three`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", runs: [{ text: "Note", bold: true }, { text: ": read " }, { text: "this", link: "https://example.com" }, { text: ", then go." }] },
      { type: "paragraph", text: "first", list: { kind: "number", level: 0 } },
      { type: "paragraph", text: "sub", list: { kind: "number", level: 1 } },
    ]);
    const data = ok(await run("readDocument", read({ format: "markdown" })));
    assert.equal(data.markdown, "**Note**: read [this](https://example.com), then go.\n\n1. first\n   1. sub");
  });

  test(`[${profile}] scope: the selection's and a range's blocks`, async () => {
    const { sim, run } = setup(profile);
    sim.load([...MIXED, { type: "paragraph", text: "After" }]);
    sim.select("Outro");
    const selection = ok(await run("readDocument", read({ scope: "selection" })));
    assert.deepEqual([selection.text, selection.totalBlocks], ["Outro", 1]);
    sim.setSelection({ start: 0, end: sim.snapshot().length - 8 });
    const many = ok(await run("readDocument", read({ scope: "selection", format: "structure" })));
    assert.deepEqual(many.blocks.map((/** @type {any} */ b) => b.type), ["paragraph", "table", "paragraph"]);
    const rangeId = ok(await run("getSelection", {})).rangeId;
    const viaId = ok(await run("readDocument", read({ scope: `rangeId:${rangeId}` })));
    assert.equal(viaId.totalBlocks, 3);
    fails(await run("readDocument", read({ scope: "rangeId:rng_nope_1" })), "E_NOT_FOUND", "args.scope");
  });
}

test("a 2,000-paragraph document with tables reads page by page in two syncs a page", async () => {
  const { sim, run } = setup("desktop");
  /** @type {object[]} */
  const blocks = [];
  for (let i = 0; i < 2000; i += 1) {
    blocks.push({ type: "paragraph", text: `Paragraph ${i} with some words in it.` });
    if (i % 100 === 99) blocks.push({ type: "table", values: [["a", "b"], ["c", "d"]] });
  }
  sim.load(blocks);
  for (const format of ["text", "markdown", "structure"]) {
    /** @type {number | null} */
    let offset = 0;
    let pages = 0;
    let count = 0;
    while (offset !== null) {
      const before = sim.syncCount;
      const data = ok(await run("readDocument", read({ format, offset, limit: 500 })));
      assert.equal(sim.syncCount - before, 2, `${format} page at ${offset}`);
      count += data.nextOffset === null ? data.totalBlocks - offset : data.nextOffset - offset;
      offset = data.nextOffset;
      pages += 1;
    }
    // 2,000 paragraphs, 20 tables, and the empty paragraph Word keeps after the last table
    assert.equal(count, 2021, format);
    assert.ok(pages >= 5, `${format}: ${pages} pages`);
  }
});

test("args re-checked by the pane: an unknown format is E_INVALID_ARG", async () => {
  const { run } = setup("web", { text: "x" });
  fails(await run("readDocument", read({ format: "html" })), "E_INVALID_ARG", "args.format");
});

for (const profile of PROFILES) {
  test(`[${profile}] a table with merged cells says so: structure table.merged, a line under the markdown table`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", text: "x" }, { type: "table", values: [["Region", "Q1", "Q2"], ["N", "1", "2"]] }]);
    const before = ok(await run("readDocument", read({ format: "structure", includeRangeIds: true }))).blocks[1];
    assert.ok(!("merged" in before.table));
    assert.doesNotMatch(ok(await run("readDocument", read({ format: "markdown" }))).markdown, /merged cells/);
    ok(await run("table.mergeCells", { tableRef: `tableId:${before.tableId}`, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 2 }));
    const after = ok(await run("readDocument", read({ format: "structure" }))).blocks[1];
    assert.equal(after.table.merged, true);
    assert.deepEqual(after.table.values[0], ["Region\rQ1", "Q2"]);
    const { markdown } = ok(await run("readDocument", read({ format: "markdown" })));
    assert.match(markdown, /\| N \| 1 \| 2 \|\n\n<!-- This table has merged cells: a row lists one value per merged area, left to right, so its values may not line up under the headers\. -->$/);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] a table created right before another is read as a table of its own`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "table", values: [["A", "B"], ["1", "2"]] }, { type: "paragraph", text: "after" }]);
    ok(await run("table.create", { rows: 1, cols: 1, data: [["Total"]], scope: "document", location: "start" }));
    const outcome = await run("readDocument", read({ format: "structure" }));
    assert.deepEqual(ok(outcome).blocks.map((/** @type {any} */ b) => `${b.type}:${b.text}`), ["table:Total", "paragraph:", "table:A\tB\n1\t2", "paragraph:after"]);
    assert.deepEqual(outcome.result.diagnostics, []);
  });
}

// Office.js caches navigation properties on their parent (Body.tables on the shared context's body, Range.tables on
// a tracked range): the registry untracks a table's collection with the last id it holds, and a released object can
// never be tracked again, so reading tables through a cached collection failed once its ids were evicted.
for (const profile of PROFILES) {
  test(`[${profile}] includeRangeIds: a page with a table reads again after its ids were evicted`, async () => {
    const { sim, run } = setup(profile, { registryLimit: 20 });
    sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b"]] }, ...Array.from({ length: 60 }, (_, i) => ({ type: "paragraph", text: `p${i}` }))]);
    const page = (offset) => run("readDocument", read({ format: "structure", includeRangeIds: true, offset, limit: 15 }));
    for (let offset = 0; offset < 60; offset += 15) ok(await page(offset));
    const again = ok(await page(0));
    assert.match(again.blocks[1].tableId, /^tbl_/);
    ok(await run("table.setCellText", { tableRef: `tableId:${again.blocks[1].tableId}`, row: 0, col: 0, text: "A" }));
  });

  test(`[${profile}] includeRangeIds in a range id's scope: its tables read again after their ids were evicted`, async () => {
    const { sim, run } = setup(profile, { registryLimit: 20 });
    sim.load(Array.from({ length: 40 }, (_, i) => ({ type: "paragraph", text: `p${i}` })));
    const { rangeId } = ok(await run("table.create", { rows: 1, cols: 2, data: [["a", "b"]], scope: "document", location: "start" }));
    const inRange = (includeRangeIds) => run("readDocument", read({ scope: `rangeId:${rangeId}`, format: "structure", includeRangeIds }));
    ok(await inRange(true));
    for (let offset = 1; offset < 40; offset += 10) {
      ok(await inRange(false)); // keeps the range id recent while the table id ages
      ok(await run("readDocument", read({ format: "structure", includeRangeIds: true, offset, limit: 10 })));
    }
    ok(await inRange(false));
    assert.match(ok(await inRange(true)).blocks[0].tableId, /^tbl_/);
  });
}
