// readDocument never loses a block silently: a block longer than maxChars is cut where it still reads well (a
// table after a whole row), the page's `cut` and a warn diagnostic say how much of it is there and the maxChars
// that reads it whole, and nextOffset goes on after it as after any block.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";

const ROWS = Array.from({ length: 400 }, (_, r) => Array.from({ length: 3 }, (_, c) => `row ${r} col ${c} of the long table`.slice(0, 30)));

/** A document "Before" then a 400 × 3 table of 30-character cells (about 36,000 characters). */
async function longTable(profile) {
  const env = setup(profile, { text: "Before" });
  ok(await env.run("table.create", { rows: 400, cols: 3, data: ROWS, scope: "document", location: "end" }));
  return env;
}

/** The page's one warn diagnostic on args.maxChars. */
function cutWarning(outcome) {
  const warnings = outcome.result.diagnostics.filter((d) => d.level === "warn");
  assert.equal(warnings.length, 1, JSON.stringify(outcome.result.diagnostics));
  assert.equal(warnings[0].field, "args.maxChars");
  return warnings[0].msg;
}

for (const profile of PROFILES) {
  test(`[${profile}] a table longer than maxChars: text keeps whole rows, says how many and how to read it whole`, async () => {
    const { run } = await longTable(profile);
    const outcome = await run("readDocument", { format: "text", offset: 1 });
    const page = ok(outcome);
    const { cut } = page;
    assert.deepEqual([page.truncated, page.nextOffset, cut.index, cut.rows], [true, 2, 1, 400]);
    assert.ok(cut.rowsReturned > 0 && cut.rowsReturned < 400, JSON.stringify(cut));
    assert.equal(page.text, ROWS.slice(0, cut.rowsReturned).map((row) => row.join("\t")).join("\n"), "whole rows, nothing cut mid-row");
    assert.ok(page.text.length <= 20000 && cut.returnedChars === page.text.length);
    const msg = cutWarning(outcome);
    assert.match(msg, new RegExp(`^block 1 \\(a table of 400 rows\\) takes ${cut.totalChars} characters .* its first ${cut.rowsReturned} rows .* offset 1 and maxChars ${cut.totalChars}\\.$`));
    // Following the advice reads every row.
    const whole = await run("readDocument", { format: "text", offset: 1, limit: 1, maxChars: cut.totalChars });
    assert.equal(ok(whole).text, ROWS.map((row) => row.join("\t")).join("\n"));
    assert.deepEqual([whole.result.data.truncated, whole.result.data.nextOffset, "cut" in whole.result.data, whole.result.diagnostics], [false, 2, false, []]);
  });

  test(`[${profile}] a table longer than maxChars: structure keeps whole rows in values, never none`, async () => {
    const { run } = await longTable(profile);
    const outcome = await run("readDocument", { format: "structure", offset: 1 });
    const page = ok(outcome);
    const [entry] = page.blocks;
    const n = page.cut.rowsReturned;
    assert.ok(n > 0, JSON.stringify(entry.table).slice(0, 200));
    assert.deepEqual([entry.table.rows, entry.table.cols, entry.table.rowsReturned], [400, 3, n]);
    assert.deepEqual(entry.table.values, ROWS.slice(0, n));
    assert.equal(entry.text, ROWS.slice(0, n).map((row) => row.join("\t")).join("\n"));
    const size = JSON.stringify(page.blocks).length;
    assert.ok(size <= 20000, `the page's JSON is ${size} characters`);
    assert.equal(page.cut.returnedChars, size);
    assert.match(cutWarning(outcome), new RegExp(`maxChars ${page.cut.totalChars}\\.$`));
    const whole = ok(await run("readDocument", { format: "structure", offset: 1, maxChars: page.cut.totalChars }));
    assert.deepEqual(whole.blocks[0].table.values, ROWS);
    assert.ok(!("rowsReturned" in whole.blocks[0].table) && !("cut" in whole));
  });

  test(`[${profile}] a table longer than maxChars: markdown keeps whole rows and says so under them`, async () => {
    const { run } = await longTable(profile);
    const outcome = await run("readDocument", { format: "markdown", offset: 1 });
    const page = ok(outcome);
    const { cut } = page;
    assert.ok(page.markdown.length <= 20000);
    const [table, note] = page.markdown.split("\n\n");
    const lines = table.split("\n");
    assert.equal(lines.length, cut.rowsReturned + 1, "the header, the delimiter row and the body rows");
    assert.equal(lines[lines.length - 1], `| ${ROWS[cut.rowsReturned - 1].join(" | ")} |`);
    assert.equal(note, `<!-- Block 1 is cut here: ${cut.rowsReturned} of 400 rows shown. Read it whole with offset 1 and maxChars ${cut.totalChars}. -->`);
    assert.match(cutWarning(outcome), /^block 1 \(a table of 400 rows\)/);
    const whole = ok(await run("readDocument", { format: "markdown", offset: 1, maxChars: cut.totalChars }));
    assert.equal(whole.markdown.split("\n").length, 401);
  });

  test(`[${profile}] a paragraph longer than maxChars is cut in every format, reported, and reads whole with the maxChars given`, async () => {
    const text = `${Array.from({ length: 200 }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ")}!`;
    assert.equal(text.length, 1000);
    const { run } = setup(profile, { text: `${text}\nNext` });
    for (const format of ["text", "markdown", "structure"]) {
      const outcome = await run("readDocument", { format, maxChars: 200 });
      const page = ok(outcome);
      const shown = format === "text" ? page.text : format === "markdown" ? page.markdown : JSON.stringify(page.blocks);
      assert.ok(shown.length <= 200, `${format}: ${shown.length}`);
      assert.deepEqual([page.truncated, page.nextOffset, page.cut.index], [true, 1, 0], format);
      assert.ok(page.cut.returnedChars < page.cut.totalChars && page.cut.totalChars >= 1000, JSON.stringify(page.cut));
      assert.match(cutWarning(outcome), new RegExp(`^block 0 \\(a paragraph\\) takes ${page.cut.totalChars} characters in this format, more than maxChars 200: this page holds ${page.cut.returnedChars} of them`));
      const whole = ok(await run("readDocument", { format, maxChars: page.cut.totalChars, limit: 1 }));
      assert.ok(!("cut" in whole), format);
      const full = format === "text" ? whole.text : format === "markdown" ? whole.markdown : whole.blocks[0].text;
      assert.equal(full, text, format);
    }
    const { markdown } = ok(await run("readDocument", { format: "markdown", maxChars: 200 }));
    assert.match(markdown, /\n\n<!-- Block 0 is cut here: \d+ of 1000 characters shown\. Read it whole with offset 0 and maxChars 1000\. -->$/);
    assert.ok(text.startsWith(markdown.split("\n\n")[0]));
  });

  test(`[${profile}] a markdown cut never ends in syntax the whole block does not have`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", text: `${"a".repeat(90)}\v-- x\v1.5 l\\*${"b".repeat(300)}` }]);
    for (let maxChars = 180; maxChars <= 230; maxChars += 1) {
      const { markdown, cut } = ok(await run("readDocument", { format: "markdown", maxChars }));
      const [shown] = markdown.split("\n\n<!-- ");
      assert.equal(shown.length, cut.returnedChars);
      const lines = shown.split("\n");
      // "--" would make the line before a heading, "1." start a list, a lone backslash escape the line end.
      assert.ok(!/^(-+|1\.)$/.test(lines[lines.length - 1]) && !/(^|[^\\])(\\\\)*\\$/.test(shown), `maxChars ${maxChars}: ${JSON.stringify(shown.slice(-12))}`);
    }
  });

  test(`[${profile}] a page that stops early without cutting says nothing more`, async () => {
    const { run } = setup(profile, { text: ["a".repeat(100), "b".repeat(100), "c".repeat(100)].join("\n") });
    const outcome = await run("readDocument", { format: "text", maxChars: 250 });
    assert.deepEqual([ok(outcome).truncated, outcome.result.data.nextOffset, "cut" in outcome.result.data, outcome.result.diagnostics], [true, 2, false, []]);
  });
}

test("a block longer than the largest page says so: the rest cannot be read whole", async () => {
  const { sim, run } = setup("web");
  // In runs: the simulator spreads a run's characters into an argument list.
  sim.load([{ type: "paragraph", runs: Array.from({ length: 25 }, () => ({ text: "z".repeat(10_000) })) }]);
  const outcome = await run("readDocument", { format: "text", maxChars: 200_000 });
  const page = ok(outcome);
  assert.deepEqual([page.text.length, page.cut.returnedChars, page.cut.totalChars], [200_000, 200_000, 250_000]);
  assert.match(cutWarning(outcome), /longer than the largest page \(maxChars 200000\)/);
});
