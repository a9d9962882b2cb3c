// Word's own text of a table ends each cell and each row with "\r\u0007" (Chr(13)+Chr(7)); the simulator's
// `cellMarks` quirk reads tables that way. expectText written as readDocument shows a table must match it, and no
// text sent back to a client holds U+0007: the pane reads Word's marks as the simulator's tabs and row ends.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { cellMarksAsTabs, looseCellOrder } from "../../../addin/js/cell-marks.js";
import { sameText } from "../../../addin/js/expect.js";
import { shownText } from "../../../addin/js/shown-text.js";

const M = "\r\u0007";

test("cellMarksAsTabs: a cell's mark as a tab, a row's last cell's mark and the row's mark as the row's end", () => {
  assert.equal(cellMarksAsTabs(`a${M}b${M}${M}c${M}d${M}${M}`), "a\tb\rc\td\r");
  assert.equal(cellMarksAsTabs(`a${M}${M}${M}`), "a\t\r", "an empty last cell");
  assert.equal(cellMarksAsTabs("intro\rplain\ttext"), "intro\rplain\ttext");
  assert.equal(shownText(`before\ra${M}b${M}${M}after`), "before\na\tb\nafter");
});

test("sameText: a table with Word's marks is the table as readDocument shows it, wherever its empty cells are", () => {
  assert.ok(sameText(`a${M}b${M}${M}c${M}d${M}${M}`, "a\tb\nc\td"));
  // [["a", "b"], ["", "c"]]: Word's text cannot tell the empty cell from one ending the first row.
  assert.ok(sameText(`a${M}b${M}${M}${M}c${M}${M}`, "a\tb\n\tc"));
  assert.ok(sameText(`a${M}${M}${M}c${M}d${M}${M}`, "a\t\nc\td"));
  assert.ok(!sameText(`a${M}b${M}${M}c${M}d${M}${M}`, "a\tb\nc\tX"));
  assert.ok(!sameText(`a${M}b${M}${M}`, "a\tb\tc"));
  assert.equal(looseCellOrder("x\n\ty"), "x\t\ny");
});

/** A document with a 2×2 table between two paragraphs, read with Word's cell marks. */
async function tableDocument(profile) {
  const env = setup(profile, { text: "Intro\nOutro" });
  const [intro] = ok(await env.run("search", { query: "Intro" })).results;
  const table = ok(await env.run("table.create", { rows: 2, cols: 2, scope: `rangeId:${intro.rangeId}`, location: "after", data: [["a", "b"], ["c", "d"]] }));
  env.sim._model.quirks.cellMarks = true;
  return { ...env, table };
}

for (const profile of PROFILES) {
  test(`[${profile}] the cellMarks quirk reads a table's range as Word does`, async () => {
    const { sim, table } = await tableDocument(profile);
    const text = await sim.Word.run(async (context) => {
      const range = context.document.body.tables.getFirst().getRange("Whole").load("text");
      const cell = context.document.body.tables.getFirst().getCell(0, 0).body.paragraphs.getFirst().load("text");
      await context.sync();
      return [range.text, cell.text];
    });
    assert.deepEqual(text, [`a${M}b${M}${M}c${M}d${M}${M}`, "a"]);
    assert.ok(table.rangeId);
  });

  test(`[${profile}] expectText on a table's id, written as readDocument shows the table, matches Word's text`, async () => {
    const { sim, run, table } = await tableDocument(profile);
    const shown = ok(await run("readDocument", {})).text;
    assert.ok(shown.includes("a\tb\nc\td"), shown);
    const args = { tableRef: `rangeId:${table.rangeId}`, row: 0, col: 0, text: "A" };
    const stale = fails(await run("table.setCellText", { ...args, expectText: "a\tb\nc\tX" }), "E_NOT_FOUND", "args.expectText");
    assert.doesNotMatch(stale.diagnostics[0].msg, /\u0007/);
    assert.match(stale.diagnostics[0].msg, /found "a\tb¶c\td¶"/);
    ok(await run("table.setCellText", { ...args, expectText: "a\tb\nc\td" }));
    assert.equal(sim.snapshot().blocks[1].values[0][0], "A");
  });

  test(`[${profile}] texts sent back over a table hold no cell marks: dry run, selection, anchors`, async () => {
    const { sim, run, table } = await tableDocument(profile);
    const dry = ok(await run("table.setCellText", { tableRef: `rangeId:${table.rangeId}`, row: 0, col: 0, text: "A", dryRun: true }));
    assert.doesNotMatch(JSON.stringify(dry), /\\u0007/);
    await sim.Word.run(async (context) => {
      context.document.body.tables.getFirst().getRange("Whole").select();
      await context.sync();
    });
    assert.equal(ok(await run("getSelection")).text, "a\tb\nc\td\n");
    const anchor = ok(await run("anchor.create", { scope: `rangeId:${table.rangeId}` }));
    const listed = ok(await run("anchor.list")).anchors.find((entry) => entry.anchorId === anchor.anchorId);
    assert.equal(listed.text, "a\tb\nc\td\n");
  });

  test(`[${profile}] a new paragraph in place of a row's last cell with the row's end does the same with Word's cell marks`, async () => {
    const outcomes = [];
    for (const cellMarks of [false, true]) {
      const { sim, run } = await tableDocument(profile);
      sim._model.quirks.cellMarks = cellMarks;
      await sim.Word.run(async (context) => {
        const body = context.document.body;
        // The cell's whole range and the row's end: its text covers its one paragraph whole.
        body.tables.getFirst().getCell(1, 1).body.getRange("Whole").expandTo(body.paragraphs.getLast().getRange("Start")).select();
        await context.sync();
      });
      const { result } = await run("insertText", { text: "One", scope: "selection", location: "replace", newParagraph: true });
      outcomes.push({ ok: result.ok, diagnostics: result.diagnostics, blocks: sim.snapshot().blocks });
    }
    assert.deepEqual(outcomes[1], outcomes[0]);
    assert.deepEqual(outcomes[1].blocks[1].values, [["a", "b"], ["c", "One"]]);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] a tracked new table read with Word's cell marks: its change's text as readDocument shows the table, each cell marked`, async () => {
    const env = setup(profile, { text: "Intro\nOutro" });
    const [intro] = ok(await env.run("search", { query: "Intro" })).results;
    ok(await env.run("table.create", { rows: 2, cols: 2, scope: `rangeId:${intro.rangeId}`, location: "after", data: [["a", "b"], ["c", "d"]], trackChanges: true }));
    env.sim._model.quirks.cellMarks = true;
    const structure = ok(await env.run("readDocument", { format: "structure" }));
    assert.equal(structure.blocks[1].changes[0].text, "a\tb\nc\td\n");
    const listed = ok(await env.run("trackChanges.list", {})).changes;
    assert.deepEqual(listed.map((change) => [change.changeId, change.text]), [[structure.blocks[1].changes[0].changeId, "a\tb\nc\td\n"]]);
    const { markdown } = ok(await env.run("readDocument", { format: "markdown" }));
    assert.match(markdown, /\| \{\+\+a\+\+\} \| \{\+\+b\+\+\} \|\n\| --- \| --- \|\n\| \{\+\+c\+\+\} \| \{\+\+d\+\+\} \|/);
    assert.doesNotMatch(JSON.stringify([structure, listed, markdown]), /\\u0007/);
  });
}
