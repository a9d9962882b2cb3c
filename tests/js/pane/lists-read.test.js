// readDocument shows where lists start again: structure gives each list item its Word list's id and a numbered
// item its number, markdown numbers items as Word does and puts a comment between two lists that would otherwise
// read as one, and that markdown written back through the server's parser gives the same lists.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { shownParagraphs } from "./lists-helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";
import { ordinal } from "../../../addin/js/handlers/read-markdown.js";

const read = (/** @type {object} */ args) => ({ offset: 0, limit: 1000, maxChars: 200000, includeRangeIds: false, ...args });
const item = (/** @type {string} */ text, /** @type {object} */ list) => ({ type: "paragraph", text, list: { kind: "number", level: 0, ...list } });
/** Three numbered lists of one item each, as numbering the items one at a time made them. */
const RESTARTS = [{ type: "paragraph", text: "Steps" }, item("Mix", {}), item("Bake", { newList: true }), item("Serve", { newList: true })];

for (const profile of PROFILES) {
  test(`[${profile}] structure: each item's list id and number, so restarts show`, async () => {
    const { sim, run } = setup(profile);
    sim.load(RESTARTS);
    const { blocks } = ok(await run("readDocument", read({ format: "structure" })));
    const lists = blocks.slice(1).map((/** @type {any} */ b) => b.list);
    assert.deepEqual(lists.map((/** @type {any} */ l) => [l.kind, l.level, l.number]), [["number", 0, 1], ["number", 0, 1], ["number", 0, 1]]);
    assert.equal(new Set(lists.map((/** @type {any} */ l) => l.listId)).size, 3);
  });

  test(`[${profile}] markdown: two lists of one kind are kept apart by a comment, at any level; numbers are Word's`, async () => {
    const { sim, run } = setup(profile);
    sim.load(RESTARTS);
    assert.equal(ok(await run("readDocument", read({ format: "markdown" }))).markdown, "Steps\n\n1. Mix\n<!-- -->\n\n1. Bake\n<!-- -->\n\n1. Serve");
    sim.load([item("One", {}), item("Two", {}), item("sub", { level: 1 }), item("sub2", { level: 1, newList: true }), { type: "paragraph", text: "dot", list: { kind: "bullet", level: 0 } }]);
    assert.equal(ok(await run("readDocument", read({ format: "markdown" }))).markdown, "1. One\n2. Two\n   1. sub\n   <!-- -->\n\n   1. sub2\n- dot");
  });

  test(`[${profile}] markdown: an ordered list inserted with another start number reads back with it`, async () => {
    const { run } = setup(profile, { text: "" });
    const blocks = [{ type: "listItem", kind: "number", level: 0, start: 4, runs: [{ text: "Clean up" }] }, { type: "listItem", kind: "number", level: 0, runs: [{ text: "Rest" }] }];
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
    assert.equal(ok(await run("readDocument", read({ format: "markdown" }))).markdown, "4. Clean up\n5. Rest");
  });

  test(`[${profile}] round trip through the server's parser: separate lists and numbers stay as they were`, { skip: NO_SERVER }, async () => {
    const { sim, run } = setup(profile);
    sim.load([...RESTARTS, { type: "paragraph", text: "End" }, item("A", {}), { type: "paragraph", text: "a1", list: { kind: "bullet", level: 1 } }, item("B", {}), item("b1", { level: 1, newList: true })]);
    const before = await shownParagraphs(sim);
    const markdown = ok(await run("readDocument", read({ format: "markdown" }))).markdown;
    ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
    const after = await shownParagraphs(sim);
    assert.deepEqual(after.map((p) => [p.shown, p.level]), before.map((p) => [p.shown, p.level]));
    const same = (/** @type {typeof before} */ ps) => ps.map((p) => ps.findIndex((q) => q.listId !== null && q.listId === p.listId));
    assert.deepEqual(same(after).slice(0, 4), same(before).slice(0, 4));
    assert.equal(ok(await run("readDocument", read({ format: "markdown" }))).markdown, markdown);
  });
}

test("ordinal: the number a Word list string shows, arabic, roman or letters", () => {
  assert.deepEqual([["4.", 1], ["1.2.", 2], ["(10)", 1], ["iv.", 4], ["d)", 4], ["aa.", 27], ["XII.", 12]].map(([s, p]) => ordinal(String(s), Number(p))), [4, 2, 10, 4, 4, 27, 12]);
  assert.deepEqual([ordinal("i.", 1), ordinal("i.", 9), ordinal("c.", 3), ordinal("•", 1), ordinal("", 1)], [1, 9, 3, undefined, undefined]);
});
