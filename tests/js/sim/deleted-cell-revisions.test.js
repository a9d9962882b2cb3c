// A tracked deletion inside a table cell marks the cell's text, never its end mark (Word never deletes a cell's
// end mark; an untracked deletion keeps it too). It used to read "4\t" for a cell's "4".
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "./helpers.js";

/** A 3x3 table; the middle cell of row 1 (and the last cell of row 2) set with tracking on, through `how`. */
async function trackedCells(profile, how) {
  const sim = createSimulator({ profile });
  sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b", "c"], ["1", "4", "x"], ["7", "8", "9"]] }]);
  await sim.Word.run(async (ctx) => {
    ctx.document.changeTrackingMode = "TrackAll";
    const table = ctx.document.body.tables.getFirst();
    how(table.getCell(1, 1), "5");
    how(table.getCell(2, 2), "0");
    await ctx.sync();
  });
  return sim;
}

const changes = (sim) => sim.snapshot().revisions.map((r) => [r.type, r.text]);

async function decide(sim, accept) {
  await sim.Word.run(async (ctx) => {
    const all = ctx.document.body.getTrackedChanges();
    if (accept) all.acceptAll(); else all.rejectAll();
    await ctx.sync();
  });
}

const WAYS = {
  "TableCell.value": (cell, text) => { cell.value = text; },
  "cell body insertText Replace": (cell, text) => cell.body.insertText(text, "Replace"),
};

for (const profile of ["web", "desktop"]) {
  for (const [name, how] of Object.entries(WAYS)) {
    test(`${name} with tracking: the deletion is the cell's text, without its end mark (${profile})`, async () => {
      const sim = await trackedCells(profile, how);
      assert.deepEqual(changes(sim), [["Added", "5"], ["Deleted", "4"], ["Added", "0"], ["Deleted", "9"]]);
      const current = await sim.Word.run(async (ctx) => {
        const text = ctx.document.body.tables.getFirst().getRange("Whole").getReviewedText("Current");
        await ctx.sync();
        return text.value;
      });
      assert.equal(current, "a\tb\tc\r1\t5\tx\r7\t8\t0\r", "accepted, each cell keeps its end mark");
    });

    test(`${name} with tracking: accepting keeps the table's cells; rejecting gives the old values back (${profile})`, async () => {
      let sim = await trackedCells(profile, how);
      await decide(sim, true);
      assert.deepEqual(sim.snapshot().blocks[1].values, [["a", "b", "c"], ["1", "5", "x"], ["7", "8", "0"]]);
      sim = await trackedCells(profile, how);
      await decide(sim, false);
      assert.deepEqual(sim.snapshot().blocks[1].values, [["a", "b", "c"], ["1", "4", "x"], ["7", "8", "9"]]);
    });
  }
}
