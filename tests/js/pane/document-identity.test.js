// The document's session is kept in the document (Office.context.document.settings, saved with saveAsync), so that
// a pane opened again on it in a new tab or webview (sessionStorage empty) asks for that session again and finds
// the taskId records kept under it: a retry of an edit the closed pane was running is not run a second time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fails, paragraphs } from "./helpers.js";
import { delay, fakeStorage } from "./fake-storage.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { createTaskStore } from "../../../addin/js/task-store.js";
import { SETTING, documentIdentity } from "../../../addin/js/document-identity.js";

const SESSION_KEY = "wordBridge.session";
const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });
const R1 = () => cmd("insertText", { text: "[R1]", scope: "document", location: "end" }, "r1");

/** A tab's sessionStorage as connection.js's KeyValueStore. */
function tabStorage() {
  const items = new Map();
  return { items, get: (key) => items.get(key) ?? null, set: (key, value) => void items.set(key, value) };
}

/**
 * One load of the pane in a tab: its identity, and an engine whose records go where the identity says. `welcome`
 * is what the connection does when the bridge answers hello; `unload()` stops this load writing anything.
 */
function paneLoad(sim, localStorage, tab = tabStorage()) {
  let alive = true;
  let session = null;
  const identity = documentIdentity({ Office: sim.Office, fallback: tab });
  const asked = identity.sessionStore.get(SESSION_KEY);
  const taskStore = createTaskStore({ storage: () => (alive ? localStorage : undefined) });
  const engine = createEngine({ Word: sim.Word, Office: sim.Office, taskStore, documentSession: () => identity.recordsScope(session) });
  return {
    asked, identity, engine, tab,
    /** The bridge's welcome: the session it gave (the one asked for when there was one). */
    welcome(given = asked ?? `doc_${Math.random().toString(36).slice(2, 8)}`) {
      session = given;
      identity.sessionStore.set(SESSION_KEY, given);
      return given;
    },
    unload: () => { alive = false; },
  };
}

test("a pane opened again in a new tab asks for the document's session, and the retry of the op it was running is not run again", async () => {
  const sim = createSimulator({ latencyMs: 40 });
  sim.setText("Base");
  const localStorage = fakeStorage();
  const first = paneLoad(sim, localStorage);
  assert.equal(first.asked, null, "a document the pane never served: a new session");
  const session = first.welcome("doc_first");
  await delay(0); // saveAsync answers
  assert.deepEqual(sim.savedSettings()[SETTING], { session, url: sim.Office.context.document.url });

  const before = sim.syncCount;
  const running = first.engine.execute(R1());
  while (sim.syncCount === before) await delay(1);
  first.unload(); // the pane is closed while Word applies the edit
  await running;
  assert.deepEqual(paragraphs(sim), ["Base[R1]"]);

  sim.reopenPane(); // a new webview: Office reads the settings saved in the document, sessionStorage is empty
  const second = paneLoad(sim, localStorage, tabStorage());
  assert.equal(second.asked, session, "hello asks for the document's session");
  second.welcome();
  const syncs = sim.syncCount;
  const retry = fails(await second.engine.execute(R1()), "E_RUNTIME", "taskId");
  assert.match(retry.diagnostics.find((d) => d.field === "taskId").msg, /an earlier load of the Word Bridge pane started this op/);
  assert.equal(sim.syncCount, syncs, "not run again");
  assert.deepEqual(paragraphs(sim), ["Base[R1]"]);
});

test("the session is saved in the document once: a reconnect with the same session writes nothing", async () => {
  const sim = createSimulator();
  const pane = paneLoad(sim, fakeStorage());
  let saves = 0;
  const settings = sim.Office.context.document.settings;
  const save = settings.saveAsync;
  settings.saveAsync = (...args) => { saves += 1; return save(...args); };
  pane.welcome("doc_once");
  pane.welcome("doc_once");
  await delay(0);
  assert.equal(saves, 1);
  sim.reopenPane();
  const again = paneLoad(sim, fakeStorage());
  let savedAgain = 0;
  sim.Office.context.document.settings.saveAsync = () => { savedAgain += 1; };
  again.welcome();
  assert.equal(savedAgain, 0, "the document holds it already");
});

test("a copy of the document under another URL gets a session of its own; a document saved since keeps its own", () => {
  const original = createSimulator({ url: "https://contoso.example/Report.docx" });
  paneLoad(original, fakeStorage()).welcome("doc_orig");
  // Save As / a duplicated file: the settings travel with the content, the URL is another one
  const copy = createSimulator({ url: "https://contoso.example/Report (copy).docx" });
  copy.Office.context.document.settings.set(SETTING, original.Office.context.document.settings.get(SETTING));
  assert.equal(paneLoad(copy, fakeStorage()).asked, null);
  assert.equal(paneLoad(original, fakeStorage()).asked, "doc_orig");
  const madeFrom = createSimulator({ url: "" }); // File > New from existing: the content and settings, no URL yet
  madeFrom.Office.context.document.settings.set(SETTING, original.Office.context.document.settings.get(SETTING));
  assert.equal(paneLoad(madeFrom, fakeStorage()).asked, null);

  const unsaved = createSimulator({ url: "" });
  paneLoad(unsaved, fakeStorage()).welcome("doc_new");
  unsaved.Office.context.document.url = "C:\\Users\\me\\Memo.docx"; // saved for the first time
  assert.equal(paneLoad(unsaved, fakeStorage()).asked, "doc_new");
});

test("where Office cannot save the settings, the records are kept by the document's URL, and the session in the tab", async () => {
  const sim = createSimulator({ url: "https://contoso.example/Report.docx" });
  const refuse = () => {
    sim.Office.context.document.settings.saveAsync = (callback) => Promise.resolve().then(() => callback({ status: "failed", error: { message: "read-only" } }));
  };
  refuse();
  const localStorage = fakeStorage();
  const tab = tabStorage();
  const first = paneLoad(sim, localStorage, tab);
  first.welcome("doc_tab");
  await delay(0);
  const scope = first.identity.recordsScope("doc_tab");
  assert.match(scope, /^url_[0-9a-z]+$/);
  assert.equal(first.identity.recognised(), true, "by its URL");

  sim.reopenPane();
  refuse();
  assert.equal(paneLoad(sim, localStorage, tab).asked, "doc_tab", "a reload in the same tab resumes the session");
  const elsewhere = paneLoad(sim, localStorage, tabStorage());
  assert.equal(elsewhere.asked, null, "a new tab cannot know it");
  elsewhere.welcome("doc_other");
  await delay(0);
  assert.equal(elsewhere.identity.recordsScope("doc_other"), scope, "but finds the records by the URL");

  const unsaved = createSimulator({ url: "" });
  unsaved.Office.context.document.settings.saveAsync = (callback) => callback({ status: "failed" });
  const lost = paneLoad(unsaved, fakeStorage());
  lost.welcome("doc_x");
  assert.equal(lost.identity.recognised(), false, "no settings, no URL: a pane opened again cannot find this document");
  assert.equal(lost.identity.recordsScope("doc_x"), "doc_x");
});

test("a host without settings keeps the session in the tab, for its own URL only", () => {
  const sim = createSimulator();
  delete sim.Office.context.document.settings;
  const tab = tabStorage();
  const first = paneLoad(sim, fakeStorage(), tab);
  first.welcome("doc_tab");
  assert.equal(paneLoad(sim, fakeStorage(), tab).asked, "doc_tab");
  const other = createSimulator({ url: "https://contoso.example/Other.docx" });
  delete other.Office.context.document.settings;
  assert.equal(paneLoad(other, fakeStorage(), tab).asked, null, "another document opened in the same tab");
});
