// insertMarkdown: canonical blocks built with Word's styles, locations, the rangeId of the insertion, the
// sync budget, and the round trip through readDocument's markdown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok, fails, paragraphs, selectText } from "./helpers.js";

const H = (level, text) => ({ type: "heading", level, runs: [{ text }] });
const P = (...runs) => ({ type: "paragraph", runs: runs.map((run) => (typeof run === "string" ? { text: run } : run)) });
const LI = (kind, level, text) => ({ type: "listItem", kind, level, runs: [{ text }] });
/** What the server makes of "| x | y |\n|---|---|\n| 1 | 2 |". */
const TABLE = { type: "table", header: true, rows: [["x", "y"], ["1", "2"]] };

/** The ids readDocument gives the document's blocks, in order. */
const blockIds = async (/** @type {Function} */ run) => ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks.map((b) => b.rangeId);

/** The canonical blocks of the markdown in ROUND_TRIP (what bridge/word/markdown_blocks.py makes of it). */
const ROUND_TRIP_BLOCKS = [
  H(1, "Quarterly report"),
  P("Sales were ", { text: "up", bold: true }, " and costs ", { text: "down", italic: true }, ", see ", { text: "the sheet", link: "https://example.com/q3" }, " and ", { text: "npm test", code: true }, "."),
  LI("bullet", 0, "North"),
  LI("bullet", 1, "Oslo"),
  LI("bullet", 0, "South"),
  { type: "quote", runs: [{ text: "Keep going." }] },
  { type: "code", text: "total = a + b\n  print(total)" },
  { type: "table", header: true, rows: [["Region", "Sales"], ["North", "10"]] },
  LI("number", 0, "Plan"),
  LI("number", 1, "Ship"),
  P({ text: "Old", strike: true }, " plan"),
];
const ROUND_TRIP = [
  "# Quarterly report",
  "Sales were **up** and costs *down*, see [the sheet](https://example.com/q3) and `npm test`.",
  "- North\n  - Oslo\n- South",
  "> Keep going.",
  "```\ntotal = a + b\n  print(total)\n```",
  "| Region | Sales |\n| --- | --- |\n| North | 10 |",
  "1. Plan\n   1. Ship",
  "~~Old~~ plan",
].join("\n\n");

const markdownOf = async (/** @type {Function} */ run, scope = "document") =>
  ok(await run("readDocument", { scope, format: "markdown", offset: 0, limit: 1000, maxChars: 200000, includeRangeIds: false })).markdown;

for (const profile of PROFILES) {
  test(`[${profile}] blocks become Word's styles: headings, quote, code, lists, Table Grid with a bold header`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const data = ok(await run("insertMarkdown", { blocks: ROUND_TRIP_BLOCKS, scope: "document", location: "replace" }));
    assert.equal(data.blocks, ROUND_TRIP_BLOCKS.length);
    const blocks = sim.snapshot().blocks;
    const byText = (/** @type {string} */ text) => blocks.find((b) => b.type === "paragraph" && b.text === text);
    assert.equal(blocks[0].style, "Heading 1");
    assert.equal(byText("Keep going.").style, "Quote");
    const code = byText("total = a + b\v  print(total)");
    assert.equal(code.style, "No Spacing");
    assert.ok(code.runs.every((/** @type {any} */ r) => r.fontName === "Consolas"));
    assert.deepEqual(["North", "Oslo", "South"].map((t) => byText(t).list), [
      { kind: "bullet", level: 0, listId: byText("North").list.listId }, { kind: "bullet", level: 1, listId: byText("North").list.listId }, { kind: "bullet", level: 0, listId: byText("North").list.listId },
    ]);
    assert.deepEqual([byText("Plan").list.kind, byText("Ship").list.level], ["number", 1]);
    assert.notEqual(byText("Plan").list.listId, byText("North").list.listId);
    const table = blocks.find((b) => b.type === "table");
    assert.deepEqual([table.style, table.headerRowCount, table.values], ["Table Grid", 1, [["Region", "Sales"], ["North", "10"]]]);
    assert.equal(table.cells[0][0].blocks[0].runs[0].bold, true);
    assert.equal(table.cells[1][0].blocks[0].runs[0].bold, false);
    const runs = byText("Sales were up and costs down, see the sheet and npm test.").runs;
    const run0 = (/** @type {string} */ text) => runs.find((/** @type {any} */ r) => r.text === text);
    assert.equal(run0("up").bold, true);
    assert.equal(run0("down").italic, true);
    assert.equal(run0("the sheet").link, "https://example.com/q3");
    assert.equal(run0("npm test").fontName, "Consolas");
    assert.equal(byText("Old plan").runs[0].strikeThrough, true);
  });

  test(`[${profile}] round trip: insertMarkdown then readDocument gives the markdown back`, async () => {
    const { run } = setup(profile, { text: "" });
    ok(await run("insertMarkdown", { blocks: ROUND_TRIP_BLOCKS, scope: "document", location: "replace" }));
    assert.equal(await markdownOf(run), ROUND_TRIP);
  });

  // readDocument writes a Title paragraph as a setext heading ("Report\n======"); the server makes that a heading
  // with `title: true`, which goes back in the Title style, while `# Summary` stays Heading 1.
  test(`[${profile}] round trip: a title heading becomes a Title paragraph, read back as a setext heading`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const blocks = [{ ...H(1, "Report"), title: true }, H(1, "Summary"), H(2, "Detail"), P("Text")];
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => [b.text, b.style]), [["Report", "Title"], ["Summary", "Heading 1"], ["Detail", "Heading 2"], ["Text", "Normal"]]);
    assert.equal(await markdownOf(run), "Report\n======\n\n# Summary\n\n## Detail\n\nText");
    // `title: false` is a plain heading
    ok(await run("insertMarkdown", { blocks: [{ ...H(1, "Again"), title: false }], scope: "document", location: "end" }));
    assert.equal(sim.snapshot().blocks.at(-1).style, "Heading 1");
  });

  test(`[${profile}] the rangeId covers exactly the insertion`, async () => {
    const { run } = setup(profile, { text: "Before\nAfter" });
    const { rangeId } = ok(await run("insertMarkdown", { blocks: [H(2, "New"), P("Body")], scope: "document", location: "start" }));
    assert.equal(await markdownOf(run, `rangeId:${rangeId}`), "## New\n\nBody");
    assert.equal(await markdownOf(run), "## New\n\nBody\n\nBefore\n\nAfter");
  });

  test(`[${profile}] document locations: start, end, replace`, async () => {
    const { sim, run } = setup(profile, { text: "Middle" });
    ok(await run("insertMarkdown", { blocks: [P("Top")], scope: "document", location: "start" }));
    ok(await run("insertMarkdown", { blocks: [P("Bottom")], scope: "document", location: "end" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Top", "Middle", "Bottom"]);
    ok(await run("insertMarkdown", { blocks: [P("Only")], scope: "document", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Only"]);
    ok(await run("insertMarkdown", { blocks: [{ type: "table", header: false, rows: [["a"]] }], scope: "document", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.type), ["table", "paragraph"]);
  });

  test(`[${profile}] selection replace: a whole paragraph selected goes; an empty one at the cursor goes; text in a paragraph stays`, async () => {
    const { sim, run } = setup(profile, { text: "One\nTwo\nThree" });
    await selectText(sim, "Two");
    ok(await run("insertMarkdown", { blocks: [H(1, "Heading"), P("Text")], scope: "selection", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["One", "Heading", "Text", "Three"]);

    sim.setText("Intro\n\nOutro");
    sim.setSelection({ start: 6 });
    ok(await run("insertMarkdown", { blocks: [P("Filled")], scope: "selection", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Intro", "Filled", "Outro"]);

    sim.setText("Keep this sentence.");
    await selectText(sim, "this");
    ok(await run("insertMarkdown", { blocks: [P("Added")], scope: "selection", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Keep  sentence.", "Added"]);
  });

  test(`[${profile}] a table replacing a paragraph takes its place: no empty paragraph before or after it`, async () => {
    for (const [blocks, expected] of [
      [[TABLE], ["Alpha one", "[table]", "Gamma three"]],
      [[P("p"), TABLE], ["Alpha one", "p", "[table]", "Gamma three"]],
      [[TABLE, P("q")], ["Alpha one", "[table]", "q", "Gamma three"]],
      // two tables cannot touch: Word keeps one paragraph between them
      [[TABLE, TABLE], ["Alpha one", "[table]", "", "[table]", "Gamma three"]],
    ]) {
      const { sim, run } = setup(profile, { text: "Alpha one\nBeta two\nGamma three" });
      const ids = await blockIds(run);
      ok(await run("insertMarkdown", { blocks, scope: `rangeId:${ids[1]}`, location: "replace" }));
      assert.deepEqual(paragraphs(sim), expected, JSON.stringify(blocks));
    }
    const { sim, run } = setup(profile, { text: "Alpha one\nBeta two\nGamma three" });
    await selectText(sim, "Beta two");
    ok(await run("insertMarkdown", { blocks: [TABLE], scope: "selection", location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["Alpha one", "[table]", "Gamma three"]);
  });

  test(`[${profile}] a table keeps the one empty paragraph Word requires: at the end of the body, between two tables`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one\nBeta two" });
    const ids = await blockIds(run);
    ok(await run("insertMarkdown", { blocks: [TABLE], scope: `rangeId:${ids[1]}`, location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["Alpha one", "[table]", ""]);
    assert.equal(sim.snapshot().blocks[2].style, "Normal");

    sim.load([{ type: "table", values: [["t0"]] }, { type: "paragraph", text: "Mid", style: "Heading 2" }, { type: "table", values: [["t2"]] }, { type: "paragraph", text: "" }]);
    const [, mid] = await blockIds(run);
    ok(await run("insertMarkdown", { blocks: [TABLE], scope: `rangeId:${mid}`, location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["[table]", "", "[table]", "", "[table]", ""]);
    assert.deepEqual(sim.snapshot().blocks.filter((b) => b.type === "paragraph").map((b) => b.style), ["Normal", "Normal", "Normal"]);
  });

  test(`[${profile}] a document replaced by a heading, a table and a paragraph has no empty paragraph`, async () => {
    // The paragraph before the table must not take the cleared body's last paragraph: the table would then end
    // the body and Word would add an empty paragraph after it.
    for (const text of ["", "Old text"]) {
      const { sim, run } = setup(profile, { text });
      const heading = { type: "heading", level: 1, runs: [{ text: "Heading" }] };
      ok(await run("insertMarkdown", { blocks: [heading, TABLE, { type: "paragraph", runs: [{ text: "Closing" }] }], scope: "document", location: "replace" }));
      assert.deepEqual(paragraphs(sim), ["Heading", "[table]", "Closing"]);
      ok(await run("insertMarkdown", { blocks: [heading, TABLE], scope: "document", location: "replace" }));
      assert.deepEqual(paragraphs(sim), ["Heading", "[table]", ""]); // the body's last paragraph: Word requires it
    }
  });

  test(`[${profile}] a table inserted at start, before, after or end adds no paragraph: the same layout as table.create`, async () => {
    for (const location of ["start", "before", "after", "end"]) {
      const viaMarkdown = setup(profile, { text: "Alpha one\nBeta two\nGamma three" });
      const id = (await blockIds(viaMarkdown.run))[1];
      ok(await viaMarkdown.run("insertMarkdown", { blocks: [TABLE], scope: `rangeId:${id}`, location }));
      const viaTable = setup(profile, { text: "Alpha one\nBeta two\nGamma three" });
      ok(await viaTable.run("table.create", { rows: 2, cols: 2, scope: `rangeId:${(await blockIds(viaTable.run))[1]}`, location }));
      const expected = location === "start" || location === "before" ? ["Alpha one", "[table]", "Beta two", "Gamma three"] : ["Alpha one", "Beta two", "[table]", "Gamma three"];
      assert.deepEqual(paragraphs(viaMarkdown.sim), expected, location);
      assert.deepEqual(paragraphs(viaTable.sim), expected, `table.create ${location}`);
    }
    for (const [location, expected] of [["start", ["[table]", "Alpha one"]], ["end", ["Alpha one", "[table]", ""]], ["replace", ["[table]", ""]]]) {
      const { sim, run } = setup(profile, { text: "Alpha one" });
      ok(await run("insertMarkdown", { blocks: [TABLE], scope: "document", location }));
      assert.deepEqual(paragraphs(sim), expected, `document ${location}`);
    }
  });

  test(`[${profile}] range locations: before and after its paragraphs`, async () => {
    const { sim, run } = setup(profile, { text: "A\nB" });
    const hits = ok(await run("search", { query: "B" })).results;
    ok(await run("insertMarkdown", { blocks: [P("before B")], scope: `rangeId:${hits[0].rangeId}`, location: "before" }));
    ok(await run("insertMarkdown", { blocks: [P("after B")], scope: `rangeId:${hits[0].rangeId}`, location: "after" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["A", "before B", "B", "after B"]);
  });

  test(`[${profile}] after a list item or a heading, new blocks take none of their neighbour's list or style`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", text: "Item", list: { kind: "number", level: 0 } }, { type: "paragraph", text: "Head", style: "Heading 1" }]);
    const hits = ok(await run("search", { query: "Item" })).results;
    ok(await run("insertMarkdown", { blocks: [P("Plain"), LI("bullet", 0, "Own")], scope: `rangeId:${hits[0].rangeId}`, location: "after" }));
    ok(await run("insertMarkdown", { blocks: [P("Below")], scope: "document", location: "end" }));
    const blocks = sim.snapshot().blocks;
    assert.deepEqual(blocks.map((b) => [b.text, b.style, b.list?.kind ?? null]), [
      ["Item", "List Paragraph", "number"], ["Plain", "Normal", null], ["Own", "List Paragraph", "bullet"], ["Head", "Heading 1", null], ["Below", "Normal", null],
    ]);
    assert.notEqual(blocks[2].list.listId, blocks[0].list.listId);
  });

  test(`[${profile}] a heading or quote keeps its style's bold and italic; text next to bold takes none of it`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", runs: [{ text: "Bold line", bold: true }] }]);
    ok(await run("insertMarkdown", { blocks: [{ type: "quote", runs: [{ text: "Quoted" }] }, P("Normal text")], scope: "document", location: "end" }));
    const [, quote, plain] = sim.snapshot().blocks;
    assert.equal(quote.runs[0].italic, true, "the Quote style is italic");
    assert.equal(plain.runs[0].bold, false);
  });

  test(`[${profile}] syncs: none of its own on the document, lists included; one that only reads to replace a range`, async () => {
    const { sim, run } = setup(profile, { text: "x\ny" });
    let before = sim.syncCount;
    ok(await run("insertMarkdown", { blocks: [H(1, "A"), LI("bullet", 0, "a"), LI("number", 1, "b"), LI("bullet", 0, "c")], scope: "document", location: "end" }));
    assert.equal(sim.syncCount - before, 1);
    await selectText(sim, "y");
    before = sim.syncCount;
    ok(await run("insertMarkdown", { blocks: [LI("bullet", 0, "d"), LI("bullet", 0, "e")] }));
    assert.equal(sim.syncCount - before, 2);
    // expectText is checked in that read: still two
    const { rangeId } = ok(await run("search", { query: "x" })).results[0];
    before = sim.syncCount;
    ok(await run("insertMarkdown", { blocks: [P("f"), LI("bullet", 0, "g"), LI("bullet", 0, "h")], scope: `rangeId:${rangeId}`, location: "replace", expectText: "x" }));
    assert.equal(sim.syncCount - before, 2);
    fails(await run("insertMarkdown", { blocks: [P("z")], scope: `rangeId:${rangeId}`, location: "replace", expectText: "x" }), "E_NOT_FOUND", "args.expectText");
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["f", "g", "h", "d", "e", "A", "a", "b", "c"]);
  });

  test(`[${profile}] malformed blocks are E_INVALID_ARG naming the block`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("insertMarkdown", { blocks: [], scope: "document", location: "end" }), "E_INVALID_ARG", "args.blocks");
    fails(await run("insertMarkdown", { blocks: [P("ok"), { type: "heading", level: 7, runs: [] }], scope: "document", location: "end" }), "E_INVALID_ARG", "args.blocks[1]");
    fails(await run("insertMarkdown", { blocks: [{ type: "video" }], scope: "document", location: "end" }), "E_INVALID_ARG", "args.blocks[0]");
    fails(await run("insertMarkdown", { blocks: [{ ...H(2, "T"), title: true }], scope: "document", location: "end" }), "E_INVALID_ARG", "args.blocks[0]");
    fails(await run("insertMarkdown", { blocks: [P("ok"), { ...H(1, "T"), title: "yes" }], scope: "document", location: "end" }), "E_INVALID_ARG", "args.blocks[1]");
  });

  // Word refuses a table of more than 63 columns only in the closing sync, after the blocks before it went in.
  test(`[${profile}] a table wider than Word's 63 columns is E_INVALID_ARG before anything is written`, async () => {
    const { sim, run } = setup(profile, { text: "x" });
    const wide = { type: "table", header: true, rows: [Array.from({ length: 70 }, (_, c) => `h${c}`), ["1"]] };
    const result = fails(await run("insertMarkdown", { blocks: [P("intro"), wide], scope: "document", location: "end" }), "E_INVALID_ARG", "args.blocks[1]");
    assert.match(result.diagnostics[0].msg, /70 columns; a Word table has at most 63/);
    assert.deepEqual(paragraphs(sim), ["x"]);
    ok(await run("insertMarkdown", { blocks: [P("intro"), { ...wide, rows: [wide.rows[0].slice(0, 63)] }], scope: "document", location: "end" }));
  });
}
