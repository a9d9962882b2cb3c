import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, selectText, setup } from "./helpers.js";

for (const profile of PROFILES) {
  test(`insertText on the document at start, end and replace (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Middle" });
    const start = ok(await run("insertText", { text: "Top ", scope: "document", location: "start" }));
    assert.match(start.rangeId, /^rng_[a-z0-9]{4}_\d+$/);
    assert.equal(start.length, 4);
    ok(await run("insertText", { text: " bottom", scope: "document", location: "end" }));
    assert.deepEqual(paragraphs(sim), ["Top Middle bottom"]);
    ok(await run("insertText", { text: "Before", scope: "document", location: "before" }));
    ok(await run("insertText", { text: "After", scope: "document", location: "after" }));
    assert.deepEqual(paragraphs(sim), ["BeforeTop Middle bottomAfter"]);
    ok(await run("insertText", { text: "All new", scope: "document", location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["All new"]);
  });

  test(`insertText newParagraph on the document (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Body" });
    ok(await run("insertText", { text: "Thanks", scope: "document", location: "end", newParagraph: true }));
    ok(await run("insertText", { text: "Title", scope: "document", location: "start", newParagraph: true }));
    assert.deepEqual(paragraphs(sim), ["Title", "Body", "Thanks"]);
  });

  test(`insertText at the selection replaces it, and before/after it (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Hello world" });
    await selectText(sim, "world");
    const data = ok(await run("insertText", { text: "Word" }));
    assert.equal(data.length, 4);
    assert.deepEqual(paragraphs(sim), ["Hello Word"]);
    // the returned range is the inserted text: reuse it later
    ok(await run("insertText", { text: "[", scope: `rangeId:${data.rangeId}`, location: "before" }));
    ok(await run("insertText", { text: "]", scope: `rangeId:${data.rangeId}`, location: "after" }));
    assert.deepEqual(paragraphs(sim), ["Hello [Word]"]);
  });

  test(`insertText newParagraph relative to a range (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "One\nTwo" });
    await selectText(sim, "Two");
    const sel = ok(await run("getSelection"));
    ok(await run("insertText", { text: "Above", scope: `rangeId:${sel.rangeId}`, location: "start", newParagraph: true }));
    ok(await run("insertText", { text: "Below", scope: `rangeId:${sel.rangeId}`, location: "end", newParagraph: true }));
    assert.deepEqual(paragraphs(sim), ["One", "Above", "Two", "Below"]);
    const replaced = ok(await run("insertText", { text: "Instead", scope: `rangeId:${sel.rangeId}`, location: "replace", newParagraph: true }));
    assert.ok(paragraphs(sim).includes("Instead"));
    assert.ok(!paragraphs(sim).some((p) => p.includes("Two")));
    assert.match(replaced.rangeId, /^rng_/);
  });

  test(`insertText keepFormatting false clears inherited character formatting (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Bold here" });
    await selectText(sim, "Bold here");
    ok(await run("applyStyle", { char: { bold: true } }));
    ok(await run("insertText", { text: " kept", scope: "document", location: "end" }));
    ok(await run("insertText", { text: " plain", scope: "document", location: "end", keepFormatting: false }));
    const runs = sim.snapshot().blocks[0].runs;
    const plain = runs.find((r) => r.text?.includes("plain"));
    const kept = runs.find((r) => r.text?.includes("kept"));
    assert.equal(plain.bold, false);
    assert.equal(kept.bold, true);
  });

  test(`insertText failures (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("insertText", { scope: "document" }), "E_INVALID_ARG", "args.text");
    fails(await run("insertText", { text: "a", location: "middle" }), "E_INVALID_ARG", "args.location");
    fails(await run("insertText", { text: "a", scope: "rangeId:rng_zzzz_1" }), "E_NOT_FOUND", "args.scope");
    fails(await run("insertText", { text: "a", scope: "paragraph:3" }), "E_INVALID_ARG", "args.scope");
  });

  test(`getSelection returns text and a reusable range id (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta gamma" });
    await selectText(sim, "beta");
    const data = ok(await run("getSelection"));
    assert.equal(data.text, "beta");
    if (profile === "desktop") {
      assert.equal(data.start, 6);
      assert.equal(data.end, 10);
    } else {
      assert.equal("start" in data, false);
      assert.equal("end" in data, false);
    }
    // edits elsewhere do not lose the range
    ok(await run("insertText", { text: "Start. ", scope: "document", location: "start" }));
    ok(await run("insertText", { text: "BETA", scope: `rangeId:${data.rangeId}`, location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["Start. Alpha BETA gamma"]);
  });

  test(`getSelection of a collapsed cursor (${profile})`, async () => {
    const { run } = setup(profile, { text: "Alpha" });
    const data = ok(await run("getSelection"));
    assert.equal(data.text, "");
    assert.match(data.rangeId, /^rng_/);
  });
}
