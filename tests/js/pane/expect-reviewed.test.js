// expectText on a range with tracked deletions: readDocument shows it with its changes accepted, Range.text still
// holds the deleted text. The pane works that text out from the range's changes (loaded in the same sync) and never
// calls getReviewedText for it: that call scrolls the view (office-js#3691), has frozen (#4302) and crashed (#6085)
// Word on some documents.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";
import { acceptedReading } from "../../../addin/js/accepted-text.js";

test("acceptedReading: each deletion left out where it lies, in order; the first and last may reach outside the text", () => {
  const is = (expected) => (reading) => reading === expected;
  assert.deepEqual(acceptedReading("CheersThanks for it", ["Thanks"], is("Cheers for it")), { text: "Cheers for it", matches: true });
  // "ab" deleted twice: the first occurrence is not the only possible one.
  assert.deepEqual(acceptedReading("ab-ab-ab", ["ab", "ab"], is("ab--")), { text: "ab--", matches: true });
  assert.deepEqual(acceptedReading("Beta two", ["ha\rBe"], is("ta two")), { text: "ta two", matches: true }, "a deletion that began in the paragraph before");
  assert.deepEqual(acceptedReading("one Alp", ["Alpha\rBeta"], is("one ")), { text: "one ", matches: true }, "a deletion running on after the range");
  assert.deepEqual(acceptedReading("CheersThanks", ["Thanks"], is("something else")), { text: "Cheers", matches: false });
  assert.deepEqual(acceptedReading("no deletion here", ["gone"], is("x")), { text: "no deletion here", matches: false });
});

/** Count the simulator's getReviewedText calls (Body, Range, Paragraph). */
function countReviewedText(sim) {
  const calls = { count: 0 };
  for (const kind of ["Body", "Range", "Paragraph"]) {
    const proto = sim.Word[kind].prototype;
    const original = proto.getReviewedText;
    proto.getReviewedText = function counted(...args) {
      calls.count += 1;
      return original.apply(this, args);
    };
  }
  return calls;
}

for (const profile of PROFILES) {
  test(`[${profile}] expectText never asks Word for the reviewed text, with or without tracked changes`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta gamma\nDelta" });
    const calls = countReviewedText(sim);
    const [beta] = ok(await run("search", { query: "beta" })).results;
    ok(await run("applyStyle", { scope: `rangeId:${beta.rangeId}`, char: { bold: true }, expectText: "beta" }));
    ok(await run("insertText", { text: "BETA", scope: `rangeId:${beta.rangeId}`, location: "replace", trackChanges: true, expectText: "beta" }));
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    const counted = calls.count; // readDocument's own reads (tracked changes in the document) are not expectText's
    assert.equal(blocks[0].text, "Alpha BETA gamma");
    ok(await run("applyStyle", { scope: `rangeId:${blocks[0].rangeId}`, char: { italic: true }, expectText: blocks[0].text }));
    ok(await run("applyStyle", { scope: `rangeId:${blocks[1].rangeId}`, char: { italic: true }, expectText: "Delta" }));
    assert.equal(calls.count, counted);
  });

  test(`[${profile}] expectText on the paragraph after a tracked deletion across a paragraph mark, as readDocument shows it`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one\nBeta two" });
    await sim.Word.run(async (context) => {
      context.document.changeTrackingMode = "TrackAll";
      context.document.body.search("one^pBeta").getFirst().delete();
      context.document.changeTrackingMode = "Off";
      await context.sync();
    });
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    const last = blocks.at(-1);
    assert.ok(!last.text.includes("Beta"), JSON.stringify(blocks));
    ok(await run("applyStyle", { scope: `rangeId:${last.rangeId}`, char: { bold: true }, expectText: last.text }));
    const stale = await run("applyStyle", { scope: `rangeId:${last.rangeId}`, char: { bold: true }, expectText: `${last.text}!` });
    assert.equal(stale.result.code, "E_NOT_FOUND");
  });
}
