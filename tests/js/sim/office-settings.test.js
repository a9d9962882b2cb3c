// Office.context.document.settings as Office documents them: the add-in's name/value pairs stored in the document.
// A load of the pane works on its own copy; saveAsync writes it into the document, where a pane opened again reads it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";

test("settings set without saveAsync are gone when the pane is opened again; saved ones are read back", async () => {
  const sim = createSimulator();
  const settings = () => sim.Office.context.document.settings;
  assert.equal(settings().get("missing"), null);
  settings().set("kept", { session: "doc_1", n: [1, 2] });
  settings().set("unsaved", "x");
  assert.deepEqual(settings().get("kept"), { session: "doc_1", n: [1, 2] });
  const result = await new Promise((resolve) => {
    settings().saveAsync({ asyncContext: "ctx" }, resolve);
    settings().set("after", true); // set after the save: not saved
  });
  assert.equal(result.status, sim.Office.AsyncResultStatus.Succeeded);
  assert.equal(result.asyncContext, "ctx");
  sim.reopenPane();
  assert.deepEqual(settings().get("kept"), { session: "doc_1", n: [1, 2] });
  assert.equal(settings().get("unsaved"), "x", "it was set before the save");
  assert.equal(settings().get("after"), null);
  settings().remove("kept");
  await new Promise((resolve) => settings().saveAsync(resolve));
  sim.reopenPane();
  assert.equal(settings().get("kept"), null);
  assert.deepEqual(sim.savedSettings(), { unsaved: "x" });
});

test("each document has its own settings", () => {
  const one = createSimulator();
  const two = createSimulator();
  one.Office.context.document.settings.set("k", 1);
  one.Office.context.document.settings.saveAsync();
  assert.equal(two.Office.context.document.settings.get("k"), null);
});
