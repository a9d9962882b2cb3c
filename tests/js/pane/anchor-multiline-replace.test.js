// insertText with newParagraph replacing an anchor inside a paragraph: the text goes into paragraphs after that
// paragraph and the anchor is made again around all of them (it stayed behind, empty), as insertMarkdown's replace
// of it wraps its blocks. A text of several lines made with newParagraph is one range, all its lines (the rangeId
// held the first line alone).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, paragraphs, selectText, setup } from "./helpers.js";

/** @param {ReturnType<typeof setup>} env */
async function anchorTexts({ run }) {
  return ok(await run("anchor.list", {})).anchors.map((/** @type {{ name: string, text: string }} */ a) => [a.name, a.text]);
}

/** "100" of "Total: 100 EUR today" anchored as "amount". */
async function inlineAnchor(profile) {
  const env = setup(profile, { text: "Total: 100 EUR today\nNext" });
  await selectText(env.sim, "100");
  const { scope } = ok(await env.run("anchor.create", { name: "amount" }));
  return { ...env, scope };
}

for (const profile of PROFILES) {
  test(`[${profile}] an anchor inside a paragraph replaced by new paragraphs of text wraps all of them`, async () => {
    const env = await inlineAnchor(profile);
    const { rangeId } = ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "120\n130", newParagraph: true }));
    assert.deepEqual(paragraphs(env.sim), ["Total:  EUR today", "120", "130", "Next"]);
    assert.deepEqual(await anchorTexts(env), [["amount", "120\n130"]]);
    assert.equal(ok(await env.run("readDocument", { scope: `rangeId:${rangeId}`, format: "text" })).text, "120\n130");
    // The next replace through the anchor rewrites all of it.
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "140" }));
    assert.deepEqual(paragraphs(env.sim), ["Total:  EUR today", "140", "Next"]);
    assert.deepEqual(await anchorTexts(env), [["amount", "140"]]);
  });

  test(`[${profile}] an anchor inside a paragraph replaced by one new paragraph wraps it`, async () => {
    const env = await inlineAnchor(profile);
    ok(await env.run("insertText", { scope: env.scope, location: "replace", text: "120", newParagraph: true }));
    assert.deepEqual(paragraphs(env.sim), ["Total:  EUR today", "120", "Next"]);
    assert.deepEqual(await anchorTexts(env), [["amount", "120"]]);
  });

  test(`[${profile}] an anchor locked against deletion is left as it is, with a warning`, async () => {
    const env = await inlineAnchor(profile);
    await env.sim.Word.run(async (context) => {
      context.document.contentControls.getFirst().cannotDelete = true;
      await context.sync();
    });
    const outcome = await env.run("insertText", { scope: env.scope, location: "replace", text: "120\n130", newParagraph: true });
    ok(outcome);
    assert.ok(outcome.result.diagnostics.some((d) => d.level === "warn" && d.field === "args.scope" && /locked/.test(d.msg)));
    assert.deepEqual(paragraphs(env.sim), ["Total:  EUR today", "120", "130", "Next"]);
  });

  test(`[${profile}] text of several lines made with newParagraph is one range, all its lines`, async () => {
    for (const [scope, location] of [["document", "end"], ["document", "start"], ["selection", "after"], ["selection", "before"], ["selection", "replace"]]) {
      const env = setup(profile, { text: "Intro\nClause\nOutro" });
      await selectText(env.sim, "Claus");
      const { rangeId } = ok(await env.run("insertText", { scope, location, text: "a\r\nb\nc", newParagraph: true }));
      const { text } = ok(await env.run("readDocument", { scope: `rangeId:${rangeId}`, format: "text" }));
      assert.equal(text, "a\nb\nc", `${scope} ${location}`);
    }
  });
}
