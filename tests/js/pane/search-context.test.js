// search's context strings are cut between whole characters: an emoji (two UTF-16 code units) at either edge of
// the 40 characters around a hit is kept whole or left out, never halved into a lone surrogate (invalid Unicode
// that breaks the answer's JSON for strict readers). Case-insensitive hits are located in the paragraph itself.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EMOJI = "\u{1F600}";

for (const profile of PROFILES) {
  test(`[${profile}] emoji at both edges of a hit's context stay whole`, async () => {
    // 30 emoji then "x": the context's start (40 code units before the hit) falls inside an emoji; after the hit,
    // "y" then 30 emoji: its end does too.
    const { run } = setup(profile, { text: `${EMOJI.repeat(30)}x needle y${EMOJI.repeat(30)}` });
    const [hit] = ok(await run("search", { query: "needle" })).results;
    assert.doesNotMatch(hit.context, LONE_SURROGATE);
    assert.ok(hit.context.includes("x needle y"), hit.context);
    assert.ok(hit.context.startsWith(`…${EMOJI}`) && hit.context.endsWith(`${EMOJI}…`), hit.context);
    // Every odd offset: whichever way the emoji fall, no half of one.
    for (let pad = 0; pad < 4; pad += 1) {
      const env = setup(profile, { text: `${"a".repeat(pad)}${EMOJI.repeat(25)} needle ${EMOJI.repeat(25)}${"b".repeat(pad)}` });
      for (const result of ok(await env.run("search", { query: "needle" })).results) assert.doesNotMatch(result.context, LONE_SURROGATE);
    }
  });

  test(`[${profile}] a case-insensitive hit after letters whose lower case is longer gets its own context`, async () => {
    const { run } = setup(profile, { text: `${"İ".repeat(60)} Needle here` });
    const [hit] = ok(await run("search", { query: "needle" })).results;
    assert.equal(hit.text, "Needle");
    assert.ok(hit.context.endsWith(" Needle here"), hit.context);
  });
}
