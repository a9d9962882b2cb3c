// dryRun of the ops whose target is not a range (a comment, a tracked change, an anchor, a section): it looks the
// target up as the op does, so it fails where the op fails (same code, field and message), within one sync,
// changing nothing; a batch's dry run does the same for each op.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

/** Calls on targets "Alpha one" does not have, each refused by the op itself with E_NOT_FOUND on the field. */
const MISSING = [
  ["comment.delete", { commentId: "{NOPE}" }, "args.commentId"],
  ["comment.reply", { commentId: "{NOPE}", text: "x" }, "args.commentId"],
  ["comment.resolve", { commentId: "{NOPE}", resolved: true }, "args.commentId"],
  ["trackChanges.accept", { changeIds: ["chg_nope_1"] }, "args.changeIds"],
  ["trackChanges.reject", { changeIds: ["chg_nope_1"] }, "args.changeIds"],
  ["anchor.remove", { anchorId: "anc_nope" }, "args.anchorId"],
  ["headerFooter.set", { text: "x", section: 5 }, "args.section"],
  ["headerFooter.get", { section: 5 }, "args.section"],
];

/** What a failed op answers: its code and diagnostics. */
const failure = (/** @type {any} */ outcome) => ({ code: outcome.result.code, diagnostics: outcome.result.diagnostics });

for (const profile of PROFILES) {
  test(`[${profile}] dryRun fails on a missing comment, change, anchor or section as the op does, and changes nothing`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one" });
    const before = JSON.stringify(sim.snapshot());
    for (const [op, args, field] of MISSING) {
      const real = await run(op, args);
      fails(real, "E_NOT_FOUND", field);
      const dry = await run(op, { ...args, dryRun: true }); // run() checks the budget and that nothing is left queued
      fails(dry, "E_NOT_FOUND", field);
      assert.deepEqual(failure(dry), failure(real), op);
      assert.ok(dry.stats.syncs <= 2, `${op}: ${dry.stats.syncs} syncs`);
    }
    assert.equal(JSON.stringify(sim.snapshot()), before);
  });

  test(`[${profile}] dryRun on an existing comment, change, anchor or section reports it and changes nothing`, async () => {
    const { sim, run, engine } = setup(profile, { text: "Alpha one" });
    const { commentId } = ok(await run("comment.add", { scope: "document", text: "Check this" }));
    const { anchorId } = ok(await run("anchor.create", { scope: "document" }));
    ok(await run("insertText", { text: " two", scope: "document", location: "end", trackChanges: true }));
    const [change] = ok(await run("trackChanges.list", {})).changes;
    const before = JSON.stringify(sim.snapshot());
    const ids = engine.registry.size();

    const reply = ok(await run("comment.reply", { commentId, text: "Done", dryRun: true }));
    assert.deepEqual(reply.targets, { commentId: { commentId, text: "Check this", resolved: false } });
    assert.deepEqual(reply.wouldRun, { op: "comment.reply", args: { commentId, text: "Done" } });
    ok(await run("comment.delete", { commentId, dryRun: true }));
    ok(await run("comment.resolve", { commentId, dryRun: true }));
    const accept = ok(await run("trackChanges.accept", { changeIds: [change.changeId], dryRun: true }));
    assert.deepEqual(accept.targets, { changeIds: [{ changeId: change.changeId, type: "added", text: change.text }] });
    const all = ok(await run("trackChanges.reject", { all: true, dryRun: true }));
    assert.deepEqual(all.targets, { all: { changes: 1 } });
    const anchor = ok(await run("anchor.remove", { anchorId, dryRun: true }));
    assert.deepEqual(anchor.targets.anchorId, { anchorId, text: "Alpha one two¶" });
    const header = ok(await run("headerFooter.set", { text: "Head", section: 0, dryRun: true }));
    assert.deepEqual(header.targets, { section: { sections: [0], sectionCount: 1 } });

    assert.equal(JSON.stringify(sim.snapshot()), before, "a dry run changed the document");
    assert.equal(engine.registry.size(), ids, "a dry run minted an id");
    assert.equal(ok(await run("trackChanges.list", {})).changes.length, 1);
  });

  test(`[${profile}] dryRun makes the op's own checks of its args and host before the lookup`, async () => {
    const { run } = setup(profile, { text: "Alpha one" });
    for (const [op, args, field] of [
      ["comment.reply", { commentId: "{NOPE}", text: "" }, "args.text"],
      ["comment.delete", { commentId: "" }, "args.commentId"],
      ["anchor.remove", { anchorId: "anc_nope", keepContent: "yes" }, "args.keepContent"],
      ["headerFooter.set", { text: "x", section: -1 }, "args.section"],
      ["headerFooter.set", { text: "x", kind: "margin" }, "args.kind"],
    ]) {
      const real = failure(await run(op, args));
      const dry = await run(op, { ...args, dryRun: true });
      fails(dry, "E_INVALID_ARG", field);
      assert.deepEqual(failure(dry), real, op);
    }
    const old = setup(profile, { text: "Alpha one", simOptions: { apiSets: { WordApi: "1.3" } } });
    for (const [op, args] of [["comment.delete", { commentId: "{NOPE}" }], ["trackChanges.accept", { changeIds: ["chg_nope_1"] }]]) {
      const real = failure(await old.run(op, args));
      const dry = await old.run(op, { ...args, dryRun: true });
      fails(dry, "E_UNSUPPORTED");
      assert.deepEqual(failure(dry), real, op);
    }
  });

  test(`[${profile}] dryRun of hyperlink.set without text refuses a scope with no text to link, as the op does`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one\n\nGamma" });
    sim.setSelection({ start: 10 }); // the cursor in the empty paragraph
    const before = JSON.stringify(sim.snapshot());
    const real = await run("hyperlink.set", { url: "https://example.com/" });
    fails(real, "E_INVALID_ARG", "args.text");
    const dry = await run("hyperlink.set", { url: "https://example.com/", dryRun: true });
    fails(dry, "E_INVALID_ARG", "args.text");
    assert.deepEqual(failure(dry), failure(real));
    ok(await run("hyperlink.set", { url: "https://example.com/", scope: "document", dryRun: true }));
    ok(await run("hyperlink.set", { url: "https://example.com/", text: "here", dryRun: true }));
    assert.equal(JSON.stringify(sim.snapshot()), before);
  });

  test(`[${profile}] a batch's dryRun looks each target up; one an earlier op creates is not looked up`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one" });
    const before = JSON.stringify(sim.snapshot());
    const outcome = await run("batch", {
      dryRun: true, stopOnError: false, ops: [
        { op: "comment.add", args: { scope: "document", text: "New" } },
        { op: "comment.reply", args: { commentId: "$0.commentId", text: "Re" } },
        { op: "comment.delete", args: { commentId: "{NOPE}" } },
        { op: "anchor.remove", args: { anchorId: "anc_nope" } },
        { op: "headerFooter.get", args: { section: 0 } },
      ],
    });
    const { results } = outcome.result.data;
    assert.deepEqual(results.map((/** @type {any} */ r) => r.ok), [true, true, false, false, true]);
    assert.deepEqual(results[1].data.targets, { commentId: "created by op 0" });
    assert.equal(results[2].code, "E_NOT_FOUND");
    assert.match(results[2].diagnostics[0].msg, /^No comment "\{NOPE\}" in the document/);
    assert.equal(results[3].diagnostics[0].field, "args.anchorId");
    assert.deepEqual(results[4].data.targets, { section: { sections: [0], sectionCount: 1 } });
    assert.equal(outcome.stats.syncs, 1, "one sync reads every op's target (the failed batch has no closing sync)");
    assert.equal(JSON.stringify(sim.snapshot()), before);
  });
}
