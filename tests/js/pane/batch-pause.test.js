// Pause AI edits while a batch runs: the batch checks the switch before each op; the ops after it do not run,
// the batch fails with E_PERMISSION (completed/failedAt as for stopOnError), what ran stays applied.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, setup } from "./helpers.js";

/** The failed batch's envelope (its data says what ran, unlike a plain failure's). */
function failedBatch(outcome, field) {
  const { result } = outcome;
  assert.equal(result.ok, false, JSON.stringify(result));
  assert.equal(result.code, "E_PERMISSION", JSON.stringify(result.diagnostics));
  if (field) assert.ok(result.diagnostics.some((d) => d.field === field), JSON.stringify(result.diagnostics));
  return result;
}

const NOT_RUN = "not run: AI edits were paused in the pane";
const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });

/** Call `then` once the simulator has finished `n` more syncs (a person switching Pause on meanwhile). */
function afterSyncs(sim, n, then) {
  const proto = sim.Word.RequestContext.prototype;
  const sync = proto.sync;
  let done = 0;
  proto.sync = async function (...args) {
    const value = await sync.apply(this, args);
    done += 1;
    if (done === n) then();
    return value;
  };
  return () => { proto.sync = sync; };
}

/** 20 ops that each read (one sync per op), so a batch of them takes a while with slow syncs. */
const MARKS = Array.from({ length: 20 }, (_, i) => `m${i}`);
const replaceOps = (extra = {}) => MARKS.map((m) => ({ op: "replace", args: { target: "searchQuery", query: m, replaceWith: m.toUpperCase(), matchCase: true, matchWholeWord: true, ...extra } }));

for (const profile of PROFILES) {
  test(`pausing during a batch stops its remaining ops; what ran stays (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: MARKS.join(" ") });
    const restore = afterSyncs(sim, 5, () => engine.setPaused(true));
    let outcome;
    try {
      outcome = await engine.execute(cmd("batch", { ops: replaceOps(), stopOnError: true }, `paused-batch-${profile}`));
    } finally {
      restore();
    }
    const result = failedBatch(outcome, "args.ops[5]");
    assert.notEqual(outcome.stats.notRun, true, "ops ran: this is the taskId's answer");
    // op 4 was running when the switch flipped: it finished (its write flushed by the batch's last sync)
    assert.deepEqual(paragraphs(sim), [[...MARKS.slice(0, 5).map((m) => m.toUpperCase()), ...MARKS.slice(5)].join(" ")]);
    assert.equal(result.data.completed, 5);
    assert.equal(result.data.failedAt, 5);
    assert.deepEqual(result.data.results.map((r) => (r.ok ? "ok" : r.code)), [...Array(5).fill("ok"), ...Array(15).fill("E_PERMISSION")]);
    for (const r of result.data.results.slice(5)) assert.deepEqual(r.diagnostics, [{ level: "error", msg: NOT_RUN }]);
    const said = result.diagnostics.map((d) => d.msg).join("\n");
    assert.match(said, /paused in the pane while the batch ran: ops 5\.\.19 did not run; the 5 that ran before stay applied \(pausing does not undo them\)/);
    assert.match(said, /5 of 20 ops succeeded; 15 did not run/);
  });

  test(`pause stops a batch without stopOnError too, and one with tracked changes (${profile})`, async () => {
    for (const extra of [{ stopOnError: false }, { trackChanges: true }]) {
      const { sim, engine } = setup(profile, { text: MARKS.join(" ") });
      const restore = afterSyncs(sim, 3, () => engine.setPaused(true));
      let outcome;
      try {
        outcome = await engine.execute(cmd("batch", { ops: replaceOps(), ...extra }, `paused-${JSON.stringify(extra)}-${profile}`));
      } finally {
        restore();
      }
      const result = failedBatch(outcome);
      assert.ok(result.data.completed > 0 && result.data.completed < 20, JSON.stringify(extra));
      assert.equal(result.data.failedAt, result.data.completed);
      const changed = paragraphs(sim)[0].split(" ").filter((w) => /^M/.test(w)).length;
      assert.equal(changed, result.data.completed);
    }
  });

  test(`paused before a batch's first op: it ran nothing, so a retry after resuming runs it (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: MARKS.join(" ") });
    const run = sim.Word.run;
    sim.Word.run = (...args) => {
      engine.setPaused(true); // after the engine's own check, before the batch's first op
      return run(...args);
    };
    let outcome;
    try {
      outcome = await engine.execute(cmd("batch", { ops: replaceOps() }, `paused-first-${profile}`));
    } finally {
      sim.Word.run = run;
    }
    const result = failedBatch(outcome, "args.ops[0]");
    assert.equal(result.data.completed, 0);
    assert.equal(result.data.failedAt, 0);
    assert.match(result.diagnostics[0].msg, /ops 0\.\.19 did not run; nothing was applied/);
    assert.equal(outcome.stats.notRun, true);
    engine.setPaused(false);
    const again = await engine.execute(cmd("batch", { ops: replaceOps() }, `paused-first-${profile}`));
    assert.notEqual(again.stats.cached, true);
    assert.equal(ok(again).completed, 20);
  });

  test(`a single op already running when Pause is switched on finishes (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "m0 m1" });
    const restore = afterSyncs(sim, 1, () => engine.setPaused(true));
    let outcome;
    try {
      outcome = await engine.execute(cmd("replace", { target: "searchQuery", query: "m0", replaceWith: "M0" }, `single-${profile}`));
    } finally {
      restore();
    }
    ok(outcome);
    assert.deepEqual(paragraphs(sim), ["M0 m1"]);
    fails(await engine.execute(cmd("replace", { target: "searchQuery", query: "m1", replaceWith: "M1" }, `next-${profile}`)), "E_PERMISSION");
  });

  test(`a batch that is not paused is unaffected and keeps its sync budget (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: MARKS.join(" ") });
    const before = sim.syncCount;
    const outcome = await engine.execute(cmd("batch", { ops: replaceOps() }, `unpaused-${profile}`));
    assert.equal(ok(outcome).completed, 20);
    assert.ok(sim.syncCount - before <= 22, `${sim.syncCount - before} syncs`); // one read per op, a flush, Word.run's close
  });
}
