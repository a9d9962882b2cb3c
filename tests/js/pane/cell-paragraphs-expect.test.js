// A table cell holding two paragraphs (Table.values joins them with "\r"; Range.text has a paragraph mark between
// them inside the cell, "\r" that is no end of a row). readDocument shows such a cell's paragraphs on one line, split
// by a space (markdown: by `<br>`, which insertMarkdown reads back as a paragraph break in the cell); expectText
// copied from any format of readDocument must match the table and a range holding it, and a text that differs must
// still be refused. Both ways Word's text may read the table: the simulator's tabs and row
// ends, and Word's own end-of-cell marks (the `cellMarks` quirk).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, selectText, setup } from "./helpers.js";
import { sameText } from "../../../addin/js/expect.js";
import { tableReadings, wordTableText } from "../../../addin/js/expect-tables.js";

const P = (/** @type {string} */ text) => ({ type: "paragraph", runs: [{ text }] });

/**
 * "Intro", then Lead / a 2×2 table / Tail written by insertMarkdown (its rangeId holds the table), then "Outro";
 * cell (0, 0) gets a second paragraph "a2" the way `how` says, cell (1, 1) a second one with a tab in it.
 * @param {string} profile
 * @param {{ cellMarks: boolean, how: "insertParagraph" | "insertText" }} options
 */
async function cellParagraphs(profile, { cellMarks, how }) {
  const env = setup(profile, { text: "Intro\nOutro" });
  await selectText(env.sim, "Intro");
  const table = { type: "table", header: true, rows: [["a", "b"], ["c", "d"]] };
  const { rangeId } = ok(await env.run("insertMarkdown", { location: "after", blocks: [P("Lead"), table, P("Tail")] }));
  await env.sim.Word.run(async (context) => {
    const found = context.document.body.tables.getFirst();
    if (how === "insertParagraph") found.getCell(0, 0).body.insertParagraph("a2", "End");
    else found.getCell(0, 0).body.insertText("\na2", "End");
    found.getCell(1, 1).body.insertText("\nd2\td3", "End");
    found.load("values");
    await context.sync();
    assert.deepEqual(found.values, [["a\ra2", "b"], ["c", "d\rd2\td3"]]);
  });
  env.sim._model.quirks.cellMarks = cellMarks;
  const { blocks } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
  const tableId = blocks.find((/** @type {{ type: string }} */ block) => block.type === "table").tableId;
  return { ...env, rangeId, tableId };
}

/** What a client copies as a table's expectText from each format of readDocument, and the range's text. */
async function shownTexts(/** @type {ReturnType<typeof setup>} */ { run }) {
  const { text } = ok(await run("readDocument", {}));
  const lines = text.split("\n");
  const { blocks } = ok(await run("readDocument", { format: "structure" }));
  const { markdown } = ok(await run("readDocument", { format: "markdown" }));
  const table = blocks.find((/** @type {{ type: string }} */ block) => block.type === "table");
  return {
    text: lines.slice(2, 4).join("\n"),
    structure: table.text,
    markdown: markdown.split("\n\n").find((/** @type {string} */ part) => part.startsWith("|")),
    rangeText: lines.slice(1, 5).join("\n"),
    rangeStructure: blocks.slice(1, 4).map((/** @type {{ text: string }} */ block) => block.text).join("\n"),
  };
}

for (const profile of PROFILES) {
  for (const cellMarks of [false, true]) {
    for (const how of /** @type {const} */ (["insertParagraph", "insertText"])) {
      const name = `[${profile}${cellMarks ? ", Word's cell marks" : ""}, ${how}]`;

      test(`${name} readDocument shows a cell's two paragraphs on the table's line, in every format`, async () => {
        const env = await cellParagraphs(profile, { cellMarks, how });
        const shown = await shownTexts(env);
        assert.equal(shown.text, "a a2\tb\nc\td d2 d3");
        assert.equal(shown.structure, shown.text);
        assert.equal(shown.markdown, "| a<br>a2 | b |\n| --- | --- |\n| c | d<br>d2 d3 |");
        assert.equal(shown.rangeText, `Lead\n${shown.text}\nTail`);
      });

      test(`${name} expectText on the table's id: what each format showed matches, another text is refused`, async () => {
        const env = await cellParagraphs(profile, { cellMarks, how });
        const shown = await shownTexts(env);
        const args = { tableRef: `rangeId:${env.tableId}`, row: 0, col: 1, text: "B" };
        for (const wrong of ["a a2\tb\nc\td d2", "a\tb\nc\td d2 d3", "a a2\tb\nc\td d2 d3\nx", "| a<br>a2 | b |\n| --- | --- |\n| c | d |"]) {
          fails(await env.run("table.setCellText", { ...args, expectText: wrong }), "E_NOT_FOUND", "args.expectText");
        }
        for (const format of /** @type {const} */ (["text", "structure", "markdown"])) {
          // Each write puts the format's name in the cell: the next format is read again.
          const expectText = format === "text" ? shown.text : (await shownTexts(env))[format];
          ok(await env.run("table.setCellText", { ...args, text: format, expectText }));
        }
        assert.equal(env.sim.snapshot().blocks[2].values[0][1], "markdown");
      });

      test(`${name} expectText on a range holding the table: readDocument's text matches, another text is refused`, async () => {
        const env = await cellParagraphs(profile, { cellMarks, how });
        const shown = await shownTexts(env);
        const args = { scope: `rangeId:${env.rangeId}`, location: "end", text: "" };
        fails(await env.run("insertText", { ...args, text: "!", expectText: shown.rangeText.replace("a a2", "a\ta2") }), "E_NOT_FOUND", "args.expectText");
        fails(await env.run("insertText", { ...args, text: "!", expectText: shown.rangeText.replace("Tail", "Tale") }), "E_NOT_FOUND", "args.expectText");
        ok(await env.run("insertText", { ...args, text: "!", expectText: shown.rangeText }));
        ok(await env.run("insertText", { ...args, text: "?", expectText: `${shown.rangeStructure}!` }));
        assert.equal(env.sim.snapshot().blocks[3].text, "Tail!?");
      });
    }
  }
}

test("tableReadings: each table's text read as readDocument writes it, wherever its text recurs in the range", () => {
  const M = "\r\u0007";
  const equal = (/** @type {string} */ expected) => (/** @type {string} */ reading) => sameText(reading, expected);
  // Paragraphs "x" and "y" before a one-cell table holding the paragraphs "x" and "y": the first "x\ry\r" is no table.
  assert.deepEqual(tableReadings("x\ry\rx\ry\r", [[["x\ry"]]], equal("x\ny\nx y")), { text: "x\ry\rx y\n", matches: true });
  // Word's marks: an empty cell ending the first row, and one starting the second, read where they are.
  const values = [["a", ""], ["", "d"]];
  assert.equal(wordTableText(values, true), `a${M}${M}${M}${M}d${M}${M}`);
  assert.ok(tableReadings(`Lead\r${wordTableText(values, true)}`, [values], equal("Lead\na\t\n\td")).matches);
  assert.ok(!tableReadings(`Lead\r${wordTableText(values, true)}`, [values], equal("Lead\na\t\nd\t")).matches);
  // The markdown of a table only where the range is that table.
  assert.ok(tableReadings("a\rb\r", [[["a"], ["b"]]], equal("| a |\n| --- |\n| b |")).matches);
  assert.ok(!tableReadings("Lead\ra\rb\r", [[["a"], ["b"]]], equal("Lead\n| a |\n| --- |\n| b |")).matches);
  assert.equal(tableReadings("Lead\r", [[["a"]]], () => true), undefined, "no table found whole");
});

for (const profile of PROFILES) {
  test(`[${profile}] expectText on a table with a cell of two paragraphs and a tracked deletion: readDocument's text matches`, async () => {
    const env = await cellParagraphs(profile, { cellMarks: false, how: "insertParagraph" });
    const [hit] = ok(await env.run("search", { query: "d3" })).results;
    ok(await env.run("insertText", { text: "", scope: `rangeId:${hit.rangeId}`, location: "replace", trackChanges: true }));
    const shown = await shownTexts(env);
    assert.equal(shown.text, "a a2\tb\nc\td d2 ", "the tab before the deleted text reads as a space");
    const args = { tableRef: `rangeId:${env.tableId}`, row: 0, col: 1, text: "B" };
    // Word's text holds the deleted text too (accepted as ever); another text is still refused.
    fails(await env.run("table.setCellText", { ...args, expectText: "a a2\tb\nc\td d3" }), "E_NOT_FOUND", "args.expectText");
    fails(await env.run("table.setCellText", { ...args, expectText: "a\tb\nc\td d2 " }), "E_NOT_FOUND", "args.expectText");
    ok(await env.run("table.setCellText", { ...args, expectText: shown.text }));
  });
}
