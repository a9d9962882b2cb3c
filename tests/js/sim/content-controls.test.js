// Content controls grow as Word's do: over text written between their tags (their content range's edges,
// insertText Start/End/Replace); not over what goes in at their Before/After points (the points before the start
// tag and after the end tag), nor over a paragraph or table put before or after their first or last paragraph
// (Before/After insert outside an object's boundaries: office-js#866, #3176). A paragraph deleted whole takes a
// control it holds alone with it (office-js#4975).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

/** A document whose `wrapped` text (found by search, first hit) is in a content control tagged "c". */
async function withControl(text, wrapped) {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  sim.setText(text);
  await sim.Word.run(async (context) => {
    const control = context.document.body.search(wrapped, { matchCase: true }).getFirst().insertContentControl();
    control.tag = "c";
    await context.sync();
  });
  /** @param {(control: Word.ContentControl, context: Word.RequestContext) => void} edit */
  const edit = (edit) => sim.Word.run(async (context) => {
    edit(context.document.contentControls.getByTag("c").getFirst(), context);
    await context.sync();
  });
  const controlText = () => sim.snapshot().contentControls[0].text;
  return { sim, edit, controlText };
}

test("text at a control's Before/After points stays outside it; at its content's edges it goes in", async () => {
  const { sim, edit, controlText } = await withControl("Total: 100 EUR today", "100");
  await edit((control) => {
    control.getRange("After").insertText(" (net)", "After");
    control.getRange("Before").insertText("approx. ", "Before");
  });
  assert.equal(sim.text(), "Total: approx. 100 (net) EUR today");
  assert.equal(controlText(), "100");
  await edit((control) => {
    control.getRange("Content").insertText("<", "Start");
    control.getRange("End").insertText(">", "End");
  });
  assert.equal(controlText(), "<100>");
  await edit((control) => control.getRange("Content").insertText("120", "Replace"));
  assert.equal(sim.text(), "Total: approx. 120 (net) EUR today");
  assert.equal(controlText(), "120");
});

test("paragraphs and tables put before or after a control's paragraphs stay outside it", async () => {
  const { sim, edit, controlText } = await withControl("Intro\nA1\nA2\nOutro", "A1");
  await edit((control, context) => {
    const both = control.getRange("Content").expandTo(context.document.body.search("A2").getFirst());
    control.delete(true);
    both.insertContentControl().tag = "c";
  });
  assert.equal(controlText(), "A1\rA2");
  await edit((control) => {
    const content = control.getRange("Content");
    content.paragraphs.getFirst().insertParagraph("Before it", "Before");
    content.paragraphs.getLast().insertParagraph("After it", "After");
    content.insertParagraph("Range before", "Before");
    content.insertParagraph("Range after", "After");
  });
  assert.equal(sim.text(), "Intro\nBefore it\nRange before\nA1\nA2\nRange after\nAfter it\nOutro");
  assert.equal(controlText(), "A1\rA2");
  await edit((control) => control.getRange("Content").paragraphs.getFirst().insertTable(1, 1, "Before", [["t"]]));
  assert.equal(controlText(), "A1\rA2");
  // Between two of its paragraphs is inside it.
  await edit((control) => control.getRange("Content").paragraphs.getFirst().insertParagraph("Middle", "After"));
  assert.equal(controlText(), "A1\rMiddle\rA2");
});

test("deleting the paragraph a control holds alone deletes the control; one of a control's paragraphs does not", async () => {
  const { sim, edit } = await withControl("Intro\nClause\nOutro", "Clause");
  await edit((control) => control.getRange("Content").paragraphs.getFirst().delete());
  assert.equal(sim.text(), "Intro\nOutro");
  assert.deepEqual(sim.snapshot().contentControls, []);
  await rejectsWith(edit((control) => control.delete(true)), "ItemNotFound");

  const two = await withControl("Intro\nA1\nA2\nOutro", "A1");
  await two.edit((control, context) => {
    const both = control.getRange("Content").expandTo(context.document.body.search("A2").getFirst());
    control.delete(true);
    both.insertContentControl().tag = "c";
  });
  await two.edit((control) => control.getRange("Content").paragraphs.getFirst().delete());
  assert.equal(two.controlText(), "A2");
});
