// A list item's footnote definitions go under its list, not under the item: there they would end the list (the
// items after it starting a new one, a nested item becoming a paragraph's), and the markdown written back would
// not be the same list. insertMarkdown reads the definitions as text, as before (it makes no notes).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";

const LIST = "1. First\n2. Second\n   1. nested\n3. Third\n\nAfter.";

/**
 * A document made of `markdown` with a footnote on each text given.
 * @param {string} profile
 * @param {string} markdown
 * @param {[string, string][]} notes  [text the note's reference follows, the note's text]
 */
async function noted(profile, markdown, notes) {
  const made = setup(profile);
  ok(await made.run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
  for (const [query, text] of notes) {
    const hit = ok(await made.run("search", { query })).results[0];
    ok(await made.run("footnote.insert", { scope: `rangeId:${hit.rangeId}`, text }));
  }
  return made;
}

/** Each block as [text, list level] (undefined: not in a list). */
const shape = (/** @type {any[]} */ blocks) => blocks.map((b) => [b.text, b.list?.level]);

for (const profile of PROFILES) {
  test(`[${profile}] a list item's footnote definition goes after the list, which stays one list`, { skip: NO_SERVER }, async () => {
    const { run } = await noted(profile, LIST, [["Second", "See HR policy."]]);
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "1. First\n2. Second[^1]\n   1. nested\n3. Third\n\n[^1]: See HR policy.\n\nAfter.");

    ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    // The definition is text after the list, as insertMarkdown has always read it.
    assert.deepEqual(shape(blocks), [
      ["First", 0], ["Second[^1]", 0], ["nested", 1], ["Third", 0], ["[^1]: See HR policy.", undefined], ["After.", undefined],
    ]);
  });

  test(`[${profile}] definitions of several items wait for the list's end in label order; a paragraph's stay under it`, { skip: NO_SERVER }, async () => {
    const { run } = await noted(profile, "Intro.\n\n- one\n- two\n\nMiddle.\n\n- three", [["one", "A."], ["two", "B."], ["Intro", "I."], ["three", "C."]]);
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "Intro.[^1]\n\n[^1]: I.\n\n- one[^2]\n- two[^3]\n\n[^2]: A.\n[^3]: B.\n\nMiddle.\n\n- three[^4]\n\n[^4]: C.");
  });

  test(`[${profile}] a page ending inside a list has the definitions of its items at its end, within maxChars`, { skip: NO_SERVER }, async () => {
    const { run } = await noted(profile, LIST, [["Second", "See HR policy."]]);
    assert.equal(ok(await run("readDocument", { format: "markdown", limit: 2 })).markdown, "1. First\n2. Second[^1]\n\n[^1]: See HR policy.");
    for (let maxChars = 8; maxChars <= 80; maxChars += 1) {
      const page = ok(await run("readDocument", { format: "markdown", maxChars }));
      assert.ok(page.markdown.length <= maxChars, `maxChars ${maxChars}: ${JSON.stringify(page.markdown)}`);
      assert.equal(/\[\^1\]:/.test(page.markdown), /\[\^1\](?!:)/.test(page.markdown), `maxChars ${maxChars}: a reference without its definition: ${JSON.stringify(page.markdown)}`);
    }
  });
}
