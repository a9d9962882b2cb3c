// readDocument's markdown escapes every line start CommonMark (with GFM tables) would read as block syntax, so a
// paragraph reads back as the same paragraph through insertMarkdown (markdown-it-py on the server; the expected
// forms below were checked with bridge/word/markdown_blocks.markdown_to_blocks).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup, ok } from "./helpers.js";

for (const profile of PROFILES) {
  test(`[${profile}] markdown: a paragraph that reads as a thematic break is escaped, "---" as "***" and "___" are`, async () => {
    const { run } = setup(profile, { text: "Intro\n---\n***\n___\nOutro" });
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "Intro\n\n\\---\n\n\\*\\*\\*\n\n\\_\\_\\_\n\nOutro");
  });

  test(`[${profile}] markdown: rules, setext underlines and table delimiter rows are escaped, after line breaks too`, async () => {
    const { sim, run } = setup(profile);
    const cases = [
      ["- - -", "\\- - -"],
      ["-- -", "\\-- -"],
      ["===", "\\==="],
      ["--", "\\--"],
      [":--", "\\:--"],
      ["| --- |", "\\| --- |"],
      ["|---|---|", "\\|---|---|"],
      // After a Word line break (a markdown hard break) the line would make the lines before it a heading or a
      // table, or end the paragraph.
      ["Title\v---", "Title\\\n\\---"],
      ["x\v===", "x\\\n\\==="],
      ["a | b\v--- | ---", "a | b\\\n\\--- | ---"],
      ["y\v# not", "y\\\n\\# not"],
      ["z\v- not", "z\\\n\\- not"],
      ["w\v1. not", "w\\\n1\\. not"],
      ["v\v> not", "v\\\n\\> not"],
      ["u\v   ---", "u\\\n   \\---"],
      ["Plain - text: = | fine", "Plain - text: = | fine"],
    ];
    sim.load(cases.map(([text]) => ({ type: "paragraph", text })));
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.deepEqual(markdown.split("\n\n"), cases.map(([, md]) => md));
  });

  test(`[${profile}] markdown: list items and quotes escape their text's line starts; a heading's own line stays`, async () => {
    const { sim, run } = setup(profile);
    sim.load([
      { type: "paragraph", text: "---", list: { kind: "bullet", level: 0 } },
      { type: "paragraph", text: "# x", list: { kind: "bullet", level: 0 } },
      { type: "paragraph", text: "Intro" },
      { type: "paragraph", text: "---", style: "Quote" },
      { type: "paragraph", text: "---", style: "Heading 1" },
    ]);
    const { markdown } = ok(await run("readDocument", { format: "markdown" }));
    assert.equal(markdown, "- \\---\n- \\# x\n\nIntro\n\n> \\---\n\n# ---");
  });
}
