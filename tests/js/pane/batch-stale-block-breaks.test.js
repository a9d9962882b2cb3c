// In a batch, a block rewritten through its id after earlier ops of the batch changed it: the batch read the block
// up front, before those ops ran (batch-block-breaks.js). Its breaks are found in Word when the op runs, so a text an
// earlier op changed no longer matters (before, the op searched for the text it read: it failed, or replaced only
// part of the block); a second rewrite of the block keeps its breaks too (before, it replaced them); where an earlier
// op may have changed the breaks themselves, the later rewrite is refused, naming both ops.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";


/** A batch: its read up front, the closing sync, and a sync of its own for a search's replace. */
const batch = (run, ops, maxSyncs = 3) => run("batch", { ops }, { maxSyncs });

for (const profile of PROFILES) {
  test(`[${profile}] a block's text changed by an earlier search replace, then rewritten through its id: its break stays`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fHello world");
    ok(await batch(run, [
      { op: "replace", args: { target: "searchQuery", query: "Hello", replaceWith: "Bye" } },
      { op: "insertText", args: { text: "New", scope: `rangeId:${id}`, location: "replace" } },
    ], 4));
    assert.equal(sim.text(), "One\n\fNew\nTwo");
  });

  test(`[${profile}] the text read up front found again later in the block: the whole block is still rewritten`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fa a\f");
    ok(await batch(run, [
      { op: "replace", args: { target: "searchQuery", query: "a a", replaceWith: "b a a" } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "New" } },
    ], 4));
    assert.equal(sim.text(), "One\n\fNew\f\nTwo");
  });

  test(`[${profile}] a block rewritten twice through its id in one batch keeps its breaks both times`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\x0e");
    ok(await batch(run, [
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "First" } },
      { op: "insertText", args: { text: "Second", scope: `rangeId:${id}`, location: "replace" } },
    ]));
    assert.equal(sim.text(), "One\n\fSecond\x0e\nTwo");
  });

  test(`[${profile}] a rewrite after an earlier op put text at the end of a block with a break keeps the break (the text went before it)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text\f");
    ok(await batch(run, [
      { op: "insertText", args: { text: " more", scope: `rangeId:${id}`, location: "end" } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "X" } },
    ]));
    assert.equal(sim.text(), "One\nX\f\nTwo");
  });

  test(`[${profile}] a rewrite after an earlier op put a break at the end of a block with a break is refused, naming both ops`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text\f");
    const out = await batch(run, [
      { op: "insertBreak", args: { scope: `rangeId:${id}`, location: "end", type: "page" } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "X" } },
    ]);
    assert.equal(out.result.code, "E_INVALID_ARG");
    assert.equal(out.result.data.failedAt, 1);
    const refusal = out.result.diagnostics.find((d) => d.field === "args.ops[1]");
    assert.match(refusal.msg, /op 1 rewrites a block.*op 0 \(insertBreak\) of this batch changed before it/);
    assert.equal(sim.text(), "One\nText\f\f\nTwo"); // op 0 only
  });

  test(`[${profile}] a block without breaks changed by an earlier op is rewritten whole, as before`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text");
    ok(await batch(run, [
      { op: "insertText", args: { text: " more", scope: `rangeId:${id}`, location: "end" } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "X" } },
    ]));
    assert.equal(sim.text(), "One\nX\nTwo");
  });
}
