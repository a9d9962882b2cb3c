// An id whose text an op removed or replaced (its paragraph deleted, a replace-all over its hit) answers E_NOT_FOUND
// saying so, instead of acting where the text used to be (the start of the next paragraph, an empty point).
// Ids whose text is still there keep working, and so does an id that was empty from the start (a cursor).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

const DOC = [
  { type: "paragraph", text: "Intro", style: "Heading 1" },
  { type: "paragraph", text: "The vendor shipped late." },
  { type: "paragraph", text: "Conclusion", style: "Heading 1" },
  { type: "paragraph", text: "Due December 2024. Again 2024." },
];

function texts(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => b.text);
}

/** @param {string} profile @param {object} [options] */
async function withDoc(profile, options = {}) {
  const env = setup(profile, options);
  env.sim.load(DOC);
  const { blocks } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
  return { ...env, blockIds: blocks.map((/** @type {any} */ b) => b.rangeId) };
}

for (const profile of PROFILES) {
  test(`[${profile}] a search hit inside a paragraph that was removed is gone, not the start of the next heading`, async () => {
    const env = await withDoc(profile);
    const hit = ok(await env.run("search", { query: "vendor" })).results[0].rangeId;
    const removed = await env.run("insertText", { scope: `rangeId:${env.blockIds[1]}`, text: "" });
    assert.ok(removed.result.ok);
    assert.ok(removed.result.diagnostics.some((d) => /1 range id of earlier ops covered text this op removed or replaced/.test(d.msg)));
    const gone = fails(await env.run("insertText", { scope: `rangeId:${hit}`, text: "ZZZ", location: "replace" }), "E_NOT_FOUND", "args.scope");
    assert.match(gone.diagnostics[0].msg, new RegExp(`Range id "${hit}" is gone: its text was removed or replaced by insertText: read or search the document again`));
    assert.deepEqual(texts(env.sim), ["Intro", "Conclusion", "Due December 2024. Again 2024."]);
    // The next heading's own id is untouched.
    ok(await env.run("insertText", { scope: `rangeId:${env.blockIds[2]}`, text: "!", location: "end" }));
    assert.deepEqual(texts(env.sim), ["Intro", "Conclusion!", "Due December 2024. Again 2024."]);
  });

  test(`[${profile}] hits a replace-all replaced are gone: applyStyle, insertText and a dry run refuse them`, async () => {
    const env = await withDoc(profile);
    const hits = ok(await env.run("search", { query: "2024" })).results.map((/** @type {any} */ r) => r.rangeId);
    const vendor = ok(await env.run("search", { query: "vendor" })).results[0].rangeId;
    ok(await env.run("replace", { target: "searchQuery", query: "2024", replaceWith: "2026" }));
    for (const [op, args] of [
      ["applyStyle", { char: { bold: true } }],
      ["insertText", { text: "(est.) ", location: "before" }],
      ["insertText", { text: "x", location: "end", dryRun: true }],
    ]) {
      const gone = fails(await env.run(op, { ...args, scope: `rangeId:${hits[0]}` }), "E_NOT_FOUND", "args.scope");
      assert.match(gone.diagnostics[0].msg, /is gone: its text was replaced by a replace op, which gives no ids for the new text: search for it to get one/);
    }
    fails(await env.run("insertText", { text: "!", scope: `rangeId:${hits[1]}`, location: "after" }), "E_NOT_FOUND", "args.scope");
    assert.equal(texts(env.sim)[3], "Due December 2026. Again 2026.");
    // A hit elsewhere is still itself.
    ok(await env.run("insertText", { text: "supplier", scope: `rangeId:${vendor}`, location: "replace" }));
    assert.equal(texts(env.sim)[1], "The supplier shipped late.");
  });

  test(`[${profile}] blocks an insertMarkdown replaced are gone; an id that keeps part of its text stays`, async () => {
    const env = await withDoc(profile);
    const shipped = ok(await env.run("search", { query: "shipped late" })).results[0].rangeId;
    // Only "late" goes: the hit keeps "shipped ".
    const late = ok(await env.run("search", { query: "late" })).results[0].rangeId;
    ok(await env.run("insertText", { scope: `rangeId:${late}`, text: "", location: "replace" }));
    ok(await env.run("insertText", { scope: `rangeId:${shipped}`, text: "!", location: "end" }));
    assert.equal(texts(env.sim)[1], "The vendor shipped !.");
    ok(await env.run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "Rewritten" }] }], scope: `rangeId:${env.blockIds[3]}`, location: "replace" }));
    const intro = ok(await env.run("search", { query: "Intro" })).results[0].rangeId;
    ok(await env.run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "New start" }] }], scope: "document", location: "replace" }));
    for (const id of [env.blockIds[0], env.blockIds[1], shipped, intro]) {
      const gone = fails(await env.run("insertText", { scope: `rangeId:${id}`, text: "X", location: "end" }), "E_NOT_FOUND", "args.scope");
      assert.match(gone.diagnostics[0].msg, /is gone: its text was removed or replaced by insertMarkdown/);
    }
    assert.deepEqual(texts(env.sim), ["New start"]);
  });

  test(`[${profile}] a cursor's id (empty from the start) stays usable after text elsewhere is removed`, async () => {
    const env = await withDoc(profile);
    const cursor = ok(await env.run("getSelection")).rangeId; // collapsed at the document's start
    ok(await env.run("replace", { target: "searchQuery", query: "2024", replaceWith: "2026" }));
    ok(await env.run("insertText", { scope: `rangeId:${env.blockIds[1]}`, text: "" }));
    ok(await env.run("insertText", { scope: `rangeId:${cursor}`, text: ">> ", location: "replace" }));
    assert.equal(texts(env.sim)[0], ">> Intro");
  });

  test(`[${profile}] a block whose whole text is rewritten through its own id is still that block`, async () => {
    const env = await withDoc(profile);
    ok(await env.run("insertText", { scope: `rangeId:${env.blockIds[1]}`, text: "Rewritten.", location: "replace" }));
    ok(await env.run("replace", { target: `rangeId:${env.blockIds[1]}`, replaceWith: "Again." }));
    ok(await env.run("insertText", { scope: `rangeId:${env.blockIds[1]}`, text: " More.", location: "end" }));
    assert.equal(texts(env.sim)[1], "Again. More.");
  });
}

test("below WordApi 1.3 (no Range.isEmpty) nothing is read and ops go on as before", async () => {
  const env = setup("web", { text: "alpha beta", simOptions: { apiSets: { WordApi: "1.2" } } });
  const hit = ok(await env.run("search", { query: "beta" })).results[0].rangeId;
  ok(await env.run("replace", { target: "searchQuery", query: "alpha", replaceWith: "gamma" }));
  ok(await env.run("insertText", { scope: `rangeId:${hit}`, text: "delta", location: "replace" }));
  assert.deepEqual(texts(env.sim), ["gamma delta"]);
});
