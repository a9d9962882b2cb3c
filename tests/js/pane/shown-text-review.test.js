// Texts of comments and tracked changes are shown as readDocument shows them: Word's paragraph marks ("\r") and line
// breaks ("\v") as "\n", without the note-mark placeholder (U+0002); dry-run targets' (clipped) texts likewise, with
// every line end as "¶". trackChanges.list gives a change the text readDocument's structure gives it, and its changeId
// still names it (ids are made from Word's text, not the shown one).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";
import { clip } from "../../../addin/js/expect.js";

/** A document with a footnote mark placeholder (as some hosts keep it) and a line break. */
async function withBreaks(profile) {
  const env = setup(profile, { text: "Alpha one\nBeta two\nGamma" });
  env.sim._model.quirks.noteMarkText = "\u0002";
  const [two] = ok(await env.run("search", { query: "two" })).results;
  ok(await env.run("footnote.insert", { text: "Source", scope: `rangeId:${two.rangeId}` }));
  ok(await env.run("insertText", { text: " x\u000by", scope: "document", location: "end" }));
  const [across] = ok(await env.run("search", { query: "one\nBeta two" })).results;
  return { ...env, across: `rangeId:${across.rangeId}` };
}

for (const profile of PROFILES) {
  test(`[${profile}] comment.list shows the anchored text over a paragraph break as readDocument shows it`, async () => {
    const { run, across } = await withBreaks(profile);
    ok(await run("comment.add", { scope: across, text: "Remark" }));
    const [comment] = ok(await run("comment.list", { includeResolved: true })).comments;
    assert.equal(comment.anchoredText, "one\nBeta two");
  });

  test(`[${profile}] trackChanges.list shows a change's text as readDocument's structure does, and its id still works`, async () => {
    const { run } = await withBreaks(profile);
    ok(await run("insertText", { text: "New\npara\u000bline", scope: "document", location: "end", newParagraph: true, keepFormatting: true, trackChanges: true }));
    const { changes } = ok(await run("trackChanges.list", {}));
    assert.ok(changes.length > 0);
    for (const change of changes) assert.doesNotMatch(change.text, /[\r\v\u0002]/, JSON.stringify(change));
    assert.ok(changes.some((change) => change.text.includes("para\nline")), JSON.stringify(changes));
    const structure = ok(await run("readDocument", { format: "structure" })).blocks.flatMap((block) => block.changes ?? []);
    assert.deepEqual(structure.map(({ changeId, text }) => ({ changeId, text })), changes.map(({ changeId, text }) => ({ changeId, text })));
    const dry = ok(await run("trackChanges.reject", { changeIds: [changes[0].changeId], dryRun: true }));
    assert.equal(dry.targets.changeIds[0].text, clip(changes[0].text));
    ok(await run("trackChanges.reject", { changeIds: changes.map((change) => change.changeId) }));
    assert.deepEqual(ok(await run("trackChanges.list", {})).changes, []);
  });

  test(`[${profile}] a dry run shows its targets' texts as readDocument shows them`, async () => {
    const { sim, run, across } = await withBreaks(profile);
    const dry = ok(await run("insertText", { text: "X", scope: across, location: "replace", dryRun: true }));
    assert.equal(dry.targets.scope.text, "one¶Beta two");
    const { anchorId } = ok(await run("anchor.create", { scope: across }));
    const anchored = ok(await run("applyStyle", { scope: `anchor:${anchorId}`, char: { bold: true }, dryRun: true }));
    assert.equal(anchored.targets.scope.text, "one¶Beta two");
    await sim.Word.run(async (context) => {
      context.document.body.getRange("Whole").select();
      await context.sync();
    });
    const selected = ok(await run("applyStyle", { scope: "selection", char: { bold: true }, dryRun: true }));
    assert.doesNotMatch(selected.targets.scope.text, /[\r\v\u0002]/);
    assert.equal(selected.targets.scope.text, clip(ok(await run("getSelection")).text));
    assert.match(selected.targets.scope.text, /x¶y/);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] anchor.list and an anchor's dry run show its text as readDocument shows it`, async () => {
    const { run, across } = await withBreaks(profile);
    const { anchorId } = ok(await run("anchor.create", { scope: across, name: "Across" }));
    const [listed] = ok(await run("anchor.list", {})).anchors;
    assert.equal(listed.text, "one\nBeta two");
    const dry = ok(await run("anchor.remove", { anchorId, dryRun: true }));
    assert.equal(dry.targets.anchorId.text, clip("one\nBeta two"));
  });
}
