// readDocument on a document with tracked changes never calls getReviewedText: that call scrolls Word's view to the
// changes (office-js#3691), has frozen (#4302) and crashed (#6085) Word on some documents, and reading a reviewed
// document is exactly what a reviewer asks an assistant to do. Each paragraph's text as it reads with its changes
// accepted, and where each change lies for CriticMarkup, are worked out from Paragraph.text (which holds the deleted
// text inline) and the paragraph's tracked changes (accepted-text.js), loaded with the page's details.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";
import { reviewedReading } from "../../../addin/js/accepted-text.js";

/** @param {{ type: string, text: string }[]} list */
const changes = (...list) => list;
const added = (/** @type {string} */ text) => ({ type: "Added", text });
const deleted = (/** @type {string} */ text) => ({ type: "Deleted", text });

test("reviewedReading: both versions and each change's place, from the text and the changes in document order", () => {
  assert.deepEqual(reviewedReading("CheersThanks for it", changes(added("Cheers"), deleted("Thanks"))),
    { current: "Cheers for it", original: "Thanks for it", spans: [[0, 6], [6, 12]] });
  // Document order decides where a text that occurs twice lies: the deletion comes after the insertion.
  assert.deepEqual(reviewedReading("a 5% b (c) 5% d", changes(added(" (c)"), deleted("5%"))).spans, [[6, 10], [11, 13]]);
  // Nothing decides it: the first place (left to right).
  assert.deepEqual(reviewedReading("a 5% b 5% d", changes(deleted("5%"))), { current: "a  b 5% d", original: "a 5% b 5% d", spans: [[2, 4]] });
  // A deletion over an earlier insertion and deletion: the later ones lie inside it.
  assert.deepEqual(reviewedReading("in 20252024.", changes(deleted("in 20252024."), added("2025"), deleted("2024"))),
    { current: "", original: "in 2024.", spans: [[0, 12], [3, 7], [7, 11]] });
  // Changes reaching outside the paragraph: the first from the one before, the last on into the next; a tracked
  // new paragraph's change ("\rNew") holds nothing of the paragraph before it.
  assert.deepEqual(reviewedReading("Beta two", changes(deleted("ha\rBe"))), { current: "ta two", original: "Beta two", spans: [[0, 2]] });
  assert.deepEqual(reviewedReading("one Alp", changes(deleted("Alpha\rBeta"))).current, "one ");
  assert.deepEqual(reviewedReading("Old para", changes(added("\rNew para"))), { current: "Old para", original: "Old para", spans: [[8, 8]] });
  // A change whose text is not there is left unplaced; the others still are.
  assert.deepEqual(reviewedReading("keep this", changes(deleted("gone"), deleted("this"))), { current: "keep ", original: "keep this", spans: [undefined, [5, 9]] });
  // Formatting changes change neither version.
  assert.deepEqual(reviewedReading("bold", changes({ type: "Formatted", text: "bold" })).current, "bold");
});

/** A document with tracked changes in paragraphs and in a table, made through the ops. */
async function reviewed(profile) {
  const env = setup(profile, { text: "Thanks for the note.\nFees rose 5% in 2023 and 5% in 2024.\nLast line" });
  const { run } = env;
  ok(await run("replace", { target: "searchQuery", query: "Thanks", replaceWith: "Cheers", mode: "replaceAll", scope: "document", trackChanges: true }));
  const [year] = ok(await run("search", { query: "2023" })).results;
  ok(await run("insertText", { scope: `rangeId:${year.rangeId}`, text: " (est.)", location: "after", trackChanges: true }));
  const fees = ok(await run("search", { query: "5%" })).results;
  ok(await run("insertText", { scope: `rangeId:${fees[1].rangeId}`, text: "", trackChanges: true }));
  const { tableId } = ok(await run("table.create", { scope: "document", location: "end", rows: 2, cols: 2, data: [["a", "4"], ["c", "d"]] }));
  ok(await run("table.setCellText", { tableRef: `tableId:${tableId}`, row: 0, col: 1, text: "5", trackChanges: true }));
  return env;
}

for (const profile of PROFILES) {
  test(`[${profile}] readDocument never calls getReviewedText: text, structure and markdown, pages and a range`, async () => {
    const { sim, run } = await reviewed(profile);
    const before = sim.reviewedTextCalls;
    assert.equal(ok(await run("readDocument", { format: "text" })).text,
      "Cheers for the note.\nFees rose 5% in 2023 (est.) and  in 2024.\nLast line\na\t5\nc\td\n");
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    assert.deepEqual(blocks.map((b) => b.text), ["Cheers for the note.", "Fees rose 5% in 2023 (est.) and  in 2024.", "Last line", "a\t5\nc\td", ""]);
    assert.deepEqual(blocks[3].table.values, [["a", "5"], ["c", "d"]]);
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown.split("\n\n").slice(0, 2).join("\n\n"),
      "{++Cheers++}{--Thanks--} for the note.\n\nFees rose 5% in 2023{++ (est.)++} and {--5%--} in 2024.");
    // Page by page, and a range as the scope.
    assert.equal(ok(await run("readDocument", { format: "text", offset: 1, limit: 1 })).text, "Fees rose 5% in 2023 (est.) and  in 2024.");
    assert.equal(ok(await run("readDocument", { format: "structure", offset: 3, limit: 1 })).blocks[0].table.values[0][1], "5");
    assert.equal(ok(await run("readDocument", { format: "text", scope: `rangeId:${blocks[1].rangeId}` })).text, "Fees rose 5% in 2023 (est.) and  in 2024.");
    assert.match(ok(await run("readDocument", { format: "markdown", scope: `rangeId:${blocks[0].rangeId}` })).markdown, /^\{\+\+Cheers\+\+\}\{--Thanks--\} for the note\./);
    assert.equal(sim.reviewedTextCalls - before, 0, "getReviewedText calls");
  });
}
