// An anchor over several blocks whose first or last block is a table (read when the anchor is used): before/after
// put content next to the anchor, outside it and never into the table's cells; replace puts the new content in
// place of all its blocks and the anchor keeps wrapping it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, ok, paragraphs } from "./helpers.js";
import { anchorTexts, blocksAnchor } from "./anchor-fixture.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const TABLE = { type: "table", header: false, rows: [["a", "b"]] };

/** Paragraph texts, tables as their cell values. */
function blocksOf(/** @type {{ snapshot: () => any }} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "paragraph" ? b.text : b.values));
}

const STARTS = [TABLE, P("Tail")];
const ENDS = [P("Lead"), TABLE];

for (const profile of PROFILES) {
  test(`[${profile}] anchor.create over blocks with a table at an edge gives a plain id (its edges are read when it is used)`, async () => {
    for (const blocks of [STARTS, ENDS, [TABLE, P("x"), TABLE], [P("x"), P("y")]]) {
      assert.match((await blocksAnchor(profile, blocks)).scope, /^anchor:anc_[0-9a-z]{10}$/);
    }
    assert.match((await blocksAnchor(profile, [TABLE])).scope, /^anchor:anc_tbl_[0-9a-z]{10}$/);
  });

  for (const newParagraph of [false, true]) {
    test(`[${profile}] insertText${newParagraph ? " newParagraph" : ""} before an anchor starting with a table goes before it, outside the anchor`, async () => {
      const env = await blocksAnchor(profile, STARTS);
      ok(await env.run("insertText", { scope: env.scope, location: "before", text: "TXT", newParagraph }));
      assert.deepEqual(blocksOf(env.sim), ["Intro", "TXT", [["a", "b"]], "Tail", "Outro"]);
      assert.deepEqual(await anchorTexts(env), ["a\tb\nTail"]);
    });

    test(`[${profile}] insertText${newParagraph ? " newParagraph" : ""} after an anchor ending with a table goes after it, not into the next paragraph`, async () => {
      const env = await blocksAnchor(profile, ENDS);
      ok(await env.run("insertText", { scope: env.scope, location: "after", text: "TXT", newParagraph }));
      assert.deepEqual(blocksOf(env.sim), ["Intro", "Lead", [["a", "b"]], "TXT", "Outro"]);
      assert.deepEqual(await anchorTexts(env), ["Lead\na\tb\n"]);
    });
  }

  test(`[${profile}] insertBreak before an anchor starting with a table is not in its first cell`, async () => {
    const env = await blocksAnchor(profile, STARTS);
    ok(await env.run("insertBreak", { scope: env.scope, location: "before", type: "page" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "\f", [["a", "b"]], "Tail", "Outro"]);
  });

  test(`[${profile}] a picture and linked text before an anchor starting with a table go before it, not into its cell`, async () => {
    const env = await blocksAnchor(profile, STARTS);
    ok(await env.run("hyperlink.set", { scope: env.scope, location: "before", text: "LNK", url: "https://example.com" }));
    ok(await env.run("insertPicture", { scope: env.scope, location: "before", source: "base64", data: PNG_1x1, naturalWidth: 1, naturalHeight: 1 }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "LNK", "", [["a", "b"]], "Tail", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["a\tb\nTail"]);
  });

  for (const [name, blocks] of [["starting", STARTS], ["ending", ENDS]]) {
    test(`[${profile}] insertMarkdown replace of an anchor ${name} with a table writes the blocks in its place, in the anchor`, async () => {
      const env = await blocksAnchor(profile, blocks);
      const [expectText] = await anchorTexts(env);
      ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("New 1"), P("New 2")], expectText }));
      assert.deepEqual(paragraphs(env.sim), ["Intro", "New 1", "New 2", "Outro"]);
      assert.deepEqual(await anchorTexts(env), ["New 1\nNew 2"]);
      // Its blocks are paragraphs now (read when it is used): before/after go outside the anchor.
      ok(await env.run("insertText", { scope: env.scope, location: "before", text: "Above" }));
      ok(await env.run("insertText", { scope: env.scope, location: "after", text: "Below" }));
      ok(await env.run("insertBreak", { scope: env.scope, location: "before", type: "line" }));
      assert.deepEqual(await anchorTexts(env), ["New 1\nNew 2"]);
      assert.match(paragraphs(env.sim).join("|"), /Above.*New 1\|New 2.*Below/);
    });

    test(`[${profile}] insertText replace of an anchor ${name} with a table does not join the next paragraph`, async () => {
      const env = await blocksAnchor(profile, blocks);
      const [expectText] = await anchorTexts(env);
      ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "NEW", expectText }));
      assert.deepEqual(paragraphs(env.sim), ["Intro", "NEW", "Outro"]);
      assert.deepEqual(await anchorTexts(env), ["NEW"]);
    });
  }
}

for (const profile of PROFILES) {
  test(`[${profile}] an anchor that started with a table is replaced again (its table is gone): text before it joins its first paragraph, outside it`, async () => {
    const env = await blocksAnchor(profile, STARTS);
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "NEW" }));
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("M1"), P("M2")] }));
    assert.deepEqual(await anchorTexts(env), ["M1\nM2"]);
    ok(await env.run("insertText", { scope: env.scope, location: "before", text: "Above" }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "AboveM1", "M2", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["M1\nM2"]);
  });
}
