// A retry of a taskId whose records are gone on both sides: the server keeps its last 1000 results and the pane
// the last 1000 edits of a document, so after 1000 newer edits an exact retry found nothing and ran the edit a
// second time. The server marks a retry of a taskId it sent to this document before (`resent`); the pane, finding
// no record while it knows records of edits went for lack of room, refuses to run it (E_RUNTIME: check the
// document). Without that knowledge (nothing was ever dropped) a resent op it has no record of never reached it,
// and runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs } from "./helpers.js";
import { fakeStorage } from "./fake-storage.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { createTaskStore } from "../../../addin/js/task-store.js";

const insert = (text, id, extra = {}) => ({
  type: "ai-cmd", id, content: "append", ...extra,
  op: { type: "word.op", op: "insertText", version: "1.0", args: { text, scope: "document", location: "end" } },
});

/** A pane load over `storage` whose task store keeps `limit` records per document. */
function paneLoad(sim, storage, limit) {
  const taskStore = createTaskStore({ storage: () => storage, limit });
  return createEngine({ Word: sim.Word, Office: sim.Office, taskStore, documentSession: () => "doc_A", cacheLimit: 2 });
}

const count = (sim, part) => paragraphs(sim).join("\n").split(part).length - 1;

for (const profile of PROFILES) {
  test(`an exact retry after its record went for lack of room is refused, not run again (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText("Base");
    const storage = fakeStorage();
    let engine = paneLoad(sim, storage, 3);
    for (let i = 0; i < 5; i += 1) ok(await engine.execute(insert(`[E${i}]`, `e${i}`)));
    assert.equal(count(sim, "[E0]"), 1);

    const retry = fails(await engine.execute(insert("[E0]", "e0", { resent: true })), "E_RUNTIME", "taskId");
    const said = retry.diagnostics.find((d) => d.field === "taskId").msg;
    assert.match(said, /taskId "e0"\) was sent to this document before/);
    assert.match(said, /may or may not have been applied, so it was not run again/);
    assert.match(said, /new taskId/);
    assert.equal(count(sim, "[E0]"), 1, "the edit ran once");

    // A reload keeps knowing it: the flag is stored with the records.
    engine = paneLoad(sim, storage, 3);
    fails(await engine.execute(insert("[E0]", "e0", { resent: true })), "E_RUNTIME", "taskId");
    assert.equal(count(sim, "[E0]"), 1);
    // A record still kept answers its first result as before.
    const kept = await engine.execute(insert("[E4]", "e4", { resent: true }));
    ok(kept);
    assert.ok(kept.result.diagnostics.some((d) => /repeated taskId/.test(d.msg)));
    assert.equal(count(sim, "[E4]"), 1);
  });

  test(`a resent op the pane has no record of runs while no edit's record was ever dropped (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText("Base");
    const engine = paneLoad(sim, fakeStorage(), 1000);
    ok(await engine.execute(insert("[A]", "a")));
    // e.g. the socket broke while the server sent it: it never arrived, so it never ran
    ok(await engine.execute(insert("[B]", "b", { resent: true })));
    assert.equal(count(sim, "[B]"), 1);
  });

  test(`a resent read runs again even where records of edits went (${profile})`, async () => {
    const sim = createSimulator({ profile });
    sim.setText("Base");
    const engine = paneLoad(sim, fakeStorage(), 2);
    for (let i = 0; i < 4; i += 1) ok(await engine.execute(insert(`[E${i}]`, `e${i}`)));
    const read = { type: "ai-cmd", id: "r0", resent: true,
      op: { type: "word.op", op: "readDocument", version: "1.0", args: { format: "text" } } };
    const data = ok(await engine.execute(read));
    assert.match(JSON.stringify(data), /\[E3\]/);
  });
}
