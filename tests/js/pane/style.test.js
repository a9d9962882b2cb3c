import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, selectText, setup } from "./helpers.js";
import { builtInStyleValue, displayName, editDistance, nearestNames } from "../../../addin/js/styles.js";
import { defaultCharacterStyle, nearestHighlight } from "../../../addin/js/styles.js";

const paras = (sim) => sim.snapshot().blocks.filter((b) => b.type === "paragraph");

test("built-in style names: display names ↔ enum values", () => {
  assert.equal(displayName("GridTable4_Accent1"), "Grid Table 4 - Accent 1");
  assert.equal(displayName("Heading1"), "Heading 1");
  assert.equal(displayName("Toc3"), "TOC 3");
  assert.equal(displayName("TocHeading"), "TOC Heading");
  assert.equal(displayName("GridTable1Light"), "Grid Table 1 Light");
  const Word = {}; // a host without the enum: the pane's own catalogue decides
  assert.equal(builtInStyleValue(Word, "Grid Table 4 - Accent 1"), "GridTable4_Accent1");
  assert.equal(builtInStyleValue(Word, "gridtable4_accent1"), "GridTable4_Accent1");
  assert.equal(builtInStyleValue(Word, "Heading 2"), "Heading2");
  assert.equal(builtInStyleValue(Word, "List Paragraph"), "ListParagraph");
  assert.equal(builtInStyleValue(Word, "My Custom Style"), undefined);
});

for (const profile of PROFILES) {
  test(`applyStyle character formatting on the selection (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Make this bold please" });
    await selectText(sim, "this bold");
    const data = ok(await run("applyStyle", {
      char: { bold: true, italic: true, underline: "double", fontName: "Arial", fontSize: 14, color: "#336699", highlight: "#FFFF00" },
    }));
    assert.match(data.rangeId, /^rng_/);
    const run0 = paras(sim)[0].runs.find((r) => r.text === "this bold");
    assert.ok(run0, JSON.stringify(paras(sim)[0].runs));
    assert.equal(run0.bold, true);
    assert.equal(run0.italic, true);
    assert.equal(run0.underline, "Double");
    assert.equal(run0.fontName, "Arial");
    assert.equal(run0.fontSize, 14);
    assert.equal(run0.color, "#336699");
    assert.equal(String(run0.highlight).toUpperCase(), "#FFFF00");
    // the range stays usable: remove the highlight later
    ok(await run("applyStyle", { scope: `rangeId:${data.rangeId}`, char: { highlight: null, underline: "none" } }));
    const run1 = paras(sim)[0].runs.find((r) => r.text === "this bold");
    assert.equal(run1.highlight ?? null, null);
    assert.equal(run1.underline, "None");
  });

  test(`applyStyle paragraph formatting on the document (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "One\nTwo" });
    ok(await run("applyStyle", { scope: "document", para: { alignment: "center", lineSpacing: 1.5, spaceBefore: 6, spaceAfter: 12 } }));
    for (const p of paras(sim)) assert.equal(p.alignment, "Centered");
    ok(await run("applyStyle", { scope: "document", para: { alignment: "justify" } }));
    assert.deepEqual(paras(sim).map((p) => p.alignment), ["Justified", "Justified"]);
    const spacing = await sim.Word.run(async (context) => {
      const first = context.document.body.paragraphs.getFirst();
      first.load("lineSpacing,spaceBefore,spaceAfter");
      await context.sync();
      return [first.lineSpacing, first.spaceBefore, first.spaceAfter];
    });
    assert.deepEqual(spacing, [18, 6, 12]);
  });

  test(`applyStyle named styles: built-in display names and custom names (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Title line\nBody" });
    await selectText(sim, "Title line");
    ok(await run("applyStyle", { namedStyle: "Heading 1" }));
    assert.match(paras(sim)[0].style, /Heading ?1/);
    assert.match(paras(sim)[1].style, /Normal/);
    const missing = await run("applyStyle", { namedStyle: "No Such Style" });
    assert.equal(missing.result.ok, false);
  });

  test(`applyStyle with an unknown style name: E_NOT_FOUND naming the nearest styles, nothing changed (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Title line\nA\nB" });
    ok(await run("applyStyle", { scope: "document", char: { bold: true } }));
    const before = JSON.stringify(sim.snapshot());
    const missing = fails(await run("applyStyle", { scope: "document", namedStyle: "Heding 1", clearOtherStyles: true, para: { list: "bullet" }, char: { italic: true } }), "E_NOT_FOUND", "args.namedStyle");
    const msg = missing.diagnostics.find((d) => d.field === "args.namedStyle").msg;
    assert.match(msg, /"Heding 1".*see listStyles.*Nearest: "Heading 1", "Heading 2", "Heading 3"/);
    assert.equal(JSON.stringify(sim.snapshot()), before);
    const far = fails(await run("applyStyle", { namedStyle: "zzzzzzzz" }), "E_NOT_FOUND", "args.namedStyle");
    assert.doesNotMatch(far.diagnostics[0].msg, /Nearest/);
  });

  test(`applyStyle with a custom style of the document (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Body text\nmore" });
    await sim.Word.run(async (context) => { context.document.addStyle("Client Note", "Paragraph"); await context.sync(); });
    ok(await run("applyStyle", { scope: "document", namedStyle: "Client Note", char: { bold: true } }));
    assert.deepEqual(paras(sim).map((p) => p.style), ["Client Note", "Client Note"]);
    assert.equal(paras(sim)[0].runs[0].bold, true);
    ok(await run("applyStyle", { scope: "document", namedStyle: "Client Note", clearOtherStyles: true }));
    assert.deepEqual(paras(sim).map((p) => p.style), ["Client Note", "Client Note"]);
    assert.equal(paras(sim)[0].runs[0].bold, false);
  });

  test(`clearOtherStyles clears character styles and direct font name, size and colour (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Plain and styled words" });
    await sim.Word.run(async (context) => {
      const range = context.document.body.search("styled words").getFirst();
      range.style = "Intense Emphasis";
      range.font.set({ name: "Arial", size: 20, color: "#FF0000", bold: true, highlightColor: "#FFFF00" });
      await context.sync();
    });
    const outcome = await run("applyStyle", { scope: "document", clearOtherStyles: true });
    ok(outcome);
    const [p] = paras(sim);
    assert.equal(p.style, "Normal");
    assert.equal(p.runs.length, 1, JSON.stringify(p.runs));
    const [r] = p.runs;
    assert.deepEqual([r.fontName, r.fontSize, r.color, r.bold, r.italic, r.highlight], ["Aptos", 12, "#000000", false, false, null]);
    const units = sim._model.body.blocks[0].units;
    assert.ok(units.every((u) => u.f.charStyle === null));
    if (profile === "desktop") {
      assert.ok(units.every((u) => u.f.name === null && u.f.size === null && u.f.color === null), "Font.reset removes direct formatting");
    } else {
      assert.match(outcome.result.diagnostics.map((d) => d.msg).join("\n"), /"Normal" style/);
    }
  });

  test(`clearing and a paragraph style in one call show the style's own font; the web's clearing note says so (${profile})`, async () => {
    // On the web clearing sets the Normal font as direct formatting, which would mask a style applied by a later call.
    const { sim, run } = setup(profile, { text: "Report title" });
    ok(await run("applyStyle", { scope: "document", clearOtherStyles: true })); // an earlier clearing changes nothing
    const together = await run("applyStyle", { scope: "document", namedStyle: "Title", clearOtherStyles: true });
    ok(together);
    const titled = paras(sim)[0].runs[0];
    const plain = setup(profile, { text: "Report title" });
    ok(await plain.run("applyStyle", { scope: "document", namedStyle: "Title" }));
    const expected = paras(plain.sim)[0].runs[0];
    assert.deepEqual([titled.fontName, titled.fontSize], [expected.fontName, expected.fontSize]);
    if (profile === "web") {
      assert.match(together.result.diagnostics.map((d) => d.msg).join("\n"), /"Title" style/);
    }
  });

  test(`clearOtherStyles alone on the web says how to clear and apply a style together (${profile})`, async () => {
    const { run } = setup(profile, { text: "Report title" });
    const outcome = await run("applyStyle", { scope: "document", clearOtherStyles: true });
    ok(outcome);
    const notes = outcome.result.diagnostics.map((d) => d.msg).join("\n");
    if (profile === "web") assert.match(notes, /give both in one applyStyle \(namedStyle with clearOtherStyles: true\)/);
  });

  test(`clearOtherStyles with a character style keeps that style (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Heading text" });
    ok(await run("applyStyle", { scope: "document", namedStyle: "Heading 2", char: { italic: true } }));
    ok(await run("applyStyle", { scope: "document", namedStyle: "Strong", clearOtherStyles: true }));
    const [p] = paras(sim);
    assert.equal(p.style, "Normal");
    assert.equal(p.runs[0].bold, true);
    assert.ok(sim._model.body.blocks[0].units.every((u) => u.f.charStyle === "Strong"));
    // desktop removes the direct italic; the web cannot, and says so rather than override Strong
    assert.equal(p.runs[0].italic, profile === "web");
  });

  test(`clearOtherStyles then a paragraph style keeps that style's own font (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Said someone" });
    ok(await run("applyStyle", { scope: "document", char: { bold: true, fontName: "Arial" } }));
    ok(await run("applyStyle", { scope: "document", namedStyle: "Quote", clearOtherStyles: true }));
    const [p] = paras(sim);
    assert.equal(p.style, "Quote");
    assert.deepEqual([p.runs[0].bold, p.runs[0].italic, p.runs[0].fontName, p.runs[0].color], [false, true, "Aptos", "#404040"]);
  });

  test(`a highlight colour outside Word's 15 is flagged on desktop Word only (${profile})`, async () => {
    const { run } = setup(profile, { text: "mark me" });
    const odd = await run("applyStyle", { scope: "document", char: { highlight: "#FFEE10" } });
    ok(odd);
    const warning = odd.result.diagnostics.find((d) => d.field === "args.char.highlight");
    if (profile === "desktop") assert.match(warning?.msg ?? "", /15 highlight colours: #FFEE10 .* Yellow \(#FFFF00\)/);
    else assert.equal(warning, undefined);
    const exact = await run("applyStyle", { scope: "document", char: { highlight: "#00FFFF" } });
    assert.deepEqual(exact.result.diagnostics, []);
  });

  test(`applyStyle bullet and number lists, then none (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Intro\nA\nB\nC" });
    // select A..C through the API: A's range expanded to C's
    await sim.Word.run(async (context) => {
      const body = context.document.body;
      const a = body.search("A", { matchCase: true, matchWholeWord: true }).getFirst();
      const c = body.search("C", { matchCase: true, matchWholeWord: true }).getFirst();
      a.expandTo(c).select();
      await context.sync();
    });
    ok(await run("applyStyle", { para: { list: "bullet" } }));
    let list = paras(sim).map((p) => p.list);
    assert.equal(list[0], null);
    assert.ok(list.slice(1).every((l) => l && l.kind === "bullet"), JSON.stringify(list));
    ok(await run("applyStyle", { para: { list: "number" } }));
    list = paras(sim).map((p) => p.list);
    assert.ok(list.slice(1).every((l) => l && l.kind === "number"), JSON.stringify(list));
    ok(await run("applyStyle", { para: { list: "none" } }));
    assert.deepEqual(paras(sim).map((p) => p.list), [null, null, null, null]);
  });

  test(`applyStyle clearOtherStyles resets to Normal before the overrides (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Styled" });
    await selectText(sim, "Styled");
    ok(await run("applyStyle", { namedStyle: "Heading 2", char: { bold: true, italic: true } }));
    ok(await run("applyStyle", { clearOtherStyles: true, char: { italic: true } }));
    const [p] = paras(sim);
    assert.match(p.style, /Normal/);
    const r = p.runs[0];
    assert.equal(r.bold, false);
    assert.equal(r.italic, true);
  });

  test(`applyStyle failures (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("applyStyle", {}), "E_INVALID_ARG", "args");
    fails(await run("applyStyle", { char: { underline: "wavy" } }), "E_INVALID_ARG", "args.char.underline");
    fails(await run("applyStyle", { char: { color: "blue" } }), "E_INVALID_ARG", "args.char.color");
    fails(await run("applyStyle", { para: { alignment: "middle" } }), "E_INVALID_ARG", "args.para.alignment");
    fails(await run("applyStyle", { para: { spaceAfter: -1 } }), "E_INVALID_ARG", "args.para.spaceAfter");
    fails(await run("applyStyle", { scope: "rangeId:rng_zz_1", char: { bold: true } }), "E_NOT_FOUND", "args.scope");
  });

  test(`listStyles from the document, filtered (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    const all = ok(await run("listStyles", {}));
    assert.equal(all.source, "document");
    assert.ok(all.paragraphStyles.some((s) => /^Normal$/.test(s.name)));
    assert.ok(all.paragraphStyles.some((s) => /Heading 1/.test(s.name)));
    assert.ok(Array.isArray(all.characterStyles));
    assert.ok(Array.isArray(all.tableStyles));
    for (const s of all.paragraphStyles) {
      assert.equal(s.builtIn, true);
      assert.equal(typeof s.localizedName, "string");
    }
    const headings = ok(await run("listStyles", { category: "paragraph", query: "HEADING", includeLocalized: false }));
    assert.deepEqual(Object.keys(headings).sort(), ["paragraphStyles", "source"]);
    assert.ok(headings.paragraphStyles.length >= 1);
    assert.ok(headings.paragraphStyles.every((s) => /heading/i.test(s.name) && !("localizedName" in s)));
    const capped = ok(await run("listStyles", { max: 3 }));
    assert.equal(capped.paragraphStyles.length + capped.characterStyles.length + capped.tableStyles.length, 3);
    fails(await run("listStyles", { category: "list" }), "E_INVALID_ARG", "args.category");
    fails(await run("listStyles", { max: 0 }), "E_INVALID_ARG", "args.max");
  });
}

test("listStyles falls back to the built-in catalogue below WordApi 1.5", async () => {
  const { run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.4" } } });
  const data = ok(await run("listStyles", { category: "table", query: "grid table 4" }));
  assert.equal(data.source, "builtin");
  assert.deepEqual(data.tableStyles.map((s) => s.name), [
    "Grid Table 4", ...[1, 2, 3, 4, 5, 6].map((n) => `Grid Table 4 - Accent ${n}`),
  ]);
  assert.ok(data.tableStyles.every((s) => s.builtIn === true));
  const all = ok(await run("listStyles", {}));
  assert.ok(all.paragraphStyles.some((s) => s.name === "Heading 1"));
  assert.ok(all.characterStyles.some((s) => s.name === "Strong"));
});

test("an unknown style below WordApi 1.5: the nearest built-in names", async () => {
  const { run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.4" } } });
  const missing = fails(await run("applyStyle", { namedStyle: "Titel" }), "E_NOT_FOUND", "args.namedStyle");
  assert.match(missing.diagnostics[0].msg, /Nearest: "Title"/);
});

test("nearestNames ranks like difflib: containment, then edit distance; far names are left out", () => {
  assert.equal(editDistance("kitten", "sitting"), 3);
  assert.equal(editDistance("", "abc"), 3);
  const names = ["Heading 1", "Heading 2", "Title", "Subtitle", "Grid Table 4", "Grid Table 4 - Accent 1", "Strong"];
  assert.deepEqual(nearestNames("heading1", names), ["Heading 1", "Heading 2"]);
  assert.deepEqual(nearestNames("Grid Table 4 Accent 1", names, 2), ["Grid Table 4 - Accent 1", "Grid Table 4"]);
  assert.deepEqual(nearestNames("title", names), ["Title", "Subtitle"]);
  assert.deepEqual(nearestNames("Quotation", names), []);
});

test("the no-character-style style is found in any language", () => {
  const style = (nameLocal, type, baseStyle = "", builtIn = true) => ({ nameLocal, type, builtIn, baseStyle });
  assert.equal(defaultCharacterStyle([style("Normal", "Paragraph"), style("Default Paragraph Font", "Character"), style("Strong", "Character", "Default Paragraph Font")]), "Default Paragraph Font");
  const german = [
    style("Standard", "Paragraph"), style("Absatz-Standardschriftart", "Character"), style("Fett", "Character", "Absatz-Standardschriftart"),
    style("Hervorhebung", "Character", "Absatz-Standardschriftart"), style("Mein Stil", "Character", "Fett", false),
  ];
  assert.equal(defaultCharacterStyle(german), "Absatz-Standardschriftart");
  assert.equal(defaultCharacterStyle([style("Standard", "Paragraph")]), undefined);
});

test("nearestHighlight picks the closest of Word's 15 highlight colours", () => {
  assert.deepEqual(nearestHighlight("#FFFF00"), { name: "Yellow", hex: "#FFFF00", exact: true });
  assert.deepEqual(nearestHighlight("#FFEE10"), { name: "Yellow", hex: "#FFFF00", exact: false });
  assert.equal(nearestHighlight("#7F7F7F").name, "Gray 50%");
  assert.equal(nearestHighlight("#FFFFFF").name, "Gray 25%");
});
