// Runtime semantics: load forms, sync, errors, run, tracking, request contexts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith, throwsWith, NOT_LOADED } from "./helpers.js";

const fresh = (text = "Hello world\nSecond paragraph") => { const sim = createSimulator(); sim.setText(text); return sim; };

test("load with a comma string and / navigation", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.load("text, font/size, font/name");
    await ctx.sync();
    assert.equal(p.text, "Hello world");
    assert.equal(p.font.size, 12);
    assert.equal(p.font.name, "Aptos");
    throwsWith(() => p.font.bold, "PropertyNotLoaded", NOT_LOADED("bold"));
  });
});

test("load with an array of names", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.load(["text", "style"]);
    await ctx.sync();
    assert.deepEqual([p.text, p.style], ["Hello world", "Normal"]);
  });
});

test("load with {select, expand, top, skip} on a collection", async () => {
  const sim = fresh("a\nb\nc\nd");
  await sim.Word.run(async (ctx) => {
    const ps = ctx.document.body.paragraphs;
    ps.load({ select: "text", top: 2, skip: 1 });
    const q = ctx.document.body.paragraphs.getFirst();
    q.load({ select: "text", expand: "font" });
    await ctx.sync();
    assert.deepEqual(ps.items.map((p) => p.text), ["b", "c"]);
    assert.equal(q.font.bold, false);
  });
});

test("load with a strict nested object", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.load({ text: true, font: { bold: true } });
    await ctx.sync();
    assert.equal(p.text, "Hello world");
    assert.equal(p.font.bold, false);
    throwsWith(() => p.font.italic, "PropertyNotLoaded");
  });
});

test("load() without arguments loads scalar properties, not navigations", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.load();
    await ctx.sync();
    assert.equal(p.text, "Hello world");
    assert.equal(p.alignment, "Left");
    throwsWith(() => p.font.size, "PropertyNotLoaded");
  });
});

test("reading an unloaded property: PropertyNotLoaded with Word's message and errorLocation", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const r = ctx.document.getSelection();
    const e = throwsWith(() => r.text, "PropertyNotLoaded", NOT_LOADED("text"));
    assert.equal(e.debugInfo.errorLocation, "Range.text");
    assert.equal(e.name, "RichApi.Error");
    assert.ok(e instanceof sim.OfficeExtension.Error);
    assert.ok(Array.isArray(e.traceMessages));
    await ctx.sync();
  });
});

test("a loaded value is only there after sync", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.getRange();
    r.load("text");
    throwsWith(() => r.text, "PropertyNotLoaded");
    await ctx.sync();
    assert.equal(r.text, "Hello world\rSecond paragraph\r");
  });
});

test("collection items need a load and a sync", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const ps = ctx.document.body.paragraphs;
    const e = throwsWith(() => ps.items, "PropertyNotLoaded", NOT_LOADED("items"));
    assert.equal(e.debugInfo.errorLocation, "ParagraphCollection.items");
    ps.load("items");
    await ctx.sync();
    assert.equal(ps.items.length, 2);
  });
});

test("ClientResult.value before sync: ValueNotLoaded", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const html = ctx.document.body.getHtml();
    throwsWith(() => html.value, "ValueNotLoaded", 'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.');
    await ctx.sync();
    assert.match(html.value, /Hello world/);
  });
});

test("a property set locally reads back without a load", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.alignment = "Centered";
    assert.equal(p.alignment, "Centered");
    p.font.bold = true;
    assert.equal(p.font.bold, true);
    await ctx.sync();
  });
  assert.equal(sim.snapshot().blocks[0].alignment, "Centered");
});

test("isNullObject needs a sync", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const t = ctx.document.body.paragraphs.getFirst().parentTableOrNullObject;
    const e = throwsWith(() => t.isNullObject, "PropertyNotLoaded", NOT_LOADED("isNullObject"));
    assert.equal(e.debugInfo.errorLocation, "Table.isNullObject");
    await ctx.sync();
    assert.equal(t.isNullObject, true);
  });
});

test("queued errors reject the sync: InvalidArgument with debugInfo.errorLocation", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    ctx.document.body.insertText("x", "Before");
    const e = await rejectsWith(ctx.sync(), "InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
    assert.equal(e.debugInfo.errorLocation, "Body.insertText");
    assert.equal(e.debugInfo.code, "InvalidArgument");
  }).catch(() => {});
});

test("a failed sync keeps earlier operations of the batch and drops later ones", async () => {
  const sim = fresh("one");
  await rejectsWith(sim.Word.run(async (ctx) => {
    const body = ctx.document.body;
    body.insertText(" A", "End");
    body.insertText("bad", "After");
    body.insertText(" B", "End");
    await ctx.sync();
  }), "InvalidArgument");
  assert.equal(sim.text(), "one A");
});

test("Word.run syncs after the batch and resolves with its value", async () => {
  const sim = fresh("x");
  const value = await sim.Word.run((ctx) => { ctx.document.body.insertText("y", "End"); return Promise.resolve(42); });
  assert.equal(value, 42);
  assert.equal(sim.text(), "xy");
  assert.equal(sim.syncCount, 1);
});

test("Word.run with a batch that does not return a promise: RunMustReturnPromise", async () => {
  const sim = fresh();
  await rejectsWith(sim.Word.run(() => 5), "RunMustReturnPromise");
});

test("untracked objects used after their run: InvalidObjectPath, thrown when queued", async () => {
  const sim = fresh();
  const range = await sim.Word.run(async (ctx) => {
    const r = ctx.document.getSelection();
    await ctx.sync();
    return r;
  });
  const e = throwsWith(() => range.insertText("x", "Start"), "InvalidObjectPath");
  assert.match(e.message, /^The object path '.*' isn't working for what you're trying to do\. If you're using the object across multiple "context\.sync" calls and outside the sequential execution of a "\.run" batch, please use the "context\.trackedObjects\.add\(\)" and "context\.trackedObjects\.remove\(\)" methods to manage the object's lifetime\.$/);
  await rejectsWith(sim.Word.run(range, async () => { range.load("text"); }), "InvalidObjectPath");
});

test("tracked objects survive their run: Word.run(obj, batch) reuses the context", async () => {
  const sim = fresh("alpha beta");
  const range = await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.search("beta").getFirst();
    r.track();
    await ctx.sync();
    return r;
  });
  await sim.Word.run(range, async (ctx) => {
    assert.equal(range.context, ctx);
    range.insertText("!", "End");
    await ctx.sync();
  });
  assert.equal(sim.text(), "alpha beta!");
  await sim.Word.run([range], async (ctx) => { ctx.trackedObjects.remove(range); await ctx.sync(); });
});

test("context.trackedObjects.add/remove take arrays too", async () => {
  const sim = fresh("a b");
  const [r1, r2] = await sim.Word.run(async (ctx) => {
    const a = ctx.document.body.getRange("Start");
    const b = ctx.document.body.getRange("End");
    ctx.trackedObjects.add([a, b]);
    await ctx.sync();
    return [a, b];
  });
  await sim.Word.run([r1, r2], async (ctx) => { r1.load("text"); await ctx.sync(); ctx.trackedObjects.remove([r1, r2]); });
  assert.throws(() => r1.load("text"), (e) => e.code === "InvalidObjectPath");
});

test("objects of another context: InvalidRequestContext (argument, context.load, run array)", async () => {
  const sim = fresh("a b");
  const ctxA = new sim.Word.RequestContext();
  const ctxB = new sim.Word.RequestContext();
  const ra = ctxA.document.body.getRange();
  const rb = ctxB.document.body.getRange();
  throwsWith(() => ra.expandTo(rb), "InvalidRequestContext", "Cannot use the object across different request contexts.");
  throwsWith(() => ctxB.load(ra, "text"), "InvalidRequestContext");
  throwsWith(() => ctxB.trackedObjects.add(ra), "InvalidRequestContext");
  await rejectsWith(sim.Word.run([ra, rb], async () => {}), "InvalidRequestContext");
});

test("new Word.RequestContext(): its objects stay valid across syncs", async () => {
  const sim = fresh("abc");
  const ctx = new sim.Word.RequestContext();
  const r = ctx.document.body.getRange("End");
  await ctx.sync();
  r.insertText("d", "Before");
  await ctx.sync();
  r.insertText("e", "Before");
  await ctx.sync();
  assert.equal(sim.text(), "abcde");
});

test("Word.run(obj) with a bare-context object: objects created inside die with the run unless tracked", async () => {
  const sim = fresh("abc");
  const ctx = new sim.Word.RequestContext();
  const body = ctx.document.body;
  let inner, kept;
  await sim.Word.run(body, async (c) => {
    assert.equal(c, ctx);
    inner = body.getRange("Start");
    kept = body.getRange("End").track();
    await c.sync();
  });
  throwsWith(() => inner.load("text"), "InvalidObjectPath");
  kept.insertText("!", "Before");
  body.load("text");
  await ctx.sync();
  assert.equal(body.text, "abc!");
});

test("desktop: a tracked item whose collection is not tracked fails with GeneralException", async () => {
  const sim = createSimulator({ profile: "desktop" });
  sim.setText("a\nb");
  const item = await sim.Word.run(async (ctx) => {
    const rs = ctx.document.body.search("b");
    rs.load("items");
    await ctx.sync();
    rs.items[0].track();
    return rs.items[0];
  });
  await rejectsWith(sim.Word.run(item, async (ctx) => { item.insertText("x", "End"); await ctx.sync(); }), "GeneralException");
  // The web profile accepts it.
  const web = createSimulator({ profile: "web" });
  web.setText("a\nb");
  const webItem = await web.Word.run(async (ctx) => {
    const rs = ctx.document.body.search("b");
    rs.load("items");
    await ctx.sync();
    return rs.items[0].track();
  });
  await web.Word.run(webItem, async (ctx) => { webItem.insertText("x", "End"); await ctx.sync(); });
  assert.equal(web.text(), "a\nbx");
});

test("sync counter counts every sync, and latency delays each one", async () => {
  const sim = createSimulator({ latencyMs: 20 });
  sim.setText("a");
  const t0 = Date.now();
  await sim.Word.run(async (ctx) => { await ctx.sync(); await ctx.sync(); });
  assert.equal(sim.syncCount, 3);
  assert.ok(Date.now() - t0 >= 55);
  sim.resetSyncCount();
  assert.equal(sim.syncCount, 0);
});

test("context.trace messages land in traceMessages of a failed sync", async () => {
  const sim = fresh();
  const e = await rejectsWith(sim.Word.run(async (ctx) => {
    ctx.trace("before the bad call");
    ctx.document.body.insertParagraph("x", "Replace");
    await ctx.sync();
  }), "InvalidArgument");
  assert.deepEqual(e.traceMessages, ["before the bad call"]);
});

test("set() applies several properties", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.set({ alignment: "Right", font: { italic: true } });
    await ctx.sync();
  });
  const b = sim.snapshot().blocks[0];
  assert.equal(b.alignment, "Right");
  assert.equal(b.runs[0].italic, true);
});

test("toJSON returns loaded values", async () => {
  const sim = fresh();
  await sim.Word.run(async (ctx) => {
    const p = ctx.document.body.paragraphs.getFirst();
    p.load("text,style");
    await ctx.sync();
    assert.deepEqual(p.toJSON(), { text: "Hello world", style: "Normal" });
  });
});

test("load of a property that does not exist rejects the sync", async () => {
  const sim = fresh();
  await rejectsWith(sim.Word.run(async (ctx) => { ctx.document.body.load("nope"); await ctx.sync(); }), "InvalidArgument");
});

// trackedObjects as the Office.js runtime implements it (TrackedObjects._addCommon/_removeCommon): adding a
// tracked object again does nothing (no reference count), one remove releases it, and an object once removed
// can never be tracked again: GeneralException "The object is untracked.", thrown when add is called.
test("tracking: add twice, remove once releases it; a removed object cannot be tracked again", async () => {
  const sim = fresh("alpha beta");
  const range = await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.search("beta").getFirst();
    ctx.trackedObjects.add(r);
    ctx.trackedObjects.add(r);
    await ctx.sync();
    return r;
  });
  await sim.Word.run(range, async (ctx) => { ctx.trackedObjects.remove(range); await ctx.sync(); });
  throwsWith(() => range.insertText("!", "End"), "InvalidObjectPath");
  await rejectsWith(sim.Word.run(range, async (ctx) => { range.load("text"); await ctx.sync(); }), "InvalidObjectPath");
  throwsWith(() => range.context.trackedObjects.add(range), "GeneralException", "The object is untracked.");
  assert.equal(sim.text(), "alpha beta");
});

test("tracking: re-tracking a removed object fails even within its own run", async () => {
  const sim = fresh("alpha");
  await sim.Word.run(async (ctx) => {
    const r = ctx.document.body.getRange("Start");
    r.track();
    r.untrack();
    throwsWith(() => r.track(), "GeneralException", "The object is untracked.");
    await ctx.sync();
  });
});

test("tracking: releasing a tracked range of an earlier run stops it following edits", async () => {
  const sim = fresh("alpha beta");
  const ctx = new sim.Word.RequestContext();
  const body = ctx.document.body;
  const range = await sim.Word.run(body, async (c) => {
    const r = c.document.body.search("beta").getFirst();
    c.trackedObjects.add(r);
    await c.sync();
    return r;
  });
  const live = sim.liveAnchors;
  await sim.Word.run(body, async (c) => { c.trackedObjects.remove(range); await c.sync(); });
  assert.equal(sim.liveAnchors, live - 1);
});
