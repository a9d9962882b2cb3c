// A batch that names an anchor the document no longer has is refused before anything of it runs (E_NOT_FOUND on
// that op's field, naming the anchor): the batch reads its anchors up front in the sync it shares with its other
// reads (batch-upfront.js), which a missing anchor fails. Before, the batch then ran without any of those reads: a
// block rewritten through its id lost the page break it starts with, and each anchor op read its anchor in a sync
// of its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok } from "./helpers.js";
import { withMiddle } from "./breaks-fixture.js";
import { anchorTexts } from "./anchor-fixture.js";

const MISSING = "anchor:anc_gone0000";

for (const profile of PROFILES) {
  for (const stopOnError of [true, false]) {
    test(`[${profile}] a batch naming a missing anchor (stopOnError ${stopOnError}) is refused before a rewrite by id runs`, async () => {
      const env = await withMiddle(profile, "\fMiddle");
      const before = env.sim.text();
      const result = fails(await env.run("batch", { stopOnError, ops: [
        { op: "insertText", args: { text: "Revised", scope: `rangeId:${env.id}`, location: "replace" } },
        { op: "insertText", args: { text: "x", scope: MISSING, location: "after" } },
      ] }, { maxSyncs: 3 }), "E_NOT_FOUND", "args.ops[1].args.scope");
      assert.match(result.diagnostics[0].msg, /anc_gone0000/);
      assert.match(result.diagnostics[0].msg, /op 1/);
      assert.equal(env.sim.text(), before, "nothing of the batch ran");
    });
  }

  test(`[${profile}] a replace's target naming a missing anchor in a batch: refused on args.ops[0].args.target`, async () => {
    const env = await withMiddle(profile, "Middle");
    fails(await env.run("batch", { ops: [
      { op: "replace", args: { target: MISSING, replaceWith: "x" } },
      { op: "insertText", args: { text: "y", scope: "document", location: "end" } },
    ] }, { maxSyncs: 3 }), "E_NOT_FOUND", "args.ops[0].args.target");
    assert.equal(env.sim.text(), "One\nMiddle\nTwo");
  });

  test(`[${profile}] a batch whose anchors all exist still reads them up front: 3 syncs for two anchor ops and a rewrite`, async () => {
    const env = await withMiddle(profile, "\fMiddle");
    const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${env.id}` }));
    const read = ok(await env.run("readDocument", { scope: "document", format: "structure", includeRangeIds: true }));
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "Uno", scope: `rangeId:${read.blocks[0].rangeId}`, location: "replace" } },
      { op: "insertText", args: { text: "S-", scope, location: "start" } },
      { op: "insertText", args: { text: "-E", scope, location: "end" } },
    ] }, { maxSyncs: 3 });
    ok(outcome);
    assert.equal(outcome.stats.syncs, 3);
    assert.deepEqual((await anchorTexts(env)).length, 1);
  });
}
