// Text, linked text or a picture written at the start or end of a block named by its id (readDocument's rangeId)
// that starts or ends with a page or column break goes inside the breaks, next to the block's visible text on its
// page: after the breaks it starts with, before those it ends with (block-edge-spot.js), in one op (2 syncs: a read,
// then the write) and in a batch (its one read up front). Before, start wrote before the first break (on the page
// before) and end after the last (on the next page).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";

const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const picture = (extra = {}) => ({ source: "base64", data: PNG_1x1, format: "png", naturalWidth: 2, naturalHeight: 1, ...extra });

/**
 * The middle paragraph's runs (or the `at`th block's) as one string, a picture as "[pic]" and linked text as "<text>".
 * @param {any} sim
 */
function middleRuns(sim, at = 1) {
  return sim.snapshot().blocks[at].runs.map((r) => (r.type === "picture" ? "[pic]" : r.link ? `<${r.text}>` : r.text)).join("");
}

for (const profile of PROFILES) {
  test(`[${profile}] insertText at the start of a block that starts with a page break goes after the break`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText");
    const out = await run("insertText", { text: "New ", scope: `rangeId:${id}`, location: "start" });
    const { rangeId } = ok(out);
    assert.equal(out.stats.syncs, 2);
    assert.equal(sim.text(), "One\n\fNew Text\nTwo");
    // The result's rangeId is the text written.
    ok(await run("insertText", { text: "Old ", scope: `rangeId:${rangeId}`, location: "replace" }));
    assert.equal(sim.text(), "One\n\fOld Text\nTwo");
  });

  test(`[${profile}] insertText at the end of a block that ends with a page or column break goes before the breaks`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text\f");
    ok(await run("insertText", { text: " more", scope: `rangeId:${id}`, location: "end" }));
    assert.equal(sim.text(), "One\nText more\f\nTwo");
    const column = await withMiddle(profile, "\fText\x0e\f");
    ok(await column.run("insertText", { text: "!", scope: `rangeId:${column.id}`, location: "end" }));
    ok(await column.run("insertText", { text: "¡", scope: `rangeId:${column.id}`, location: "start" }));
    assert.equal(column.sim.text(), "One\n\f¡Text!\x0e\f\nTwo");
  });

  test(`[${profile}] insertText at the other edge, or of a block without breaks, writes at the range's own start or end`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\f");
    ok(await run("insertText", { text: "A", scope: `rangeId:${id}`, location: "before" }));
    ok(await run("insertText", { text: "Z", scope: `rangeId:${id}`, location: "after" }));
    assert.equal(sim.text(), "One\nA\fText\fZ\nTwo");
    const plain = await withMiddle(profile, "Text");
    ok(await plain.run("insertText", { text: "<", scope: `rangeId:${plain.id}`, location: "start" }));
    ok(await plain.run("insertText", { text: ">", scope: `rangeId:${plain.id}`, location: "end" }));
    assert.equal(plain.sim.text(), "One\n<Text>\nTwo");
  });

  test(`[${profile}] a block of a page break alone has no text to join: start is before the break, end after it`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\f");
    ok(await run("insertText", { text: "A", scope: `rangeId:${id}`, location: "start" }));
    assert.equal(sim.text(), "One\nA\f\nTwo");
    const again = await withMiddle(profile, "\f");
    ok(await again.run("insertText", { text: "Z", scope: `rangeId:${again.id}`, location: "end" }));
    assert.equal(again.sim.text(), "One\n\fZ\nTwo");
  });

  test(`[${profile}] hyperlink.set with text at the start or end of a block inside its breaks`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\f");
    ok(await run("hyperlink.set", { url: "https://example.com", text: "Go", scope: `rangeId:${id}`, location: "start" }));
    ok(await run("hyperlink.set", { url: "https://example.com", text: "Up", scope: `rangeId:${id}`, location: "end" }));
    assert.equal(middleRuns(sim), "\f<Go>Text<Up>\f");
  });

  test(`[${profile}] an inline picture at the start or end of a block inside its breaks`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\f");
    ok(await run("insertPicture", picture({ scope: `rangeId:${id}`, location: "start" })));
    ok(await run("insertPicture", picture({ scope: `rangeId:${id}`, location: "end" })));
    assert.equal(middleRuns(sim), "\f[pic]Text[pic]\f");
  });

  test(`[${profile}] a new paragraph at the start or end of a block goes between its breaks and its text; the block's id keeps its text alone`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText");
    const out = await run("insertText", { text: "Intro", scope: `rangeId:${id}`, location: "start", newParagraph: true });
    const { rangeId } = ok(out);
    assert.equal(out.stats.syncs, 2);
    assert.equal(sim.text(), "One\n\f\nIntro\nText\nTwo"); // the page starts with the new paragraph
    ok(await run("insertText", { text: "Lead", scope: `rangeId:${rangeId}`, location: "replace" }));
    ok(await run("insertText", { text: "Body", scope: `rangeId:${id}`, location: "replace" }));
    assert.equal(sim.text(), "One\n\f\nLead\nBody\nTwo");
    const end = await withMiddle(profile, "Text\f");
    ok(await end.run("insertText", { text: "Outro", scope: `rangeId:${end.id}`, location: "end", newParagraph: true }));
    assert.equal(end.sim.text(), "One\nText\nOutro\n\f\nTwo"); // before the page ends
    ok(await end.run("insertText", { text: "Body", scope: `rangeId:${end.id}`, location: "replace" }));
    assert.equal(end.sim.text(), "One\nBody\nOutro\n\f\nTwo");
  });

  test(`[${profile}] insertMarkdown at the start or end of a block goes between its breaks and its text (2 syncs)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\x0e");
    const blocks = [{ type: "heading", level: 2, runs: [{ text: "Head" }] }, { type: "table", rows: [["a", "b"]] }];
    const start = await run("insertMarkdown", { blocks, scope: `rangeId:${id}`, location: "start" });
    ok(start);
    assert.equal(start.stats.syncs, 2);
    const shape = () => sim.snapshot().blocks.map((b) => (b.type === "table" ? "[table]" : b.text));
    assert.deepEqual(shape(), ["One", "\f", "Head", "[table]", "Text\x0e", "Two"]);
    ok(await run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "Tail" }] }], scope: `rangeId:${id}`, location: "end" }));
    assert.deepEqual(shape(), ["One", "\f", "Head", "[table]", "Text", "Tail", "\x0e", "Two"]);
  });

  test(`[${profile}] a list item at the end of a list item that ends with a page break goes on with its list, in 2 syncs`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text\f");
    ok(await run("applyStyle", { scope: `rangeId:${id}`, para: { list: "bullet" } }));
    const out = await run("insertMarkdown", { blocks: [{ type: "listItem", kind: "bullet", level: 0, runs: [{ text: "Next" }] }], scope: `rangeId:${id}`, location: "end" });
    ok(out);
    assert.equal(out.stats.syncs, 2);
    const [, text, next, breaks] = sim.snapshot().blocks;
    assert.deepEqual([text.text, next.text, breaks.text], ["Text", "Next", "\f"]);
    assert.ok(text.list?.listId !== undefined);
    assert.equal(next.list?.listId, text.list.listId);
  });

  test(`[${profile}] a block of paragraphs whose first is a page break alone: its start is the next paragraph's`, async () => {
    for (const newParagraph of [false, true]) {
      const { sim, run } = setup(profile, { text: "One" });
      const blocks = ["A", "B"].map((text) => ({ type: "paragraph", runs: [{ text }] }));
      const { rangeId } = ok(await run("insertMarkdown", { blocks, scope: "document", location: "end" }));
      const hit = ok(await run("search", { query: "A" })).results[0].rangeId;
      ok(await run("insertText", { text: "\f", scope: `rangeId:${hit}`, location: "replace" }));
      assert.equal(sim.text(), "One\n\f\nB");
      ok(await run("insertText", { text: "X", scope: `rangeId:${rangeId}`, location: "start", newParagraph }));
      assert.equal(sim.text(), newParagraph ? "One\n\f\nX\nB" : "One\n\f\nXB");
    }
  });

  test(`[${profile}] a batch writes at its blocks' start and end inside their breaks, with one read up front (3 syncs)`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText\f");
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "Intro", scope: "document", location: "start", newParagraph: true } },
      { op: "insertText", args: { text: "<", scope: `rangeId:${id}`, location: "start" } },
      { op: "hyperlink.set", args: { url: "https://example.com", text: "go", scope: `rangeId:${id}`, location: "end" } },
      { op: "insertPicture", args: picture({ scope: `rangeId:${id}`, location: "end" }) },
    ] }, { maxSyncs: 3 });
    ok(outcome);
    assert.equal(outcome.stats.syncs, 3);
    assert.equal(middleRuns(sim, 2), "\f<Text<go>[pic]\f");
    // Writes at its edges leave its breaks as the read found them: a later rewrite of it in the batch keeps them.
    ok(await run("batch", { ops: [
      { op: "insertText", args: { text: "<", scope: `rangeId:${id}`, location: "start" } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "All new" } },
    ] }, { maxSyncs: 3 }));
    assert.equal(sim.text(), "Intro\nOne\n\fAll new\f\nTwo");
  });

  test(`[${profile}] a batch's rewrite of a block after a new paragraph at its edge is refused: the id no longer holds its breaks`, async () => {
    const { sim, run, id } = await withMiddle(profile, "\fText");
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "Intro", scope: `rangeId:${id}`, location: "start", newParagraph: true } },
      { op: "replace", args: { target: `rangeId:${id}`, replaceWith: "New" } },
    ] }, { maxSyncs: 3 });
    assert.equal(outcome.result.code, "E_INVALID_ARG");
    assert.equal(outcome.result.data.failedAt, 1);
    assert.equal(sim.text(), "One\n\f\nIntro\nText\nTwo");
  });

  test(`[${profile}] a batch op at a block's edge after an op that changed the block's breaks is refused, nothing of it done`, async () => {
    const { sim, run, id } = await withMiddle(profile, "Text\f");
    const outcome = await run("batch", { ops: [
      { op: "insertBreak", args: { scope: `rangeId:${id}`, location: "end", type: "page" } },
      { op: "insertText", args: { text: "!", scope: `rangeId:${id}`, location: "end" } },
    ] }, { maxSyncs: 3 });
    assert.equal(outcome.result.code, "E_INVALID_ARG");
    assert.equal(outcome.result.data.failedAt, 1);
    assert.match(outcome.result.data.results[1].diagnostics[0].msg, /writes at its start or end.*op 0 \(insertBreak\)/);
    assert.equal(sim.text(), "One\nText\f\f\nTwo");
  });
}

test("[desktop] a floating picture at the start of a block that starts with a page break is anchored after the break", async () => {
  const { sim, run, id } = await withMiddle("desktop", "\fText");
  const { rangeId } = ok(await run("insertPicture", picture({ scope: `rangeId:${id}`, location: "start", wrapType: "square" })));
  // Its anchor is where text put at it goes.
  ok(await run("insertText", { text: "Here ", scope: `rangeId:${rangeId}`, location: "start" }));
  assert.equal(sim.text(), "One\n\fHere Text\nTwo");
});
