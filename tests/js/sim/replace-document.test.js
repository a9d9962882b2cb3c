// sim.setText / sim.load replace the document model; a long-lived RequestContext (the pane keeps one for
// its whole life) must go on working on the new content, as it does when a person replaces all the text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "./helpers.js";

test("a long-lived context's document follows setText", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  sim.setText("Hello world");
  const context = new sim.Word.RequestContext();
  const body = context.document.body;
  context.trackedObjects.add(body);
  await sim.Word.run(body, async (ctx) => {
    body.insertText("1 ", "Start");
    await ctx.sync();
  });
  assert.equal(sim.text(), "1 Hello world");
  sim.setText("New text");
  await sim.Word.run(body, async (ctx) => {
    body.insertText("!", "End");
    const paragraphs = body.paragraphs;
    paragraphs.load("text");
    await ctx.sync();
    assert.deepEqual(paragraphs.items.map((p) => p.text), ["New text!"]);
  });
  assert.equal(sim.text(), "New text!");
});
