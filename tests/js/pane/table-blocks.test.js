// A table reached through a range id (a readDocument table block's tableId as "rangeId:tbl_…", table.create's
// rangeId, an insertMarkdown result that starts or ends with a table) is a block: before/after put new content
// next to the table, replace replaces the whole table, and nothing lands in its cells unless start/end ask for
// the table's own text (its first or last cell).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { withTable } from "./table-fixture.js";

/** Paragraph texts, tables as their values. */
function blocks(sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "table" ? b.values : b.text));
}

/** The text a range id designates now (through a dry run, which changes nothing). */
async function textOf(run, rangeId) {
  const { targets } = ok(await run("insertText", { text: "", scope: `rangeId:${rangeId}`, location: "end", dryRun: true }));
  return targets.scope.text;
}

const TABLE = [["A", "B"], ["1", "2"]];

for (const profile of PROFILES) {
  test(`[${profile}] the testers' batch: a table after a paragraph, a caption after and a paragraph before it through its rangeId`, async () => {
    const env = setup(profile);
    env.sim.load([{ type: "paragraph", text: "Intro" }, { type: "paragraph", text: "Next para" }]);
    const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const result = ok(await env.run("batch", {
      ops: [
        { op: "table.create", args: { rows: 2, cols: 2, data: TABLE, scope: `rangeId:${read.blocks[0].rangeId}`, location: "after" } },
        { op: "insertMarkdown", args: { blocks: [{ type: "paragraph", runs: [{ text: "Table 1", italic: true }, { text: ": Values." }] }], scope: "rangeId:$0.rangeId", location: "after" } },
        { op: "insertText", args: { text: "Caption above", scope: "rangeId:$0.rangeId", location: "before", newParagraph: true } },
      ],
    }));
    assert.equal(result.completed, 3);
    assert.deepEqual(blocks(env.sim), ["Intro", "Caption above", TABLE, "Table 1: Values.", "Next para"]);
  });

  const inserts = [
    ["insertText after", "insertText", { text: "X", location: "after" }, ["Intro", TABLE, "X", "Next para"]],
    ["insertText after, newParagraph", "insertText", { text: "X", location: "after", newParagraph: true }, ["Intro", TABLE, "X", "Next para"]],
    ["insertText before", "insertText", { text: "X", location: "before" }, ["Intro", "X", TABLE, "Next para"]],
    ["insertText start, newParagraph", "insertText", { text: "X", location: "start", newParagraph: true }, ["Intro", "X", TABLE, "Next para"]],
    ["insertText start (the first cell)", "insertText", { text: "X", location: "start" }, ["Intro", [["XA", "B"], ["1", "2"]], "Next para"]],
    ["insertText end (the last cell)", "insertText", { text: "X", location: "end" }, ["Intro", [["A", "B"], ["1", "2X"]], "Next para"]],
    ["insertText replace", "insertText", { text: "X", location: "replace" }, ["Intro", "X", "Next para"]],
    ["insertText replace, newParagraph", "insertText", { text: "X", location: "replace", newParagraph: true }, ["Intro", "X", "Next para"]],
    ["insertText replace by \"\"", "insertText", { text: "", location: "replace" }, ["Intro", "Next para"]],
    ["replace (target)", "replace", { replaceWith: "X", mode: "replaceAll" }, ["Intro", "X", "Next para"]],
    ["table.create after", "table.create", { rows: 1, cols: 1, data: [["T"]], location: "after" }, ["Intro", TABLE, "", [["T"]], "Next para"]],
    ["table.create before", "table.create", { rows: 1, cols: 1, data: [["T"]], location: "before" }, ["Intro", [["T"]], "", TABLE, "Next para"]],
    ["insertMarkdown after", "insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "P" }] }], location: "after" }, ["Intro", TABLE, "P", "Next para"]],
    ["insertMarkdown before", "insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "P" }] }], location: "before" }, ["Intro", "P", TABLE, "Next para"]],
    ["insertMarkdown a table after", "insertMarkdown", { blocks: [{ type: "table", header: false, rows: [["x", "y"]] }], location: "after" }, ["Intro", TABLE, "", [["x", "y"]], "Next para"]],
    ["insertMarkdown replace", "insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "P" }] }, { type: "table", header: false, rows: [["x", "y"]] }], location: "replace" },
      ["Intro", "P", [["x", "y"]], "Next para"]],
    ["insertBreak after", "insertBreak", { type: "page", location: "after" }, ["Intro", TABLE, "\fNext para"]],
    ["insertBreak before", "insertBreak", { type: "page", location: "before" }, ["Intro", "\f", TABLE, "Next para"]],
  ];
  for (const [name, op, args, expected] of inserts) {
    test(`[${profile}] ${name} on a table's id as scope acts on the table as a block`, async () => {
      const env = await withTable(profile);
      const where = op === "replace" ? { target: env.scope } : { scope: env.scope };
      const data = ok(await env.run(op, { ...args, ...where }));
      assert.deepEqual(blocks(env.sim), expected);
      if (op === "insertText" && args.text) assert.equal(await textOf(env.run, data.rangeId), "X");
    });
  }

  test(`[${profile}] insertMarkdown replacing a table: the returned rangeId is the new content, the table's id is retired`, async () => {
    const env = await withTable(profile);
    const data = ok(await env.run("insertMarkdown", {
      blocks: [{ type: "paragraph", runs: [{ text: "New" }] }, { type: "table", header: false, rows: [["x", "y"]] }], scope: env.scope, location: "replace",
    }));
    assert.equal(data.blocks, 2);
    assert.equal(await textOf(env.run, data.rangeId), "New¶x\ty¶");
    const gone = fails(await env.run("insertText", { text: "Z", scope: env.scope, location: "after" }), "E_NOT_FOUND", "args.scope");
    assert.match(gone.diagnostics[0].msg, /is gone: its table was replaced/);
    assert.deepEqual(blocks(env.sim), ["Intro", "New", [["x", "y"]], "Next para"]);
  });

  test(`[${profile}] insertText replacing a table: the table's id is retired, the text is a paragraph of its own`, async () => {
    const env = await withTable(profile);
    ok(await env.run("insertText", { text: "Instead", scope: env.scope, location: "replace" }));
    assert.deepEqual(blocks(env.sim), ["Intro", "Instead", "Next para"]);
    const gone = fails(await env.run("table.create", { rows: 1, cols: 1, scope: env.scope, location: "after" }), "E_NOT_FOUND", "args.scope");
    assert.match(gone.diagnostics[0].msg, /is gone: its table was replaced/);
  });

  test(`[${profile}] table.create's rangeId: a paragraph before, a table after, a replace of the whole table`, async () => {
    const env = setup(profile, { text: "Intro\nOutro" });
    const created = ok(await env.run("table.create", { rows: 2, cols: 2, data: TABLE, scope: "document", location: "end" }));
    const scope = `rangeId:${created.rangeId}`;
    ok(await env.run("insertText", { text: "Above", scope, location: "before", newParagraph: true }));
    ok(await env.run("table.create", { rows: 1, cols: 1, data: [["T"]], scope, location: "after" }));
    assert.deepEqual(blocks(env.sim), ["Intro", "Outro", "Above", TABLE, "", [["T"]], ""]);
    ok(await env.run("insertMarkdown", { blocks: [{ type: "heading", level: 2, runs: [{ text: "Gone" }] }], scope, location: "replace" }));
    assert.deepEqual(blocks(env.sim), ["Intro", "Outro", "Above", "Gone", "", [["T"]], ""]);
    fails(await env.run("insertText", { text: "Z", scope: `rangeId:${created.tableId}`, location: "after" }), "E_NOT_FOUND", "args.scope");
  });

  test(`[${profile}] insertMarkdown's rangeId that starts or ends with a table: before/after go outside the tables`, async () => {
    const env = setup(profile, { text: "Intro\nOutro" });
    const read = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const startsWithTable = ok(await env.run("insertMarkdown", {
      blocks: [{ type: "table", header: false, rows: [["t1"]] }, { type: "paragraph", runs: [{ text: "Between" }] }],
      scope: `rangeId:${read.blocks[0].rangeId}`, location: "after",
    }));
    ok(await env.run("insertText", { text: "Before t1", scope: `rangeId:${startsWithTable.rangeId}`, location: "before", newParagraph: true }));
    const endsWithTable = ok(await env.run("insertMarkdown", {
      blocks: [{ type: "paragraph", runs: [{ text: "Caption" }] }, { type: "table", header: false, rows: [["t2"]] }],
      scope: `rangeId:${read.blocks[1].rangeId}`, location: "before",
    }));
    ok(await env.run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "After t2" }] }], scope: `rangeId:${endsWithTable.rangeId}`, location: "after" }));
    assert.deepEqual(blocks(env.sim), ["Intro", "Before t1", [["t1"]], "Between", "Caption", [["t2"]], "After t2", "Outro"]);
    // "" removes such a range's blocks, its tables included.
    ok(await env.run("insertText", { text: "", scope: `rangeId:${startsWithTable.rangeId}`, location: "replace" }));
    assert.deepEqual(blocks(env.sim), ["Intro", "Before t1", "Caption", [["t2"]], "After t2", "Outro"]);
  });

  test(`[${profile}] a dry run of an op on a table's id changes nothing`, async () => {
    const env = await withTable(profile);
    ok(await env.run("insertMarkdown", { blocks: [{ type: "paragraph", runs: [{ text: "P" }] }], scope: env.scope, location: "replace", dryRun: true }));
    assert.deepEqual(blocks(env.sim), ["Intro", TABLE, "Next para"]);
  });
}
