// readDocument markdown puts each note reference ([^1]) at its reference mark where the host's text shows the mark
// (U+0002, as Word on Windows does: the simulator's noteMarkText quirk), after the block's text where it does not,
// escapes the notes' text like a paragraph's, and costs no sync more.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";
import { NO_SERVER, serverBlocks } from "./server-markdown.js";
import { markdownOf } from "../../../addin/js/handlers/read-markdown.js";
import { withFootnotes } from "../../../addin/js/handlers/read-notes.js";

const READ = { format: "markdown", offset: 0, limit: 1000, maxChars: 200000 };

/**
 * Add a note whose mark goes right after the first hit of `query`.
 * @param {Function} run
 * @param {string} query
 * @param {string} text
 * @param {"footnote" | "endnote"} [type]
 */
async function note(run, query, text, type = "footnote") {
  const hit = ok(await run("search", { query, matchCase: true })).results[0];
  ok(await run(`${type}.insert`, { scope: `rangeId:${hit.rangeId}`, text }));
}

for (const profile of PROFILES) {
  test(`[${profile}] references go at their marks, in headings, after bold words, links and code too`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "Scope and aims", style: "Heading 2" },
      { type: "paragraph", runs: [{ text: "Revenue " }, { text: "grew", bold: true }, { text: " while costs fell, see " }, { text: "the sheet", link: "https://example.com/q3" }, { text: " and " }, { text: "npm test", fontName: "Consolas" }, { text: "." }] },
      { type: "paragraph", text: "Only endnotes here and there." },
    ]);
    sim._model.quirks.noteMarkText = "\u0002";
    await note(run, "Scope", "Heading note.");
    await note(run, "grew", "Audited.");
    await note(run, "costs fell", "Second quarter.");
    await note(run, "the sheet", "Linked.");
    await note(run, "npm test", "Code.");
    await note(run, "endnotes", "First.", "endnote");
    await note(run, "there", "Second.", "endnote");
    const before = sim.syncCount;
    const { markdown } = ok(await run("readDocument", READ));
    assert.equal(sim.syncCount - before, 2, "two syncs, as a page without notes");
    assert.equal(markdown, [
      "## Scope[^1] and aims",
      "[^1]: Heading note.",
      "Revenue **grew**[^2] while costs fell[^3], see [the sheet](https://example.com/q3)[^4] and `npm test`[^5].",
      "[^2]: Audited.\n[^3]: Second quarter.\n[^4]: Linked.\n[^5]: Code.",
      "Only endnotes[^e1] here and there[^e2].",
      "[^e1]: First.\n[^e2]: Second.",
    ].join("\n\n"));
  });

  test(`[${profile}] where the text does not place them, references go after the block's text, a table's on a line of their own`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "Hidden marks here." },
      { type: "paragraph", text: "Both kinds here." },
      { type: "table", values: [["Region", "Sales"], ["North", "10"]] },
      { type: "paragraph", text: "End" },
    ]);
    await note(run, "Hidden", "Not shown by this host.");
    await note(run, "North", "A cell's note.");
    sim._model.quirks.noteMarkText = "\u0002";
    // A footnote's mark and an endnote's read alike in the text: which is which it does not say.
    await note(run, "Both", "A footnote.");
    await note(run, "kinds", "An endnote.", "endnote");
    sim._model.quirks.noteMarkText = "";
    const hidden = ok(await run("readDocument", READ)).markdown;
    assert.equal(hidden, [
      "Hidden marks here.[^1]",
      "[^1]: Not shown by this host.",
      "Both kinds here.[^2][^e1]",
      "[^2]: A footnote.\n[^e1]: An endnote.",
      // A table row or a closing fence ends its line: the references follow on their own.
      "| Region | Sales |\n| --- | --- |\n| North | 10 |",
      "[^3]",
      "[^3]: A cell's note.",
      "End",
    ].join("\n\n"));
  });

  test(`[${profile}] a note's text is escaped like a paragraph's: it never reads as a rule, a list, a heading or a definition`, async () => {
    const { sim, run } = setup(profile, { text: "One two three four five six seven eight" });
    const texts = ["---", "- item", "1. first", "# title", "> quote", "[x]: y", "===", "Line\v---"];
    const words = ["One", "two", "three", "four", "five", "six", "seven", "eight"];
    for (const [i, text] of texts.entries()) await note(run, words[i], text);
    sim._model.quirks.noteMarkText = "";
    const { markdown } = ok(await run("readDocument", READ));
    assert.equal(markdown.split("\n\n")[1], [
      "[^1]: \\---", "[^2]: \\- item", "[^3]: 1\\. first", "[^4]: \\# title", "[^5]: \\> quote", "[^6]: \\[x\\]: y", "[^7]: \\===",
      "[^8]: Line\\\n    \\---",
    ].join("\n"));
  });

  test(`[${profile}] round trip: the references and the notes' text written back are what was read, as text`, { skip: NO_SERVER }, async () => {
    const { sim, run } = setup(profile, { text: "Revenue grew. Costs fell.\nEnd" });
    sim._model.quirks.noteMarkText = "\u0002";
    await note(run, "grew", "Source.");
    await note(run, "fell", "---");
    const { markdown } = ok(await run("readDocument", READ));
    assert.equal(markdown, "Revenue grew[^1]. Costs fell[^2].\n\n[^1]: Source.\n[^2]: \\---\n\nEnd");
    // CommonMark alone reads "[^1]: Source." as a link definition (the note's text gone, "[^1]" a link): the server
    // keeps footnote syntax as text, each definition a paragraph.
    ok(await run("insertMarkdown", { blocks: serverBlocks(markdown), scope: "document", location: "replace" }));
    assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Revenue grew[^1]. Costs fell[^2].", "[^1]: Source.", "[^2]: ---", "End"]);
  });
}

test("a table whose cells show the marks (a host's Table.values) has its references in the cells", () => {
  const loaded = /** @type {any} */ ([{ kind: "table", table: { values: [["Region", "Sales"], ["North\u0002", "10\u0002"]], isUniform: true } }]);
  const notes = [[{ type: "footnote", text: "One." }, { type: "footnote", text: "Two." }]];
  const [{ md }] = withFootnotes(markdownOf(loaded, notes), /** @type {any} */ (notes), (text) => text);
  assert.equal(md, "| Region | Sales |\n| --- | --- |\n| North[^1] | 10[^2] |\n\n[^1]: One.\n[^2]: Two.");
});
