// context.trace: the messages are queued with the operations, and a failed sync reports only those Word
// executed before the failure (OfficeExtension.Error.traceMessages), which is how a batch finds the op
// that failed in a sync several ops shared.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

test("traceMessages are the traces executed before the failing operation, not those queued after it", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  sim.setText("body");
  const e = await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.trace("op 0");
    ctx.document.body.insertText("A", "Start");
    ctx.trace("op 1");
    ctx.document.body.insertParagraph("x", "Replace"); // InvalidArgument: a body takes no "Replace" paragraph
    ctx.trace("op 2");
    ctx.document.body.insertText("B", "End");
    await ctx.sync();
  }), "InvalidArgument");
  assert.deepEqual(e.traceMessages, ["op 0", "op 1"]);
  assert.equal(sim.text(), "Abody"); // applied before the failure; dropped after it
});

test("a successful sync runs traces as no-ops, and the next failure reports only its own batch", async () => {
  const sim = createSimulator({ profile: "desktop", latencyMs: 0 });
  sim.setText("body");
  const e = await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.trace("first batch");
    ctx.document.body.insertText("A", "Start");
    await ctx.sync();
    ctx.document.body.insertParagraph("x", "Replace");
    ctx.trace("never reached");
    await ctx.sync();
  }), "InvalidArgument");
  assert.deepEqual(e.traceMessages, []);
  assert.equal(sim.text(), "Abody");
});

test("quirk: a host that reports no trace messages", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  sim.setText("body");
  sim._model.quirks.reportsNoTraces = true;
  const e = await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.trace("op 0");
    ctx.document.body.insertParagraph("x", "Replace");
    await ctx.sync();
  }), "InvalidArgument");
  assert.deepEqual(e.traceMessages, []);
});
