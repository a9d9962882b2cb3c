// QA: comment.list's anchoredText held the text of tracked deletions ("Expenses rose
// sharplyCosts were flat") where readDocument shows the paragraph with its changes accepted. It now shows the text
// as readDocument does, worked out from the range's text and its tracked changes loaded in the same sync
// (accepted-text.js), never through getReviewedText.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

const TEXT = "In Q3 Costs were flat and margins held.\nSecond line";

/** A document where "Costs were flat" was replaced as a tracked change, with a comment on its first paragraph. */
async function tracked(profile) {
  const env = setup(profile, { text: TEXT });
  const { run } = env;
  const [first] = ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks;
  ok(await run("comment.add", { scope: `rangeId:${first.rangeId}`, text: "Check the figures" }));
  ok(await run("replace", { target: "searchQuery", query: "Costs were flat", replaceWith: "Expenses rose sharply", trackChanges: true }));
  return env;
}

for (const profile of PROFILES) {
  test(`[${profile}] comment.list's anchoredText leaves tracked deletions out, as readDocument does`, async () => {
    const { run } = await tracked(profile);
    const read = ok(await run("readDocument", { format: "text" })).text;
    assert.match(read, /^In Q3 Expenses rose sharply and margins held\./);
    const [comment] = ok(await run("comment.list", {})).comments;
    assert.equal(comment.anchoredText, "In Q3 Expenses rose sharply and margins held.");
    assert.equal(comment.text, "Check the figures");
  });
}
