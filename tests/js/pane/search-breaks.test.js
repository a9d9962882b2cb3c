// search and replace across paragraph and line breaks. readDocument shows both as "\n": a phrase copied from it is
// searched with Word's paragraph mark (^p, ^13 with wildcards) and the hit runs across the paragraphs, as Word's Find
// does; "\v" is a line break (^l, ^11). A query with a break that matches nothing says how it was searched. Hits
// answer with their text and context as readDocument shows it ("\n", no note-mark placeholder).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, setup } from "./helpers.js";

const TEXT = "Alpha one\nBeta two\nGamma";

/** @param {{ result: { diagnostics: { level: string, field?: string, msg: string }[] } }} outcome */
const warnings = (outcome) => outcome.result.diagnostics.filter((d) => d.level === "warn" && d.field === "args.query");

for (const profile of PROFILES) {
  test(`[${profile}] a line end in a plain query is a paragraph break: the hit spans both paragraphs`, async () => {
    const { run } = setup(profile, { text: TEXT });
    const outcome = await run("search", { query: "one\nBeta" });
    const [hit, ...more] = ok(outcome).results;
    assert.equal(more.length, 0);
    assert.equal(hit.text, "one\nBeta");
    assert.equal(hit.context, "Alpha one\nBeta two");
    assert.match(hit.rangeId, /^rng_/);
    assert.deepEqual(outcome.result.diagnostics, []);
    assert.deepEqual(ok(await run("search", { query: "ONE\r\nbeta two\nGAMMA" })).results.map((r) => r.text), ["one\nBeta two\nGamma"]);
    // A hit that ends with the mark: its paragraph is its context, without a line end of its own.
    const [ending] = ok(await run("search", { query: "two\n" })).results;
    assert.equal(ending.text, "two\n");
    assert.equal(ending.context, "Beta two");
    const readBack = ok(await run("readDocument", {})).text;
    assert.equal(ok(await run("search", { query: readBack.slice(6, 14) })).results.length, 1, "a phrase copied from readDocument is found");
  });

  test(`[${profile}] replace across a paragraph break joins the paragraphs; a "\\n" in replaceWith splits one, as insertText does`, async () => {
    const { sim, run } = setup(profile, { text: TEXT });
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "one\nBeta", replaceWith: "X" })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["Alpha X two", "Gamma"]);
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "X", replaceWith: "one\nBeta" })), { replaced: 1 });
    assert.deepEqual(paragraphs(sim), ["Alpha one", "Beta two", "Gamma"]);
    const other = setup(profile, { text: "Alpha X two\nGamma" });
    const [hit] = ok(await other.run("search", { query: "X" })).results;
    ok(await other.run("insertText", { text: "one\nBeta", scope: `rangeId:${hit.rangeId}` }));
    assert.deepEqual(paragraphs(other.sim), paragraphs(sim));
  });

  test(`[${profile}] "\\v" finds a line break, answered as "\\n"; a line end that meets one matches nothing and says so`, async () => {
    const { run } = setup(profile, { text: "Gamma" });
    ok(await run("insertText", { text: "x\u000by", scope: "document", location: "end" }));
    const [hit] = ok(await run("search", { query: "x\vy" })).results;
    assert.equal(hit.text, "x\ny");
    assert.equal(hit.context, "Gammax\ny");
    for (const query of ["x\ny", "Gammax\ny"]) {
      const missed = await run("search", { query });
      assert.deepEqual(ok(missed).results, []);
      const [warning] = warnings(missed);
      assert.match(warning.msg, /searched as a paragraph break \(Word's \^p\)/);
      assert.match(warning.msg, /write it as "\\v"/);
    }
    const replaced = await run("replace", { target: "searchQuery", query: "x\ny", replaceWith: "z" });
    assert.deepEqual(ok(replaced), { replaced: 0 });
    assert.equal(warnings(replaced).length, 1);
    const regex = await run("search", { query: "x\\ny", useRegex: true });
    assert.match(warnings(regex)[0].msg, /\(Word's \^13\).*write it as \\v/);
    assert.deepEqual(ok(await run("search", { query: "x\\vy", useRegex: true })).results.map((r) => r.text), ["x\ny"]);
  });

  test(`[${profile}] a caret stays a literal caret; when nothing matches, a warning says how to write breaks`, async () => {
    const { run } = setup(profile, { text: TEXT });
    const outcome = await run("search", { query: "one^pBeta" });
    assert.deepEqual(ok(outcome).results, []);
    assert.match(warnings(outcome)[0].msg, /searched as a caret.*"\\n"/);
    assert.deepEqual(warnings(await run("search", { query: "nowhere" })), []);
  });

  test(`[${profile}] useRegex: \\n is a paragraph mark (^13), [^\\n] anything else`, async () => {
    const { sim, run } = setup(profile, { text: TEXT });
    assert.deepEqual(ok(await run("search", { query: "one\\nBeta", useRegex: true })).results.map((r) => r.text), ["one\nBeta"]);
    assert.deepEqual(ok(await run("search", { query: "e[^\\n]+", useRegex: true, matchCase: true })).results.map((r) => r.text), ["eta two"]);
    assert.deepEqual(ok(await run("search", { query: "o\\n[A-Z]", useRegex: true })).results.map((r) => r.text), ["o\nG"]);
    assert.deepEqual(ok(await run("replace", { target: "searchQuery", query: "\\n[A-Z]", useRegex: true, matchCase: true, replaceWith: " & " })), { replaced: 2 });
    assert.deepEqual(paragraphs(sim), ["Alpha one & eta two & amma"]);
  });

  test(`[${profile}] the 255-character limit counts a line end as Word's two-character ^p`, async () => {
    const { run } = setup(profile, { text: TEXT });
    const refused = fails(await run("search", { query: "a\n".repeat(100) }), "E_INVALID_ARG", "args.query");
    assert.match(refused.diagnostics[0].msg, /200 characters, but Word receives it as 300/);
  });

  test(`[${profile}] a hit's text and context leave out a note's mark placeholder, as readDocument does`, async () => {
    const { sim, run } = setup(profile, { text: "Cited here. More" });
    sim._model.quirks.noteMarkText = "\u0002";
    const [cited] = ok(await run("search", { query: "here" })).results;
    ok(await run("footnote.insert", { text: "Source", scope: `rangeId:${cited.rangeId}` }));
    // Word's text holds the mark between "here" and ".": a hit over it, and the context of one next to it.
    const [hit] = ok(await run("search", { query: "here" })).results;
    assert.equal(hit.context, "Cited here. More");
    const [wide] = ok(await run("search", { query: "Cited.+More", useRegex: true })).results;
    assert.equal(wide.text, "Cited here. More");
    assert.equal(wide.context, "Cited here. More");
  });
}
