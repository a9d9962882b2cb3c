// An anchor's table edges are what its content starts or ends with when it is used, not what anchor.create saw:
// an anchor made on the selection, or one whose blocks were replaced, is placed around as its content is now.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, ok, paragraphs, setup } from "./helpers.js";
import { anchorTexts, blocksAnchor } from "./anchor-fixture.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const TABLE = { type: "table", header: false, rows: [["a", "b"]] };
const STARTS = [TABLE, P("Tail")];
const ENDS = [P("Lead"), TABLE];
const PICTURE = { source: "base64", data: PNG_1x1, naturalWidth: 1, naturalHeight: 1 };

/** Paragraph texts, tables as their cell values. */
function blocksOf(/** @type {{ snapshot: () => any }} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "paragraph" ? b.text : b.values));
}

/**
 * An anchor made on the selection over `blocks` (a table and a paragraph) written between "Intro" and "Outro": the
 * selection goes from the first block (the whole table when it is one) to the last.
 * @param {string} profile
 * @param {object[]} blocks
 */
async function selectionAnchor(profile, blocks) {
  const env = setup(profile, { text: "Intro\nOutro" });
  await env.sim.Word.run(async (context) => {
    const intro = context.document.body.paragraphs.getFirst();
    intro.insertParagraph("x", "After");
    await context.sync();
  });
  const { sim } = env;
  const { rangeId } = ok(await env.run("search", { query: "x" })).results[0];
  ok(await env.run("insertMarkdown", { scope: `rangeId:${rangeId}`, location: "replace", blocks }));
  await sim.Word.run(async (context) => {
    const table = context.document.body.tables.getFirst().getRange("Whole");
    const hits = context.document.body.search(blocks[0] === TABLE ? "Tail" : "Lead", { matchCase: true });
    hits.load("items");
    await context.sync();
    const paragraph = hits.items[0].paragraphs.getFirst().getRange("Content");
    (blocks[0] === TABLE ? table.expandTo(paragraph) : paragraph.expandTo(table)).select();
    await context.sync();
  });
  const { scope } = ok(await env.run("anchor.create", { scope: "selection" }));
  return { ...env, scope };
}

for (const profile of PROFILES) {
  test(`[${profile}] an anchor made on a selection that starts with a table: text before it goes before the table`, async () => {
    const env = await selectionAnchor(profile, STARTS);
    assert.deepEqual(blocksOf(env.sim), ["Intro", [["a", "b"]], "Tail", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["a\tb\nTail"]);
    ok(await env.run("insertText", { scope: env.scope, location: "before", text: "TXT" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "TXT", [["a", "b"]], "Tail", "Outro"]);
  });

  test(`[${profile}] an anchor made on a selection that ends with a table: text after it goes after the table`, async () => {
    const env = await selectionAnchor(profile, ENDS);
    assert.deepEqual(blocksOf(env.sim), ["Intro", "Lead", [["a", "b"]], "Outro"]);
    ok(await env.run("insertText", { scope: env.scope, location: "after", text: "TXT" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "Lead", [["a", "b"]], "TXT", "Outro"]);
  });

  test(`[${profile}] after its blocks were replaced by text, start/end of an anchor that started with a table write into it`, async () => {
    const env = await blocksAnchor(profile, STARTS);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("New 1"), P("New 2")] }));
    ok(await env.run("insertText", { scope: env.scope, location: "start", text: "S-" }));
    ok(await env.run("insertText", { scope: env.scope, location: "end", text: "-E" }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "S-New 1", "New 2-E", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["S-New 1\nNew 2-E"]);
  });

  test(`[${profile}] an anchor replaced by blocks that start with a table is table-edged from then on`, async () => {
    const env = await blocksAnchor(profile, [P("Old")]);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: STARTS }));
    assert.deepEqual(await anchorTexts(env), ["a\tb\nTail"]);
    ok(await env.run("insertText", { scope: env.scope, location: "before", text: "TXT" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "TXT", [["a", "b"]], "Tail", "Outro"]);
  });

  for (const [name, blocks] of [["starting", STARTS], ["ending", ENDS]]) {
    test(`[${profile}] insertPicture replace of an anchor ${name} with a table keeps the anchor around the picture`, async () => {
      const env = await blocksAnchor(profile, blocks);
      ok(await env.run("insertPicture", { scope: env.scope, location: "replace", ...PICTURE }));
      assert.deepEqual(paragraphs(env.sim), ["Intro", "", "Outro"]);
      const pictures = await env.sim.Word.run(async (context) => {
        const controls = context.document.contentControls;
        controls.load("items");
        await context.sync();
        const inside = controls.items[0].getRange("Content").inlinePictures;
        inside.load("items");
        await context.sync();
        return inside.items.length;
      });
      assert.equal(pictures, 1);
    });

    test(`[${profile}] hyperlink.set replace of an anchor ${name} with a table keeps the anchor around the linked text`, async () => {
      const env = await blocksAnchor(profile, blocks);
      ok(await env.run("hyperlink.set", { scope: env.scope, location: "replace", text: "LNK", url: "https://example.com" }));
      assert.deepEqual(paragraphs(env.sim), ["Intro", "LNK", "Outro"]);
      assert.deepEqual(await anchorTexts(env), ["LNK"]);
    });
  }
}

for (const profile of PROFILES) {
  test(`[${profile}] an anchor inside a table cell has no table edge: text before and after it stays in the cell`, async () => {
    const env = setup(profile, { text: "Intro" });
    ok(await env.run("table.create", { scope: "document", location: "end", rows: 1, cols: 2, data: [["cell", "b"]] }));
    const { rangeId } = ok(await env.run("search", { query: "cell" })).results[0];
    const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${rangeId}` }));
    ok(await env.run("insertText", { scope, location: "before", text: "<" }));
    ok(await env.run("insertText", { scope, location: "after", text: ">" }));
    ok(await env.run("insertText", { scope, location: "replace", text: "CELL" }));
    assert.deepEqual(blocksOf(env.sim).filter((b) => Array.isArray(b)), [[["<CELL>", "b"]]]);
    assert.deepEqual(await anchorTexts(env), ["CELL"]);
  });

  test(`[${profile}] an anchor made on a selection that is one whole table is that table's blocks`, async () => {
    const env = await selectionAnchor(profile, STARTS);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [TABLE] }));
    assert.deepEqual(await anchorTexts(env), ["a\tb\n"]);
    ok(await env.run("insertText", { scope: env.scope, location: "before", text: "Above" }));
    ok(await env.run("insertText", { scope: env.scope, location: "after", text: "Below" }));
    ok(await env.run("insertText", { scope: env.scope, location: "start", text: "S-" }));
    const around = (/** @type {any[]} */ blocks) => blocks.filter((b) => b !== "").join("|");
    assert.equal(around(blocksOf(env.sim)), "Intro|Above|S-a,b|Below|Outro");
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "Gone" }));
    assert.equal(around(blocksOf(env.sim)), "Intro|Above|Gone|Below|Outro");
    assert.deepEqual(await anchorTexts(env), ["Gone"]);
  });

  test(`[${profile}] replace, insertBreak, table.create and a picture on a selection's anchor that starts with a table go next to the table`, async () => {
    const env = await selectionAnchor(profile, STARTS);
    ok(await env.run("insertBreak", { scope: env.scope, location: "before", type: "page" }));
    ok(await env.run("insertPicture", { scope: env.scope, location: "before", ...PICTURE }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "\f", "", [["a", "b"]], "Tail", "Outro"]);
    ok(await env.run("table.create", { scope: env.scope, location: "before", rows: 1, cols: 1, data: [["t"]] }));
    assert.equal(blocksOf(env.sim).filter((b) => Array.isArray(b)).length, 2);
    assert.deepEqual(await anchorTexts(env), ["a\tb\nTail"]);
    const [expectText] = await anchorTexts(env);
    ok(await env.run("replace", { target: env.scope, replaceWith: "R", expectText }));
    assert.deepEqual(await anchorTexts(env), ["R"]);
    assert.equal(blocksOf(env.sim).filter((b) => Array.isArray(b)).length, 1);
  });

  test(`[${profile}] insertMarkdown at the end of a selection's anchor that ends with a table goes after the table, in one read`, async () => {
    const env = await selectionAnchor(profile, ENDS);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "end", blocks: [{ type: "listItem", kind: "bullet", level: 0, runs: [{ text: "item" }] }] }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "Lead", [["a", "b"]], "item", "Outro"]);
  });

  test(`[${profile}] hyperlink.set on its own text refuses an anchor made on a selection that starts with a table, in a dry run too`, async () => {
    const env = await selectionAnchor(profile, STARTS);
    for (const dryRun of [false, true]) {
      const outcome = await env.run("hyperlink.set", { scope: env.scope, url: "https://example.com", ...(dryRun ? { dryRun } : {}) });
      assert.equal(outcome.result.code, "E_INVALID_ARG");
      assert.match(outcome.result.diagnostics[0].msg, /starts with a table/);
    }
  });
}

test("tableEdgesOf: text in one cell has no edge; a whole table is one; blocks starting or ending with tables", async () => {
  const { tableEdgesOf } = await import("../../../addin/js/handlers/anchor-read.js");
  assert.equal(tableEdgesOf({ levels: [0, 0] }), undefined);
  assert.equal(tableEdgesOf({ levels: [1], before: 1, after: 1 }), undefined); // inside a cell
  assert.equal(tableEdgesOf({ levels: [1, 1], before: 0, after: 1 }), undefined); // the first cell's text
  assert.deepEqual(tableEdgesOf({ levels: [1, 1, 1], before: 0, after: 0 }), { first: true, last: true, only: true });
  assert.deepEqual(tableEdgesOf({ levels: [1, 1], after: 0 }), { first: true, last: true, only: true }); // first in the body
  assert.deepEqual(tableEdgesOf({ levels: [1, 1, 0] }), { first: true, last: false });
  assert.deepEqual(tableEdgesOf({ levels: [0, 2, 1] }), { first: false, last: true });
  assert.deepEqual(tableEdgesOf({ levels: [2, 1], before: 1, after: 1 }), { first: true, last: false }); // a nested table in a cell
});

for (const profile of PROFILES) {
  test(`[${profile}] a batch reads its anchors up front: ops around them cost no sync each, and a replace keeps that read up to date`, async () => {
    const env = await selectionAnchor(profile, STARTS);
    const ops = [];
    for (let i = 0; i < 6; i += 1) ops.push({ op: "insertText", args: { scope: env.scope, location: "before", text: `T${i}`, newParagraph: i % 2 === 1 } });
    ops.push({ op: "insertPicture", args: { scope: env.scope, location: "replace", ...PICTURE } });
    ops.push({ op: "insertText", args: { scope: env.scope, location: "start", text: "S-" } });
    const before = env.sim.syncCount;
    const { results } = ok(await env.run("batch", { ops }, { maxSyncs: 3 }));
    assert.ok(results.every((/** @type {{ ok: boolean }} */ r) => r.ok), JSON.stringify(results));
    // The read up front, the batch's last sync, Word.run's closing one: the replace by a picture leaves no table.
    assert.equal(env.sim.syncCount - before, 3);
    assert.deepEqual(paragraphs(env.sim), ["Intro", "T0", "T1", "T2", "T3", "T4", "T5", "S-", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["S-"]);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] in a batch, blocks that replace an anchor's content give it their table edges: the next op there sees the table`, async () => {
    const env = await blocksAnchor(profile, [P("Old")]);
    const before = env.sim.syncCount;
    const { results } = ok(await env.run("batch", { ops: [
      { op: "insertText", args: { scope: env.scope, location: "before", text: "A" } },
      { op: "insertMarkdown", args: { scope: env.scope, location: "replace", blocks: STARTS } },
      { op: "insertText", args: { scope: env.scope, location: "before", text: "TXT" } },
      { op: "insertText", args: { scope: env.scope, location: "start", text: "S-" } },
    ] }, { maxSyncs: 4 }));
    assert.ok(results.every((/** @type {{ ok: boolean }} */ r) => r.ok), JSON.stringify(results));
    // The read up front, insertMarkdown's read of what it replaces, the batch's last sync, Word.run's closing one.
    assert.equal(env.sim.syncCount - before, 4);
    assert.deepEqual(blocksOf(env.sim).filter((b) => b !== ""), ["Intro", "A", "TXT", [["S-a", "b"]], "Tail", "Outro"]);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] comment.add on an anchor that starts with a table: its rangeId is blocks with a table first, text before it goes before the table`, async () => {
    const env = await selectionAnchor(profile, STARTS);
    const { rangeId } = ok(await env.run("comment.add", { scope: env.scope, text: "Check" }));
    ok(await env.run("insertText", { scope: `rangeId:${rangeId}`, location: "before", text: "TXT" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "TXT", [["a", "b"]], "Tail", "Outro"]);
  });
}
