// QA: a paragraph of 10,000,000 characters read as markdown took 29 s on the simulator (7 s as structure, 0.7 s as
// text), and the resource read of its markdown timed out: the pane read every word of the paragraph with its font
// (1.7 million ranges) where a page shows at most maxChars of it, and the simulator worked each word's font out
// again for every property and made a list of the paragraph's units for each of its pictures, links and style reads
// (inserting it overflowed the stack). Markdown now reads at most maxChars + 1 words of a paragraph; the text after
// them is written plain, past the page's cut.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ok, setup } from "./helpers.js";

const WORDS = "lorem ipsum dolor sit amet, consectetur adipiscing elit_ ";

/** A document of one paragraph of `n` characters, its first word bold, inserted through the ops. */
async function huge(n) {
  const env = setup("web", { text: "" });
  const text = WORDS.repeat(Math.ceil(n / WORDS.length)).slice(0, n);
  ok(await env.run("insertText", { text: `Heavy ${text}`, scope: "document", location: "start" }));
  const [hit] = ok(await env.run("search", { query: "Heavy", matchCase: true })).results;
  ok(await env.run("applyStyle", { scope: `rangeId:${hit.rangeId}`, char: { bold: true } }));
  return env;
}

// How long it takes is a benchmark's business, not a test's: this one checks that it works at that size.
test("a paragraph of 2,000,000 characters reads as markdown, its start formatted", async () => {
  const { run } = await huge(2_000_000);
  ok(await run("readDocument", { format: "structure" }));
  const whole = ok(await run("readDocument", { format: "markdown" }));
  assert.equal(whole.cut?.index, 0);
  const page = ok(await run("readDocument", { format: "markdown", maxChars: 400 }));
  assert.equal(page.cut?.index, 0);
  assert.match(page.markdown, /^\*\*Heavy\*\* lorem ipsum dolor sit amet, consectetur adipiscing elit\\_ lorem/);
});

test("markdown past the words read: a page's text keeps its formatting up to where the page is cut", async () => {
  const { run } = setup("web", { text: "" });
  const text = `${"one two three ".repeat(20)}last`;
  ok(await run("insertText", { text, scope: "document", location: "start" }));
  const hits = ok(await run("search", { query: "three", matchCase: true })).results;
  for (const hit of hits) ok(await run("applyStyle", { scope: `rangeId:${hit.rangeId}`, char: { italic: true } }));
  // 21 words are read for maxChars 20; the 60 words of the paragraph do not all come back, and need not.
  const page = ok(await run("readDocument", { format: "markdown", maxChars: 20 }));
  assert.ok(page.markdown.startsWith("one two *three* one"), page.markdown);
  const whole = ok(await run("readDocument", { format: "markdown", maxChars: 2000 })).markdown;
  assert.equal(whole, `${"one two *three* ".repeat(20)}last`);
});
