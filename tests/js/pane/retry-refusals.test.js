// Word's refusals that say "…and retry" (AccessDenied: a locked control or a read-only document; SearchDialogIsOpen)
// are not kept as the taskId's answer when the op changed nothing before them: the advised retry with the same
// taskId runs the op (stats.notRun also tells the server not to keep them). A refusal after the op already wrote
// something stays the taskId's answer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs } from "./helpers.js";
import { fakeStorage } from "./fake-storage.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine, REPEATED } from "../../../addin/js/engine.js";
import { HANDLERS } from "../../../addin/js/handlers/index.js";
import { createTaskStore } from "../../../addin/js/task-store.js";
import { NOT_KEPT } from "../../../addin/js/refusal-retry.js";

const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });

/** Set cannotDelete on every content control of the document (what a person locking it does). */
async function lockControls(sim, locked) {
  await sim.Word.run(async (context) => {
    const controls = context.document.contentControls;
    controls.load("items");
    await context.sync();
    for (const control of controls.items) control.cannotDelete = locked;
    await context.sync();
  });
}

/** A test op: appends "+" and syncs, then deletes every content control (refused when they are locked). */
async function appendThenRemoveControls(env) {
  env.context.document.body.insertText("+", "End");
  await env.sync();
  const controls = env.context.document.contentControls;
  controls.load("items");
  await env.sync();
  for (const control of controls.items) control.delete(true);
  return {};
}
appendThenRemoveControls.firstSync = /** @type {const} */ ("write");

/** A test op whose search Word refuses because its Find and Replace dialog is open. */
async function searchWithTheDialogOpen(env) {
  const { context } = env;
  context.document.body.search("Alpha").load("items");
  // Word refuses the request: the Find and Replace dialog holds the search (Word.ErrorCodes.searchDialogIsOpen)
  const refused = Object.assign(new Error("The search dialog is open."), {
    name: "RichApi.Error", code: "SearchDialogIsOpen", debugInfo: { errorLocation: "Body.search" }, traceMessages: [],
  });
  const sync = context.sync;
  context.sync = async () => {
    context.sync = sync;
    await sync.call(context);
    throw refused;
  };
  await env.sync();
  return {};
}
searchWithTheDialogOpen.firstSync = /** @type {const} */ ("read");

for (const profile of PROFILES) {
  const paneOver = (sim, storage) => createEngine({
    Word: sim.Word, Office: sim.Office, taskStore: createTaskStore({ storage: () => storage }), documentSession: () => "doc_A",
    handlers: { ...HANDLERS, appendThenRemoveControls, searchWithTheDialogOpen },
  });

  test(`an anchor.remove Word refused (locked control) runs when retried with the same taskId once unlocked (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText("Alpha clause here.\nBeta.");
    const storage = fakeStorage();
    const engine = paneOver(sim, storage);
    const { anchorId } = ok(await engine.execute(cmd("anchor.create", { scope: "document", name: "Clause" }, "c1")));
    await lockControls(sim, true);

    const refused = await engine.execute(cmd("anchor.remove", { anchorId, keepContent: true }, "rm1"));
    const envelope = fails(refused, "E_PERMISSION");
    assert.match(envelope.diagnostics[0].msg, /AccessDenied at ContentControl\.delete.*open it for editing and retry/);
    assert.equal(refused.stats.notRun, true, "the server must not keep it as rm1's answer either");
    assert.ok(envelope.diagnostics.some((d) => d.msg === NOT_KEPT && d.field === "taskId"));
    assert.equal(createTaskStore({ storage: () => storage }).get("doc_A", "rm1"), undefined,
      "no record: a reloaded pane runs the retry too");

    await lockControls(sim, false);
    const retry = await engine.execute(cmd("anchor.remove", { anchorId, keepContent: true }, "rm1"));
    assert.deepEqual(ok(retry), { anchorId, removed: true, keepContent: true });
    assert.equal(retry.stats.cached, undefined);
    assert.ok(!retry.result.diagnostics.some((d) => d.msg === REPEATED), "it ran");
    assert.deepEqual(ok(await engine.execute(cmd("anchor.list", {}, "l1"))).anchors, []);
    // now rm1 has its answer: a repeat is answered, not run
    const again = await engine.execute(cmd("anchor.remove", { anchorId, keepContent: true }, "rm1"));
    assert.equal(again.stats.cached, true);
    assert.ok(again.result.diagnostics.some((d) => d.msg === REPEATED));
  });

  test(`a search Word refused because its Find dialog is open runs when retried with the same taskId (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText("Alpha");
    const engine = paneOver(sim, fakeStorage());
    const refused = await engine.execute(cmd("searchWithTheDialogOpen", {}, "s1"));
    assert.match(fails(refused, "E_RUNTIME").diagnostics[0].msg, /Find and Replace dialog is open — close it and retry/);
    assert.equal(refused.stats.notRun, true);
    const retry = await engine.execute(cmd("searchWithTheDialogOpen", {}, "s1"));
    assert.equal(retry.stats.cached, undefined, "ran again");
  });

  test(`a refusal after the op already wrote stays the taskId's answer: a retry does not write again (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText("Alpha");
    const engine = paneOver(sim, fakeStorage());
    ok(await engine.execute(cmd("anchor.create", { scope: "document" }, "c1")));
    await lockControls(sim, true);
    const refused = await engine.execute(cmd("appendThenRemoveControls", {}, "w1"));
    const envelope = fails(refused, "E_PERMISSION");
    assert.equal(refused.stats.notRun, undefined, "its first sync wrote: this is w1's answer");
    assert.ok(!envelope.diagnostics.some((d) => d.msg === NOT_KEPT));
    assert.deepEqual(paragraphs(sim), ["Alpha+"]);
    await lockControls(sim, false);
    const repeat = await engine.execute(cmd("appendThenRemoveControls", {}, "w1"));
    assert.equal(repeat.stats.cached, true);
    assert.deepEqual(paragraphs(sim), ["Alpha+"], "not appended twice");
  });
}
