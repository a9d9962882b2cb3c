// headerFooter.get / set and footnote.insert / endnote.insert through the engine, on both profiles.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

for (const profile of PROFILES) {
  test(`headerFooter.set text then get reads it back (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Body one\nBody two" });
    const primary = await run("headerFooter.set", { section: "all", kind: "header", type: "primary", text: "ACME Report" });
    assert.deepEqual(ok(primary), { sections: [0], sectionCount: 1, kind: "header", type: "primary", text: "ACME Report" });
    assert.deepEqual(primary.result.diagnostics, [], "a primary header shows wherever it is set");
    ok(await run("headerFooter.set", { section: 0, kind: "footer", type: "primary", text: "Page footer\nline two" }));
    assert.equal(sim.snapshot().sections[0].headers.primary, "ACME Report");
    assert.equal(sim.snapshot().sections[0].footers.primary, "Page footer\nline two");
    assert.equal(sim.text(), "Body one\nBody two", "the body is untouched");

    const all = ok(await run("headerFooter.get", { section: "all", kind: "both", type: "all" }));
    assert.deepEqual(all, { sections: [{ index: 0, headers: { primary: "ACME Report", firstPage: "", evenPages: "" }, footers: { primary: "Page footer\nline two", firstPage: "", evenPages: "" } }] });
    const one = ok(await run("headerFooter.get", { section: 0, kind: "header", type: "primary" }));
    assert.deepEqual(one, { sections: [{ index: 0, headers: { primary: "ACME Report" } }] });

    // Setting again replaces; "" empties.
    ok(await run("headerFooter.set", { section: "all", kind: "header", type: "primary", text: "v2" }));
    assert.equal(sim.snapshot().sections[0].headers.primary, "v2");
    ok(await run("headerFooter.set", { section: "all", kind: "header", type: "primary", text: "" }));
    assert.equal(sim.snapshot().sections[0].headers.primary, "");
  });

  test(`headerFooter.set markdown builds Word paragraphs in the Header style (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Body" });
    const blocks = [{ type: "paragraph", runs: [{ text: "ACME", bold: true }, { text: " confidential" }] }, { type: "paragraph", runs: [{ text: "Draft" , italic: true }] }];
    const outcome = await run("headerFooter.set", { section: "all", kind: "header", type: "firstPage", blocks });
    const data = ok(outcome);
    assert.equal(data.blocks, 2);
    // Word shows a first-page header only where the section's "Different First Page" option is on, which the add-in
    // cannot switch on: the result says so.
    const warning = outcome.result.diagnostics.find((d) => d.field === "args.type");
    assert.equal(warning?.level, "warn");
    assert.match(warning?.msg ?? "", /Different First Page/);
    assert.equal(sim.snapshot().sections[0].headers.firstPage, "ACME confidential\nDraft");
    const header = sim._model.finalSection.headers.FirstPage;
    const paras = header.body.blocks;
    assert.deepEqual(paras.map((p) => p.props.style), ["Header", "Header"]);
    assert.equal(paras[0].units[0].f.bold, true);
    assert.equal(paras[1].units[0].f.italic, true);
    assert.equal(sim.text(), "Body");
  });

  // The server makes "Report\n======" a heading with `title: true`: odd in a header, but built like any heading.
  test(`headerFooter.set blocks with a title heading: a Title paragraph, the rest in the Footer style (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Body" });
    const blocks = [{ type: "heading", level: 1, title: true, runs: [{ text: "Report" }] }, { type: "paragraph", runs: [{ text: "Page" }] }];
    assert.equal(ok(await run("headerFooter.set", { section: "all", kind: "footer", type: "primary", blocks })).blocks, 2);
    assert.equal(sim.snapshot().sections[0].footers.primary, "Report\nPage");
    const paras = sim._model.finalSection.footers.Primary.body.blocks;
    assert.deepEqual(paras.map((p) => p.props.style), ["Title", "Footer"]);
    assert.equal(sim.text(), "Body");
  });

  test(`headerFooter ops across sections; an index beyond the document is E_NOT_FOUND (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "One\nTwo\nThree" });
    await sim.Word.run(async (ctx) => {
      const paras = ctx.document.body.paragraphs;
      paras.load("items");
      await ctx.sync();
      paras.items[0].insertBreak("SectionNext", "After");
      paras.items[1].insertBreak("SectionContinuous", "After");
      await ctx.sync();
    });
    const set = ok(await run("headerFooter.set", { section: "all", kind: "footer", type: "primary", text: "F" }));
    assert.deepEqual(set.sections, [0, 1, 2]);
    assert.equal(set.sectionCount, 3);
    const got = ok(await run("headerFooter.get", { kind: "footer", type: "primary" }));
    assert.deepEqual(got.sections.map((s) => s.footers.primary), ["F", "F", "F"]);
    const bad = fails(await run("headerFooter.set", { section: 3, kind: "header", type: "primary", text: "x" }), "E_NOT_FOUND", "args.section");
    assert.match(bad.diagnostics[0].msg, /3 sections/);
    fails(await run("headerFooter.get", { section: 7 }), "E_NOT_FOUND", "args.section");
  });

  test(`footnote.insert and endnote.insert put notes after the scope (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "The claim is bold." });
    const hit = ok(await run("search", { query: "claim" })).results[0];
    const foot = ok(await run("footnote.insert", { scope: `rangeId:${hit.rangeId}`, text: "Source: 2024 survey." }));
    assert.match(foot.noteId, /^note_/);
    assert.equal(foot.type, "footnote");
    assert.match(foot.referenceRangeId, /^rng_/);
    const end = ok(await run("endnote.insert", { scope: "document", text: "See the appendix." }));
    assert.equal(end.type, "endnote");
    assert.notEqual(end.noteId, foot.noteId);
    const snap = sim.snapshot();
    assert.deepEqual(snap.notes.map((n) => [n.type, n.text]), [["Footnote", "Source: 2024 survey."], ["Endnote", "See the appendix."]]);
    assert.equal(snap.notes[0].reference, "The claim".length, "the mark is right after the range");
    assert.equal(sim.text(), "The claim is bold.");
    // The reference range id works as a scope: text after the mark goes after the note reference.
    ok(await run("insertText", { scope: `rangeId:${foot.referenceRangeId}`, text: "!", location: "after" }));
    assert.equal(sim.text(), "The claim! is bold.");
  });

  test(`notes refuse cleanly on a host without WordApi 1.5 (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "x", simOptions: { apiSets: { WordApi: "1.4" } } });
    const r = fails(await run("footnote.insert", { scope: "document", text: "n" }), "E_UNSUPPORTED");
    assert.match(r.diagnostics[0].msg, /Footnotes need WordApi 1\.5/);
    assert.match(fails(await run("endnote.insert", { scope: "document", text: "n" }), "E_UNSUPPORTED").diagnostics[0].msg, /Endnotes need WordApi 1\.5/);
    assert.equal("notes" in sim.snapshot(), false);
    // Headers and footers are WordApi 1.1: they work there.
    ok(await run("headerFooter.set", { text: "old host" }));
    assert.equal(ok(await run("headerFooter.get", { section: 0, kind: "header", type: "primary" })).sections[0].headers.primary, "old host");
  });

  test(`trackChanges: true makes the notes and header edits tracked changes (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Tracked text" });
    ok(await run("footnote.insert", { scope: "document", text: "tracked note", trackChanges: true }));
    assert.equal(sim.snapshot().changeTrackingMode, "Off", "the previous mode is back");
    assert.ok(sim.snapshot().revisions.some((r) => r.type === "Added"), "the reference mark is an insertion");
    ok(await run("headerFooter.set", { text: "tracked header", trackChanges: true }));
    assert.equal(sim.snapshot().sections[0].headers.primary, "tracked header");
    assert.equal(sim.snapshot().changeTrackingMode, "Off");
  });

  test(`the ops work inside a batch (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "Batch body" });
    const before = sim.syncCount;
    const ops = [
      { op: "headerFooter.set", args: { text: "H" } },
      { op: "footnote.insert", args: { scope: "document", text: "N" } },
      { op: "headerFooter.get", args: { kind: "header", type: "primary" } },
    ];
    const outcome = await engine.execute({ type: "ai-cmd", id: `story-batch-${profile}`, content: "batch", op: { type: "word.op", op: "batch", version: "1.0", args: { ops } } });
    const data = ok(outcome);
    assert.ok(sim.syncCount - before <= 4, "a batch shares its syncs");
    assert.equal(data.completed, 3);
    assert.equal(data.results[2].data.sections[0].headers.primary, "H");
    assert.equal(sim.snapshot().notes[0].text, "N");
  });
  test(`headerFooter.set blocks with a table wider than Word's 63 columns: E_INVALID_ARG, the header unchanged (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Body" });
    ok(await run("headerFooter.set", { section: "all", kind: "header", type: "primary", text: "Old" }));
    const blocks = [{ type: "paragraph", runs: [{ text: "New" }] }, { type: "table", header: false, rows: [Array.from({ length: 64 }, () => "c")] }];
    fails(await run("headerFooter.set", { section: "all", kind: "header", type: "primary", blocks }), "E_INVALID_ARG", "args.blocks[1]");
    assert.equal(sim.snapshot().sections[0].headers.primary, "Old");
  });
}
