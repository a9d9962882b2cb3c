// readDocument shows Word's page and column breaks (before, it left them out: a paragraph holding a page break read
// as an empty one, and a break at the end of a paragraph's text was invisible). Markdown: an HTML comment where the
// break is (`<!-- page break -->`, `<!-- column break -->`), which insertMarkdown leaves out, never at a line's start
// with text after it (CommonMark would take the whole line as HTML); text: the form feed; structure: `breaks`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";

const TEXT = "One\n\f\nText one.\f\n\fTwo\nA\x0eB\nEnd";

async function read(profile, format, text = TEXT) {
  const { run } = setup(profile, { text });
  return ok(await run("readDocument", { scope: "document", format }));
}

for (const profile of PROFILES) {
  test(`[${profile}] markdown shows each break as an HTML comment where it is`, async () => {
    const { markdown } = await read(profile, "markdown");
    assert.equal(markdown, "One\n\n<!-- page break -->\n\nText one.<!-- page break -->\n\n<!-- page break -->\nTwo\n\nA<!-- column break -->B\n\nEnd");
  });

  test(`[${profile}] markdown: a heading's break goes after its marker; a list item's too`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", style: "Heading 1", text: "\fChapter" },
      { type: "paragraph", text: "Item\f", list: { kind: "bullet", level: 0 } },
    ]);
    const { markdown } = ok(await run("readDocument", { scope: "document", format: "markdown" }));
    assert.equal(markdown, "# <!-- page break -->Chapter\n\n- Item<!-- page break -->");
  });

  test(`[${profile}] text keeps page breaks as form feeds`, async () => {
    const { text } = await read(profile, "text");
    assert.equal(text, "One\n\f\nText one.\f\n\fTwo\nA\x0eB\nEnd");
  });

  test(`[${profile}] structure lists a paragraph's breaks and where they are; its text is as before`, async () => {
    const { blocks } = await read(profile, "structure");
    assert.deepEqual(blocks.map((b) => [b.text, b.breaks]), [
      ["One", undefined],
      ["", [{ type: "page", at: 0 }]],
      ["Text one.", [{ type: "page", at: 9 }]],
      ["Two", [{ type: "page", at: 0 }]],
      ["A\x0eB", [{ type: "column", at: 1 }]],
      ["End", undefined],
    ]);
  });

  test(`[${profile}] the markdown read back by the server (insertMarkdown) loses no text to the break comments`, { skip: NO_SERVER }, async () => {
    const { markdown } = await read(profile, "markdown");
    const blocks = serverBlocks(markdown);
    assert.deepEqual(blocks.map((b) => b.runs.map((r) => r.text).join("")), ["One", "Text one.", "Two", "AB", "End"]);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] markdown: a code paragraph's breaks at its edges are notes before and after its fence`, async () => {
    const { sim, run } = setup(profile);
    sim.load([{ type: "paragraph", style: "No Spacing", runs: [{ text: "\fx = 1\f", fontName: "Consolas" }] }]);
    const { markdown } = ok(await run("readDocument", { scope: "document", format: "markdown" }));
    assert.equal(markdown, "<!-- page break -->\n```\nx = 1\n```\n<!-- page break -->");
  });
}
