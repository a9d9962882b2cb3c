// Edits through an anchor (a tagged content control): before/after land outside it, as before/after a range id land
// outside its range; insertMarkdown replacing it leaves it around everything written, so the next replace rewrites
// all of it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, paragraphs, selectText, setup } from "./helpers.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });

/** @param {ReturnType<typeof setup>} env */
async function anchorTexts({ run }) {
  return ok(await run("anchor.list", {})).anchors.map((/** @type {{ name: string, text: string }} */ a) => [a.name, a.text]);
}

/** An anchor named "section" over the two middle paragraphs of Intro / A1 / A2 / Outro. */
async function sectionAnchor(profile) {
  const env = setup(profile, { text: "Intro\nSection A1\nSection A2\nOutro" });
  await env.sim.Word.run(async (context) => {
    const body = context.document.body;
    body.search("Section A1").getFirst().expandTo(body.search("Section A2").getFirst()).select();
    await context.sync();
  });
  const { scope } = ok(await env.run("anchor.create", { name: "section" }));
  return { ...env, scope };
}

for (const profile of PROFILES) {
  test(`[${profile}] text before/after an anchor stays outside it; a replace of the anchor keeps it`, async () => {
    const env = setup(profile, { text: "Total: 100 EUR today" });
    await selectText(env.sim, "100");
    const { scope } = ok(await env.run("anchor.create", {}));
    ok(await env.run("insertText", { scope, location: "after", text: " (net)" }));
    ok(await env.run("insertText", { scope, location: "before", text: "approx. " }));
    assert.deepEqual(await anchorTexts(env), [["", "100"]]);
    ok(await env.run("insertText", { scope, location: "replace", text: "120" }));
    assert.deepEqual(paragraphs(env.sim), ["Total: approx. 120 (net) EUR today"]);
    ok(await env.run("insertText", { scope, location: "end", text: ".50" }));
    ok(await env.run("insertBreak", { scope, location: "after", type: "line" }));
    assert.deepEqual(await anchorTexts(env), [["", "120.50"]]);
    assert.deepEqual(paragraphs(env.sim), ["Total: approx. 120.50\v (net) EUR today"]);
  });

  test(`[${profile}] insertMarkdown replace on an anchor over paragraphs keeps the anchor around all the blocks`, async () => {
    const env = await sectionAnchor(profile);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("New A1"), P("New A2"), P("New A3")] }));
    assert.deepEqual(await anchorTexts(env), [["section", "New A1\nNew A2\nNew A3"]]);
    ok(await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("Final B1"), P("Final B2")] }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "Final B1", "Final B2", "Outro"]);
    assert.deepEqual(await anchorTexts(env), [["section", "Final B1\nFinal B2"]]);
    // Paragraphs put before/after it stay outside it.
    ok(await env.run("insertText", { scope: env.scope, location: "before", text: "Above", newParagraph: true }));
    ok(await env.run("insertText", { scope: env.scope, location: "after", text: "Below", newParagraph: true }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "Above", "Final B1", "Final B2", "Below", "Outro"]);
    assert.deepEqual(await anchorTexts(env), [["section", "Final B1\nFinal B2"]]);
  });

  test(`[${profile}] an anchor on one paragraph replaced by a heading and a list wraps them all, then text replaces them`, async () => {
    const env = setup(profile, { text: "Intro\nClause\nOutro" });
    const { blocks } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${blocks[1].rangeId}`, name: "clause" }));
    ok(await env.run("insertMarkdown", { scope, location: "replace", blocks: [
      { type: "heading", level: 2, runs: [{ text: "Terms" }] },
      { type: "listItem", kind: "bullet", level: 0, runs: [{ text: "one" }] },
      { type: "listItem", kind: "bullet", level: 0, runs: [{ text: "two" }] },
    ] }));
    assert.deepEqual(await anchorTexts(env), [["clause", "Terms\none\ntwo"]]);
    ok(await env.run("insertMarkdown", { scope, location: "replace", blocks: [P("Short clause.")] }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "Short clause.", "Outro"]);
    assert.deepEqual(await anchorTexts(env), [["clause", "Short clause."]]);
  });

  test(`[${profile}] an anchor on one paragraph replaced by a table alone wraps the table`, async () => {
    // The emptied paragraph no block takes goes after the anchor is made again: Word deletes a control with the one
    // paragraph it holds.
    const env = setup(profile, { text: "Intro\nClause\nOutro" });
    const { blocks } = ok(await env.run("readDocument", { format: "structure", includeRangeIds: true }));
    const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${blocks[1].rangeId}`, name: "c" }));
    ok(await env.run("insertMarkdown", { scope, location: "replace", blocks: [{ type: "table", header: false, rows: [["a", "b"]] }] }));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "[table]", "Outro"]);
    assert.deepEqual(await anchorTexts(env), [["c", "a\tb\n"]]);
  });

  test(`[${profile}] an anchor inside a paragraph replaced by blocks wraps the blocks, which follow the paragraph`, async () => {
    const env = setup(profile, { text: "Total: 100 EUR today\nNext" });
    await selectText(env.sim, "100");
    const { scope } = ok(await env.run("anchor.create", { name: "n" }));
    ok(await env.run("insertMarkdown", { scope, location: "replace", blocks: [P("A"), P("B")] }));
    assert.deepEqual(await anchorTexts(env), [["n", "A\nB"]]);
    ok(await env.run("insertText", { scope, location: "replace", text: "C" }));
    assert.deepEqual(paragraphs(env.sim), ["Total:  EUR today", "C", "Next"]);
  });

  test(`[${profile}] an anchor locked against deletion is left as it is, with a warning`, async () => {
    const env = await sectionAnchor(profile);
    await env.sim.Word.run(async (context) => {
      context.document.contentControls.getFirst().cannotDelete = true;
      await context.sync();
    });
    const outcome = await env.run("insertMarkdown", { scope: env.scope, location: "replace", blocks: [P("X1"), P("X2")] });
    ok(outcome);
    assert.ok(outcome.result.diagnostics.some((d) => d.level === "warn" && d.field === "args.scope" && /locked/.test(d.msg)));
    assert.deepEqual(paragraphs(env.sim), ["Intro", "X1", "X2", "Outro"]);
    assert.deepEqual(await anchorTexts(env), [["section", "X1"]]);
  });

  test(`[${profile}] insertMarkdown replace on a table's anchor checks expectText before writing`, async () => {
    const env = setup(profile, { text: "Intro\nOutro" });
    const { tableId } = ok(await env.run("table.create", { rows: 1, cols: 2, data: [["a", "b"]], scope: "document", location: "end" }));
    const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${tableId}` }));
    ok(await env.run("insertMarkdown", { scope, location: "replace", blocks: [P("No table")], expectText: "a\tb" }));
    assert.deepEqual(paragraphs(env.sim).filter((p) => p !== ""), ["Intro", "Outro", "No table"]);
  });
}
