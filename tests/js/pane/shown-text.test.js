// Texts an op answers with are shown as readDocument shows them: Word's paragraph marks ("\r") and line breaks
// ("\v") as "\n", without the placeholder some hosts keep for a note's reference mark (U+0002). getSelection and
// hyperlink.set here; search (search-breaks.test.js) and headerFooter.get (header-footer-links.test.js) too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, selectText, setup } from "./helpers.js";
import { shownText } from "../../../addin/js/shown-text.js";

test("shownText: marks and line breaks as \\n, page breaks and note-mark placeholders left out", () => {
  assert.equal(shownText("one\rBeta\vtwo\r\nGamma"), "one\nBeta\ntwo\nGamma");
  assert.equal(shownText("cited\u0002 here\f"), "cited here");
  assert.equal(shownText("plain"), "plain");
});

for (const profile of PROFILES) {
  test(`[${profile}] getSelection and hyperlink.set answer a selection over a paragraph break as readDocument shows it`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha one\nBeta two\nGamma" });
    await selectText(sim, "one^pBeta");
    const selected = ok(await run("getSelection"));
    assert.equal(selected.text, "one\nBeta");
    const linked = ok(await run("hyperlink.set", { url: "https://example.com/" }));
    assert.equal(linked.text, "one\nBeta");
    const shown = ok(await run("readDocument", {})).text;
    assert.ok(shown.includes(selected.text), shown);
  });

  test(`[${profile}] getSelection shows a line break as "\\n" and leaves out a note's mark placeholder`, async () => {
    const { sim, run } = setup(profile, { text: "Cited here. More" });
    sim._model.quirks.noteMarkText = "\u0002";
    const [here] = ok(await run("search", { query: "here" })).results;
    ok(await run("footnote.insert", { text: "Source", scope: `rangeId:${here.rangeId}` }));
    ok(await run("insertText", { text: "x\u000by", scope: "document", location: "end" }));
    await sim.Word.run(async (context) => {
      const whole = context.document.body.getRange("Content");
      whole.select();
      await context.sync();
    });
    assert.equal(ok(await run("getSelection")).text, "Cited here. Morex\ny");
  });
}
