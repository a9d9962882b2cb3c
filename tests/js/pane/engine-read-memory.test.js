// A read's result is not kept in the pane's memory once it is done: a day of large searches kept the last 200
// whole in Word's webview (QA: about 0.9 MB of heap per large search). A repeat of a read reads again; a repeat of
// an edit still answers its first result from memory; a taskId of a read used for another op is still refused.
import test from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";

function setup() {
  const sim = createSimulator({ profile: "desktop", latencyMs: 0 });
  sim.setText("the cat and the dog and the bird");
  const engine = createEngine({ Word: sim.Word, Office: sim.Office });
  const run = (id, op, args) => engine.execute({ type: "ai-cmd", id, content: "", op: { type: "word.op", op, version: "1.0", args } });
  return { sim, run };
}

test("a repeated read runs again instead of answering a result kept in memory", async () => {
  const { sim, run } = setup();
  const first = await run("r1", "search", { query: "the" });
  assert.equal(first.result.ok, true);
  const syncs = sim.syncCount;
  const again = await run("r1", "search", { query: "the" });
  assert.equal(again.result.ok, true);
  assert.ok(sim.syncCount > syncs, "the repeat read the document again");
  assert.notEqual(again.stats.cached, true);
  assert.equal(again.result.data.results.length, first.result.data.results.length);
});

test("a repeated edit still answers its first result from memory, without running again", async () => {
  const { sim, run } = setup();
  await run("e1", "insertText", { text: "X", scope: "document", location: "end" });
  const syncs = sim.syncCount;
  const again = await run("e1", "insertText", { text: "X", scope: "document", location: "end" });
  assert.equal(sim.syncCount, syncs);
  assert.equal(again.stats.cached, true);
  assert.equal(sim.snapshot().blocks.map((/** @type {any} */ b) => b.text ?? "").join("").split("X").length, 2);
});

test("a read's taskId used again for another op is still refused", async () => {
  const { run } = setup();
  await run("r2", "search", { query: "the" });
  const other = await run("r2", "insertText", { text: "X", scope: "document", location: "end" });
  assert.equal(other.result.ok, false);
  assert.equal(other.result.code, "E_INVALID_ARG");
});
