// Pictures, comments, the style catalogue, requirement-set profiles, Office namespace.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith, throwsWith, PNG_2x1, PNG_40x20 } from "./helpers.js";

const run = (sim, fn) => sim.Word.run(async (ctx) => { const v = await fn(ctx); await ctx.sync(); return v; });

test("insertInlinePictureFromBase64: natural size in points, lockAspectRatio keeps the ratio", async () => {
  const sim = createSimulator();
  sim.setText("pic: ");
  const size = await run(sim, async (ctx) => {
    const pic = ctx.document.body.insertInlinePictureFromBase64(PNG_40x20, "End");
    pic.load("width,height,lockAspectRatio");
    await ctx.sync();
    const natural = [pic.width, pic.height, pic.lockAspectRatio];
    pic.width = 60;
    pic.altTextDescription = "red box";
    pic.load("width,height");
    await ctx.sync();
    return [...natural, pic.width, pic.height];
  });
  assert.deepEqual(size, [30, 15, true, 60, 30]);
  const run0 = sim.snapshot().blocks[0].runs.find((r) => r.type === "picture");
  assert.deepEqual([run0.width, run0.height, run0.altText], [60, 30, "red box"]);
});

test("picture without lockAspectRatio changes one side only", async () => {
  const sim = createSimulator();
  await run(sim, async (ctx) => {
    const pic = ctx.document.body.insertInlinePictureFromBase64(PNG_2x1, "Start");
    pic.lockAspectRatio = false;
    pic.height = 50;
  });
  const p = sim.snapshot().blocks[0].runs[0];
  assert.deepEqual([p.width, p.height], [1.5, 50]);
});

test("invalid base64 picture: InvalidArgument; Body refuses Replace for pictures", async () => {
  const sim = createSimulator();
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertInlinePictureFromBase64("not base64!", "End")), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.insertInlinePictureFromBase64(PNG_2x1, "Replace")), "InvalidArgument");
});

test("inlinePictures collection and picture.insertText Before/After only", async () => {
  const sim = createSimulator();
  await run(sim, (ctx) => ctx.document.body.insertInlinePictureFromBase64(PNG_2x1, "End"));
  const n = await run(sim, async (ctx) => { const pics = ctx.document.body.inlinePictures; pics.load("items/width"); await ctx.sync(); return pics.items.length; });
  assert.equal(n, 1);
  await run(sim, (ctx) => ctx.document.body.inlinePictures.getFirst().insertText("after", "After"));
  assert.equal(sim.snapshot().blocks[0].text, "after");
  await rejectsWith(run(sim, (ctx) => ctx.document.body.inlinePictures.getFirst().insertText("x", "End")), "InvalidArgument");
});

test("desktop: insertPictureFromBase64 returns a floating Shape with id and textWrap", async () => {
  const sim = createSimulator({ profile: "desktop" });
  sim.setText("anchor");
  const shape = await run(sim, async (ctx) => {
    const s = ctx.document.getSelection().insertPictureFromBase64(PNG_40x20, { top: 10, left: 20, width: 100, height: 50 });
    s.textWrap.type = "Square";
    s.load("id,width,height,left,top");
    s.textWrap.load("type");
    await ctx.sync();
    return { id: s.id, width: s.width, wrap: s.textWrap.type };
  });
  assert.equal(typeof shape.id, "number");
  assert.equal(shape.width, 100);
  assert.equal(shape.wrap, "Square");
  assert.equal(sim.snapshot().shapes[0].wrapType, "Square");
});

test("web: insertPictureFromBase64, Range.start/end and Shape are ApiNotFound (thrown synchronously)", async () => {
  const sim = createSimulator({ profile: "web" });
  await run(sim, async (ctx) => {
    const r = ctx.document.getSelection();
    throwsWith(() => r.insertPictureFromBase64(PNG_2x1, {}), "ApiNotFound", "The method or property Range.insertPictureFromBase64 is part of the WordApiDesktop 1.2 requirement set, which is not available in your version of Word.");
    throwsWith(() => r.load("start"), "ApiNotFound");
    r.load("text");
    await ctx.sync();
    throwsWith(() => r.end, "ApiNotFound", "The method or property Range.end is part of the WordApiDesktop 1.4 requirement set, which is not available in your version of Word.");
  });
});

test("desktop: Range.start and Range.end", async () => {
  const sim = createSimulator({ profile: "desktop" });
  sim.setText("hello world");
  sim.select("world");
  const se = await run(sim, async (ctx) => { const r = ctx.document.getSelection(); r.load("start,end"); await ctx.sync(); return [r.start, r.end]; });
  assert.deepEqual(se, [6, 11]);
});

test("isSetSupported per profile", () => {
  const web = createSimulator({ profile: "web" });
  const desk = createSimulator({ profile: "desktop" });
  const req = (s) => s.Office.context.requirements;
  assert.equal(req(web).isSetSupported("WordApi", "1.9"), true);
  assert.equal(req(web).isSetSupported("WordApi", "1.10"), false);
  assert.equal(req(web).isSetSupported("WordApiDesktop", "1.1"), false);
  assert.equal(req(desk).isSetSupported("WordApiDesktop", "1.4"), true);
  assert.equal(req(desk).isSetSupported("WordApiDesktop", "1.5"), false);
  assert.equal(req(desk).isSetSupported("wordapi"), true);
  assert.equal(req(createSimulator({ apiSets: { WordApi: "1.3" } })).isSetSupported("WordApi", 1.4), false);
});

test("Office.onReady, HostType, PlatformType, diagnostics, document.url", async () => {
  const sim = createSimulator({ profile: "desktop" });
  const info = await sim.Office.onReady();
  assert.deepEqual(info, { host: "Word", platform: "PC" });
  assert.equal(sim.Office.HostType.Word, "Word");
  assert.equal(sim.Office.PlatformType.OfficeOnline, "OfficeOnline");
  assert.equal(sim.Office.context.diagnostics.platform, "PC");
  assert.equal(typeof sim.Office.context.diagnostics.version, "string");
  assert.equal(typeof sim.Office.context.document.url, "string");
  assert.equal((await createSimulator().Office.onReady()).platform, "OfficeOnline");
});

test("Word enums use Office.js keys and string values", () => {
  const { Word } = createSimulator();
  assert.equal(Word.InsertLocation.replace, "Replace");
  assert.equal(Word.ErrorCodes.itemNotFound, "ItemNotFound");
  assert.equal(Word.BreakType.page, "Page");
  assert.equal(Word.Alignment.centered, "Centered");
  assert.equal(Word.UnderlineType.double, "Double");
  assert.equal(Word.ChangeTrackingMode.trackAll, "TrackAll");
});

test("comments (WordApi 1.4): insertComment, getComments, snapshot", async () => {
  const sim = createSimulator();
  sim.setText("review this text");
  sim.select("this");
  const content = await run(sim, async (ctx) => {
    ctx.document.getSelection().insertComment("Check this");
    const cs = ctx.document.body.getComments();
    cs.load("items/content,items/authorName");
    await ctx.sync();
    return cs.items.map((c) => c.content);
  });
  assert.deepEqual(content, ["Check this"]);
  assert.deepEqual(sim.snapshot().comments.map((c) => [c.text, c.content]), [["this", "Check this"]]);
  const old = createSimulator({ apiSets: { WordApi: "1.3" } });
  await run(old, (ctx) => throwsWith(() => ctx.document.getSelection().insertComment("x"), "ApiNotFound"));
});

test("getStyles (WordApi 1.5): items, getByNameOrNullObject, nameLocal/builtIn/type/inUse", async () => {
  const sim = createSimulator();
  sim.setText("x");
  const out = await run(sim, async (ctx) => {
    const styles = ctx.document.getStyles();
    styles.load("items/nameLocal,items/type,items/builtIn");
    const h1 = styles.getByNameOrNullObject("Heading 1");
    h1.load("nameLocal,builtIn,type,inUse");
    const none = styles.getByNameOrNullObject("Nope");
    await ctx.sync();
    return { count: styles.items.length, types: new Set(styles.items.map((s) => s.type)), h1: h1.toJSON(), none: none.isNullObject };
  });
  assert.ok(out.count > 100);
  assert.deepEqual([...out.types].sort(), ["Character", "List", "Paragraph", "Table"]);
  assert.deepEqual(out.h1, { nameLocal: "Heading 1", builtIn: true, type: "Paragraph", inUse: false });
  assert.equal(out.none, true);
  await rejectsWith(run(sim, (ctx) => ctx.document.getStyles().getByName("Nope").load("type")), "ItemNotFound");
});

test("getStyles on a WordApi 1.4 host: ApiNotFound with the member name", async () => {
  const sim = createSimulator({ apiSets: { WordApi: "1.4" } });
  await run(sim, (ctx) => throwsWith(() => ctx.document.getStyles(), "ApiNotFound", "The method or property Document.getStyles is part of the WordApi 1.5 requirement set, which is not available in your version of Word."));
});

test("document.addStyle adds a custom style that can be applied", async () => {
  const sim = createSimulator();
  sim.setText("x");
  await run(sim, (ctx) => { ctx.document.addStyle("My Style", "Paragraph"); });
  await run(sim, (ctx) => { ctx.document.body.paragraphs.getFirst().style = "My Style"; });
  assert.equal(sim.snapshot().blocks[0].style, "My Style");
  const s = await run(sim, async (ctx) => { const st = ctx.document.getStyles().getByName("My Style"); st.load("builtIn,inUse"); await ctx.sync(); return st.toJSON(); });
  assert.deepEqual(s, { builtIn: false, inUse: true });
  await rejectsWith(run(sim, (ctx) => ctx.document.addStyle("My Style", "Paragraph")), "InvalidArgument");
});

test("styles: character styles are based on Default Paragraph Font; Style.font gives the style's font", async () => {
  const sim = createSimulator();
  sim.setText("x");
  const out = await run(sim, async (ctx) => {
    const styles = ctx.document.getStyles();
    styles.load("nameLocal,type,builtIn,baseStyle,font/name,font/size,font/color");
    await ctx.sync();
    const by = Object.fromEntries(styles.items.map((s) => [s.nameLocal, s]));
    return {
      strong: by.Strong.baseStyle, dpf: by["Default Paragraph Font"].baseStyle, dpfType: by["Default Paragraph Font"].type,
      h1: by["Heading 1"].baseStyle, normal: by.Normal.baseStyle, grid: by["Table Grid"].baseStyle,
      normalFont: [by.Normal.font.name, by.Normal.font.size, by.Normal.font.color], h1Font: [by["Heading 1"].font.name, by["Heading 1"].font.size],
    };
  });
  assert.deepEqual(out, {
    strong: "Default Paragraph Font", dpf: "", dpfType: "Character", h1: "Normal", normal: "", grid: "Normal Table",
    normalFont: ["Aptos", 12, "#000000"], h1Font: ["Aptos Display", 20],
  });
});

test("applying Default Paragraph Font removes character styles", async () => {
  const sim = createSimulator();
  sim.setText("plain strong plain");
  await run(sim, (ctx) => { ctx.document.body.search("strong").getFirst().style = "Strong"; });
  assert.equal(sim.snapshot().blocks[0].runs.find((r) => r.text === "strong").bold, true);
  const styled = await run(sim, async (ctx) => { const r = ctx.document.body.search("strong").getFirst(); r.load("style"); await ctx.sync(); return r.style; });
  assert.equal(styled, "Strong");
  await run(sim, (ctx) => { ctx.document.body.getRange("Whole").style = "Default Paragraph Font"; });
  assert.equal(sim.snapshot().blocks[0].runs.length, 1);
  assert.equal(sim.snapshot().blocks[0].runs[0].bold, false);
  assert.ok(sim._model.body.blocks[0].units.every((u) => u.f.charStyle === null));
});

test("Font.reset (WordApiDesktop 1.3) removes direct character formatting but not highlight or character styles", async () => {
  const sim = createSimulator({ profile: "desktop" });
  sim.setText("some text here");
  await run(sim, (ctx) => {
    const r = ctx.document.body.search("text").getFirst();
    r.font.set({ name: "Arial", size: 20, color: "#FF0000", bold: true, italic: true, underline: "Double", highlightColor: "#FFFF00" });
    r.style = "Emphasis";
  });
  await run(sim, (ctx) => { ctx.document.body.search("text").getFirst().font.reset(); });
  const run0 = sim.snapshot().blocks[0].runs.find((r) => r.text === "text");
  assert.deepEqual([run0.fontName, run0.fontSize, run0.color, run0.bold, run0.underline], ["Aptos", 12, "#000000", false, "None"]);
  assert.equal(run0.italic, true); // from the Emphasis character style
  assert.equal(run0.highlight, "#FFFF00");
  const web = createSimulator({ profile: "web" });
  await run(web, (ctx) => throwsWith(() => ctx.document.body.font.reset(), "ApiNotFound", "The method or property Font.reset is part of the WordApiDesktop 1.3 requirement set, which is not available in your version of Word."));
});

test("setting an unknown style name: ItemNotFound at Range.style, and the rest of the batch is dropped", async () => {
  const sim = createSimulator();
  sim.setText("keep me");
  const e = await rejectsWith(run(sim, (ctx) => {
    const all = ctx.document.body.getRange("Whole");
    all.style = "No Such Style";
    all.insertText("!", "End");
  }), "ItemNotFound");
  assert.equal(e.debugInfo.errorLocation, "Range.style");
  assert.equal(sim.text(), "keep me");
});

test("desktop: Shape position frames (relativeHorizontalPosition / relativeVerticalPosition) and insert options checked", async () => {
  const sim = createSimulator({ profile: "desktop" });
  sim.setText("anchor");
  const out = await run(sim, async (ctx) => {
    const s = ctx.document.getSelection().insertPictureFromBase64(PNG_40x20, { left: 5, top: 6 });
    s.relativeHorizontalPosition = "Page";
    s.relativeVerticalPosition = "Line";
    s.load("left,top,width,height,relativeHorizontalPosition,relativeVerticalPosition");
    await ctx.sync();
    return [s.left, s.top, s.width, s.height, s.relativeHorizontalPosition, s.relativeVerticalPosition];
  });
  assert.deepEqual(out, [5, 6, 30, 15, "Page", "Line"]);
  await rejectsWith(run(sim, (ctx) => { ctx.document.body.shapes.getFirst().relativeVerticalPosition = "Column"; }), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => { ctx.document.getSelection().insertPictureFromBase64(PNG_40x20, { width: "wide" }); }), "InvalidArgument");
  await rejectsWith(run(sim, (ctx) => { ctx.document.getSelection().insertPictureFromBase64(PNG_40x20, { height: 0 }); }), "InvalidArgument");
});

test("quirks.ignoresPictureSize: width/height are accepted and change nothing (a host that ignores sizes)", async () => {
  const sim = createSimulator();
  sim.setText("pic: ");
  sim._model.quirks.ignoresPictureSize = true;
  const size = await run(sim, async (ctx) => {
    const pic = ctx.document.body.insertInlinePictureFromBase64(PNG_40x20, "End");
    pic.width = 100;
    pic.load("width,height");
    await ctx.sync();
    return [pic.width, pic.height];
  });
  assert.deepEqual(size, [30, 15]);
});
