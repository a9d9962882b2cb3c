// The id registry against the simulator's tracking (which throws what Word throws): one tracked object has
// one id, nothing is untracked while an id uses it, failed ops untrack what they created.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, fails, ok, paragraphs, setup } from "./helpers.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createRegistry } from "../../../addin/js/registry.js";

for (const profile of PROFILES) {
  test(`applyStyle on a rangeId answers that same id (${profile})`, async () => {
    const { run } = setup(profile, { text: "alpha beta gamma" });
    const alpha = ok(await run("search", { query: "alpha" })).results[0].rangeId;
    const styled = ok(await run("applyStyle", { scope: `rangeId:${alpha}`, char: { bold: true } }));
    assert.equal(styled.rangeId, alpha);
  });

  test(`evicting an old id does not break a newer id of the same range (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "alpha beta gamma delta", registryLimit: 3 });
    const alpha = ok(await run("search", { query: "alpha" })).results[0].rangeId;
    const styled = ok(await run("applyStyle", { scope: `rangeId:${alpha}`, char: { bold: true } })).rangeId;
    ok(await run("search", { query: "beta" }));
    ok(await run("search", { query: "gamma" }));
    ok(await run("applyStyle", { scope: `rangeId:${styled}`, char: { italic: true } }));
    ok(await run("insertText", { text: "ALPHA", scope: `rangeId:${styled}`, location: "replace" }));
    assert.deepEqual(paragraphs(sim), ["ALPHA beta gamma delta"]);
  });

  test(`a range used again and again keeps working while ids come and go (${profile})`, async () => {
    const { run } = setup(profile, { text: "one two three four five six", registryLimit: 3 });
    let id = ok(await run("search", { query: "one" })).results[0].rangeId;
    for (const word of ["two", "three", "four", "five", "six"]) {
      id = ok(await run("applyStyle", { scope: `rangeId:${id}`, char: { bold: true } })).rangeId;
      ok(await run("search", { query: word }));
    }
    ok(await run("insertText", { text: "1", scope: `rangeId:${id}`, location: "replace" }));
  });

  // Office.js caches Range.parentTableOrNullObject on the tracked range: an id minted for it and then evicted left
  // an object that can never be tracked again, so the range failed as a tableRef from then on.
  test(`a range id used as tableRef again after the table id it gave was evicted (${profile})`, async () => {
    const { sim, run } = setup(profile, { registryLimit: 20 });
    sim.load(Array.from({ length: 40 }, (_, i) => ({ type: "paragraph", text: `p${i}` })));
    const { rangeId } = ok(await run("table.create", { rows: 1, cols: 2, data: [["a", "b"]], scope: "document", location: "start" }));
    const setCell = (text) => run("table.setCellText", { tableRef: `rangeId:${rangeId}`, row: 0, col: 0, text });
    assert.match(ok(await setCell("x")).tableId, /^tbl_/);
    for (let offset = 1; offset < 40; offset += 10) {
      ok(await run("readDocument", { scope: `rangeId:${rangeId}`, format: "text" })); // keeps the range id recent
      ok(await run("readDocument", { scope: "document", format: "structure", includeRangeIds: true, offset, limit: 10 }));
    }
    assert.match(ok(await setCell("y")).tableId, /^tbl_/);
    assert.deepEqual(sim.snapshot().blocks[0].values, [["y", "b"]]);
  });
}

test("floating picture on a rangeId answers that same id, which outlives eviction (desktop)", async () => {
  const { sim, run } = setup("desktop", { text: "anchor here\nnext", registryLimit: 2 });
  const anchor = ok(await run("search", { query: "anchor" })).results[0].rangeId;
  const picture = ok(await run("insertPicture", {
    source: "base64", data: PNG_1x1, format: "png", naturalWidth: 10, naturalHeight: 10, scope: `rangeId:${anchor}`, wrapType: "square",
  }));
  assert.equal(picture.rangeId, anchor);
  ok(await run("search", { query: "here" }));
  ok(await run("search", { query: "next" }));
  fails(await run("insertText", { text: "x", scope: `rangeId:${anchor}` }), "E_NOT_FOUND", "args.scope");
  assert.equal(sim.snapshot().shapes.length, 1);
});

/** A registry over a simulator context shared across runs, as the engine uses it. */
function sharedContext(text) {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  sim.setText(text);
  const context = new sim.Word.RequestContext();
  const anchor = context.document.body;
  context.trackedObjects.add(anchor);
  return { sim, anchor };
}

test("one object, one id: adding it again returns its id and tracks nothing new", async () => {
  const { sim, anchor } = sharedContext("alpha beta");
  const registry = createRegistry({ limit: 10, salt: "test" });
  registry.beginOp();
  const [first, again] = await sim.Word.run(anchor, async (context) => {
    const range = context.document.body.search("beta").getFirst();
    const id = registry.add("rng", range);
    return [id, registry.add("rng", range)];
  });
  assert.equal(again, first);
  assert.equal(registry.size(), 1);
});

test("a failed op's ids are forgotten and their objects untracked", async () => {
  const { sim, anchor } = sharedContext("alpha beta");
  const registry = createRegistry({ limit: 10, salt: "test" });
  registry.beginOp();
  const kept = await sim.Word.run(anchor, async (context) => registry.add("rng", context.document.body.search("alpha").getFirst()));
  registry.beginOp();
  const range = await sim.Word.run(anchor, async (context) => {
    const r = context.document.body.search("beta").getFirst();
    registry.add("rng", r);
    registry.range(kept, "args.scope"); // used, not created, by the failing op
    return r;
  });
  registry.rollbackOp();
  assert.equal(registry.size(), 1);
  assert.equal(registry.lookup(kept)?.kind, "rng");
  await assert.rejects(sim.Word.run(anchor, async (context) => { range.load("text"); await context.sync(); }), (e) => e.code === "InvalidObjectPath");
  await sim.Word.run(anchor, async (context) => { registry.range(kept, "x").insertText("!", "End"); await context.sync(); });
  assert.equal(sim.text(), "alpha! beta");
});

test("a removal queued by an op refuses the id at once; a rollback after it takes it back, one before it does not", async () => {
  const { sim, anchor } = sharedContext("alpha beta");
  const registry = createRegistry({ limit: 10, salt: "test" });
  registry.beginOp();
  const id = await sim.Word.run(anchor, async (context) => registry.add("rng", context.document.body.search("beta").getFirst()));
  registry.beginOp();
  const before = registry.mark();
  registry.removing(id, "its paragraphs were removed");
  assert.throws(() => registry.range(id, "args.ops[1].args.scope"),
    (e) => e.code === "E_NOT_FOUND" && e.field === "args.ops[1].args.scope" && /is gone: its paragraphs were removed by an earlier op/.test(e.message));
  const after = registry.mark();
  registry.rollbackOp(after); // a later op of the batch failed: the removal stands
  assert.throws(() => registry.range(id, "x"), (e) => e.code === "E_NOT_FOUND");
  registry.rollbackOp(before); // the removing op itself failed: Word removed nothing
  assert.equal(registry.lookup(id)?.kind, "rng");
  registry.removing(id, "removed");
  registry.retire(id, "removed");
  assert.throws(() => registry.range(id, "x"), (e) => e.code === "E_NOT_FOUND" && /is gone: removed$/.test(e.message));
});

test("retarget: the id answers its new range; a rollback of the op gives the old one back", async () => {
  const { sim, anchor } = sharedContext("alpha beta gamma");
  const registry = createRegistry({ limit: 10, salt: "test" });
  registry.beginOp();
  const id = await sim.Word.run(anchor, async (ctx) => registry.add("rng", ctx.document.body.search("alpha").getFirst()));
  registry.beginOp();
  await sim.Word.run(anchor, async (ctx) => {
    const gamma = ctx.document.body.search("gamma").getFirst();
    registry.retarget(id, gamma);
    assert.equal(registry.add("rng", gamma), id, "the new range is the id's");
  });
  registry.rollbackOp();
  await sim.Word.run(anchor, async (ctx) => { registry.range(id, "x").insertText("!", "End"); await ctx.sync(); });
  assert.equal(sim.text(), "alpha! beta gamma");

  registry.beginOp();
  await sim.Word.run(anchor, async (ctx) => registry.retarget(id, ctx.document.body.search("beta").getFirst()));
  registry.beginOp(); // the op is over: the old range is released
  await sim.Word.run(anchor, async (ctx) => { registry.range(id, "x").insertText("?", "End"); await ctx.sync(); });
  assert.equal(sim.text(), "alpha! beta? gamma");
  assert.equal(sim.liveAnchors, 2, "the shared anchor's body and the id's one range");
});

test("addAll tracks at most `cap` objects and leaves the rest without ids", async () => {
  const { sim, anchor } = sharedContext("a a a a a");
  const registry = createRegistry({ limit: 10, salt: "test" });
  registry.beginOp();
  const ids = await sim.Word.run(anchor, async (context) => {
    const hits = context.document.body.search("a", { matchWholeWord: true });
    hits.load("text");
    await context.sync();
    return registry.addAll("rng", hits.items, { holds: hits, cap: 3 });
  });
  assert.equal(ids.length, 5);
  assert.equal(ids.filter(Boolean).length, 3);
  assert.deepEqual(ids.slice(3), [undefined, undefined]);
  assert.equal(registry.mintedThisOp(), 3);
  assert.equal(registry.size(), 3);
});
