// Replacing an anchor whose content starts or ends with a table replaces its content only: text after the anchor in
// its last paragraph (a person's, or an op's "after") stays, and so does text before it in its first paragraph.
// Where nothing follows it there, its last paragraph goes with its content (no empty paragraph is left).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, ok } from "./helpers.js";
import { anchorTexts, blocksAnchor } from "./anchor-fixture.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const TABLE = { type: "table", header: false, rows: [["a", "b"]] };
const PICTURE = { source: "base64", data: PNG_1x1, naturalWidth: 1, naturalHeight: 1 };

/** Paragraph texts, tables as their cell values. */
function blocksOf(/** @type {{ snapshot: () => any }} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "paragraph" ? b.text : b.values));
}

/** The replacing ops, and the paragraphs each writes in place of the anchor's content. */
const REPLACES = {
  insertText: { args: { text: "NEW" }, written: ["NEW"] },
  insertTextNewParagraph: { op: "insertText", args: { text: "NEW", newParagraph: true }, written: ["NEW"] },
  insertMarkdown: { args: { blocks: [P("N1"), P("N2")] }, written: ["N1", "N2"] },
  insertPicture: { args: PICTURE, written: [""] },
  "hyperlink.set": { args: { url: "https://example.com", text: "NEW" }, written: ["NEW"] },
  replace: { args: { replaceWith: "NEW" }, written: ["NEW"], target: true },
};

/**
 * @param {string} name
 * @param {string} scope
 */
function replaceOp(name, scope) {
  const spec = /** @type {any} */ (REPLACES)[name];
  const where = spec.target ? { target: scope } : { scope, location: "replace" };
  return { op: spec.op ?? name, args: { ...spec.args, ...where } };
}

for (const profile of PROFILES) {
  for (const name of Object.keys(REPLACES)) {
    const { written } = /** @type {any} */ (REPLACES)[name];
    test(`[${profile}] ${name} replacing an anchor that starts with a table keeps the text after it in its paragraph`, async () => {
      const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
      ok(await env.run("insertText", { scope: env.scope, location: "after", text: " AFTER" }));
      assert.deepEqual(blocksOf(env.sim), ["Intro", [["a", "b"]], "Tail AFTER", "Outro"]);
      const { op, args } = replaceOp(name, env.scope);
      ok(await env.run(op, args));
      const blocks = blocksOf(env.sim);
      assert.ok(blocks.includes(" AFTER"), JSON.stringify(blocks));
      assert.deepEqual(blocks.filter((b) => b !== ""), ["Intro", ...written.filter((/** @type {string} */ t) => t !== ""), " AFTER", "Outro"]);
      assert.equal(blocks.length, 3 + written.length, JSON.stringify(blocks)); // no empty paragraph but a picture's
    });

    test(`[${profile}] ${name} replacing an anchor that starts with a table, nothing after it: its last paragraph goes`, async () => {
      const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
      const { op, args } = replaceOp(name, env.scope);
      ok(await env.run(op, args));
      assert.deepEqual(blocksOf(env.sim), ["Intro", ...written, "Outro"]);
    });
  }

  test(`[${profile}] replacing an anchor that ends with a table keeps the text before it in its first paragraph`, async () => {
    const env = await blocksAnchor(profile, [P("Lead"), TABLE]);
    ok(await env.run("insertText", { scope: env.scope, location: "before", text: "BEFORE " }));
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "NEW" }));
    const blocks = blocksOf(env.sim);
    assert.ok(blocks.some((b) => typeof b === "string" && b.includes("BEFORE ")), JSON.stringify(blocks));
    assert.ok(!blocks.some((b) => typeof b === "string" && b.includes("Lead")), JSON.stringify(blocks));
    assert.deepEqual(await anchorTexts(env), ["NEW"]);
  });

  test(`[${profile}] in a batch, replacing an anchor that starts with a table after writing after it keeps that text`, async () => {
    const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
    ok(await env.run("batch", { ops: [
      { op: "insertText", args: { scope: env.scope, location: "after", text: " AFTER" } },
      { op: "insertText", args: { scope: env.scope, location: "replace", text: "NEW" } },
    ] }, { maxSyncs: 3 }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "NEW", " AFTER", "Outro"]);
    assert.deepEqual(await anchorTexts(env), ["NEW"]);
  });

  test(`[${profile}] in a batch, a write elsewhere before replacing an anchor that starts with a table: its last paragraph's mark stays`, async () => {
    // Read up front, the anchor had nothing after it; the write elsewhere might have put text there since (an id
    // right after the anchor): the replace keeps that paragraph, here empty, rather than risk what is in it.
    const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
    ok(await env.run("batch", { ops: [
      { op: "insertText", args: { scope: "document", location: "end", text: " more" } },
      { op: "insertText", args: { scope: env.scope, location: "replace", text: "NEW" } },
    ] }, { maxSyncs: 3 }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "NEW", "", "Outro more"]);
    assert.deepEqual(await anchorTexts(env), ["NEW"]);
  });

  test(`[${profile}] in a batch, reads elsewhere before replacing an anchor that starts with a table: its last paragraph goes`, async () => {
    const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
    ok(await env.run("batch", { ops: [
      { op: "search", args: { query: "Outro" } },
      { op: "insertText", args: { scope: env.scope, location: "replace", text: "NEW" } },
    ] }, { maxSyncs: 3 }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "NEW", "Outro"]);
  });
}
