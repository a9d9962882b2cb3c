// A dry run checks what the op would, no more, no less: replace looks its `scope` up only when it searches
// (target "searchQuery"); with a range, the selection or the document as its target it never reads the scope, so a
// dry run must not refuse a scope the real op ignores.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

const GONE = "rangeId:rng_nope_1";

for (const profile of PROFILES) {
  test(`[${profile}] dryRun replace of a range with a scope that is not there: ok, as the op`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one" });
    const { rangeId } = ok(await run("search", { query: "one" })).results[0];
    for (const target of [`rangeId:${rangeId}`, "document", "selection"]) {
      const dry = ok(await run("replace", { target, replaceWith: "two", scope: GONE, dryRun: true }));
      assert.ok(!("scope" in (dry.targets ?? {})), JSON.stringify(dry));
    }
    assert.equal(sim.snapshot().blocks[0].text, "Alpha one", "a dry run changes nothing");
    ok(await run("replace", { target: `rangeId:${rangeId}`, replaceWith: "two", scope: GONE }));
    assert.equal(sim.snapshot().blocks[0].text, "Alpha two");
  });

  test(`[${profile}] dryRun replace of search hits with a scope that is not there: refused, as the op`, async () => {
    const { run } = setup(profile, { text: "Alpha one" });
    const args = { target: "searchQuery", query: "one", replaceWith: "two", scope: GONE };
    const real = fails(await run("replace", args), "E_NOT_FOUND", "args.scope");
    const dry = fails(await run("replace", { ...args, dryRun: true }), "E_NOT_FOUND", "args.scope");
    assert.deepEqual(dry.diagnostics, real.diagnostics);
  });

  test(`[${profile}] a batch's dryRun of replace of a range with a scope that is not there: ok`, async () => {
    const { run } = setup(profile, { text: "Alpha one" });
    const { rangeId } = ok(await run("search", { query: "one" })).results[0];
    const outcome = await run("batch", { dryRun: true, ops: [{ op: "replace", args: { target: `rangeId:${rangeId}`, replaceWith: "two", scope: GONE } }] });
    ok(outcome);
    assert.equal(outcome.result.data.results[0].ok, true, JSON.stringify(outcome.result.data));
  });
}
