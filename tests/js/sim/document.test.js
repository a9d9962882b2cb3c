// Text editing, insert locations, tracked ranges following edits, fonts and paragraphs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

const fresh = (text = "Hello world\nSecond paragraph") => { const sim = createSimulator(); sim.setText(text); return sim; };
const run = (sim, fn) => sim.Word.run(async (ctx) => { const v = await fn(ctx); await ctx.sync(); return v; });

test("body.insertText(t, 'End') appends to the last paragraph", async () => {
  const sim = fresh("a\nb");
  await run(sim, (ctx) => ctx.document.body.insertText("!", "End"));
  assert.equal(sim.text(), "a\nb!");
});

test("insertParagraph creates a new paragraph", async () => {
  const sim = fresh("a");
  await run(sim, (ctx) => { ctx.document.body.insertParagraph("b", "End"); ctx.document.body.insertParagraph("z", "Start"); });
  assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["z", "a", "b"]);
});

test("\\n in insertText makes paragraph breaks and the returned range covers it all", async () => {
  const sim = fresh("start");
  const text = await run(sim, async (ctx) => { const r = ctx.document.body.insertText("x\ny", "End"); r.load("text"); await ctx.sync(); return r.text; });
  assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["startx", "y"]);
  assert.equal(text, "x\ry");
});

test("range.insertText(t, 'Replace') replaces the content; the range covers the new text", async () => {
  const sim = fresh("Hello world");
  sim.select("world");
  const [a, b] = await run(sim, async (ctx) => {
    const sel = ctx.document.getSelection();
    const r = sel.insertText("there", "Replace");
    r.load("text");
    sel.load("text");
    await ctx.sync();
    return [r.text, sel.text];
  });
  assert.equal(sim.text(), "Hello there");
  assert.equal(a, "there");
  assert.equal(b, "there");
});

test("insertText Start/End/Before/After on a range", async () => {
  const sim = fresh("middle");
  sim.select("middle");
  const t = await run(sim, async (ctx) => {
    const r = ctx.document.getSelection();
    r.insertText("[", "Before");
    r.insertText("]", "After");
    r.insertText("<", "Start");
    r.insertText(">", "End");
    r.load("text");
    await ctx.sync();
    return r.text;
  });
  assert.equal(sim.text(), "[<middle>]");
  assert.equal(t, "<middle>");
});

test("insert-location rules: Body.insertParagraph refuses Before (InvalidArgument)", async () => {
  const sim = fresh();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertParagraph("x", "Before")), "InvalidArgument");
});

test("insert-location rules: Paragraph.insertText refuses After", async () => {
  const sim = fresh();
  const e = await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().insertText("x", "After")), "InvalidArgument");
  assert.equal(e.debugInfo.errorLocation, "Paragraph.insertText");
});

test("insert-location rules: Range.insertParagraph refuses End; Range.insertTable refuses Start", async () => {
  const sim = fresh();
  await rejectsWith(run(sim, (ctx) => ctx.document.getSelection().insertParagraph("x", "End")), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.getSelection().insertTable(1, 1, "Start")), "InvalidArgument");
});

test("insert-location rules: Body.insertTable only Start/End, Paragraph.insertTable only Before/After", async () => {
  const sim = fresh();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertTable(1, 1, "After")), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().insertTable(1, 1, "End")), "InvalidArgument");
  await run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().insertTable(1, 1, "After"));
  assert.equal(sim.snapshot().blocks[1].type, "table");
});

test("insert-location rules: InlinePicture.insertText only Before/After; lower-case strings are refused", async () => {
  const sim = fresh();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertText("x", "end")), "InvalidArgument");
  await run(sim, (ctx) => ctx.document.body.insertText("x", sim.Word.InsertLocation.end));
  assert.equal(sim.text(), "Hello world\nSecond paragraphx");
});

test("insertBreak: line break in text; Range.insertBreak refuses Start", async () => {
  const sim = fresh("ab");
  await run(sim, (ctx) => ctx.document.body.insertBreak(sim.Word.BreakType.line, "End"));
  assert.equal(sim.snapshot().blocks[0].text, "ab\v");
  await rejectsWith(run(sim, (ctx) => ctx.document.getSelection().insertBreak("Page", "Start")), "InvalidArgument");
});

test("tracked range: text inserted before shifts it, inside grows it", async () => {
  const sim = fresh("one two three");
  const r = await run(sim, (ctx) => { const r = ctx.document.body.search("two").getFirst(); r.track(); return r; });
  await run(sim, (ctx) => ctx.document.body.insertText("zero ", "Start"));
  let text = await sim.Word.run(r, async (ctx) => { r.load("text"); await ctx.sync(); return r.text; });
  assert.equal(text, "two");
  sim.select("w");
  await run(sim, (ctx) => ctx.document.getSelection().insertText("WW", "Replace"));
  text = await sim.Word.run(r, async (ctx) => { r.load("text"); await ctx.sync(); return r.text; });
  assert.equal(text, "tWWo");
});

test("tracked range whose content is deleted is empty, not an error", async () => {
  const sim = fresh("keep gone keep");
  const r = await run(sim, (ctx) => ctx.document.body.search("gone").getFirst().track());
  await run(sim, (ctx) => ctx.document.body.search("gone ").getFirst().delete());
  const [text, empty] = await sim.Word.run(r, async (ctx) => { r.load("text,isEmpty"); await ctx.sync(); return [r.text, r.isEmpty]; });
  assert.equal(text, "");
  assert.equal(empty, true);
  assert.equal(sim.text(), "keep keep");
});

test("tracked paragraphs and tables survive unrelated edits", async () => {
  const sim = fresh("a\nb");
  const [p, t] = await run(sim, (ctx) => {
    const p = ctx.document.body.paragraphs.getLast().track();
    const t = ctx.document.body.insertTable(2, 2, "End", [["1", "2"]]).track();
    return [p, t];
  });
  await run(sim, (ctx) => ctx.document.body.insertParagraph("top", "Start"));
  const [text, values] = await sim.Word.run([p, t], async (ctx) => { p.load("text"); t.load("values"); await ctx.sync(); return [p.text, t.values]; });
  assert.equal(text, "b");
  assert.deepEqual(values, [["1", "2"], ["", ""]]);
});

test("font reads null for mixed values", async () => {
  const sim = fresh("plain bold");
  await run(sim, (ctx) => { ctx.document.body.search("bold").getFirst().font.bold = true; });
  const [bold, size] = await run(sim, async (ctx) => { const f = ctx.document.body.paragraphs.getFirst().font; f.load("bold,size"); await ctx.sync(); return [f.bold, f.size]; });
  assert.equal(bold, null);
  assert.equal(size, 12);
});

test("font properties: colour names normalised, highlight null removes, bad values refused", async () => {
  const sim = fresh("text");
  await run(sim, (ctx) => {
    const f = ctx.document.body.paragraphs.getFirst().font;
    f.set({ color: "red", highlightColor: "yellow", underline: "Double", name: "Arial", size: 14, italic: true });
  });
  let run0 = sim.snapshot().blocks[0].runs[0];
  assert.deepEqual([run0.color, run0.highlight, run0.underline, run0.fontName, run0.fontSize, run0.italic], ["#FF0000", "#FFFF00", "Double", "Arial", 14, true]);
  await run(sim, (ctx) => { ctx.document.body.font.highlightColor = null; });
  assert.equal(sim.snapshot().blocks[0].runs[0].highlight, null);
  await rejectsWith(run(sim, (ctx) => { ctx.document.body.font.underline = "Mixed"; }), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => { ctx.document.body.font.color = "not-a-colour"; }), "InvalidArgument");
});

test("paragraph formatting: alignment, lineSpacing in points, spacing", async () => {
  const sim = fresh("a");
  await run(sim, (ctx) => { const p = ctx.document.body.paragraphs.getFirst(); p.alignment = "Justified"; p.lineSpacing = 1.15 * 12; p.spaceBefore = 6; p.spaceAfter = 0; });
  const b = sim.snapshot().blocks[0];
  assert.deepEqual([b.alignment, b.lineSpacing, b.spaceBefore, b.spaceAfter], ["Justified", 13.8, 6, 0]);
  await rejectsWith(run(sim, (ctx) => { ctx.document.body.paragraphs.getFirst().alignment = "Mixed"; }), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => { ctx.document.body.paragraphs.getFirst().lineSpacing = -1; }), "InvalidArgument");
});

test("getRange(loc) and expandTo, isEmpty, compareLocationWith", async () => {
  const sim = fresh("abc\ndef");
  const out = await run(sim, async (ctx) => {
    const ps = ctx.document.body.paragraphs;
    const first = ps.getFirst(), last = ps.getLast();
    const whole = first.getRange("Whole"), content = first.getRange("Content"), start = first.getRange("Start");
    const both = first.getRange().expandTo(last.getRange());
    const rel = first.getRange().compareLocationWith(last.getRange());
    [whole, content, start, both].forEach((r) => r.load("text,isEmpty"));
    await ctx.sync();
    return [whole.text, content.text, start.isEmpty, both.text, rel.value];
  });
  assert.deepEqual(out, ["abc\r", "abc", true, "abc\rdef\r", "AdjacentBefore"]);
});

test("getRange with an invalid location: InvalidArgument", async () => {
  const sim = fresh();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().getRange("Before")), "InvalidArgument");
});

test("getSelection returns the current selection; select() moves it", async () => {
  const sim = fresh("one two");
  sim.select("two");
  const t = await run(sim, async (ctx) => { const s = ctx.document.getSelection(); s.load("text"); await ctx.sync(); return s.text; });
  assert.equal(t, "two");
  await run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().getRange("Start").select());
  assert.equal(sim.snapshot().selection.text, "");
  sim.selectAll();
  assert.equal(sim.snapshot().selection.text, "one two");
});

test("setText collapses the selection to the start", () => {
  const sim = fresh("abc");
  sim.select("b");
  sim.setText("x\ny");
  assert.deepEqual(sim.getSelection(), { start: 0, end: 0, text: "" });
  assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["x", "y"]);
});

test("styles on paragraphs and ranges; styleBuiltIn; unknown style is ItemNotFound", async () => {
  const sim = fresh("Title here\nbody");
  await run(sim, (ctx) => {
    ctx.document.body.paragraphs.getFirst().styleBuiltIn = sim.Word.BuiltInStyleName.heading1;
    ctx.document.body.search("body").getFirst().style = "Strong";
  });
  const snap = sim.snapshot();
  assert.equal(snap.blocks[0].style, "Heading 1");
  assert.equal(snap.blocks[0].runs[0].fontSize, 20);
  assert.equal(snap.blocks[1].runs[0].bold, true);
  const sb = await run(sim, async (ctx) => { const p = ctx.document.body.paragraphs.getFirst(); p.load("style,styleBuiltIn"); await ctx.sync(); return [p.style, p.styleBuiltIn]; });
  assert.deepEqual(sb, ["Heading 1", "Heading1"]);
  await rejectsWith(run(sim, (ctx) => { ctx.document.body.paragraphs.getFirst().style = "No Such Style"; }), "ItemNotFound");
});

test("lists: startNewList, listItem, isListItem, detachFromList, attachToList (refused on a list item); listItem on a non-list paragraph is ItemNotFound", async () => {
  const sim = fresh("one\ntwo\nplain");
  await run(sim, async (ctx) => {
    const ps = ctx.document.body.paragraphs;
    ps.load("items");
    await ctx.sync();
    const list = ps.items[0].startNewList();
    list.load("id");
    await ctx.sync();
    ps.items[1].attachToList(list.id, 0);
    list.setLevelBullet(0, "Solid");
  });
  const snap = sim.snapshot();
  assert.deepEqual(snap.blocks.map((b) => b.list && b.list.kind), ["bullet", "bullet", null]);
  const [isList, level] = await run(sim, async (ctx) => { const p = ctx.document.body.paragraphs.getFirst(); p.load("isListItem"); p.listItem.load("level"); await ctx.sync(); return [p.isListItem, p.listItem.level]; });
  assert.deepEqual([isList, level], [true, 0]);
  await rejectsWith(run(sim, async (ctx) => { const li = ctx.document.body.paragraphs.getLast().listItem; li.load("level"); }), "ItemNotFound");
  const n = await run(sim, async (ctx) => { const li = ctx.document.body.paragraphs.getLast().listItemOrNullObject; li.load("level"); await ctx.sync(); return li.isNullObject; });
  assert.equal(n, true);
  await run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().detachFromList());
  assert.equal(sim.snapshot().blocks[0].list, null);
  // "Fails if the paragraph cannot join the list or if the paragraph is already a list item."
  // The second paragraph (still in the first list) joins newList(first) at level 1, detached before when asked.
  const joinSecond = (newList, detachFirst) => run(sim, async (ctx) => {
    const [first, second] = [ctx.document.body.paragraphs.getFirst(), ctx.document.body.paragraphs.getFirst().getNext()];
    const list = newList(first).load("id");
    await ctx.sync();
    if (detachFirst) second.detachFromList();
    second.attachToList(list.id, 1);
  });
  await rejectsWith(joinSecond((first) => first.startNewList(), false), "GeneralException", "The paragraph is already a list item.");
  await joinSecond((first) => first.list, true);
  assert.deepEqual(sim.snapshot().blocks.slice(0, 2).map((b) => b.list?.level), [0, 1]);
});

test("startNewList on a paragraph already in a list fails (GeneralException)", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", text: "item", list: { kind: "number", level: 0 } }]);
  await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().startNewList()), "GeneralException");
});

test("paragraph navigation: getNext at the end is ItemNotFound, OrNullObject is null", async () => {
  const sim = fresh("a\nb");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.paragraphs.getLast().getNext().load("text")), "ItemNotFound");
  const isNull = await run(sim, async (ctx) => { const n = ctx.document.body.paragraphs.getLast().getNextOrNullObject(); await ctx.sync(); return n.isNullObject; });
  assert.equal(isNull, true);
});

test("paragraph.delete and range.clear", async () => {
  const sim = fresh("a\nb\nc");
  await run(sim, (ctx) => ctx.document.body.paragraphs.getFirst().getNext().delete());
  assert.equal(sim.text(), "a\nc");
  await run(sim, (ctx) => ctx.document.body.clear());
  assert.equal(sim.text(), "");
});

test("insertHtml: basic tags become formatted paragraphs", async () => {
  const sim = fresh("");
  await run(sim, (ctx) => ctx.document.body.insertHtml("<h1>Head</h1><p>Some <b>bold</b> and <i>it</i></p><ul><li>x</li><li>y</li></ul>", "Replace"));
  const snap = sim.snapshot();
  assert.deepEqual(snap.blocks.map((b) => b.text).slice(0, 4), ["Head", "Some bold and it", "x", "y"]);
  assert.equal(snap.blocks[0].style, "Heading 1");
  assert.equal(snap.blocks[1].runs.find((r) => r.text === "bold").bold, true);
  assert.equal(snap.blocks[2].list.kind, "bullet");
});

test("changeTrackingMode is stored and validated", async () => {
  const sim = fresh();
  await run(sim, (ctx) => { ctx.document.changeTrackingMode = "TrackAll"; });
  assert.equal(sim.snapshot().changeTrackingMode, "TrackAll");
  await rejectsWith(run(sim, (ctx) => { ctx.document.changeTrackingMode = "Sometimes"; }), "InvalidArgument");
});

test("range.paragraphs, parentTable on a non-table range is ItemNotFound", async () => {
  const sim = fresh("a\nb\nc");
  sim.select("a\rb");
  const n = await run(sim, async (ctx) => { const ps = ctx.document.getSelection().paragraphs; ps.load("text"); await ctx.sync(); return ps.items.length; });
  assert.equal(n, 2);
  await rejectsWith(run(sim, (ctx) => ctx.document.getSelection().parentTable.load("rowCount")), "ItemNotFound");
});

test("onChange fires after a sync that changed the document, not after a read-only one", async () => {
  const sim = fresh("a");
  let calls = 0;
  const off = sim.onChange(() => calls++);
  await run(sim, (ctx) => ctx.document.body.load("text"));
  assert.equal(calls, 0);
  await run(sim, (ctx) => ctx.document.body.insertText("b", "End"));
  assert.equal(calls, 1);
  off();
});
