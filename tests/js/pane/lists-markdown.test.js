// insertMarkdown's lists as Word holds them: each sublist keeps its kind (a Word list has one kind per level, so a
// sublist of another kind is a list of its own and the parent list goes on after it), an ordered list's start
// number, and a new markdown list (the server's newList) as a new Word list.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { shownParagraphs } from "./lists-helpers.js";
import { planLists } from "../../../addin/js/handlers/markdown-lists.js";

const LI = (kind, level, text, extra = {}) => ({ type: "listItem", kind, level, runs: [{ text }], ...extra });

for (const profile of PROFILES) {
  test(`[${profile}] a bullet sublist under a numbered list, then a numbered one: each keeps its kind, the numbers go on`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const blocks = [LI("number", 0, "A"), LI("bullet", 1, "a1"), LI("number", 0, "B"), LI("number", 1, "b1"), LI("number", 1, "b2")];
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => [p.shown, p.level]), [["1.A", 0], ["•a1", 1], ["2.B", 0], ["1.b1", 1], ["2.b2", 1]]);
    // The first sublist gives the list its level-1 kind; the other kind's sublist is a list of its own.
    assert.deepEqual(shown.map((p) => p.listId === shown[0].listId), [true, true, true, false, false]);
  });

  test(`[${profile}] the reverse: a numbered sublist under bullets, then a bullet one`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const blocks = [LI("bullet", 0, "A"), LI("number", 1, "a1"), LI("bullet", 0, "B"), LI("bullet", 1, "b1"), LI("bullet", 0, "C"), LI("number", 1, "c1")];
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => p.shown), ["•A", "1.a1", "•B", "•b1", "•C", "1.c1"]);
    assert.deepEqual(shown.map((p) => p.listId === shown[0].listId), [true, true, true, false, true, true]);
  });

  test(`[${profile}] sublists of other kinds nested in each other, with text after the list`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const blocks = [
      LI("number", 0, "A"), LI("number", 1, "a1"), LI("number", 0, "B"), LI("bullet", 1, "b1"), LI("bullet", 2, "b1x"),
      LI("number", 2, "b1y", { newList: true }), LI("bullet", 1, "b2"), LI("number", 0, "C"), { type: "paragraph", runs: [{ text: "After" }] },
    ];
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => p.shown), ["1.A", "1.a1", "2.B", "•b1", "•b1x", "1.b1y", "•b2", "3.C", "After"]);
    assert.deepEqual(shown.map((p) => p.level), [0, 1, 0, 1, 2, 2, 1, 0, null]);
  });

  test(`[${profile}] an ordered list's start number is Word's, and a new markdown list is a new Word list`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const blocks = [
      LI("number", 0, "Four", { newList: true, start: 4 }), LI("number", 0, "Five"),
      LI("number", 0, "One", { newList: true }), LI("number", 1, "sub", { newList: true, start: 3 }), LI("number", 0, "Two"),
    ];
    ok(await run("insertMarkdown", { blocks, scope: "document", location: "replace" }));
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => p.shown), ["4.Four", "5.Five", "1.One", "3.sub", "2.Two"]);
    assert.notEqual(shown[0].listId, shown[2].listId);
  });
}

test("planLists: a sublist of another kind is a list of its own, made before the item its parent list goes on with", () => {
  const plan = planLists([LI("number", 0, "A"), LI("number", 1, "a1"), LI("number", 0, "B"), LI("bullet", 1, "b1"), LI("number", 0, "C")]);
  assert.deepEqual(plan, [
    { slot: 0, starts: true, levels: [{ level: 0, kind: "number" }] },
    { slot: 0, starts: false, levels: [{ level: 1, kind: "number" }] },
    { slot: 0, starts: false, levels: [] },
    { slot: 1, starts: true, levels: [{ level: 1, kind: "bullet" }], resumes: 4 },
    { slot: 0, starts: false, levels: [] },
  ]);
});

/** @param {Function} run */
const blockIds = async (run) => ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks.map((/** @type {any} */ b) => `rangeId:${b.rangeId}`);

for (const profile of PROFILES) {
  test(`[${profile}] an ordered list inserted after a list item goes on with its list when its number is the next one`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", text: "Mix", list: { kind: "number", level: 0 } }, { type: "paragraph", text: "Bake", list: { kind: "number", level: 0 } }, { type: "paragraph", text: "End" }]);
    const ids = await blockIds(run);
    const outcome = await run("insertMarkdown", { blocks: [LI("number", 0, "Serve", { start: 3 }), LI("bullet", 1, "hot"), LI("number", 0, "Clean")], scope: ids[1], location: "after" });
    ok(outcome);
    assert.equal(outcome.stats.syncs, 2);
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => p.shown), ["1.Mix", "2.Bake", "3.Serve", "•hot", "4.Clean", "End"]);
    assert.deepEqual(shown.map((p) => p.listId === shown[0].listId), [true, true, true, false, true, false]);
  });

  test(`[${profile}] after a list item: another start number, or another kind, is a list of its own; a bullet list goes on`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", text: "Mix", list: { kind: "number", level: 0 } }, { type: "paragraph", text: "Dot", list: { kind: "bullet", level: 0 } }]);
    let ids = await blockIds(run);
    ok(await run("insertMarkdown", { blocks: [LI("number", 0, "Again")], scope: ids[0], location: "after" }));
    ids = await blockIds(run);
    ok(await run("insertMarkdown", { blocks: [LI("bullet", 0, "More")], scope: ids[2], location: "end" }));
    ok(await run("insertMarkdown", { blocks: [LI("number", 0, "Num")], scope: ids[2], location: "after" }));
    const shown = await shownParagraphs(sim);
    assert.deepEqual(shown.map((p) => p.shown), ["1.Mix", "1.Again", "•Dot", "1.Num", "•More"]);
    assert.notEqual(shown[1].listId, shown[0].listId);
    assert.equal(shown[4].listId, shown[2].listId);
    assert.notEqual(shown[3].listId, shown[2].listId);
  });
}
