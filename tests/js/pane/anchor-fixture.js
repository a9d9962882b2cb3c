// Anchors for the pane tests: one made over blocks written by insertMarkdown, and the anchors' texts.
import { ok, selectText, setup } from "./helpers.js";

/**
 * An anchor over blocks written by insertMarkdown between "Intro" and "Outro" (a table at an edge makes the anchor's
 * content start or end with a table, inside its cells for a range's own "Before"/"After").
 * @param {string} profile
 * @param {object[]} blocks
 */
export async function blocksAnchor(profile, blocks) {
  const env = setup(profile, { text: "Intro\nOutro" });
  await selectText(env.sim, "Intro");
  const { rangeId } = ok(await env.run("insertMarkdown", { location: "after", blocks }));
  const { scope } = ok(await env.run("anchor.create", { scope: `rangeId:${rangeId}` }));
  return { ...env, scope };
}

/** @param {ReturnType<typeof setup>} env  the anchors' texts, in document order */
export async function anchorTexts({ run }) {
  return ok(await run("anchor.list", {})).anchors.map((/** @type {{ text: string }} */ a) => a.text);
}
