// A handler that throws after queueing work (a load, ids it minted) leaves nothing on the shared request context:
// the engine sends what is left as part of the failed op, so it neither runs with the next op's first sync nor
// fails that op. A failure at a sync, or before anything was queued, costs no sync more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES } from "./helpers.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine, hasQueuedWork } from "../../../addin/js/engine.js";
import { HANDLERS } from "../../../addin/js/handlers/index.js";
import { PaneError } from "../../../addin/js/errors.js";

const cmd = (op, args = {}) => ({ type: "ai-cmd", content: op, op: { type: "word.op", op, version: "1.0", args } });

/** @type {Record<string, import("../../../addin/js/types.js").Handler>} */
const LEAKY = {
  ...HANDLERS,
  // Queues a load that fails at a sync (the document has no table) and a tracked id, then refuses its args.
  async leaky({ context, registry }) {
    context.document.body.tables.getFirst().load("rowCount");
    registry.add("rng", context.document.body.getRange("Start"));
    throw new PaneError("E_INVALID_ARG", "args.what is wrong", "args.what");
  },
  // Refuses before it queues anything.
  async refuses() {
    throw new PaneError("E_INVALID_ARG", "args.what is wrong", "args.what");
  },
};

for (const profile of PROFILES) {
  test(`[${profile}] a handler that throws after queueing loads leaves nothing for the next op`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("Alpha");
    const engine = createEngine({ Word: sim.Word, Office: sim.Office, handlers: LEAKY });
    const failed = await engine.execute(cmd("leaky"));
    assert.equal(failed.result.code, "E_INVALID_ARG");
    assert.deepEqual(sim.leftoverOperations(), []);
    assert.equal(engine.registry.size(), 0);
    const before = sim.syncCount;
    const next = await engine.execute(cmd("insertText", { text: " beta", scope: "document", location: "end" }));
    assert.equal(next.result.ok, true, JSON.stringify(next.result));
    assert.equal(sim.syncCount - before, 1);
    assert.equal(sim.text(), "Alpha beta");
  });

  test(`[${profile}] a refusal before anything is queued, and a failure at a sync, cost no sync more`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("Alpha");
    const engine = createEngine({ Word: sim.Word, Office: sim.Office, handlers: LEAKY });
    let before = sim.syncCount;
    const refused = await engine.execute(cmd("refuses"));
    assert.equal(refused.result.code, "E_INVALID_ARG");
    assert.equal(sim.syncCount - before, 0);
    assert.equal(refused.stats.syncs, 0);
    before = sim.syncCount;
    const missing = await engine.execute(cmd("table.setCellText", { tableRef: "tableId:tbl_gone_1", row: 0, col: 0, text: "x" }));
    assert.equal(missing.result.code, "E_NOT_FOUND");
    assert.equal(sim.syncCount - before, missing.stats.syncs);
  });
}

test("hasQueuedWork reads the context's pending request; a context that does not say counts as holding work", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  const context = new sim.Word.RequestContext();
  assert.equal(hasQueuedWork(context), false);
  context.document.body.load("text");
  assert.equal(hasQueuedWork(context), true);
  await context.sync();
  assert.equal(hasQueuedWork(context), false);
  assert.equal(hasQueuedWork(/** @type {any} */ ({})), true);
});
