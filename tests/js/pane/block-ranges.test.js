// A block's rangeId (readDocument structure) and insertMarkdown's rangeId cover the paragraphs' text up to the
// last paragraph's mark, not the mark: "end"/"after" land in the block, "replace" rewrites the block and keeps
// the paragraph after it out of the edit. Replacing such a range with "" removes its paragraphs.
// (A range that ends with a paragraph mark reaches into the next paragraph: text put at its end starts the next
// paragraph, and replacing it merges the block with the next one — Word's own behaviour, as in VBA.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok, fails } from "./helpers.js";

const DOC = [
  { type: "paragraph", text: "Title", style: "Heading 1" },
  { type: "paragraph", text: "Alpha one" },
  { type: "paragraph", text: "Beta two", style: "Quote" },
  { type: "paragraph", text: "Gamma three" },
];

/** @param {import("./helpers.js").setup extends (...a: any) => infer R ? R : never} env */
async function blockIds({ run }) {
  const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
  return blocks.map((/** @type {{rangeId: string}} */ b) => b.rangeId);
}

/** Paragraph texts with their styles, e.g. "Beta two <Quote>". */
function texts(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => `${b.text} <${b.style}>`);
}

for (const profile of PROFILES) {
  const edits = [
    ["insertText end", "insertText", { text: " (edited)", location: "end" }, "Beta two (edited) <Quote>"],
    ["insertText after", "insertText", { text: "!", location: "after" }, "Beta two! <Quote>"],
    ["insertText replace", "insertText", { text: "Rewritten", location: "replace" }, "Rewritten <Quote>"],
    ["replace (target)", "replace", { replaceWith: "Rewritten", mode: "replaceAll" }, "Rewritten <Quote>"],
    ["hyperlink.set with text at the end", "hyperlink.set", { url: "https://example.com", text: " link", location: "end" }, "Beta two link <Quote>"],
  ];
  for (const [name, op, args, expected] of edits) {
    test(`[${profile}] ${name} on a block's rangeId stays in the block; its style and the next paragraph are kept`, async () => {
      const env = setup(profile);
      env.sim.load(DOC);
      const ids = await blockIds(env);
      const where = op === "replace" ? { target: `rangeId:${ids[2]}` } : { scope: `rangeId:${ids[2]}` };
      ok(await env.run(op, { ...args, ...where }));
      assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", expected, "Gamma three <Normal>"]);
    });
  }

  test(`[${profile}] a page break put before a block: readDocument's text for it is still its expectText`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    ok(await env.run("insertBreak", { type: "page", location: "before", scope: `rangeId:${ids[2]}` }));
    const { blocks } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const block = blocks.find((/** @type {{text: string}} */ b) => b.text === "Beta two");
    assert.equal(block.text, "Beta two");
    // The new block's range holds the break (it is the paragraph's text now); expectText compares as readDocument shows.
    ok(await env.run("insertText", { text: " (p. 2)", location: "end", scope: `rangeId:${block.rangeId}`, expectText: block.text }));
    // ids[2] is the same paragraph: it reads (and is edited) as the whole paragraph now, " (p. 2)" included.
    fails(await env.run("insertText", { text: "!", location: "end", scope: `rangeId:${ids[2]}`, expectText: "Beta two" }), "E_NOT_FOUND");
    ok(await env.run("insertText", { text: "!", location: "end", scope: `rangeId:${ids[2]}`, expectText: "Beta two (p. 2)" }));
    assert.match(env.sim.text(), /\fBeta two \(p\. 2\)!/);
  });

  test(`[${profile}] a block whose first and last words were replaced keeps covering its whole paragraph`, async () => {
    // Word moves a range's end back when the text at its end is replaced (office-js#1915): without widening the
    // block to its paragraph again, " (edited)" landed before "2" and a replace of the block kept the "2".
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    ok(await env.run("replace", { target: "searchQuery", query: "two", replaceWith: "2", scope: "document", mode: "replaceAll" }));
    ok(await env.run("replace", { target: "searchQuery", query: "Beta", replaceWith: "BETA", scope: "document", mode: "replaceAll" }));
    const read = ok(await env.run("readDocument", { format: "text", scope: `rangeId:${ids[2]}` }));
    assert.equal(read.text, "BETA 2");
    const edited = ok(await env.run("insertText", { text: " (edited)", location: "end", scope: `rangeId:${ids[2]}`, expectText: "BETA 2" }));
    assert.equal(edited.rangeId === ids[2], false);
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "BETA 2 (edited) <Quote>", "Gamma three <Normal>"]);
    const styled = ok(await env.run("applyStyle", { scope: `rangeId:${ids[2]}`, char: { bold: true } }));
    assert.equal(styled.rangeId, ids[2], "one block, one id");
    ok(await env.run("replace", { target: `rangeId:${ids[2]}`, replaceWith: "Replaced" }));
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "Replaced <Quote>", "Gamma three <Normal>"]);
  });

  test(`[${profile}] a block replaced by lines becomes that many paragraphs, the next block untouched`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    ok(await env.run("insertText", { text: "Line 1\nLine 2", location: "replace", scope: `rangeId:${ids[1]}` }));
    assert.deepEqual(texts(env.sim).map((t) => t.split(" <")[0]), ["Title", "Line 1", "Line 2", "Beta two", "Gamma three"]);
  });

  test(`[${profile}] a block replaced by "" is removed with its paragraph mark (insertText and replace); the result says so`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    const outcome = await env.run("insertText", { text: "", location: "replace", scope: `rangeId:${ids[2]}` });
    const data = ok(outcome);
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "Gamma three <Normal>"]);
    assert.ok(outcome.result.diagnostics.some((d) => d.level === "info" && d.field === "args.scope" && /removed/.test(d.msg)));
    // The returned range is where the block was: text put there starts the paragraph that followed.
    ok(await env.run("insertText", { text: "Now: ", location: "replace", scope: `rangeId:${data.rangeId}` }));
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "Now: Gamma three <Normal>"]);

    // The block's own id is retired: an op on it is refused, not written where the block was.
    const gone = fails(await env.run("insertText", { text: "again", location: "end", scope: `rangeId:${ids[2]}` }), "E_NOT_FOUND", "args.scope");
    assert.match(gone.diagnostics[0].msg, /is gone: its paragraphs were removed/);
    fails(await env.run("insertText", { text: "x", scope: `rangeId:${ids[2]}`, dryRun: true }), "E_NOT_FOUND", "args.scope");
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "Now: Gamma three <Normal>"]);

    const replaced = await env.run("replace", { target: `rangeId:${ids[0]}`, replaceWith: "", mode: "replaceAll" });
    ok(replaced);
    assert.ok(replaced.result.diagnostics.some((d) => d.field === "args.target"));
    assert.deepEqual(texts(env.sim), ["Alpha one <Normal>", "Now: Gamma three <Normal>"]);
  });

  test(`[${profile}] in a batch, an op on a block an earlier op removed is refused, not written into the next paragraph`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "", location: "replace", scope: `rangeId:${ids[2]}` } },
      { op: "insertText", args: { text: " X", location: "end", scope: `rangeId:${ids[2]}` } },
    ] });
    // Refused before anything runs (batch-removals.js): the removal is not applied either.
    const result = fails(outcome, "E_NOT_FOUND", "args.ops[1].args.scope");
    assert.match(result.diagnostics[0].msg, /is gone before op 1 runs: op 0 \(insertText\) removes its paragraphs/);
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "Beta two <Quote>", "Gamma three <Normal>"]);
  });

  test(`[${profile}] a dry run shows a block's range as whole paragraphs, a search hit's not, and changes nothing`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    const { results } = ok(await env.run("search", { query: "Gamma" }));
    const before = texts(env.sim);
    const block = ok(await env.run("insertText", { text: "", location: "replace", scope: `rangeId:${ids[1]}`, dryRun: true }));
    assert.deepEqual(block.targets.scope, { kind: "range", rangeId: ids[1], text: "Alpha one", wholeParagraphs: true });
    const hit = ok(await env.run("insertText", { text: "", location: "replace", scope: `rangeId:${results[0].rangeId}`, dryRun: true }));
    assert.deepEqual(hit.targets.scope, { kind: "range", rangeId: results[0].rangeId, text: "Gamma" });
    assert.deepEqual(texts(env.sim), before);
  });

  test(`[${profile}] the last block replaced by "" is emptied: Word keeps the document's final paragraph mark`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    ok(await env.run("insertText", { text: "", location: "replace", scope: `rangeId:${ids[3]}` }));
    assert.deepEqual(texts(env.sim).map((t) => t.split(" <")[0]), ["Title", "Alpha one", "Beta two", ""]);
  });

  test(`[${profile}] "" on a range that is not whole paragraphs (the selection, a search hit) deletes only its text`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const { results } = ok(await env.run("search", { query: "Beta two" }));
    ok(await env.run("insertText", { text: "", location: "replace", scope: `rangeId:${results[0].rangeId}` }));
    assert.deepEqual(texts(env.sim).map((t) => t.split(" <")[0]), ["Title", "Alpha one", "", "Gamma three"]);
  });

  test(`[${profile}] insertMarkdown's rangeId: "end" lands in its last paragraph, "" removes all of its paragraphs`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const blocks = [{ type: "heading", level: 2, runs: [{ text: "New" }] }, { type: "paragraph", runs: [{ text: "Body" }] }];
    const { rangeId } = ok(await env.run("insertMarkdown", { blocks, scope: "document", location: "start" }));
    ok(await env.run("insertText", { text: " text", location: "end", scope: `rangeId:${rangeId}` }));
    assert.deepEqual(texts(env.sim).slice(0, 3), ["New <Heading 2>", "Body text <Normal>", "Title <Heading 1>"]);
    ok(await env.run("insertText", { text: "", location: "replace", scope: `rangeId:${rangeId}` }));
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Alpha one <Normal>", "Beta two <Quote>", "Gamma three <Normal>"]);
  });

  test(`[${profile}] a batch removes one block and appends to the next, by readDocument's ids`, async () => {
    const env = setup(profile);
    env.sim.load(DOC);
    const ids = await blockIds(env);
    ok(await env.run("batch", { ops: [
      { op: "insertText", args: { text: "", location: "replace", scope: `rangeId:${ids[1]}` } },
      { op: "insertText", args: { text: " [kept]", location: "end", scope: `rangeId:${ids[2]}` } },
    ] }, { maxSyncs: 3 })); // the block removed is read first (batch-block-breaks.js)
    assert.deepEqual(texts(env.sim), ["Title <Heading 1>", "Beta two [kept] <Quote>", "Gamma three <Normal>"]);
  });
}
