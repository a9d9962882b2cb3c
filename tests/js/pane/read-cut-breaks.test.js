// A markdown block cut by maxChars is never cut inside a break's comment (<!-- page break -->, read-breaks.test.js):
// the part of it left would be an unclosed comment, which insertMarkdown writes back as text ("<!-- pa"), or a
// bare "<". The cut goes before the comment instead.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";

for (const profile of PROFILES) {
  test(`[${profile}] no maxChars leaves part of a break's comment at a cut block's end`, async () => {
    const { run } = setup(profile, { text: `${"x".repeat(150)}\f${"y".repeat(150)}` });
    let beforeComment = 0;
    for (let maxChars = 150; maxChars < 319; maxChars += 1) {
      const { markdown, cut } = ok(await run("readDocument", { scope: "document", format: "markdown", maxChars }));
      assert.ok(cut, `maxChars ${maxChars}: cut`);
      const content = markdown.split("\n\n<!-- Block 0 is cut here")[0];
      assert.doesNotMatch(content, /<(?![^]*-->)/, `maxChars ${maxChars}: ${JSON.stringify(content.slice(-30))}`);
      if (content === "x".repeat(150)) beforeComment += 1;
    }
    assert.ok(beforeComment > 10, "the maxChars that fall inside the comment cut before it");
  });
}
