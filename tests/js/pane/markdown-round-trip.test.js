// Round trips through both halves: a document read as markdown (readDocument), that markdown read by the server
// (markdown_blocks.py) and written back (insertMarkdown) is the same document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";

const READ = { format: "markdown", offset: 0, limit: 1000, maxChars: 200000 };

/** Each paragraph's text and style (tables as their values). */
const layout = (/** @type {any} */ sim) => sim.snapshot().blocks.map((b) => (b.type === "paragraph" ? [b.text, b.style] : b.values));

/**
 * Read the document as markdown, write that markdown back in place of it, and return what it read.
 * @param {Function} run
 */
async function readAndWriteBack(run) {
  const { markdown } = ok(await run("readDocument", READ));
  ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
  return markdown;
}

for (const profile of PROFILES) {
  test(`[${profile}] a heading with a line break reads as one heading (<br>) and goes back as one paragraph`, { skip: NO_SERVER }, async () => {
    const { sim, run } = setup(profile);
    const doc = [
      { type: "paragraph", text: "Quarterly report\vDraft 2", style: "Heading 1" },
      { type: "paragraph", text: "North\vSouth\vEast", style: "Heading 3" },
      { type: "paragraph", text: "Report\vQ3", style: "Title" },
      { type: "paragraph", text: "Ends with a break\v", style: "Heading 2" },
      { type: "paragraph", text: "Body\vtext ends with one\v", style: "Normal" },
      { type: "paragraph", text: "Literal <br> and a\\\vbackslash", style: "Heading 2" },
    ];
    sim.load(doc);
    const before = layout(sim);
    const markdown = await readAndWriteBack(run);
    assert.equal(markdown, [
      "# Quarterly report<br>Draft 2",
      "### North<br>South<br>East",
      "Report\\\nQ3\n===",
      "## Ends with a break<br>",
      "Body\\\ntext ends with one<br>",
      "## Literal \\<br> and a\\\\<br>backslash",
    ].join("\n\n"));
    assert.deepEqual(layout(sim), before);
  });
}
