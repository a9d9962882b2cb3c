// The person's edits in Word (sim.deleteInWord) and tracked objects Word no longer resolves (sim.loseTracked): a
// sync that uses a gone object fails as a whole, with Word's code, and runs nothing queued after it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";

const DOC = [{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b"]] }, { type: "paragraph", text: "Outro" }];

/** A context whose first table and first paragraph's range are tracked. */
async function tracked() {
  const sim = createSimulator();
  sim.load(DOC);
  const context = new sim.Word.RequestContext();
  const table = context.document.body.tables.getFirst().track();
  const range = context.document.body.paragraphs.getFirst().getRange("Content").track();
  await context.sync();
  return { sim, context, table, range };
}

test("a table the person deletes in Word is ItemNotFound for its tracked proxy; the text around it stays", async () => {
  const { sim, context, table } = await tracked();
  sim.deleteInWord(table);
  assert.equal(sim.text(), "Intro\nOutro");
  table.load("rowCount");
  await assert.rejects(context.sync(), (/** @type {any} */ e) => e.code === "ItemNotFound");
});

test("a range whose text the person deletes collapses and stays usable, as tracked ranges do", async () => {
  const { sim, context, range } = await tracked();
  sim.deleteInWord(range);
  range.load("text,isEmpty");
  await context.sync();
  assert.equal(range.isEmpty, true);
  assert.equal(sim.snapshot().blocks[0].text, "");
});

for (const code of ["ItemNotFound", "InvalidObjectPath", "GeneralException"]) {
  test(`a tracked object Word no longer resolves fails the whole sync with ${code}; traces say where`, async () => {
    const { sim, context, range } = await tracked();
    sim.loseTracked(range, code);
    context.document.body.insertParagraph("before", "Start");
    context.trace("probe");
    range.getRange("Whole").paragraphs.load("items");
    context.document.body.insertParagraph("after", "End");
    await assert.rejects(context.sync(), (/** @type {any} */ e) => e.code === code && e.traceMessages.join() === "probe");
    assert.equal(sim.text(), "before\nIntro\nOutro", "what came before the failure ran, nothing after it");
  });
}

test("loseTracked takes only tracked proxies and Word's codes", async () => {
  const { sim, context, range } = await tracked();
  assert.throws(() => sim.loseTracked(context.document.body.paragraphs.getFirst()), TypeError);
  assert.throws(() => sim.loseTracked(range, "InvalidArgument"), TypeError);
});
