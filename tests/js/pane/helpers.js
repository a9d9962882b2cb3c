// Shared setup for the pane tests: a simulator, an engine over it, and canonical ai-cmds.
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";

export const PROFILES = ["web", "desktop"];

let taskCounter = 0;

/**
 * @param {string} profile
 * @param {{ text?: string, registryLimit?: number, cacheLimit?: number, simOptions?: object }} [options]
 */
export function setup(profile, { text, registryLimit, cacheLimit, simOptions = {} } = {}) {
  const sim = createSimulator({ profile, latencyMs: 0, ...simOptions });
  if (text !== undefined) sim.setText(text);
  const engine = createEngine({ Word: sim.Word, Office: sim.Office, registryLimit, cacheLimit });
  /**
   * Run one canonical op; every run checks the sync budget both ways (engine stats and simulator count).
   * @param {string} op
   * @param {object} args
   * @param {{ id?: string, onProgress?: Function, maxSyncs?: number }} [extra]  maxSyncs: 2 but for a batch that
   *   reads first (one that rewrites blocks through their ids: batch-block-breaks.js)
   */
  async function run(op, args = {}, { id, onProgress, maxSyncs = 2 } = {}) {
    const before = sim.syncCount;
    const outcome = await engine.execute(
      { type: "ai-cmd", id: id ?? `task-${++taskCounter}`, content: op, op: { type: "word.op", op, version: "1.0", args } },
      onProgress ? { onProgress } : undefined,
    );
    const counted = sim.syncCount - before;
    if (!outcome.stats.cached) {
      assert.equal(outcome.stats.syncs, counted, `${op}: engine stats.syncs ${outcome.stats.syncs} vs simulator ${counted}`);
      assert.ok(counted <= maxSyncs, `${op} used ${counted} syncs`);
    }
    if (!outcome.result.ok) {
      // Word keeps what a failed batch queued and runs it with the shared context's next sync: a failed op
      // must leave nothing behind, or its half-done edit lands silently with the next op.
      const left = sim.leftoverOperations();
      assert.deepEqual(left, [], `${op} failed (${outcome.result.code}) and left queued operations: ${left.join(", ")}`);
    }
    return outcome;
  }
  return { sim, engine, run };
}

/** Assert success and return data. */
export function ok(outcome) {
  assert.equal(outcome.result.ok, true, `expected ok, got ${JSON.stringify(outcome.result)}`);
  assert.equal(outcome.result.code, undefined);
  return outcome.result.data;
}

/** Assert a failure with this code (and field, when given); returns the envelope. */
export function fails(outcome, code, field) {
  const { result } = outcome;
  assert.equal(result.ok, false, `expected ${code}, got ${JSON.stringify(result)}`);
  assert.equal(result.code, code, JSON.stringify(result));
  assert.deepEqual(result.data, {});
  assert.ok(result.diagnostics.length > 0);
  if (field) assert.ok(result.diagnostics.some((d) => d.field === field), `no diagnostic on ${field}: ${JSON.stringify(result.diagnostics)}`);
  return result;
}

/** Texts of the snapshot's paragraphs (tables as "[table]"). */
export function paragraphs(sim) {
  return sim.snapshot().blocks.map((b) => (b.type === "paragraph" ? b.text : "[table]"));
}

export function tables(sim) {
  return sim.snapshot().blocks.filter((b) => b.type === "table");
}

/** Select the nth hit of a plain search, through the Office.js API itself. */
export async function selectText(sim, text, nth = 0) {
  await sim.Word.run(async (context) => {
    const hits = context.document.body.search(text, { matchCase: true });
    hits.load("items");
    await context.sync();
    hits.items[nth].select();
    await context.sync();
  });
}

/** Put the cursor at the end of the document. */
export async function selectEnd(sim) {
  await sim.Word.run(async (context) => {
    context.document.body.getRange("End").select();
    await context.sync();
  });
}

export const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
