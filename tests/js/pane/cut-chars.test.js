// Texts the pane shortens (a stale range's message, dryRun's long strings, readDocument's cut block) are cut
// between whole characters: an emoji at the cut never leaves half of its surrogate pair, which would make the
// answer text that JSON cannot carry to the server as UTF-8.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { clip, staleRange } from "../../../addin/js/expect.js";

const EMOJI = "😀";
/** Every string inside `value`, which must all be well-formed UTF-16. */
function assertWellFormed(value, what) {
  const json = JSON.stringify(value);
  assert.ok(!/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(json), `${what}: a lone surrogate in ${json}`);
  const walk = (v) => {
    if (typeof v === "string") assert.ok(v.isWellFormed(), `${what}: a lone surrogate in ${JSON.stringify(v)}`);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
}

test("clip: the head and the tail end on whole characters, wherever the emoji are", () => {
  for (let shift = 0; shift < 2; shift++) {
    const text = "x".repeat(shift) + EMOJI.repeat(100);
    const shown = clip(text);
    assertWellFormed(shown, `shift ${shift}`);
    assert.ok(shown.length <= 80, shown);
    assert.ok(shown.includes("…"));
  }
  assert.equal(clip("short 😀"), "short 😀");
});

test("staleRange: texts that differ inside an emoji differ from its first half", () => {
  const same = "s".repeat(90);
  const { message } = staleRange(`${same}😀 tail`, `${same}😁 tail`);
  assert.match(message, /\(they differ from character 90\)/);
  assertWellFormed(message, "message");
});

for (const profile of PROFILES) {
  test(`expectText: the stale-range message cuts long texts between characters (${profile})`, async () => {
    for (let shift = 0; shift < 2; shift++) {
      const { run } = setup(profile, { text: `${"y".repeat(shift)}${EMOJI.repeat(60)}\nnext` });
      const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
      const stale = fails(await run("insertText", { text: "z", scope: `rangeId:${blocks[0].rangeId}`, location: "end", expectText: `${"w".repeat(shift)}${EMOJI.repeat(70)}` }), "E_NOT_FOUND", "args.expectText");
      assertWellFormed(stale, `shift ${shift}`);
      assert.match(stale.diagnostics[0].msg, /stale range: expected "w?😀+…😀+", found "y?😀+…😀+"/u);
    }
  });

  test(`dryRun: a long string in wouldRun is shortened between characters (${profile})`, async () => {
    for (let shift = 0; shift < 2; shift++) {
      const { run } = setup(profile, { text: "one" });
      const text = `${"v".repeat(shift)}${EMOJI.repeat(150)}`;
      const data = ok(await run("insertText", { text, scope: "document", location: "end", dryRun: true }));
      assertWellFormed(data, `shift ${shift}`);
      assert.match(data.wouldRun.args.text, /^v?😀+… \(301 characters\)$|^v?😀+… \(300 characters\)$/u);
    }
  });

  test(`readDocument: a paragraph cut to maxChars ends on a whole character (${profile})`, async () => {
    for (const format of ["text", "markdown", "structure"]) {
      for (let shift = 0; shift < 2; shift++) {
        const { run } = setup(profile, { text: `${"u".repeat(shift)}${EMOJI.repeat(400)}` });
        for (const maxChars of [101, 150, 201]) {
          const data = ok(await run("readDocument", { format, maxChars }));
          assertWellFormed(data, `${format} shift ${shift} maxChars ${maxChars}`);
        }
      }
    }
  });
}
