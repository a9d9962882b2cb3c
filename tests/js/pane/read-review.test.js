// readDocument shows the review: comments and tracked changes in structure entries and as CriticMarkup in markdown,
// with the changeIds trackChanges.list gives, in no more syncs than a page without them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

/** Make `edit` a tracked change through the op-level switch. */
async function tracked(run, op, args) {
  return ok(await run(op, { ...args, trackChanges: true }));
}

for (const profile of PROFILES) {
  test(`structure lists each block's comments and tracked changes (${profile})`, async () => {
    const { run } = setup(profile, { text: "Price is 10.\nTerms apply.\nNotes" });
    const hit = ok(await run("search", { query: "Terms" })).results[0];
    const { commentId } = ok(await run("comment.add", { scope: `rangeId:${hit.rangeId}`, text: "Which terms?" }));
    await tracked(run, "replace", { target: "searchQuery", query: "10", replaceWith: "12", mode: "replaceAll", scope: "document" });
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    const listed = ok(await run("trackChanges.list", {})).changes;
    assert.deepEqual(blocks[0].changes.map((c) => [c.changeId, c.type, c.text]), listed.map((c) => [c.changeId, c.type, c.text]),
      "the same ids as trackChanges.list");
    assert.equal(blocks[0].comments, undefined);
    assert.deepEqual(blocks[1].comments.map((c) => [c.commentId, c.text, c.resolved, c.replies]), [[commentId, "Which terms?", false, 0]]);
    assert.equal(typeof blocks[1].comments[0].author, "string");
    assert.equal(blocks[2].comments, undefined);
    assert.equal(blocks[2].changes, undefined);
    // The ids work: accept the insertion straight from what readDocument showed.
    const added = blocks[0].changes.find((c) => c.type === "added");
    assert.deepEqual(ok(await run("trackChanges.accept", { changeIds: [added.changeId] })), { accepted: 1, changeIds: [added.changeId] });
  });

  test(`markdown shows the review as CriticMarkup (${profile})`, async () => {
    const { run } = setup(profile, { text: "Price is 10.\nTerms apply." });
    await tracked(run, "replace", { target: "searchQuery", query: "10", replaceWith: "12", mode: "replaceAll", scope: "document" });
    const hit = ok(await run("search", { query: "Terms" })).results[0];
    ok(await run("comment.add", { scope: `rangeId:${hit.rangeId}`, text: "Which terms?" }));
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    const [first, second] = markdown.split("\n\n");
    assert.match(first, /\{\+\+12\+\+\}/);
    assert.match(first, /\{--10--\}/);
    assert.match(second, /^Terms apply\. \{>>.*Which terms\?<<\}$/);
  });

  test(`resolved comments stay out of markdown and are marked in structure (${profile})`, async () => {
    const { run } = setup(profile, { text: "One" });
    const { commentId } = ok(await run("comment.add", { scope: "document", text: "Done already" }));
    ok(await run("comment.resolve", { commentId }));
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "One");
    assert.equal(ok(await run("readDocument", { format: "structure" })).blocks[0].comments[0].resolved, true);
  });

  test(`identical changes on later pages keep the document's numbering (${profile})`, async () => {
    const { run } = setup(profile, { text: "fee 10\nfee 10\nfee 10\nend" });
    await tracked(run, "replace", { target: "searchQuery", query: "10", replaceWith: "12", mode: "replaceAll", scope: "document" });
    const listed = ok(await run("trackChanges.list", {})).changes.map((c) => c.changeId);
    assert.equal(new Set(listed).size, 6, "three identical insertions and deletions, six ids");
    const pages = [];
    for (let offset = 0; offset < 3; offset += 1) {
      pages.push(...ok(await run("readDocument", { format: "structure", offset, limit: 1 })).blocks[0].changes.map((c) => c.changeId));
    }
    assert.deepEqual(pages, listed);
  });

  test(`text pages and documents without review cost nothing more (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "A\nB" });
    const before = sim.syncCount;
    const page = ok(await run("readDocument", { format: "structure" }));
    assert.ok(sim.syncCount - before <= 2);
    assert.deepEqual(page.blocks.map((b) => Object.keys(b).sort()), [["index", "style", "text", "type"], ["index", "style", "text", "type"]]);
  });
}

test("hosts without comments or revisions read as before", async () => {
  const { run } = setup("web", { text: "Plain", simOptions: { apiSets: { WordApi: "1.3" } } });
  assert.deepEqual(ok(await run("readDocument", { format: "structure" })).blocks, [{ index: 0, type: "paragraph", text: "Plain", style: "Normal" }]);
});

for (const profile of PROFILES) {
  test(`text and structure show the current text of a paragraph with tracked changes; markdown still marks them (${profile})`, async () => {
    const { run } = setup(profile, { text: "Thanks for the note.\nSecond para" });
    await tracked(run, "replace", { target: "searchQuery", query: "Thanks", replaceWith: "Cheers", mode: "replaceAll", scope: "document" });
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Cheers for the note.\nSecond para");
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    assert.equal(blocks[0].text, "Cheers for the note.");
    assert.deepEqual(blocks[0].changes.map((c) => [c.type, c.text]), [["added", "Cheers"], ["deleted", "Thanks"]]);
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.match(markdown, /\{\+\+Cheers\+\+\}\{--Thanks--\} for the note\./);
    // expectText taken from that text holds for the block's range, whose Word text still has the deletion in it.
    ok(await run("insertText", { text: " Bye.", location: "end", scope: `rangeId:${blocks[0].rangeId}`, expectText: blocks[0].text }));
    const stale = await run("insertText", { text: "x", scope: `rangeId:${blocks[0].rangeId}`, expectText: "Thanks for the note." });
    assert.equal(stale.result.code, "E_NOT_FOUND");
    assert.match(stale.result.diagnostics[0].msg, /found "Cheers for the note\. Bye\."/);
  });

  test(`a host without getReviewedText (WordApi 1.3) reads Word's text as it is (${profile})`, async () => {
    const { run } = setup(profile, { text: "Plain text", simOptions: { apiSets: { WordApi: "1.3" } } });
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Plain text");
    assert.equal(ok(await run("readDocument", { format: "structure" })).blocks[0].text, "Plain text");
  });
}

for (const profile of PROFILES) {
  test(`a tracked new paragraph shows once, as its own inserted block, with no paragraph mark in the markdown (${profile})`, async () => {
    const { run } = setup(profile, { text: "Alpha one\nBeta two" });
    ok(await run("insertText", { text: "New para", scope: "document", location: "end", newParagraph: true, trackChanges: true }));
    // Word records the insertion from the paragraph mark before it: "\rNew para" (shown "\nNew para"), on both
    // paragraphs' ranges.
    const [listed] = ok(await run("trackChanges.list", {})).changes;
    assert.equal(listed.text, "\nNew para");
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "Alpha one\n\nBeta two\n\n{++New para++}");
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Alpha one\nBeta two\nNew para");
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    assert.deepEqual(blocks.map((b) => [b.text, (b.changes ?? []).map((c) => [c.changeId, c.type, c.text])]),
      [["Alpha one", []], ["Beta two", []], ["New para", [[listed.changeId, "added", "\nNew para"]]]]);
    // Page by page: the paragraph before shows nothing of it, the new one shows it whatever page it starts.
    const pages = [];
    for (let offset = 0; offset < 3; offset += 1) {
      pages.push([ok(await run("readDocument", { format: "markdown", offset, limit: 1 })).markdown,
        ok(await run("readDocument", { format: "structure", offset, limit: 1 })).blocks[0].changes?.map((c) => c.changeId)]);
    }
    assert.deepEqual(pages, [["Alpha one", undefined], ["Beta two", undefined], ["{++New para++}", [listed.changeId]]]);
  });

  test(`a tracked change across paragraphs marks its part in each, without the mark between them (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "One two\nThree four\nFive" });
    sim.setSelection({ start: 4, end: 13 });
    ok(await run("insertText", { text: "", scope: "selection", location: "replace", trackChanges: true }));
    const [listed] = ok(await run("trackChanges.list", {})).changes;
    assert.equal(listed.text, "two\nThree");
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "One {--two--}\n\n{--Three--} four\n\nFive");
    assert.equal(ok(await run("readDocument", { format: "markdown", offset: 1 })).markdown, "{--Three--} four\n\nFive");
    const { blocks } = ok(await run("readDocument", { format: "structure" }));
    assert.deepEqual(blocks.map((b) => (b.changes ?? []).map((c) => c.changeId)), [[listed.changeId], [], []]);
  });

  test(`a tracked new paragraph that reads as block syntax keeps its escape inside the markup (${profile})`, async () => {
    const { run } = setup(profile, { text: "Alpha one" });
    ok(await run("insertText", { text: "---", scope: "document", location: "end", newParagraph: true, trackChanges: true }));
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Alpha one\n\n{++\\---++}");
  });
}

for (const profile of PROFILES) {
  test(`markdown marks the change where the order of the changes puts it, not the first text like it (${profile})`, async () => {
    const { run } = setup(profile, { text: "Fees rose 5% in 2023 and 5% in 2024." });
    const [year] = ok(await run("search", { query: "2023" })).results;
    await tracked(run, "insertText", { scope: `rangeId:${year.rangeId}`, text: " (est.)", location: "after" });
    const hits = ok(await run("search", { query: "5%" })).results;
    await tracked(run, "insertText", { scope: `rangeId:${hits[1].rangeId}`, text: "" });
    // Word lists the deletion after the insertion: it is the "5%" after "2023", not the first.
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Fees rose 5% in 2023{++ (est.)++} and {--5%--} in 2024.");
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Fees rose 5% in 2023 (est.) and  in 2024.");
  });

  test(`where nothing tells which of two like texts a change is, markdown and text take the first (${profile})`, async () => {
    // Paragraph.text and the paragraph's changes are all readDocument asks Word for (getReviewedText has frozen and
    // crashed Word): a lone deletion of a text the paragraph holds twice reads as the first.
    const { run } = setup(profile, { text: "Fees rose 5% in 2023 and 5% in 2024." });
    const hits = ok(await run("search", { query: "5%" })).results;
    await tracked(run, "insertText", { scope: `rangeId:${hits[1].rangeId}`, text: "" });
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Fees rose {--5%--} in 2023 and 5% in 2024.");
    assert.equal(ok(await run("readDocument", { format: "text" })).text, "Fees rose  in 2023 and 5% in 2024.");
  });

  test(`a deleted paragraph with earlier changes in it shows them once, inside its deletion (${profile})`, async () => {
    const { run } = setup(profile, { text: "Risk one: vendor delays in 2024.\nRisk two: cost." });
    const hit = ok(await run("search", { query: "2024" })).results[0];
    await tracked(run, "insertText", { scope: `rangeId:${hit.rangeId}`, text: "2025", location: "replace" });
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    await tracked(run, "insertText", { scope: `rangeId:${blocks[0].rangeId}`, text: "" });
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "{--Risk one: vendor delays in 20252024.--}\n\nRisk two: cost.");
    const changes = ok(await run("readDocument", { format: "structure" })).blocks[0].changes;
    assert.deepEqual(changes.map((c) => c.type), ["deleted", "added", "deleted"], "structure still lists each change");
  });
}

test("criticMarkup without places: a change inside an earlier mark is not appended again", async () => {
  const { criticMarkup } = await import("../../../addin/js/handlers/read-review.js");
  const marks = [{ type: "deleted", parts: ["Risk in 20252024."] }, { type: "added", parts: ["2025"] }, { type: "deleted", parts: ["2024"] }];
  assert.equal(criticMarkup("Risk in 20252024.", undefined, marks, (t) => t), "{--Risk in 20252024.--}");
  assert.equal(criticMarkup("x y", undefined, [{ type: "added", parts: ["z"] }], (t) => t), "x y {++z++}", "a text not found is still appended");
});
