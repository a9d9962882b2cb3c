// insertMarkdown replacing an anchor whose content starts with a table by blocks with a table leaves no empty
// paragraph: Word puts a paragraph between the new blocks' table and the old table while both are there (touching
// tables are one), and it goes with the old blocks. Where Word keeps one (a table follows the anchor and the new
// blocks end with one) the answer says so.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { anchorTexts, blocksAnchor } from "./anchor-fixture.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const T = { type: "table", header: false, rows: [["a", "b"]] };
const U = { type: "table", header: false, rows: [["c", "d"]] };

/** Paragraph texts, tables as their cells' text. */
function blocksOf(/** @type {{ snapshot: () => any }} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "paragraph" ? b.text : b.values.flat().join("")));
}

const OLD = { "table, paragraph": [T, P("Tail")], "table, paragraph, table": [T, P("Mid"), T] };
const NEW = { "table, paragraph": [U, P("N")], "paragraph, table": [P("N"), U], table: [U], "table, paragraph, table": [U, P("N"), U] };
const shown = (/** @type {any[]} */ blocks) => blocks.map((b) => (b.type === "table" ? b.rows.flat().join("") : b.runs[0].text));

for (const profile of PROFILES) {
  for (const [oldName, old] of Object.entries(OLD)) {
    for (const [newName, blocks] of Object.entries(NEW)) {
      test(`[${profile}] an anchor of ${oldName} replaced by ${newName}: no empty paragraph`, async () => {
        const env = await blocksAnchor(profile, old);
        const outcome = await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks });
        ok(outcome);
        assert.deepEqual(blocksOf(env.sim), ["Intro", ...shown(blocks), "Outro"]);
        assert.equal((await anchorTexts(env)).length, 1);
        assert.ok(!outcome.result.diagnostics.some((/** @type {{ msg: string }} */ d) => /empty paragraph/.test(d.msg)), JSON.stringify(outcome.result.diagnostics));
      });
    }
  }

  test(`[${profile}] a table after the anchor and new blocks ending with a table: the paragraph between them stays, and the answer says so`, async () => {
    // (Without the table after it, no empty paragraph: see above.)
    const env = await blocksAnchor(profile, [T, P("Tail")]);
    ok(await env.run("table.create", { scope: env.scope, location: "after", rows: 1, cols: 1, data: [["x"]] }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "ab", "Tail", "x", "Outro"]);
    const outcome = await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("N"), U] });
    ok(outcome);
    assert.deepEqual(blocksOf(env.sim), ["Intro", "N", "cd", "", "x", "Outro"]);
    assert.ok(outcome.result.diagnostics.some((/** @type {{ msg: string }} */ d) => /empty paragraph/.test(d.msg)), JSON.stringify(outcome.result.diagnostics));
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] a table after the anchor, new blocks starting with a paragraph: no empty paragraph, no note`, async () => {
    const env = await blocksAnchor(profile, [T, P("Tail")]);
    ok(await env.run("table.create", { scope: env.scope, location: "after", rows: 1, cols: 1, data: [["x"]] }));
    const outcome = await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("N"), U, P("M")] });
    ok(outcome);
    assert.deepEqual(blocksOf(env.sim), ["Intro", "N", "cd", "M", "x", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["N\nc\td\nM"]);
    assert.ok(!outcome.result.diagnostics.some((/** @type {{ msg: string }} */ d) => /empty paragraph/.test(d.msg)), JSON.stringify(outcome.result.diagnostics));
  });

  test(`[${profile}] a table after the anchor, insertText replacing it: no empty paragraph`, async () => {
    const env = await blocksAnchor(profile, [T, P("Tail")]);
    ok(await env.run("table.create", { scope: env.scope, location: "after", rows: 1, cols: 1, data: [["x"]] }));
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "NEW" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "NEW", "x", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["NEW"]);
  });

  test(`[${profile}] a table after the anchor, new blocks starting with a table and ending with a paragraph: the paragraph Word keeps before the table is said`, async () => {
    // Written before the anchor (after it, its last paragraph would be right before the first table written, whose
    // mark Word keeps): its last paragraph is right before the table after it, and Word keeps that mark.
    const env = await blocksAnchor(profile, [T, P("Tail")]);
    ok(await env.run("table.create", { scope: env.scope, location: "after", rows: 1, cols: 1, data: [["x"]] }));
    const outcome = await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [U, P("N")] });
    ok(outcome);
    assert.deepEqual(blocksOf(env.sim), ["Intro", "cd", "N", "", "x", "Outro"]);
    assert.ok(outcome.result.diagnostics.some((/** @type {{ msg: string }} */ d) => /empty paragraph/.test(d.msg)), JSON.stringify(outcome.result.diagnostics));
  });
}

// A table inside the anchor's content (not at its start or end): its blocks are whole paragraphs with a table
// between them, all of which the new blocks replace (markdown-place.js rangePlace). Before, the paragraph before
// the table stayed, empty (Word keeps the mark of a paragraph right before a table).
for (const profile of PROFILES) {
  for (const [newName, blocks] of Object.entries({ ...NEW, paragraph: [P("N")] })) {
    test(`[${profile}] an anchor of paragraph, table, paragraph replaced by ${newName}: no empty paragraph`, async () => {
      const env = await blocksAnchor(profile, [P("A"), T, P("B")]);
      ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks }));
      assert.deepEqual(blocksOf(env.sim), ["Intro", ...shown(blocks), "Outro"]);
      assert.equal((await anchorTexts(env)).length, 1);
    });
  }

  test(`[${profile}] in a batch, an anchor replaced twice by blocks with a table: no empty paragraph`, async () => {
    const env = await blocksAnchor(profile, [T, P("Tail")]);
    ok(await env.run("batch", { ops: [
      { op: "insertMarkdown", args: { scope: env.scope, location: "replace", blocks: [P("N"), U, P("Z")] } },
      { op: "insertMarkdown", args: { scope: env.scope, location: "replace", blocks: [U, P("Q")] } },
    ] }, { maxSyncs: 5 }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "cd", "Q", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["c\td\nQ"]);
  });
}
