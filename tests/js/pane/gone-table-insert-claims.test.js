// insertText at a table-edged scope whose table is gone fails (E_NOT_FOUND on args.scope) and says nothing of
// having written: the note "the text went into a new paragraph after it" belongs to an insert that happened.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, fails, ok, setup } from "./helpers.js";

/** "Intro" and a table, whose id readDocument gives; then the table is deleted in Word: the pane still tracks the id. */
async function goneTable(/** @type {string} */ profile) {
  const env = setup(profile);
  env.sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a", "b"], ["c", "d"]] }]);
  const { tableId } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks[1];
  await env.sim.Word.run(async (/** @type {any} */ ctx) => {
    ctx.document.body.tables.getFirst().delete();
    await ctx.sync();
  });
  return { ...env, tableId };
}

const claims = (/** @type {{ msg: string }[]} */ diagnostics) => diagnostics.filter((d) => /went into|new paragraph/.test(d.msg));

for (const profile of PROFILES) {
  for (const location of ["before", "after"]) {
    test(`[${profile}] insertText ${location} a gone table: E_NOT_FOUND and no word of a new paragraph`, async () => {
      const { run, tableId } = await goneTable(profile);
      const { diagnostics } = fails(await run("insertText", { text: "x", location, scope: `rangeId:${tableId}` }), "E_NOT_FOUND", "args.scope");
      assert.deepEqual(claims(diagnostics), [], JSON.stringify(diagnostics));
    });
  }

  test(`[${profile}] insertText after a table that is there still says where the text went`, async () => {
    const env = setup(profile, { text: "Intro" });
    const { tableId } = ok(await env.run("table.create", { scope: "document", location: "end", rows: 1, cols: 1, data: [["a"]] }));
    const outcome = await env.run("insertText", { text: "x", location: "after", scope: `rangeId:${tableId}` });
    ok(outcome);
    assert.equal(claims(outcome.result.diagnostics).length, 1, JSON.stringify(outcome.result.diagnostics));
  });

  test(`[${profile}] in a batch, insertText after a gone table fails with no word of a new paragraph`, async () => {
    const { run, tableId } = await goneTable(profile);
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { scope: "document", text: " more", location: "end" } },
      { op: "insertText", args: { text: "x", location: "after", scope: `rangeId:${tableId}` } },
    ] });
    const failed = outcome.result.data.results[1];
    assert.equal(failed.code, "E_NOT_FOUND");
    assert.deepEqual(claims(failed.diagnostics), [], JSON.stringify(failed.diagnostics));
  });

  test(`[${profile}] in a batch, insertText after a table that is there says where the text went`, async () => {
    const env = setup(profile, { text: "Intro" });
    const { tableId } = ok(await env.run("table.create", { scope: "document", location: "end", rows: 1, cols: 1, data: [["a"]] }));
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "x", location: "after", scope: `rangeId:${tableId}` } },
      { op: "insertText", args: { scope: "document", text: " more", location: "end" } },
    ] });
    ok(outcome);
    assert.equal(claims(outcome.result.data.results[0].diagnostics ?? []).length, 1, JSON.stringify(outcome.result.data.results[0]));
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] in a batch, an insert after a table applied in the sync a later op failed in: its note, no warning of lost values`, async () => {
    const { run, tableId, sim } = await goneTable(profile);
    const { tableId: there } = ok(await run("table.create", { scope: "document", location: "end", rows: 1, cols: 1, data: [["a"]] }));
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "x", location: "after", scope: `rangeId:${there}` } },
      { op: "insertText", args: { text: "y", location: "after", scope: `rangeId:${tableId}` } },
    ] });
    const [applied, failed] = outcome.result.data.results;
    assert.equal(failed.code, "E_NOT_FOUND");
    assert.ok(sim.snapshot().blocks.some((b) => b.type === "paragraph" && b.text === "x"), "the first insert was applied");
    assert.equal(claims(applied.diagnostics ?? []).length, 1, JSON.stringify(applied));
    assert.ok(!(applied.diagnostics ?? []).some((d) => /reads back/.test(d.msg)), JSON.stringify(applied));
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] insertText replacing a gone table with "": E_NOT_FOUND and no word of a removal`, async () => {
    const { run, tableId } = await goneTable(profile);
    const { diagnostics } = fails(await run("insertText", { text: "", location: "replace", scope: `rangeId:${tableId}` }), "E_NOT_FOUND", "args.scope");
    assert.ok(!diagnostics.some((d) => /removed/.test(d.msg)), JSON.stringify(diagnostics));
  });

  test(`[${profile}] in a batch, replacing a gone table's block id with "": no word of a removal`, async () => {
    const { run, tableId } = await goneTable(profile);
    const outcome = await run("batch", { ops: [{ op: "insertText", args: { text: "", location: "replace", scope: `rangeId:${tableId}` } }] });
    const [failed] = outcome.result.data.results;
    assert.equal(failed.code, "E_NOT_FOUND");
    assert.ok(!failed.diagnostics.some((d) => /removed/.test(d.msg)), JSON.stringify(failed.diagnostics));
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] in a batch, a table removed in the sync a later op failed in: its id is retired, no warning of lost values`, async () => {
    const env = setup(profile);
    env.sim.load([{ type: "paragraph", text: "Intro" }, { type: "table", values: [["a"]] }, { type: "paragraph", text: "Mid" }, { type: "table", values: [["b"]] }, { type: "paragraph", text: "End" }]);
    const blocks = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true })).blocks;
    const [kept, gone] = [blocks[1].tableId, blocks[3].tableId];
    await env.sim.Word.run(async (/** @type {any} */ ctx) => {
      ctx.document.body.tables.getFirst().getNext().delete();
      await ctx.sync();
    });
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { text: "", location: "replace", scope: `rangeId:${kept}` } },
      { op: "insertText", args: { text: "y", location: "after", scope: `rangeId:${gone}` } },
    ] });
    const [removed, failed] = outcome.result.data.results;
    assert.equal(failed.code, "E_NOT_FOUND");
    assert.deepEqual(env.sim.snapshot().blocks.map((/** @type {any} */ b) => b.text), ["Intro", "Mid", "End"]);
    assert.deepEqual(removed.diagnostics.map((/** @type {any} */ d) => d.msg), ["The table of the scope was removed"]);
    const { diagnostics } = fails(await env.run("insertText", { text: "z", location: "after", scope: `rangeId:${kept}` }), "E_NOT_FOUND", "args.scope");
    assert.match(diagnostics[0].msg, /removed/);
  });
}

// A picture or linked text next to a gone table alike (table-edges.js notes where it went once Word did the write).
const PICTURE = { source: "base64", data: PNG_1x1, naturalWidth: 1, naturalHeight: 1 };

for (const profile of PROFILES) {
  for (const location of ["before", "after"]) {
    test(`[${profile}] insertPicture ${location} a gone table: E_NOT_FOUND and no word of a new paragraph`, async () => {
      const { run, tableId } = await goneTable(profile);
      const { diagnostics } = fails(await run("insertPicture", { ...PICTURE, location, scope: `rangeId:${tableId}` }), "E_NOT_FOUND", "args.scope");
      assert.deepEqual(claims(diagnostics), [], JSON.stringify(diagnostics));
    });

    test(`[${profile}] hyperlink.set with text ${location} a gone table: E_NOT_FOUND and no word of a new paragraph`, async () => {
      const { run, tableId } = await goneTable(profile);
      const { diagnostics } = fails(await run("hyperlink.set", { url: "https://example.com", text: "link", location, scope: `rangeId:${tableId}` }), "E_NOT_FOUND", "args.scope");
      assert.deepEqual(claims(diagnostics), [], JSON.stringify(diagnostics));
    });
  }

  test(`[${profile}] insertPicture after a table that is there still says where the picture went`, async () => {
    const env = setup(profile, { text: "Intro" });
    const { tableId } = ok(await env.run("table.create", { scope: "document", location: "end", rows: 1, cols: 1, data: [["a"]] }));
    const outcome = await env.run("insertPicture", { ...PICTURE, location: "after", scope: `rangeId:${tableId}` });
    ok(outcome);
    assert.equal(claims(outcome.result.diagnostics).length, 1, JSON.stringify(outcome.result.diagnostics));
  });
}
