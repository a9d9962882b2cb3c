// A tracked change whose text is formatted in part is marked where it is, round the markdown that shows it: the
// markdown of a deleted paragraph with bold in it reads as deleted, not as live text with a copy appended.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";
import { criticMarkup } from "../../../addin/js/handlers/read-review.js";
import { escapeText } from "../../../addin/js/handlers/read-markdown.js";

/**
 * A document made of `markdown`, and its blocks' ids.
 * @param {string} profile
 * @param {string} markdown
 */
async function made(profile, markdown) {
  const { sim, run } = setup(profile);
  ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
  const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
  return { sim, run, ids: blocks.map((b) => b.rangeId) };
}

/**
 * The text a CriticMarkup page reads as once its changes are accepted: deletions left out, insertions kept,
 * through the server's reading of the rest.
 * @param {string} markdown
 */
const acceptedText = (markdown) => serverBlocks(markdown.replace(/\{--[\s\S]*?--\}/g, "").replace(/\{\+\+|\+\+\}/g, ""))
  .map((/** @type {any} */ b) => b.runs.map((/** @type {any} */ r) => r.text).join("").trim());

for (const profile of PROFILES) {
  test(`[${profile}] a deleted paragraph with bold in it is marked as deleted where it is, not appended`, { skip: NO_SERVER }, async () => {
    const { run, ids } = await made(profile, "First.\n\nSales rose **12%** this year.\n\nPlain para.\n\nLast.");
    for (const id of [ids[1], ids[2]]) ok(await run("insertText", { text: "", scope: `rangeId:${id}`, location: "replace", trackChanges: true }));
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "First.\n\n{--Sales rose **12%** this year.--}\n\n{--Plain para.--}\n\nLast.");
    assert.deepEqual(acceptedText(markdown), ["First.", "Last."]);
  });

  test(`[${profile}] a deletion starting inside bold closes the bold before its mark and opens it again inside`, { skip: NO_SERVER }, async () => {
    const { sim, run } = await made(profile, "Sales rose **12%** this year.\n\nEnd.");
    const hit = ok(await run("search", { query: "rose 1" })).results[0];
    ok(await run("insertText", { text: "", scope: `rangeId:${hit.rangeId}`, location: "replace", trackChanges: true }));
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "Sales {--rose **1**--}**2%** this year.\n\nEnd.");
    assert.deepEqual(acceptedText(markdown), ["Sales 2% this year.", "End."]);
    assert.equal(sim.snapshot().blocks.length, 2);
  });
}

test("a change's text split by formatting is marked round what shows it, the formatting kept well nested", () => {
  const mark = (/** @type {string} */ md, /** @type {any[]} */ marks) => criticMarkup(md, undefined, marks, escapeText);
  const deleted = (/** @type {string} */ text, occurrence = 0) => ({ type: "deleted", parts: [text], occurrence });
  assert.equal(mark("Sales rose **12%** this year.", [deleted("12% ")]), "Sales rose {--**12%** --}this year.");
  assert.equal(mark("Sales rose **12%** this year.", [deleted("2% this")]), "Sales rose **1**{--**2%** this--} year.");
  assert.equal(mark("Sales rose **12%** this year.", [{ type: "added", parts: ["rose 12"] }, deleted("% this")]),
    "Sales {++rose **12**++}{--**%** this--} year.");
  assert.equal(mark("See [the *full* report](https://x.test/a) now", [deleted("the full report")]), "See {--[the *full* report](https://x.test/a)--} now");
  assert.equal(mark("Use `npm i` ~~**now**~~ please", [deleted("i now")]), "Use `npm `{--`i` ~~**now**~~--} please");
  assert.equal(mark("- Item **bold** \\*x", [deleted("Item bold *x")]), "- {--Item **bold** \\*x--}");
  assert.equal(mark("a **b** a **b**", [deleted("a b", 1)]), "a **b** {--a **b**--}", "the occurrence its place gives");
  assert.equal(mark("Line one\\\n**two** end", [deleted("one\vtwo")]), "Line {--one\\\n**two**--} end");
  assert.equal(mark("**ab**", [deleted("zz")]), "**ab** {--zz--}", "text not shown anywhere is still appended");
});
