// A block rewritten or removed through its id keeps the page or section break it starts with (readDocument,
// expectText and the dry run never show a break, so a client cannot know it is there): only the text after the
// break is replaced, and a section break keeps its section's headers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";

const H = (level, text) => ({ type: "heading", level, runs: [{ text }] });
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const DOC = [H(1, "One"), P("Text one."), H(1, "Two"), P("Text two.")];

/** The document above, a break of `type` before "Two", and Two's block id. */
async function withBreak(profile, type) {
  const { sim, run } = setup(profile);
  ok(await run("insertMarkdown", { blocks: DOC, scope: "document", location: "replace" }));
  const read = ok(await run("readDocument", { scope: "document", format: "structure", includeRangeIds: true }));
  const two = read.blocks.find((b) => b.text === "Two").rangeId;
  ok(await run("insertBreak", { type, scope: `rangeId:${two}`, location: "before" }));
  return { sim, run, two };
}

const sectionCount = (sim) => sim.snapshot().sections?.length ?? 1;

for (const profile of PROFILES) {
  test(`[${profile}] replacing a heading's text through its id keeps the section break before it and its header`, async () => {
    const { sim, run, two } = await withBreak(profile, "sectionNext");
    ok(await run("headerFooter.set", { text: "Part one header", section: 0 }));
    const out = await run("insertText", { text: "Two (revised)", scope: `rangeId:${two}`, location: "replace", expectText: "Two" });
    ok(out);
    assert.equal(sectionCount(sim), 2);
    assert.equal(sim.snapshot().sections[0].headers.primary, "Part one header");
    assert.match(sim.text(), /\fTwo \(revised\)/);
    const again = ok(await run("readDocument", { scope: "document", format: "structure", includeRangeIds: true }));
    assert.ok(again.blocks.some((b) => b.text === "Two (revised)"));
  });

  test(`[${profile}] replacing through the id again, and by a new paragraph, keeps a page break`, async () => {
    const { sim, run, two } = await withBreak(profile, "page");
    ok(await run("insertText", { text: "Second", scope: `rangeId:${two}`, location: "replace" }));
    assert.match(sim.text(), /\fSecond\n/);
    ok(await run("insertText", { text: "Third", scope: `rangeId:${two}`, location: "replace", newParagraph: true }));
    assert.match(sim.text(), /\fThird\n/);
    assert.equal((sim.text().match(/\f/g) ?? []).length, 1);
  });

  test(`[${profile}] insertMarkdown replacing a heading through its id keeps the break before it`, async () => {
    const { sim, run, two } = await withBreak(profile, "sectionNext");
    ok(await run("headerFooter.set", { text: "Part one header", section: 0 }));
    ok(await run("insertMarkdown", { blocks: [H(1, "Chapter two"), P("New text.")], scope: `rangeId:${two}`, location: "replace" }));
    assert.equal(sectionCount(sim), 2);
    assert.equal(sim.snapshot().sections[0].headers.primary, "Part one header");
    assert.match(sim.text(), /\fChapter two\nNew text\.\nText two\./);
  });

  test(`[${profile}] removing a block that starts with a section break removes its text and says the break stays`, async () => {
    const { sim, run, two } = await withBreak(profile, "sectionNext");
    ok(await run("headerFooter.set", { text: "Part one header", section: 0 }));
    const out = await run("insertText", { text: "", scope: `rangeId:${two}`, location: "replace" });
    ok(out);
    assert.equal(sim.text(), "One\nText one.\n\f\nText two.");
    assert.equal(sim.snapshot().sections[0].headers.primary, "Part one header");
    assert.match(out.result.diagnostics.map((d) => d.msg).join(" "), /break it started with stays/);
  });

  test(`[${profile}] replace (the op) of a block through its id keeps the break before it`, async () => {
    const { sim, run, two } = await withBreak(profile, "page");
    ok(await run("replace", { target: `rangeId:${two}`, replaceWith: "Deux" }));
    assert.match(sim.text(), /\fDeux\n/);
  });
}
