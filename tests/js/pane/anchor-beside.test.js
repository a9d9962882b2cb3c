// Before/after an anchor (`anchor:<id>`, a tagged content control) is outside it for every op that takes a location,
// as it is for insertText and insertBreak (anchor-edits.test.js): a picture, linked text, a table or markdown blocks
// put there survive the anchor's next replace. Start/end still write into it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, ok, paragraphs, selectText, setup } from "./helpers.js";
import { anchorTexts, blocksAnchor } from "./anchor-fixture.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const TABLE = { type: "table", header: false, rows: [["a", "b"]] };

/** An anchor over "100" in "Total: 100 EUR today". */
async function inlineAnchor(/** @type {string} */ profile) {
  const env = setup(profile, { text: "Total: 100 EUR today\nNext" });
  await selectText(env.sim, "100");
  const { scope } = ok(await env.run("anchor.create", {}));
  return { ...env, scope };
}

/**
 * Inline pictures in the body and in the anchor's content.
 * @param {ReturnType<typeof setup>["sim"]} sim
 */
async function pictureCounts(sim) {
  return sim.Word.run(async (context) => {
    const all = context.document.body.inlinePictures;
    const inAnchor = context.document.contentControls.getFirst().getRange("Content").inlinePictures;
    all.load("items");
    inAnchor.load("items");
    await context.sync();
    return { body: all.items.length, anchor: inAnchor.items.length };
  });
}

/**
 * The document's links: [text, address] in document order.
 * @param {ReturnType<typeof setup>["sim"]} sim
 */
async function linkTexts(sim) {
  return sim.Word.run(async (context) => {
    const links = context.document.body.getRange("Whole").getHyperlinkRanges();
    links.load("items/text,items/hyperlink");
    await context.sync();
    return links.items.map((link) => [link.text, link.hyperlink]);
  });
}

/** Texts of the tables' cells, by table (body blocks only: a table inside a cell is in its table's cell text). */
function tableTexts(/** @type {ReturnType<typeof setup>["sim"]} */ sim) {
  return sim.snapshot().blocks.filter((/** @type {any} */ b) => b.type === "table").map((/** @type {any} */ b) => b.values);
}

for (const profile of PROFILES) {
  test(`[${profile}] insertPicture before/after an anchor stays outside it; start goes in; a replace keeps the outside ones`, async () => {
    const env = await inlineAnchor(profile);
    const picture = { source: "base64", data: PNG_1x1, naturalWidth: 1, naturalHeight: 1, scope: env.scope };
    ok(await env.run("insertPicture", { ...picture, location: "before" }));
    ok(await env.run("insertPicture", { ...picture, location: "after" }));
    assert.deepEqual(await pictureCounts(env.sim), { body: 2, anchor: 0 });
    ok(await env.run("insertPicture", { ...picture, location: "start" }));
    assert.deepEqual(await pictureCounts(env.sim), { body: 3, anchor: 1 });
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "120" }));
    assert.deepEqual(await pictureCounts(env.sim), { body: 2, anchor: 0 });
    assert.deepEqual(await anchorTexts(env), ["120"]);
  });

  test(`[${profile}] hyperlink.set text before/after an anchor stays outside it; end goes in; a replace keeps the outside ones`, async () => {
    const env = await inlineAnchor(profile);
    ok(await env.run("hyperlink.set", { scope: env.scope, location: "before", text: "approx.", url: "https://example.com/a" }));
    ok(await env.run("hyperlink.set", { scope: env.scope, location: "after", text: "net", url: "https://example.com/n" }));
    assert.deepEqual(await anchorTexts(env), ["100"]);
    ok(await env.run("hyperlink.set", { scope: env.scope, location: "end", text: ".50", url: "https://example.com/c" }));
    assert.deepEqual(await anchorTexts(env), ["100.50"]);
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "120" }));
    assert.deepEqual(paragraphs(env.sim), ["Total: approx.120net EUR today", "Next"]);
    assert.deepEqual(await linkTexts(env.sim), [["approx.", "https://example.com/a"], ["net", "https://example.com/n"]]);
  });

  test(`[${profile}] table.create before/after an anchor over paragraphs stays outside it; a replace keeps it`, async () => {
    const env = await blocksAnchor(profile, [P("Clause 1"), P("Clause 2")]);
    ok(await env.run("table.create", { scope: env.scope, location: "before", rows: 1, cols: 1, data: [["above"]] }));
    ok(await env.run("table.create", { scope: env.scope, location: "after", rows: 1, cols: 1, data: [["below"]] }));
    assert.deepEqual(await anchorTexts(env), ["Clause 1\nClause 2"]);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("New clause")] }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "[table]", "New clause", "[table]", "Outro"]);
    assert.deepEqual(tableTexts(env.sim), [[["above"]], [["below"]]]);
  });

  test(`[${profile}] table.create after an anchor ending with a table goes after that table, not into its cell`, async () => {
    const env = await blocksAnchor(profile, [P("Lead"), TABLE]);
    const before = await anchorTexts(env);
    ok(await env.run("table.create", { scope: env.scope, location: "after", rows: 1, cols: 1, data: [["new"]] }));
    assert.deepEqual(tableTexts(env.sim), [[["a", "b"]], [["new"]]]);
    assert.deepEqual(await anchorTexts(env), before);
    ok(await env.run("table.create", { scope: env.scope, location: "before", rows: 1, cols: 1, data: [["first"]] }));
    assert.deepEqual(tableTexts(env.sim), [[["first"]], [["a", "b"]], [["new"]]]);
    assert.deepEqual(await anchorTexts(env), before);
  });

  test(`[${profile}] table.create before an anchor starting with a table goes before that table, not into its cell`, async () => {
    const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
    const before = await anchorTexts(env);
    ok(await env.run("table.create", { scope: env.scope, location: "before", rows: 1, cols: 1, data: [["new"]] }));
    assert.deepEqual(tableTexts(env.sim), [[["new"]], [["a", "b"]]]);
    assert.deepEqual(await anchorTexts(env), before);
  });

  test(`[${profile}] insertMarkdown before/after an anchor inside a paragraph stays outside it; a replace keeps it`, async () => {
    const env = await inlineAnchor(profile);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "before", blocks: [P("Above")] }));
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "after", blocks: [P("Below"), TABLE] }));
    assert.deepEqual(await anchorTexts(env), ["100"]);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("X")] }));
    assert.deepEqual(await anchorTexts(env), ["X"]);
    assert.deepEqual(paragraphs(env.sim).filter((p) => p !== ""), ["Above", "Total:  EUR today", "X", "Below", "[table]", "Next"]);
  });

  test(`[${profile}] insertMarkdown before/after an anchor with a table at its edges goes next to the tables, not into their cells`, async () => {
    const env = await blocksAnchor(profile, [TABLE, P("Middle"), { type: "table", header: false, rows: [["c"]] }]);
    const before = await anchorTexts(env);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "before", blocks: [P("Above")] }));
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "after", blocks: [P("Below")] }));
    assert.deepEqual(tableTexts(env.sim), [[["a", "b"]], [["c"]]]);
    assert.deepEqual(await anchorTexts(env), before);
    assert.deepEqual(paragraphs(env.sim).filter((p) => p !== ""), ["Intro", "Above", "[table]", "Middle", "[table]", "Below", "Outro"]);
  });

  test(`[${profile}] before/after a table's anchor: every op puts its content next to the table, outside the anchor`, async () => {
    const env = setup(profile, { text: "Intro\nOutro" });
    await selectText(env.sim, "Intro");
    const { rangeId } = ok(await env.run("insertMarkdown", { location: "after", blocks: [TABLE] }));
    const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${rangeId}` }));
    assert.match(scope, /^anchor:anc_tbl_/);
    const before = await anchorTexts(env);
    ok(await env.run("insertMarkdown", { scope, location: "before", blocks: [P("Above")] }));
    ok(await env.run("hyperlink.set", { scope, location: "after", text: "Below", url: "https://example.com/b" }));
    ok(await env.run("table.create", { scope, location: "before", rows: 1, cols: 1, data: [["first"]] }));
    ok(await env.run("insertPicture", { scope, location: "after", source: "base64", data: PNG_1x1, naturalWidth: 1, naturalHeight: 1 }));
    assert.deepEqual(await anchorTexts(env), before);
    ok(await env.run("insertMarkdown", { scope, location: "replace", blocks: [P("Instead")] }));
    assert.deepEqual(tableTexts(env.sim), [[["first"]]]);
    assert.deepEqual(paragraphs(env.sim).filter((p) => p !== ""), ["Intro", "Above", "[table]", "Instead", "Below", "Outro"]);
    assert.equal((await pictureCounts(env.sim)).body, 1);
  });
}
