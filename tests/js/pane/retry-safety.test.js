// Where the pane cannot keep its taskId records (the browser's storage is blocked or full) or cannot recognise the
// document when it is opened again, a retry after a reload of the pane may run an op again: the pane shows a
// notice and the result of each op that changes the document carries a warning.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ok } from "./helpers.js";
import { fakeStorage } from "./fake-storage.js";
import { FakeDocument, PANE_IDS } from "./fake-dom.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { createTaskStore } from "../../../addin/js/task-store.js";
import { retryNotice, retryRisk } from "../../../addin/js/retry-safety.js";
import { createView } from "../../../addin/js/ui.js";

const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });
const warnings = (outcome) => outcome.result.diagnostics.filter((d) => d.level === "warn" && d.field === "taskId").map((d) => d.msg);

/** The engine as main.js wires it: the risk from the task store and from whether the document is recognised. */
function pane(storage, { recognised = true } = {}) {
  const sim = createSimulator();
  sim.setText("Base");
  const taskStore = createTaskStore({ storage: () => storage });
  const risk = (scope) => retryRisk({ storageKept: taskStore.durable(scope), documentRecognised: recognised });
  const engine = createEngine({ Word: sim.Word, Office: sim.Office, taskStore, documentSession: () => "doc_A", retryRisk: risk });
  return { sim, engine, risk };
}

test("with the browser's storage blocked, each edit's result warns that a retry after a reload may run it again", async () => {
  const storage = fakeStorage();
  storage.state.blocked = true; // a SecurityError on every call, as third-party storage blocked in Word on the web
  const { engine, risk } = pane(storage);
  const edit = await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "e1"));
  ok(edit);
  const [said] = warnings(edit);
  assert.match(said, /does not let the Word Bridge pane keep its taskId records/);
  assert.match(said, /a retry with the same taskId may run that op a second time/);
  assert.deepEqual(warnings(await engine.execute(cmd("getSelection", {}, "g1"))), [], "a read runs again anyway");
  assert.match(retryNotice(risk("doc_A")), /^The browser does not let .* retrying that edit may apply it twice\.$/);
});

test("a full storage that refuses even one record warns too; a working storage does not", async () => {
  const full = pane(fakeStorage({ quota: 10 }));
  assert.equal(warnings(await full.engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "e1"))).length, 1);
  const fine = pane(fakeStorage());
  assert.deepEqual(warnings(await fine.engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "e1"))), []);
  assert.equal(retryNotice(fine.risk("doc_A")), null);
});

test("a document the pane cannot recognise when opened again warns as well", async () => {
  const { engine } = pane(fakeStorage(), { recognised: false });
  const [said] = warnings(await engine.execute(cmd("insertText", { text: "+", scope: "document", location: "end" }, "e1")));
  assert.match(said, /cannot recognise this document when it is opened again/);
});

test("the pane's warning shows and hides, apart from its notice", () => {
  const doc = new FakeDocument(PANE_IDS);
  const view = createView(/** @type {any} */ (doc));
  const warning = doc.getElementById("warning");
  view.showNotice("The bridge refused this pane");
  view.showWarning("Retries may run an edit twice.");
  assert.equal(warning.hidden, false);
  assert.equal(warning.textContent, "Retries may run an edit twice.");
  view.showWarning(null);
  assert.equal(warning.hidden, true);
  assert.equal(doc.getElementById("notice").hidden, false, "the notice stays");
});
