// batch with trackChanges: every edit of the batch is a tracked change, and the mode the document had comes back,
// in no more syncs than the batch alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

/** @returns {Promise<{ok: boolean, data: any, diagnostics: any[], syncs: number}>} */
async function runBatch({ sim, engine }, ops, extra = {}) {
  const before = sim.syncCount;
  const outcome = await engine.execute({ type: "ai-cmd", id: `tb-${Math.random()}`, content: "batch", op: { type: "word.op", op: "batch", version: "1.0", args: { ops, stopOnError: true, trackChanges: true, ...extra } } });
  return { ...outcome.result, syncs: sim.syncCount - before };
}

const EDITS = [
  { op: "insertText", args: { text: " (net)", scope: "document", location: "end" } },
  { op: "insertText", args: { text: "Net ", scope: "document", location: "start" } },
  { op: "insertText", args: { text: "Terms", scope: "document", location: "end", newParagraph: true } },
];

for (const profile of PROFILES) {
  test(`a tracked batch makes every edit a tracked change and turns tracking off again (${profile})`, async () => {
    const env = setup(profile, { text: "Price" });
    const result = await runBatch(env, EDITS);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.ok(result.syncs <= 2, `${result.syncs} syncs`);
    assert.equal(env.sim.snapshot().changeTrackingMode, "Off");
    const changes = ok(await env.run("trackChanges.list", {})).changes;
    assert.deepEqual(changes.map((c) => c.type), ["added", "added", "added"]);
    ok(await env.run("trackChanges.reject", { all: true }));
    assert.equal(env.sim.text(), "Price");
  });

  test(`a tracked batch keeps the mode a person had chosen (${profile})`, async () => {
    const env = setup(profile, { text: "Price" });
    ok(await env.run("trackChanges.set", { mode: "mine" }));
    const result = await runBatch(env, EDITS);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(env.sim.snapshot().changeTrackingMode, "TrackMineOnly");
  });

  test(`a tracked batch whose first op fails in the pane still restores the mode (${profile})`, async () => {
    const env = setup(profile, { text: "Price" });
    const result = await runBatch(env, [{ op: "insertText", args: { text: "x", scope: "rangeId:rng_gone" } }, ...EDITS]);
    assert.equal(result.ok, false);
    assert.equal(env.sim.snapshot().changeTrackingMode, "Off");
    assert.equal(env.sim.text(), "Price", "stopOnError: nothing after the failure ran");
    assert.ok(!result.diagnostics.some((d) => /may still be on/.test(d.msg)), JSON.stringify(result.diagnostics));
  });

  test(`a tracked batch that fails at its first sync says tracking may still be on (${profile})`, async () => {
    const env = setup(profile, { text: "Price" });
    const bad = { op: "insertPicture", args: { source: "base64", data: "bm90IGFuIGltYWdl", naturalWidth: 1, naturalHeight: 1, scope: "document", location: "end" } };
    const result = await runBatch(env, [EDITS[0], bad]);
    assert.equal(result.ok, false);
    assert.ok(result.diagnostics.some((d) => /may still be on/.test(d.msg) && d.field === "args.trackChanges"), JSON.stringify(result.diagnostics));
  });
}

test("a tracked batch needs WordApi 1.4", async () => {
  const env = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.3" } } });
  const result = await runBatch(env, EDITS);
  assert.equal(result.ok, false);
  assert.equal(result.code, "E_UNSUPPORTED");
  assert.equal(env.sim.text(), "x");
});
