import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

/** The runs of the snapshot's paragraphs that carry a link, as [text, address]. */
function links(sim) {
  return sim.snapshot().blocks.flatMap((b) => (b.type === "paragraph" ? b.runs : [])).filter((r) => r.link).map((r) => [r.text, r.link]);
}

for (const profile of PROFILES) {
  test(`insertBreak puts Word's break characters where asked (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "First\nSecond" });
    const first = ok(await run("search", { query: "First" })).results[0];
    assert.deepEqual(ok(await run("insertBreak", { type: "page", scope: `rangeId:${first.rangeId}`, location: "after" })), { type: "page", location: "after" });
    assert.equal(sim.text(), "First\f\nSecond", "a page break after the word");
    ok(await run("insertBreak", { type: "line", scope: "document", location: "end" }));
    assert.ok(sim.text().endsWith("Second\v"), JSON.stringify(sim.text()));
    ok(await run("insertBreak", { type: "page", scope: "document", location: "start" }));
    assert.ok(sim.text().startsWith("\f"), JSON.stringify(sim.text()));
  });

  test(`insertBreak defaults to a page break after the selection (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta" });
    sim.select("Alpha");
    ok(await run("insertBreak", {}));
    assert.equal(sim.text(), "Alpha\f beta");
  });

  test(`insertBreak refuses what Word cannot do (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("insertBreak", { type: "column" }), "E_INVALID_ARG", "args.type");
    fails(await run("insertBreak", { location: "replace" }), "E_INVALID_ARG", "args.location");
    fails(await run("insertBreak", { scope: "rangeId:rng_missing" }), "E_NOT_FOUND");
  });

  test(`hyperlink.set links a range's own text (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "See the docs for more." });
    const hit = ok(await run("search", { query: "the docs" })).results[0];
    const data = ok(await run("hyperlink.set", { scope: `rangeId:${hit.rangeId}`, url: "https://example.com/docs" }));
    assert.deepEqual({ url: data.url, text: data.text }, { url: "https://example.com/docs", text: "the docs" });
    assert.deepEqual(links(sim), [["the docs", "https://example.com/docs"]]);
    assert.equal(sim.text(), "See the docs for more.", "the text is unchanged");
    // The returned range is the link: relinking it replaces the address.
    ok(await run("hyperlink.set", { scope: `rangeId:${data.rangeId}`, url: "mailto:team@example.com" }));
    assert.deepEqual(links(sim), [["the docs", "mailto:team@example.com"]]);
    // "" removes it.
    ok(await run("hyperlink.set", { scope: `rangeId:${data.rangeId}`, url: "" }));
    assert.deepEqual(links(sim), []);
  });

  test(`hyperlink.set inserts linked text at the scope (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Contact: " });
    const data = ok(await run("hyperlink.set", { scope: "document", location: "end", url: "mailto:a@b.org", text: "write to us" }));
    assert.equal(data.text, "write to us");
    assert.equal(sim.text(), "Contact: write to us");
    assert.deepEqual(links(sim), [["write to us", "mailto:a@b.org"]]);
    sim.collapse(true);
    const atCursor = ok(await run("hyperlink.set", { url: "https://example.org", text: "site" }));
    assert.match(atCursor.rangeId, /^rng_/);
    assert.deepEqual(links(sim).map(([t]) => t).sort(), ["site", "write to us"]);
  });

  test(`hyperlink.set without text on an empty selection asks for text (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Nothing selected" });
    sim.collapse(false);
    fails(await run("hyperlink.set", { url: "https://example.com" }), "E_INVALID_ARG", "args.text");
    assert.deepEqual(links(sim), [], "nothing was linked");
  });
}

test("hyperlink.set needs WordApi 1.3 (Range.hyperlink)", async () => {
  const { run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.2" } } });
  const refused = fails(await run("hyperlink.set", { scope: "document", url: "https://example.com" }), "E_UNSUPPORTED");
  assert.match(refused.diagnostics[0].msg, /WordApi 1\.3/);
});
