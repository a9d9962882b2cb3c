// applyStyle on an anchor reads the anchor's table edges as the other anchor ops do (anchor-read.js): the rangeId it
// returns is table-edged when the anchor's content starts or ends with a table, so text put before or after it goes
// next to the table, not into its cells. Before, that rangeId knew nothing of the table.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok } from "./helpers.js";
import { blocksAnchor } from "./anchor-fixture.js";

/** @param {string} text */
const P = (text) => ({ type: "paragraph", runs: [{ text }] });
const TABLE = { type: "table", header: false, rows: [["a", "b"]] };

/** Paragraph texts, tables as their cell values. */
function blocksOf(/** @type {{ snapshot: () => any }} */ sim) {
  return sim.snapshot().blocks.map((/** @type {any} */ b) => (b.type === "paragraph" ? b.text : b.values));
}

const STYLES = {
  "character formatting": { char: { bold: true } },
  "a built-in style": { namedStyle: "Heading 2" },
  "paragraph formatting": { para: { alignment: "center" } },
  clearOtherStyles: { clearOtherStyles: true },
};

for (const profile of PROFILES) {
  for (const [what, style] of Object.entries(STYLES)) {
    test(`[${profile}] applyStyle (${what}) on an anchor that starts with a table: its rangeId puts text before the table`, async () => {
      const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
      const { rangeId } = ok(await env.run("applyStyle", { scope: env.scope, ...style }));
      ok(await env.run("insertText", { scope: `rangeId:${rangeId}`, location: "before", text: "TXT" }));
      assert.deepEqual(blocksOf(env.sim), ["Intro", "TXT", [["a", "b"]], "Tail", "Outro"]);
    });
  }

  test(`[${profile}] applyStyle on an anchor that ends with a table: its rangeId puts text after the table`, async () => {
    const env = await blocksAnchor(profile, [P("Lead"), TABLE]);
    const { rangeId } = ok(await env.run("applyStyle", { scope: env.scope, char: { italic: true } }));
    ok(await env.run("insertText", { scope: `rangeId:${rangeId}`, location: "after", text: "TXT" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", "Lead", [["a", "b"]], "TXT", "Outro"]);
  });

  test(`[${profile}] in a batch, applyStyle on an anchor takes the read up front: its rangeId is table-edged, 3 syncs`, async () => {
    const env = await blocksAnchor(profile, [TABLE, P("Tail")]);
    const outcome = await env.run("batch", { ops: [
      { op: "applyStyle", args: { scope: env.scope, char: { bold: true } } },
      { op: "insertText", args: { scope: "rangeId:$0.rangeId", location: "before", text: "TXT" } },
    ] }, { maxSyncs: 3 });
    ok(outcome);
    assert.ok(outcome.stats.syncs <= 3, `${outcome.stats.syncs} syncs`);
    assert.deepEqual(blocksOf(env.sim), ["Intro", "TXT", [["a", "b"]], "Tail", "Outro"]);
  });

  test(`[${profile}] applyStyle on an anchor without a table: its rangeId is plain text`, async () => {
    const env = await blocksAnchor(profile, [P("Only")]);
    const { rangeId } = ok(await env.run("applyStyle", { scope: env.scope, char: { bold: true } }));
    ok(await env.run("insertText", { scope: `rangeId:${rangeId}`, location: "before", text: ">" }));
    assert.deepEqual(blocksOf(env.sim), ["Intro", ">Only", "Outro"]);
  });
}
