import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, setup } from "./helpers.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { createTaskStore } from "../../../addin/js/task-store.js";
import { HANDLERS } from "../../../addin/js/handlers/index.js";

/** The info a repeat answered from the first result carries (the server adds the same text). */
const REPEATED = "repeated taskId: this is the first result; the op was not run again";
const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });

/** A repeat's answer is the first result plus one info on taskId that says it was not run again. */
function assertRepeatOf(repeat, first) {
  assert.deepEqual(repeat.result, { ...first.result, diagnostics: [...first.result.diagnostics, { level: "info", msg: REPEATED, field: "taskId" }] });
  assert.equal(repeat.stats.cached, true);
  assert.ok(!first.result.diagnostics.some((d) => d.msg === REPEATED), "the first result itself is left as it was");
}

for (const profile of PROFILES) {
  test(`a rangeId stays valid across later calls and edits (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta gamma\nSecond paragraph" });
    const beta = ok(await run("search", { query: "beta" })).results[0];
    ok(await run("insertText", { text: "Intro\n", scope: "document", location: "start" }));
    ok(await run("replace", { target: "searchQuery", query: "gamma", replaceWith: "GAMMA" }));
    ok(await run("table.create", { rows: 1, cols: 1, scope: "document", location: "start" }));
    ok(await run("insertText", { text: "BETA", scope: `rangeId:${beta.rangeId}`, location: "replace" }));
    assert.ok(paragraphs(sim).includes("Alpha BETA GAMMA"), JSON.stringify(paragraphs(sim)));
    ok(await run("applyStyle", { scope: `rangeId:${beta.rangeId}`, char: { bold: true } }));
    const again = ok(await run("search", { query: "BETA", scope: `rangeId:${beta.rangeId}`, matchCase: true }));
    assert.equal(again.results.length, 1);
  });

  test(`a range whose content was deleted is still valid, and empty (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Keep drop keep" });
    const drop = ok(await run("search", { query: "drop " })).results[0];
    ok(await run("replace", { target: `rangeId:${drop.rangeId}`, replaceWith: "" }));
    assert.deepEqual(paragraphs(sim), ["Keep keep"]);
    ok(await run("insertText", { text: "new ", scope: `rangeId:${drop.rangeId}`, location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["Keep new keep"]);
  });

  test(`evicted ids answer E_NOT_FOUND, recent ones still work (${profile})`, async () => {
    const { run, engine } = setup(profile, { text: "one two three four five", registryLimit: 3 });
    const ids = [];
    for (const word of ["one", "two", "three", "four"]) ids.push(ok(await run("search", { query: word })).results[0].rangeId);
    assert.equal(engine.registry.size(), 3);
    fails(await run("insertText", { text: "1", scope: `rangeId:${ids[0]}` }), "E_NOT_FOUND", "args.scope");
    ok(await run("insertText", { text: "4", scope: `rangeId:${ids[3]}` }));
    // one op may return more ids than the limit: they all come back; the next op trims to the limit
    const words = ok(await run("search", { query: "\\w+", useRegex: true, maxResults: 10 }));
    assert.equal(words.results.length, 5);
    assert.equal(engine.registry.size(), 5);
    ok(await run("applyStyle", { scope: `rangeId:${words.results[4].rangeId}`, char: { italic: true } }));
    fails(await run("applyStyle", { scope: `rangeId:${words.results[0].rangeId}`, char: { italic: true } }), "E_NOT_FOUND", "args.scope");
    assert.equal(engine.registry.size(), 3);
  });

  test(`ids of another pane load are unknown (${profile})`, async () => {
    const first = setup(profile, { text: "shared text" });
    const id = ok(await first.run("getSelection")).rangeId;
    const salt = id.split("_")[1];
    const second = createEngine({ Word: first.sim.Word, Office: first.sim.Office });
    const outcome = await second.execute(cmd("insertText", { text: "x", scope: `rangeId:${id}` }, "other-pane-1"));
    assert.notEqual(second.registry.salt, salt);
    fails(outcome, "E_NOT_FOUND", "args.scope");
  });

  test(`pause refuses every op and changes nothing; resuming runs the same task (${profile})`, async () => {
    const { sim, engine, run } = setup(profile, { text: "Untouched" });
    const states = [];
    engine.onPausedChange((paused) => states.push(paused));
    engine.setPaused(true);
    assert.equal(engine.paused, true);
    const before = JSON.stringify(sim.snapshot());
    const syncsBefore = sim.syncCount;
    for (const [op, args] of [
      ["insertText", { text: "x", scope: "document" }],
      ["replace", { target: "document", replaceWith: "y" }],
      ["table.create", { rows: 1, cols: 1, scope: "document" }],
      ["getSelection", {}],
    ]) {
      const outcome = await run(op, args, { id: `paused-${op}-${profile}` });
      const refused = fails(outcome, "E_PERMISSION");
      assert.equal(refused.op, op);
      assert.equal(outcome.stats.notRun, true, "the server must not keep a refusal that ran nothing as the taskId's answer");
    }
    assert.equal(JSON.stringify(sim.snapshot()), before);
    assert.equal(sim.syncCount, syncsBefore);
    engine.setPaused(false);
    assert.deepEqual(states, [true, false]);
    ok(await run("insertText", { text: "x", scope: "document", location: "end" }, { id: `paused-insertText-${profile}` }));
    assert.deepEqual(paragraphs(sim), ["Untouchedx"]);
  });

  test(`a repeated taskId answers from the cache without running again (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "Count" });
    const first = await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "same-task"));
    const syncs = sim.syncCount;
    const second = await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "same-task"));
    assertRepeatOf(second, first);
    assert.equal(second.result.diagnostics.at(-1).msg, "repeated taskId: this is the first result; the op was not run again");
    // a third repeat says it once
    assertRepeatOf(await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "same-task")), first);
    assert.equal(sim.syncCount, syncs);
    assert.deepEqual(paragraphs(sim), ["Count+"]);
    // failures are cached too: the op ran
    const failed = await engine.execute(cmd("insertText", { scope: "document" }, "bad-task"));
    const failedAgain = await engine.execute(cmd("insertText", { scope: "document" }, "bad-task"));
    assertRepeatOf(failedAgain, failed);
  });

  test(`a repeat with the same args in another key order is the same op (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "Count" });
    const first = await engine.execute(cmd("applyStyle", { scope: "document", char: { bold: true, italic: false } }, "order-task"));
    const again = await engine.execute(cmd("applyStyle", { char: { italic: false, bold: true }, scope: "document" }, "order-task"));
    assertRepeatOf(again, first);
    assert.equal(sim.snapshot().blocks[0].runs[0].bold, true);
  });

  test(`a taskId reused for another op is refused and runs nothing (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "Count" });
    ok(await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "reused")));
    const syncs = sim.syncCount;
    const otherArgs = fails(await engine.execute(cmd("insertText", { text: "-", scope: "document", location: "start" }, "reused")), "E_INVALID_ARG", "taskId");
    assert.match(otherArgs.diagnostics[0].msg, /reused/);
    assert.match(otherArgs.diagnostics[0].msg, /args\.location, args\.text/);
    assert.doesNotMatch(otherArgs.diagnostics[0].msg, /args\.scope/);
    const otherOp = fails(await engine.execute(cmd("getSelection", {}, "reused")), "E_INVALID_ARG", "taskId");
    assert.match(otherOp.diagnostics[0].msg, /"insertText", now "getSelection"/);
    assert.equal(otherOp.op, "getSelection");
    const extraArg = fails(await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end", newParagraph: false }, "reused")), "E_INVALID_ARG", "taskId");
    assert.match(extraArg.diagnostics[0].msg, /args\.newParagraph/);
    assert.equal(sim.syncCount, syncs);
    assert.deepEqual(paragraphs(sim), ["Count+"]);
    // the original op still answers from the cache
    assert.equal((await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "reused"))).stats.cached, true);
  });

  test(`a taskId whose op is still running: the same op waits for it, another is refused (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "" });
    const first = engine.execute(cmd("insertText", { text: "a", scope: "document", location: "end" }, "busy"));
    const same = engine.execute(cmd("insertText", { text: "a", scope: "document", location: "end" }, "busy"));
    const other = engine.execute(cmd("insertText", { text: "b", scope: "document", location: "end" }, "busy"));
    const [a, b, c] = await Promise.all([first, same, other]);
    ok(a);
    assertRepeatOf(b, a);
    fails(c, "E_INVALID_ARG", "taskId");
    assert.deepEqual(paragraphs(sim), ["a"]);
  });

  test(`the memory cache is bounded; the task records beyond it still answer an edit's repeat (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "", cacheLimit: 2 });
    const first = await engine.execute(cmd("insertText", { text: "a", scope: "document", location: "end" }, "a"));
    for (const id of ["b", "c"]) await engine.execute(cmd("insertText", { text: id, scope: "document", location: "end" }, id));
    assertRepeatOf(await engine.execute(cmd("insertText", { text: "a", scope: "document", location: "end" }, "a")), first);
    assert.deepEqual(paragraphs(sim), ["abc"]);
  });

  test(`the task records are bounded too: beyond them a repeat runs again (${profile})`, async () => {
    const sim = createSimulator({ profile, latencyMs: 0 });
    const engine = createEngine({ Word: sim.Word, Office: sim.Office, cacheLimit: 2, taskStore: createTaskStore({ limit: 2 }) });
    for (const id of ["a", "b", "c"]) await engine.execute(cmd("insertText", { text: id, scope: "document", location: "end" }, id));
    await engine.execute(cmd("insertText", { text: "a", scope: "document", location: "end" }, "a"));
    assert.deepEqual(paragraphs(sim), ["abca"]);
  });

  test(`concurrent commands run one at a time in arrival order (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "" });
    const pending = ["1", "2", "3", "4"].map((n) => engine.execute(cmd("insertText", { text: n, scope: "document", location: "end" }, `order-${profile}-${n}`)));
    const duplicate = engine.execute(cmd("insertText", { text: "1", scope: "document", location: "end" }, `order-${profile}-1`));
    const outcomes = await Promise.all([...pending, duplicate]);
    for (const o of outcomes) ok(o);
    assert.deepEqual(paragraphs(sim), ["1234"]);
  });

  test(`unknown ops and malformed envelopes (${profile})`, async () => {
    const { engine, run } = setup(profile, { text: "x" });
    const unknown = fails(await run("table.explode", {}), "E_UNSUPPORTED", "op");
    assert.match(unknown.diagnostics[0].msg, /insertText/);
    fails(await run("toString", {}), "E_UNSUPPORTED");
    fails(await engine.execute({ type: "ai-cmd", id: "m1", op: null }), "E_INVALID_ARG");
    fails(await engine.execute({ type: "ai-cmd", id: "m2", op: { type: "other", op: "insertText", args: {} } }), "E_INVALID_ARG");
    fails(await engine.execute({ type: "ai-cmd", id: "m3", op: { type: "word.op", op: "insertText", args: [] } }), "E_INVALID_ARG");
    assert.ok(engine.supportedOps.includes("table.mergeCells"));
    assert.ok(engine.supportedOps.includes("batch"));
    assert.deepEqual(engine.supportedOps, Object.keys(HANDLERS));
  });

  test(`Office errors map to codes with Word's message and location (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    const outcome = await run("insertPicture", { source: "base64", data: "bm90IGFuIGltYWdl", naturalWidth: 1, naturalHeight: 1, scope: "document", location: "end" });
    const { result } = outcome;
    assert.equal(result.ok, false);
    assert.equal(result.code, "E_INVALID_ARG");
    assert.match(result.diagnostics.at(-1).msg, /^Word: .+\[InvalidArgument at \w+\.insertInlinePictureFromBase64\]$/);
  });
}

test("stats report the syncs the simulator counted", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  const engine = createEngine({ Word: sim.Word, Office: sim.Office });
  const before = sim.syncCount;
  const outcome = await engine.execute(cmd("getSelection", {}, "stats-1"));
  assert.equal(outcome.stats.syncs, sim.syncCount - before);
  assert.equal(typeof outcome.stats.ms, "number");
});
