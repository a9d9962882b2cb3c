// expectText (refuse to edit a range whose text changed) and dryRun (check targets, change nothing) on
// every op, within the sync budget.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, fails, ok, paragraphs, setup, tables } from "./helpers.js";
import { HANDLERS } from "../../../addin/js/handlers/index.js";
import { clip, sameText } from "../../../addin/js/expect.js";

/** A document with a paragraph, a tracked word in it and a 2×2 table; returns the ids. */
async function fixture(profile, options) {
  const env = setup(profile, { text: "alpha beta gamma\nsecond", ...options });
  const beta = ok(await env.run("search", { query: "beta" })).results[0].rangeId;
  const table = ok(await env.run("table.create", { rows: 2, cols: 2, scope: "document", location: "end", data: [["a", "b"], ["c", "d"]] }));
  return { ...env, beta, table };
}

/** Every op that can target a range, as [label, op, args(ids)]. */
const TARGETED = [
  ["insertText", "insertText", (f) => ({ text: "X", scope: `rangeId:${f.beta}`, location: "replace" })],
  ["search", "search", (f) => ({ query: "e", scope: `rangeId:${f.beta}` })],
  ["replace rangeId", "replace", (f) => ({ target: `rangeId:${f.beta}`, replaceWith: "X" })],
  ["replace searchQuery", "replace", (f) => ({ target: "searchQuery", query: "e", replaceWith: "E", scope: `rangeId:${f.beta}` })],
  ["insertPicture", "insertPicture", (f) => ({ source: "base64", data: PNG_1x1, naturalWidth: 4, naturalHeight: 2, scope: `rangeId:${f.beta}`, location: "after" })],
  ["table.create", "table.create", (f) => ({ rows: 1, cols: 1, scope: `rangeId:${f.beta}`, location: "after" })],
  ["table.insertRows", "table.insertRows", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, at: 1 })],
  ["table.insertColumns", "table.insertColumns", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, at: 1 })],
  ["table.deleteRows", "table.deleteRows", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, indexes: [0] })],
  ["table.deleteColumns", "table.deleteColumns", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, indexes: [0] })],
  ["table.setCellText", "table.setCellText", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, row: 0, col: 0, text: "X" })],
  ["table.mergeCells", "table.mergeCells", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 2 })],
  ["table.applyStyle", "table.applyStyle", (f) => ({ tableRef: `rangeId:${f.table.rangeId}`, style: { name: "Grid Table 4 - Accent 1", firstRow: true } })],
  ["applyStyle char", "applyStyle", (f) => ({ scope: `rangeId:${f.beta}`, char: { bold: true } })],
  ["applyStyle built-in", "applyStyle", (f) => ({ scope: `rangeId:${f.beta}`, namedStyle: "Heading 1" })],
  ["applyStyle custom", "applyStyle", (f) => ({ scope: `rangeId:${f.beta}`, namedStyle: "Client Note", char: { italic: true } })],
  ["applyStyle para", "applyStyle", (f) => ({ scope: `rangeId:${f.beta}`, para: { alignment: "center" } })],
];
/** Ops that write before the sync that reads what they need: expectText costs them one sync more (3). */
const WRITE_FIRST = [
  ["applyStyle clearOtherStyles", "applyStyle", (f) => ({ scope: `rangeId:${f.beta}`, clearOtherStyles: true })],
  ["applyStyle list", "applyStyle", (f) => ({ scope: `rangeId:${f.beta}`, para: { list: "bullet" } })],
];

/** The expected text of the op's target (a table's range reads as its cells, tab-separated, rows ending in \r). */
const expected = (op, args) => (String(args.tableRef ?? "").startsWith("rangeId:") ? "a\tb\nc\td\n" : "beta");

async function withCustomStyle(sim) {
  await sim.Word.run(async (context) => {
    context.document.addStyle("Client Note", "Paragraph");
    await context.sync();
  });
}

for (const profile of PROFILES) {
  for (const [label, op, makeArgs] of TARGETED) {
    test(`expectText on ${label}: a stale range is refused and nothing changes; the right text runs the op (${profile})`, async () => {
      const f = await fixture(profile);
      await withCustomStyle(f.sim);
      const args = makeArgs(f);
      const before = JSON.stringify(f.sim.snapshot());
      const stale = fails(await f.run(op, { ...args, expectText: "something else" }), "E_NOT_FOUND", "args.expectText");
      assert.match(stale.diagnostics[0].msg, /^stale range: expected "something else", found "/);
      assert.equal(JSON.stringify(f.sim.snapshot()), before, "a refused op changed the document");
      ok(await f.run(op, { ...args, expectText: expected(op, args) })); // run() asserts ≤ 2 syncs
    });
  }

  for (const [label, op, makeArgs] of WRITE_FIRST) {
    test(`expectText on ${label} (writes before it reads): checked first, one sync more (${profile})`, async () => {
      const f = await fixture(profile);
      const args = makeArgs(f);
      const before = JSON.stringify(f.sim.snapshot());
      const count = f.sim.syncCount;
      const stale = await f.engine.execute({ type: "ai-cmd", id: `wf-${label}-${profile}`, op: { type: "word.op", op, version: "1.0", args: { ...args, expectText: "nope" } } });
      assert.equal(stale.result.code, "E_NOT_FOUND");
      assert.equal(JSON.stringify(f.sim.snapshot()), before);
      assert.equal(f.sim.syncCount - count, 1);
      const good = await f.engine.execute({ type: "ai-cmd", id: `wf-ok-${label}-${profile}`, op: { type: "word.op", op, version: "1.0", args: { ...args, expectText: "beta" } } });
      assert.equal(good.result.ok, true, JSON.stringify(good.result));
      assert.ok(good.stats.syncs <= 3);
    });
  }

  test(`expectText compares line ends as the client writes them, and needs a range target (${profile})`, async () => {
    const env = setup(profile, { text: "one\ntwo" });
    env.sim.selectAll();
    const all = ok(await env.run("getSelection")).rangeId;
    ok(await env.run("applyStyle", { scope: `rangeId:${all}`, char: { italic: true }, expectText: "one\ntwo" }));
    fails(await env.run("insertText", { text: "x", scope: "document", expectText: "one" }), "E_INVALID_ARG", "args.expectText");
    fails(await env.run("insertText", { text: "x", scope: "rangeId:rng_gone_1", expectText: "one" }), "E_NOT_FOUND", "args.scope");
  });

  test(`a block's rangeId from readDocument takes the block's text as its expectText (${profile})`, async () => {
    // The block's range holds the paragraph mark; the text readDocument shows for it does not.
    const { run } = setup(profile, { text: "Terms apply.\nEnd" });
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    ok(await run("applyStyle", { scope: `rangeId:${blocks[0].rangeId}`, char: { bold: true }, expectText: blocks[0].text }));
    const stale = fails(await run("applyStyle", { scope: `rangeId:${blocks[0].rangeId}`, char: { bold: false }, expectText: "Terms apply" }), "E_NOT_FOUND", "args.expectText");
    assert.match(stale.diagnostics[0].msg, /stale range/);
  });

  test(`dryRun on every op changes nothing, mints no id and reports the targets (${profile})`, async () => {
    const f = await fixture(profile);
    await withCustomStyle(f.sim);
    const before = JSON.stringify(f.sim.snapshot());
    const ids = f.engine.registry.size();
    for (const [label, op, makeArgs] of [...TARGETED, ...WRITE_FIRST, ["getSelection", "getSelection", () => ({})], ["listStyles", "listStyles", () => ({ category: "table" })]]) {
      const args = makeArgs(f);
      const data = ok(await f.run(op, { ...args, dryRun: true }));
      assert.equal(data.dryRun, true, label);
      assert.equal(data.wouldRun.op, op, label);
      assert.equal(JSON.stringify(f.sim.snapshot()), before, `${label} changed the document`);
      assert.equal(f.engine.registry.size(), ids, `${label} minted an id`);
    }
    const cell = ok(await f.run("table.setCellText", { tableRef: `tableId:${f.table.tableId}`, row: 1, col: 1, text: "X", dryRun: true }));
    assert.deepEqual(cell.targets, { tableRef: { tableId: f.table.tableId, rows: 2, cols: 2 } });
    assert.deepEqual(cell.wouldRun, { op: "table.setCellText", args: { tableRef: `tableId:${f.table.tableId}`, row: 1, col: 1, text: "X" } });
    const viaRange = ok(await f.run("table.insertRows", { tableRef: `rangeId:${f.table.rangeId}`, at: 0, dryRun: true }));
    assert.deepEqual(viaRange.targets.tableRef, { rows: 2, cols: 2 });
    const styled = ok(await f.run("applyStyle", { scope: `rangeId:${f.beta}`, namedStyle: "client note", expectText: "beta", dryRun: true }));
    assert.deepEqual(styled.targets, { scope: { kind: "range", rangeId: f.beta, text: "beta" }, namedStyle: { name: "Client Note" } });
    assert.equal(styled.wouldRun.args.expectText, "beta");
    const replaced = ok(await f.run("replace", { target: "searchQuery", query: "a", replaceWith: "A", scope: "document", dryRun: true }));
    assert.deepEqual(replaced.targets, { scope: { kind: "document" }, target: { kind: "searchQuery", hits: 6 } });
    const selection = ok(await f.run("insertText", { text: "x", scope: "selection", dryRun: true }));
    assert.deepEqual(selection.targets, { scope: { kind: "selection", text: "" } });
    const big = ok(await f.run("insertPicture", { source: "base64", data: PNG_1x1.repeat(5), naturalWidth: 4, naturalHeight: 2, scope: "document", dryRun: true }));
    assert.match(big.wouldRun.args.data, /… \(\d+ characters\)$/);
  });

  test(`dryRun reports what would fail, with the op's own errors (${profile})`, async () => {
    const f = await fixture(profile);
    const ref = `tableId:${f.table.tableId}`;
    fails(await f.run("insertText", { text: "x", scope: "rangeId:rng_gone_1", dryRun: true }), "E_NOT_FOUND", "args.scope");
    fails(await f.run("table.setCellText", { tableRef: ref, row: 5, col: 0, text: "x", dryRun: true }), "E_NOT_FOUND", "args.row");
    fails(await f.run("table.deleteRows", { tableRef: ref, indexes: [7], dryRun: true }), "E_NOT_FOUND", "args.indexes[0]");
    fails(await f.run("table.insertRows", { tableRef: ref, at: 9, dryRun: true }), "E_INVALID_ARG", "args.at");
    fails(await f.run("insertText", { text: "x", scope: `rangeId:${f.beta}`, expectText: "gamma", dryRun: true }), "E_NOT_FOUND", "args.expectText");
    const style = fails(await f.run("applyStyle", { scope: `rangeId:${f.beta}`, namedStyle: "Heding 1", dryRun: true }), "E_NOT_FOUND", "args.namedStyle");
    assert.match(style.diagnostics[0].msg, /Nearest: "Heading 1"/);
    const tableStyle = fails(await f.run("table.applyStyle", { tableRef: ref, style: { name: "Grid Tabel 4" }, dryRun: true }), "E_NOT_FOUND", "args.style.name");
    assert.match(tableStyle.diagnostics[0].msg, /Nearest: "Grid Table 4/);
    fails(await f.run("search", { query: "cat|dog", useRegex: true, dryRun: true }), "E_UNSUPPORTED", "args.query");
    ok(await f.run("table.deleteRows", { tableRef: ref, indexes: [0, 1] }));
    fails(await f.run("table.setCellText", { tableRef: ref, row: 0, col: 0, text: "x", dryRun: true }), "E_NOT_FOUND", "args.tableRef");
    if (profile === "web") {
      fails(await f.run("insertPicture", { source: "base64", data: PNG_1x1, naturalWidth: 4, naturalHeight: 2, scope: "document", wrapType: "square", dryRun: true }), "E_UNSUPPORTED", "args.wrapType");
    }
  });
}

test("dryRun below WordApi 1.5: custom style names cannot be checked, and the result says so", async () => {
  const env = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.4" } } });
  const outcome = await env.run("applyStyle", { scope: "document", namedStyle: "Client Note", dryRun: true });
  const data = ok(outcome);
  assert.deepEqual(data.targets.namedStyle, { name: "Client Note", checked: false });
  assert.equal(outcome.result.diagnostics[0].field, "args.namedStyle");
});

test("every handler declares what its first sync carries, and the declarations hold", async () => {
  for (const [name, handler] of Object.entries(HANDLERS)) {
    assert.ok(handler.firstSync !== undefined || handler.ownsCommonArgs, `${name} declares no firstSync`);
  }
  // "none": the op costs only Word.run's closing sync
  for (const [op, args] of [
    ["insertText", { text: "x", scope: "document" }],
    ["insertPicture", { source: "base64", data: PNG_1x1, naturalWidth: 4, naturalHeight: 2, scope: "document", location: "end" }],
    ["table.create", { rows: 1, cols: 1, scope: "document" }],
    ["replace", { target: "document", replaceWith: "y" }],
    ["applyStyle", { scope: "document", char: { bold: true }, namedStyle: "Heading 2" }],
  ]) {
    const { run } = setup("desktop", { text: "x" });
    assert.equal((await run(op, args)).stats.syncs, 1, op);
  }
});

test("texts in messages are clipped, line ends compared loosely", () => {
  assert.equal(clip("short"), "short");
  const long = clip("a".repeat(100) + "b".repeat(100));
  assert.equal(long.length, 80);
  assert.match(long, /^a+…b+$/);
  assert.equal(clip("one\rtwo"), "one¶two");
  assert.ok(sameText("one\rtwo", "one\ntwo"));
  assert.ok(!sameText("one", "one "));
  assert.ok(sameText("one\r", "one"), "a paragraph's closing mark is not a difference");
  assert.ok(!sameText("one\r\r", "one"));
  assert.ok(sameText("Revenue\u0002 grew", "Revenue grew"), "nor is a note reference's placeholder");
});

test("a stale range of a long text says where the texts differ", async () => {
  const text = `${"x".repeat(120)} tail`;
  const env = setup("web", { text });
  env.sim.selectAll();
  const all = ok(await env.run("getSelection")).rangeId;
  const stale = fails(await env.run("insertText", { text: "y", scope: `rangeId:${all}`, expectText: `${"x".repeat(120)} tale` }), "E_NOT_FOUND");
  assert.match(stale.diagnostics[0].msg, /they differ from character 123/);
  assert.deepEqual(paragraphs(env.sim), [text]);
  assert.equal(tables(env.sim).length, 0);
});
