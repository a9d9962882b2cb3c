// A table's id as the scope of insertPicture, hyperlink.set, comment.add and applyStyle: the table is a block
// (as for the text, markdown, table and break ops in table-blocks.test.js). Content goes before or after the
// table in a paragraph of its own, into its first/last cell for start/end, instead of it for replace; a comment
// or style on it covers the whole table and answers the table as a block; what Word cannot do to a table (a
// hyperlink across its cells, a table style through applyStyle) is refused, saying what works. An anchor made on
// a table is that table as a block too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, fails, ok } from "./helpers.js";
import { withTable } from "./table-fixture.js";
import { createEngine } from "../../../addin/js/engine.js";

/** A paragraph as text, a picture as [pic], linked text as <text|url>. */
function paragraphText(/** @type {any} */ block) {
  return block.runs.map((/** @type {any} */ r) => (r.type === "picture" ? "[pic]" : r.link ? `<${r.text}|${r.link}>` : r.text)).join("");
}

/** Paragraphs as text, tables as their cells' texts. */
function blocks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table"
    ? b.cells.map((/** @type {any} */ row) => row.map((/** @type {any} */ cell) => cell.blocks.map(paragraphText).join("\n")))
    : paragraphText(b)));
}

const TABLE = [["A", "B"], ["1", "2"]];
const picture = { source: "base64", data: PNG_1x1, naturalWidth: 10, naturalHeight: 10 };
const LINK = "https://example.org/";

/** Text "X" after the range an op answered: it goes after the table when that range is the table as a block. */
async function afterAnswer(env, rangeId) {
  ok(await env.run("insertText", { text: "X", scope: `rangeId:${rangeId}`, location: "after", newParagraph: true }));
  assert.deepEqual(blocks(env.sim).slice(1, 4), [TABLE, "X", "Next para"]);
}

for (const profile of PROFILES) {
  const placements = [
    ["insertPicture before", "insertPicture", { ...picture, location: "before" }, ["Intro", "[pic]", TABLE, "Next para"]],
    ["insertPicture after", "insertPicture", { ...picture, location: "after" }, ["Intro", TABLE, "[pic]", "Next para"]],
    ["insertPicture start (the first cell)", "insertPicture", { ...picture, location: "start" }, ["Intro", [["[pic]A", "B"], ["1", "2"]], "Next para"]],
    ["insertPicture end (the last cell)", "insertPicture", { ...picture, location: "end" }, ["Intro", [["A", "B"], ["1", "2[pic]"]], "Next para"]],
    ["insertPicture replace", "insertPicture", { ...picture, location: "replace" }, ["Intro", "[pic]", "Next para"]],
    ["hyperlink.set text before", "hyperlink.set", { url: LINK, text: "site", location: "before" }, ["Intro", `<site|${LINK}>`, TABLE, "Next para"]],
    ["hyperlink.set text after", "hyperlink.set", { url: LINK, text: "site", location: "after" }, ["Intro", TABLE, `<site|${LINK}>`, "Next para"]],
    ["hyperlink.set text start", "hyperlink.set", { url: LINK, text: "site", location: "start" }, ["Intro", [[`<site|${LINK}>A`, "B"], ["1", "2"]], "Next para"]],
    ["hyperlink.set text end", "hyperlink.set", { url: LINK, text: "site", location: "end" }, ["Intro", [["A", "B"], ["1", `2<site|${LINK}>`]], "Next para"]],
    ["hyperlink.set text replace", "hyperlink.set", { url: LINK, text: "site", location: "replace" }, ["Intro", `<site|${LINK}>`, "Next para"]],
  ];
  for (const [name, op, args, expected] of placements) {
    test(`[${profile}] ${name} on a table's id acts on the table as a block`, async () => {
      const env = await withTable(profile);
      ok(await env.run(op, { ...args, scope: env.scope }));
      assert.deepEqual(blocks(env.sim), expected);
    });
  }

  test(`[${profile}] insertPicture before/after a table says the picture got a paragraph of its own; replace retires the table's id`, async () => {
    const env = await withTable(profile);
    const outcome = await env.run("insertPicture", { ...picture, scope: env.scope, location: "after" });
    ok(outcome);
    assert.match(outcome.result.diagnostics[0].msg, /ends with a table: the picture went into a new paragraph after it/);
    ok(await env.run("insertPicture", { ...picture, scope: env.scope, location: "replace" }));
    const gone = fails(await env.run("insertText", { text: "Z", scope: env.scope, location: "after" }), "E_NOT_FOUND", "args.scope");
    assert.match(gone.diagnostics[0].msg, /is gone: its table was replaced/);
    assert.deepEqual(blocks(env.sim), ["Intro", "[pic]", "[pic]", "Next para"]);
  });

  test(`[${profile}] hyperlink.set without text on a table is refused (a link cannot span cells); "" still removes its links`, async () => {
    const env = await withTable(profile);
    const refused = fails(await env.run("hyperlink.set", { url: LINK, scope: env.scope }), "E_INVALID_ARG", "args.scope");
    assert.match(refused.diagnostics[0].msg, /is a table: a hyperlink cannot span table cells\. Give args\.text/);
    assert.deepEqual(blocks(env.sim), ["Intro", TABLE, "Next para"]);
    const search = ok(await env.run("search", { query: "B" }));
    ok(await env.run("hyperlink.set", { url: LINK, scope: `rangeId:${search.results[0].rangeId}` }));
    assert.deepEqual(blocks(env.sim)[1], [["A", `<B|${LINK}>`], ["1", "2"]]);
    ok(await env.run("hyperlink.set", { url: "", scope: env.scope }));
    assert.deepEqual(blocks(env.sim), ["Intro", TABLE, "Next para"]);
  });

  test(`[${profile}] comment.add on a table comments the whole table; its rangeId is the table as a block`, async () => {
    const env = await withTable(profile);
    const { rangeId } = ok(await env.run("comment.add", { text: "Check these figures", scope: env.scope }));
    assert.deepEqual(env.sim.snapshot().comments.map((/** @type {any} */ c) => c.text), ["A\tB\r1\t2\r"]);
    await afterAnswer(env, rangeId);
  });

  test(`[${profile}] applyStyle on a table styles the text of every cell; its rangeId is the table as a block`, async () => {
    const env = await withTable(profile);
    const { rangeId } = ok(await env.run("applyStyle", { namedStyle: "Heading 2", char: { bold: true }, para: { alignment: "center" }, scope: env.scope }));
    const cells = env.sim.snapshot().blocks[1].cells.flat().map((/** @type {any} */ cell) => cell.blocks[0]);
    assert.deepEqual(cells.map((/** @type {any} */ p) => [p.text, p.style, p.alignment, p.runs[0].bold]), [
      ["A", "Heading 2", "Centered", true], ["B", "Heading 2", "Centered", true], ["1", "Heading 2", "Centered", true], ["2", "Heading 2", "Centered", true],
    ]);
    await afterAnswer(env, rangeId);
  });

  test(`[${profile}] applyStyle with a table style is refused on namedStyle, pointing to table.applyStyle with the table's id (dryRun too)`, async () => {
    const env = await withTable(profile);
    for (const dryRun of [true, false]) {
      const refused = fails(await env.run("applyStyle", { namedStyle: "Grid Table 4 - Accent 1", scope: env.scope, dryRun }), "E_INVALID_ARG", "args.namedStyle");
      assert.equal(refused.diagnostics[0].msg, `"Grid Table 4 - Accent 1" is a table style: apply it with table.applyStyle {tableRef: "${env.scope}", style: {name: "Grid Table 4 - Accent 1"}}. applyStyle sets paragraph and character styles (on a table, those of the text in its cells)`);
    }
    ok(await env.run("table.applyStyle", { tableRef: env.scope, style: { name: "Grid Table 4 - Accent 1" } }));
    assert.equal(env.sim.snapshot().blocks[1].style, "Grid Table 4 - Accent 1");
  });
}

test("applyStyle with the document's own table style is refused as a table style, found in the styles it reads (web, WordApi 1.5)", async () => {
  const env = await withTable("web");
  await env.sim.Word.run(async (context) => {
    context.document.addStyle("Figures", "Table");
    await context.sync();
  });
  for (const dryRun of [true, false]) {
    const refused = fails(await env.run("applyStyle", { namedStyle: "figures", scope: env.scope, dryRun }), "E_INVALID_ARG", "args.namedStyle");
    assert.match(refused.diagnostics[0].msg, /^"Figures" is a table style: apply it with table\.applyStyle/);
  }
  assert.deepEqual(blocks(env.sim), ["Intro", TABLE, "Next para"]);
});

test("a floating picture before/after a table is anchored in a paragraph of its own next to it, never in a cell (desktop)", async () => {
  const env = await withTable("desktop");
  ok(await env.run("insertPicture", { ...picture, wrapType: "square", scope: env.scope, location: "after" }));
  ok(await env.run("insertPicture", { ...picture, wrapType: "square", scope: env.scope, location: "before" }));
  assert.deepEqual(blocks(env.sim), ["Intro", "", TABLE, "", "Next para"]);
  const read = ok(await env.run("readDocument", { format: "structure" }));
  assert.deepEqual(read.blocks.map((/** @type {any} */ b) => b.type), ["paragraph", "paragraph", "table", "paragraph", "paragraph"]);
  const anchors = env.sim._model.shapes.map((/** @type {any} */ s) => s.anchorPara.units.map((/** @type {any} */ u) => u.ch).join(""));
  assert.deepEqual(anchors, ["", ""]);
});

for (const profile of PROFILES) {
  test(`[${profile}] anchor.create on a table wraps the whole table; its anchor is that table as a block, also for a pane loaded later`, async () => {
    const env = await withTable(profile);
    const { anchorId, scope } = ok(await env.run("anchor.create", { scope: env.scope, name: "Prices" }));
    assert.match(anchorId, /^anc_tbl_[0-9a-z]{10}$/);
    assert.deepEqual(env.sim.snapshot().contentControls.map((/** @type {any} */ c) => c.text), ["A\tB\r1\t2\r"]);
    ok(await env.run("insertText", { text: "Above", scope, location: "before" }));
    ok(await env.run("insertPicture", { ...picture, scope, location: "after" }));
    ok(await env.run("insertText", { text: "!", scope, location: "end" }));
    ok(await env.run("table.setCellText", { tableRef: scope, row: 0, col: 0, text: "a" }));
    assert.deepEqual(blocks(env.sim), ["Intro", "Above", [["a", "B"], ["1", "2!"]], "[pic]", "Next para"]);
    // The anchor's id is in the document: a pane loaded afterwards (a new engine, no ids) knows it is a table.
    const later = createEngine({ Word: env.sim.Word, Office: env.sim.Office });
    const outcome = await later.execute({ type: "ai-cmd", id: `later-${profile}`, op: { type: "word.op", op: "insertText", version: "1.0", args: { text: "Below", scope, location: "after", newParagraph: true } } });
    assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result));
    assert.deepEqual(blocks(env.sim), ["Intro", "Above", [["a", "B"], ["1", "2!"]], "Below", "[pic]", "Next para"]);
  });

  test(`[${profile}] an anchor on a paragraph keeps a plain id and its text`, async () => {
    const env = await withTable(profile);
    const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const { anchorId, scope } = ok(await env.run("anchor.create", { scope: `rangeId:${read.blocks[0].rangeId}` }));
    assert.match(anchorId, /^anc_[0-9a-z]{10}$/);
    ok(await env.run("insertText", { text: "!", scope, location: "end" }));
    assert.deepEqual(blocks(env.sim), ["Intro!", TABLE, "Next para"]);
  });
}
