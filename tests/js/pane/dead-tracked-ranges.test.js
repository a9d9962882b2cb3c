// A tracked object Word no longer finds (the person deleted a table in Word, or Word dropped a range) fails every
// sync that uses it. The pane probes its ids when each op first reaches for Word (registry-probes.js): a dead id is
// retired, the op that does not name it still answers, and one that names it answers E_NOT_FOUND on that arg, with
// nothing of it applied (in a batch: that op; the ops before it are applied, as batches do).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, setup, tables } from "./helpers.js";

const DOC = [
  { type: "paragraph", text: "Intro" },
  { type: "paragraph", text: "Body text." },
  { type: "paragraph", text: "Outro" },
];
/** The retry of an op that met a dead id: its failed sync, the one that clears its queue, then its own two. */
const RETRIED = { maxSyncs: 4 };

/** @param {string} profile */
async function withBlocks(profile) {
  const env = setup(profile);
  env.sim.load(DOC);
  const { blocks } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
  const ids = blocks.map((/** @type {any} */ b) => b.rangeId);
  /** Word no longer resolves the object of an id. @param {string} id @param {string} [code] */
  const lose = (id, code) => env.sim.loseTracked(env.engine.registry.lookup(id)?.object, code);
  return { ...env, ids, lose };
}

/** @param {any} result */
const lostNote = (result) => result.diagnostics.find((/** @type {any} */ d) => /(is|are) gone \(.*\): Word no longer finds its content/.test(d.msg));

for (const profile of PROFILES) {
  for (const code of ["ItemNotFound", "InvalidObjectPath", "GeneralException"]) {
    test(`[${profile}] readDocument answers with one earlier block id dead in Word (${code}), and retires it`, async () => {
      const env = await withBlocks(profile);
      env.lose(env.ids[1], code);
      const read = await env.run("readDocument", { format: "structure", includeRangeIds: true }, RETRIED);
      const data = ok(read);
      assert.deepEqual(data.blocks.map((/** @type {any} */ b) => b.text), ["Intro", "Body text.", "Outro"]);
      assert.equal(data.blocks[0].rangeId, env.ids[0], "a live earlier id is still reused");
      assert.notEqual(data.blocks[1].rangeId, env.ids[1], "the dead id is not answered");
      assert.match(lostNote(read.result).msg, new RegExp(env.ids[1]));
      // Reading again costs the usual syncs, and the dead id stays gone.
      ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
      const gone = fails(await env.run("insertText", { scope: `rangeId:${env.ids[1]}`, text: "!", location: "end" }), "E_NOT_FOUND", "args.scope");
      assert.equal(gone.diagnostics[0].msg, `The content of rangeId:${env.ids[1]} no longer exists (${code}): Word no longer finds its content (it was deleted in Word): read or search the document again`);
    });
  }

  test(`[${profile}] an op on a live id while another id is dead is applied once`, async () => {
    const env = await withBlocks(profile);
    env.lose(env.ids[0]);
    const done = await env.run("insertText", { scope: `rangeId:${env.ids[2]}`, text: " (end)", location: "end" }, RETRIED);
    ok(done);
    assert.ok(lostNote(done.result));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "Body text.", "Outro (end)"]);
    // A replace (its end-of-op checks read every id that had text) works as well.
    ok(await env.run("replace", { target: `rangeId:${env.ids[1]}`, replaceWith: "New body." }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "New body.", "Outro (end)"]);
  });

  test(`[${profile}] an op on a table deleted in Word answers E_NOT_FOUND naming its id, nothing applied; others go on`, async () => {
    const env = setup(profile, { text: "Intro" });
    const { tableId } = ok(await env.run("table.create", { rows: 2, cols: 2, scope: "document", location: "end" }));
    env.sim.deleteInWord(env.engine.registry.lookup(tableId)?.object);
    assert.equal(tables(env.sim).length, 0);
    const before = paragraphs(env.sim);
    const gone = fails(await env.run("table.setCellText", { tableRef: `tableId:${tableId}`, row: 0, col: 0, text: "x" }, RETRIED), "E_NOT_FOUND", "args.tableRef");
    assert.equal(gone.diagnostics[0].msg, `The table of tableId:${tableId} no longer exists (ItemNotFound)`, "as the table ops say it");
    assert.deepEqual(paragraphs(env.sim), before);
    // Ops that do not name it do not meet it (table ids are read only by the ops that name them).
    ok(await env.run("insertText", { scope: "document", location: "end", text: " more" }));
    const again = fails(await env.run("table.setCellText", { tableRef: `tableId:${tableId}`, row: 0, col: 0, text: "x" }), "E_NOT_FOUND", "args.tableRef");
    assert.equal(again.diagnostics[0].msg, gone.diagnostics[0].msg);
  });

  test(`[${profile}] a batch touching a dead id: that op answers E_NOT_FOUND naming it, nothing of it applied`, async () => {
    const env = await withBlocks(profile);
    env.lose(env.ids[1]);
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { scope: "document", location: "start", text: "Header. " } },
      { op: "insertText", args: { scope: `rangeId:${env.ids[1]}`, text: "!", location: "end" } },
      { op: "insertText", args: { scope: "document", location: "end", text: "Not run." } },
    ] }, RETRIED);
    assert.equal(outcome.result.code, "E_NOT_FOUND");
    const [first, failed, after] = outcome.result.data.results;
    assert.equal(first.ok, true);
    assert.deepEqual(failed.diagnostics, [{ level: "error", field: "args.scope", msg: `The content of rangeId:${env.ids[1]} no longer exists (ItemNotFound): Word no longer finds its content (it was deleted in Word): read or search the document again` }]);
    assert.equal(after.code, "E_RUNTIME");
    assert.deepEqual(paragraphs(env.sim), ["Header. Intro", "Body text.", "Outro"], "the ops before it are applied once, as batches do");
  });

  test(`[${profile}] a batch that does not touch the dead id runs whole`, async () => {
    const env = await withBlocks(profile);
    env.lose(env.ids[1]);
    const outcome = await env.run("batch", { ops: [
      { op: "insertText", args: { scope: "document", location: "start", text: "Header. " } },
      { op: "insertText", args: { scope: `rangeId:${env.ids[2]}`, text: "!", location: "end" } },
    ] }, RETRIED);
    assert.equal(ok(outcome).completed, 2);
    assert.deepEqual(paragraphs(env.sim), ["Header. Intro", "Body text.", "Outro!"]);
  });

  test(`[${profile}] a host that reports no trace messages: the dead ids are found by halves`, async () => {
    const env = await withBlocks(profile);
    env.sim._model.quirks.reportsNoTraces = true;
    env.lose(env.ids[0]);
    env.lose(env.ids[2]);
    const read = await env.run("readDocument", { format: "structure", includeRangeIds: true }, { maxSyncs: 9 });
    const data = ok(read);
    assert.deepEqual(data.blocks.map((/** @type {any} */ b) => b.text), ["Intro", "Body text.", "Outro"]);
    assert.equal(data.blocks[1].rangeId, env.ids[1]);
    assert.match(lostNote(read.result).msg, /2 ids/);
    ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
  });

  test(`[${profile}] with no dead id the probes cost no sync`, async () => {
    const env = await withBlocks(profile);
    const before = env.sim.syncCount;
    ok(await env.run("insertText", { scope: `rangeId:${env.ids[2]}`, text: "!", location: "end" }));
    assert.equal(env.sim.syncCount - before, 1);
  });
}
