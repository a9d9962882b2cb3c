// taskId records that outlive the pane's load: a retry after a reload, or after the server restarted (its cache
// gone), never runs an edit twice. A reload is simulated as a new engine over the same storage, while the old
// load's op still lands in Word (its sync was in flight) but its JavaScript no longer writes anything.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs } from "./helpers.js";
import { delay, fakeStorage } from "./fake-storage.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { createTaskStore } from "../../../addin/js/task-store.js";

/** The info a repeat answered from the first result carries (the server adds the same text). */
const REPEATED = "repeated taskId: this is the first result; the op was not run again";
const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });
const R1 = () => cmd("insertText", { text: "[R1]", scope: "document", location: "end" }, "r1");

/**
 * One load of the pane over `storage`; `unload()` is the reload: from then on this load writes nothing.
 * @param {ReturnType<typeof createSimulator>} sim
 * @param {ReturnType<typeof fakeStorage>} storage
 */
function paneLoad(sim, storage, { session = "doc_A", cacheLimit } = {}) {
  let alive = true;
  const taskStore = createTaskStore({ storage: () => (alive ? storage : undefined) });
  const engine = createEngine({ Word: sim.Word, Office: sim.Office, taskStore, documentSession: () => session, cacheLimit });
  return { engine, unload: () => { alive = false; } };
}

/** Wait until the simulator has started one more sync than `before` (syncs are counted when they start). */
async function syncStarted(sim, before) {
  while (sim.syncCount === before) await delay(1);
}

const count = (text, part) => text.split(part).length - 1;

for (const profile of PROFILES) {
  test(`a retry after the pane reloaded mid-op does not run the edit again: E_RUNTIME says to check (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 40 });
    sim.setText("Base");
    const storage = fakeStorage();
    const first = paneLoad(sim, storage);
    const before = sim.syncCount;
    const running = first.engine.execute(R1());
    await syncStarted(sim, before);
    first.unload(); // the pane reloads while Word applies the edit
    await running;
    assert.deepEqual(paragraphs(sim), ["Base[R1]"]);

    const second = paneLoad(sim, storage);
    const syncs = sim.syncCount;
    const retry = fails(await second.engine.execute(R1()), "E_RUNTIME", "taskId");
    const said = retry.diagnostics.find((d) => d.field === "taskId").msg;
    assert.match(said, /an earlier load of the Word Bridge pane started this op \(taskId "r1"\)/);
    assert.match(said, /may or may not have been applied/);
    assert.match(said, /readDocument or search/);
    assert.match(said, /new taskId/);
    assert.equal(sim.syncCount, syncs, "nothing ran");
    assert.deepEqual(paragraphs(sim), ["Base[R1]"]);
    // again the same answer; another op under r1 is still refused as a reused taskId
    fails(await second.engine.execute(R1()), "E_RUNTIME", "taskId");
    fails(await second.engine.execute(cmd("insertText", { text: "[R2]", scope: "document", location: "end" }, "r1")), "E_INVALID_ARG", "taskId");
    assert.deepEqual(paragraphs(sim), ["Base[R1]"]);
  });

  test(`a 200-op batch interrupted by a reload is not run again by its retry (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 40 });
    sim.setText("Base");
    const storage = fakeStorage();
    const ops = Array.from({ length: 200 }, () => ({ op: "insertText", args: { text: "+", scope: "document", location: "end" } }));
    const batch = () => cmd("batch", { ops, stopOnError: true }, "b1");
    const first = paneLoad(sim, storage);
    const before = sim.syncCount;
    const running = first.engine.execute(batch());
    await syncStarted(sim, before);
    first.unload();
    await running;
    const second = paneLoad(sim, storage);
    fails(await second.engine.execute(batch()), "E_RUNTIME", "taskId");
    assert.equal(count(paragraphs(sim).join("\n"), "+"), 200);
  });

  test(`a finished edit answers its first result after a reload, saying so and that its ids are gone (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("Base");
    const storage = fakeStorage();
    const first = paneLoad(sim, storage);
    const done = await first.engine.execute(R1());
    const { rangeId } = ok(done);
    first.unload();

    const second = paneLoad(sim, storage);
    const syncs = sim.syncCount;
    const again = await second.engine.execute(R1());
    assert.equal(again.stats.cached, true);
    assert.equal(sim.syncCount, syncs);
    assert.deepEqual(paragraphs(sim), ["Base[R1]"]);
    assert.equal(again.result.ok, true);
    assert.deepEqual(again.result.data, { rangeId, length: 4 });
    const [info, warn] = again.result.diagnostics;
    assert.deepEqual(info, { level: "info", msg: REPEATED, field: "taskId" });
    assert.equal(warn.level, "warn");
    assert.match(warn.msg, /reloaded since this result: the rangeIds and tableIds in it are gone/);
    assert.equal(again.result.diagnostics.length, 2);
    // the id is indeed gone in this load
    fails(await second.engine.execute(cmd("insertText", { text: "x", scope: `rangeId:${rangeId}` }, "use-old-id")), "E_NOT_FOUND", "args.scope");
  });

  test(`a result without ids from an earlier load gets no warning; one of this load neither (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("Base");
    const storage = fakeStorage();
    const first = paneLoad(sim, storage, { cacheLimit: 1 });
    const failed = await first.engine.execute(cmd("insertText", { scope: "document" }, "no-text")); // E_INVALID_ARG: ran
    fails(failed, "E_INVALID_ARG");
    const made = await first.engine.execute(R1());
    await first.engine.execute(cmd("insertText", { text: "!", scope: "document", location: "end" }, "push-out"));
    // this load, beyond its memory: answered from the record, its ids still valid
    const same = await first.engine.execute(R1());
    assert.deepEqual(same.result.diagnostics, [{ level: "info", msg: REPEATED, field: "taskId" }]);
    assert.deepEqual(same.result.data, made.result.data);
    first.unload();
    const second = paneLoad(sim, storage);
    const again = await second.engine.execute(cmd("insertText", { scope: "document" }, "no-text"));
    assert.deepEqual(again.result, { ...failed.result, diagnostics: [...failed.result.diagnostics, { level: "info", msg: REPEATED, field: "taskId" }] });
    assert.deepEqual(paragraphs(sim), ["Base[R1]!"]);
  });

  test(`an edit more than 200 ops old is still not run again (the server's cache lost in a restart) (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("");
    const storage = fakeStorage();
    const pane = paneLoad(sim, storage); // the default memory cache: 200 results
    const op = (n) => cmd("insertText", { text: `<${n}>`, scope: "document", location: "end" }, `t${n}`);
    for (let n = 0; n < 250; n += 1) ok(await pane.engine.execute(op(n)));
    const again = await pane.engine.execute(op(0));
    assert.equal(again.stats.cached, true);
    assert.equal(count(paragraphs(sim)[0], "<0>"), 1);
    // and after a reload as well
    pane.unload();
    const reloaded = paneLoad(sim, storage);
    assert.equal((await reloaded.engine.execute(op(1))).stats.cached, true);
    assert.equal(count(paragraphs(sim)[0], "<1>"), 1);
  });

  test(`a read-only op is run again after a reload, not refused; its taskId still names that op (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("alpha beta");
    const storage = fakeStorage();
    const first = paneLoad(sim, storage);
    const search = cmd("search", { query: "beta" }, "q1");
    const hit = ok(await first.engine.execute(search)).results[0];
    assert.ok(![...storage.items.values()].some((raw) => raw.includes(hit.rangeId)), "a read-only op's result is not stored");
    first.unload();
    const second = paneLoad(sim, storage);
    const again = await second.engine.execute(search);
    assert.notEqual(again.stats.cached, true);
    const fresh = ok(again).results[0];
    assert.notEqual(fresh.rangeId, hit.rangeId);
    ok(await second.engine.execute(cmd("insertText", { text: "B", scope: `rangeId:${fresh.rangeId}`, location: "replace" }, "use-new-id")));
    fails(await second.engine.execute(cmd("search", { query: "alpha" }, "q1")), "E_INVALID_ARG", "taskId");
  });

  test(`records are per document: another document's pane runs its own op under the same taskId (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("");
    const storage = fakeStorage();
    ok(await paneLoad(sim, storage, { session: "doc_A" }).engine.execute(R1()));
    const other = paneLoad(sim, storage, { session: "doc_B" });
    const ran = await other.engine.execute(cmd("insertText", { text: "[B]", scope: "document", location: "end" }, "r1"));
    ok(ran);
    assert.notEqual(ran.stats.cached, true);
    assert.deepEqual(paragraphs(sim), ["[R1][B]"]);
  });

  test(`a repeat while the op still runs waits for it, even beyond the memory cache's limit (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 20 });
    sim.setText("");
    const pane = paneLoad(sim, fakeStorage(), { cacheLimit: 1 });
    const op = (n) => cmd("insertText", { text: n, scope: "document", location: "end" }, `run-${n}`);
    const pending = ["a", "b", "c"].map((n) => pane.engine.execute(op(n)));
    const repeat = pane.engine.execute(op("a"));
    const [a, , , again] = await Promise.all([...pending, repeat]);
    ok(a);
    assert.equal(again.result.ok, true, JSON.stringify(again.result));
    assert.deepEqual(again.result.data, a.result.data);
    assert.deepEqual(paragraphs(sim), ["abc"]);
  });

  test(`a paused pane's refusal keeps no record: after a reload and resume the same call runs once (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("Base");
    const storage = fakeStorage();
    const first = paneLoad(sim, storage);
    first.engine.setPaused(true);
    const refused = await first.engine.execute(R1());
    fails(refused, "E_PERMISSION");
    assert.equal(refused.stats.notRun, true);
    first.unload();
    const second = paneLoad(sim, storage);
    ok(await second.engine.execute(R1()));
    assert.equal((await second.engine.execute(R1())).stats.cached, true);
    assert.deepEqual(paragraphs(sim), ["Base[R1]"]);
  });

  test(`storage that throws: the pane works and remembers in memory for this load (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    sim.setText("");
    const storage = fakeStorage();
    storage.state.blocked = true;
    const pane = paneLoad(sim, storage, { cacheLimit: 1 });
    ok(await pane.engine.execute(R1()));
    ok(await pane.engine.execute(cmd("insertText", { text: "!", scope: "document", location: "end" }, "other")));
    assert.equal((await pane.engine.execute(R1())).stats.cached, true);
    assert.deepEqual(paragraphs(sim), ["[R1]!"]);
  });
}

test("the started record is in storage before the op's first sync, its result after", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  const storage = fakeStorage();
  const pane = paneLoad(sim, storage);
  /** @type {unknown[]} */
  const seen = [];
  const sync = sim.Word.RequestContext.prototype.sync;
  sim.Word.RequestContext.prototype.sync = function (...args) {
    seen.push(JSON.parse(storage.getItem("wordBridge.tasks.doc_A") ?? "null")?.records.find(([id]) => id === "r1")?.[1]);
    return sync.apply(this, args);
  };
  try {
    ok(await pane.engine.execute(R1()));
  } finally {
    sim.Word.RequestContext.prototype.sync = sync;
  }
  assert.equal(seen.length, 1);
  assert.equal(seen[0].op, "insertText");
  assert.equal(seen[0].result, undefined, "started, not finished");
  const stored = JSON.parse(storage.getItem("wordBridge.tasks.doc_A")).records.find(([id]) => id === "r1")[1];
  assert.equal(stored.result.ok, true);
  assert.equal(stored.instance, pane.engine.registry.salt);
  assert.ok(!JSON.stringify(stored).includes("[R1]"), "the args are kept as hashes only");
});
