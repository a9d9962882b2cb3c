// What a search leaves tracked in Word: only the hits it hands out ids for (each tracked range is adjusted by every
// later edit), never the whole collection of hits; and what an op says when the registry released older ids to stay
// within its limit (QA: ~11,000 tracked ranges per document after a day, a warning on every op once 500 ids exist).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

/** A document with 1,000 hits of "the". */
const MANY_HITS = Array.from({ length: 200 }, () => "the the the the the").join("\n");

for (const profile of PROFILES) {
  test(`[${profile}] repeated searches keep tracked only the hits with ids, not every hit`, async () => {
    const { sim, engine, run } = setup(profile, { text: MANY_HITS });
    const before = sim.liveAnchors;
    /** @type {string[]} */
    const ids = [];
    for (let i = 0; i < 10; i += 1) {
      const data = ok(await run("search", { query: "the", maxResults: 1, trackResults: 1 }));
      assert.equal(data.truncated, true);
      ids.push(data.results[0].rangeId);
    }
    assert.equal(engine.registry.size(), 10);
    assert.equal(sim.liveAnchors - before, 10, `tracked ranges grew by ${sim.liveAnchors - before} for 10 ids`);
    // maxResults beyond trackResults: the hits without ids are not tracked either.
    ok(await run("search", { query: "the", maxResults: 300, trackResults: 2 }));
    assert.equal(sim.liveAnchors - before, 12);
    // The ids work in later runs (desktop: a tracked item of an untracked collection would fail there).
    ok(await run("insertText", { text: "!", scope: `rangeId:${ids[0]}`, location: "end" }));
    ok(await run("insertText", { text: "?", scope: `rangeId:${ids[9]}`, location: "start" }));
    assert.match(sim.text(), /^\?the! the the/);
  });

  test(`[${profile}] ids released to stay within the limit untrack their ranges`, async () => {
    const { sim, engine, run } = setup(profile, { text: MANY_HITS, registryLimit: 20 });
    const before = sim.liveAnchors;
    for (let i = 0; i < 12; i += 1) ok(await run("search", { query: "the", maxResults: 5, trackResults: 5 }));
    assert.equal(engine.registry.size(), 20);
    assert.equal(sim.liveAnchors - before, 20);
  });

  test(`[${profile}] an op that released older ids says which, as an info (no warning on every op at the limit)`, async () => {
    const { run } = setup(profile, { text: "one two four", registryLimit: 3 });
    const first = ok(await run("search", { query: "o", trackResults: 3 })).results.map((/** @type {any} */ r) => r.rangeId);
    assert.equal(first.length, 3);
    for (let i = 0; i < 3; i += 1) {
      const selection = await run("getSelection", {});
      assert.ok(selection.result.ok);
      assert.deepEqual(selection.result.diagnostics.filter((d) => d.level === "warn"), [], "no warning for a routine release");
      const info = selection.result.diagnostics.find((d) => /released/.test(d.msg));
      assert.equal(info?.level, "info");
      assert.match(info?.msg ?? "", new RegExp(`^1 older id was released \\(${first[i]}\\): the pane keeps at most 3 range and table ids`));
    }
    const gone = fails(await run("insertText", { text: "!", scope: `rangeId:${first[0]}`, location: "end" }), "E_NOT_FOUND", "args.scope");
    assert.match(gone.diagnostics[0].msg, /was released/);
  });

  test(`[${profile}] many released ids: the first few are named, with how many more`, async () => {
    const { run } = setup(profile, { text: MANY_HITS, registryLimit: 30 });
    const first = ok(await run("search", { query: "the", maxResults: 30, trackResults: 30 })).results.map((/** @type {any} */ r) => r.rangeId);
    const second = await run("search", { query: "the", maxResults: 25, trackResults: 25 });
    assert.ok(second.result.ok);
    const info = second.result.diagnostics.find((d) => /released/.test(d.msg));
    assert.equal(info?.level, "info");
    assert.match(info?.msg ?? "", new RegExp(`^25 older ids were released \\(${first.slice(0, 5).join(", ")} and 20 more\\)`));
  });
}

test("below WordApi 1.3 (no Range.getRange) the hits with ids are tracked with their collection, and work", async () => {
  const { sim, run } = setup("desktop", { text: "the cat and the dog", simOptions: { apiSets: { WordApi: "1.2" } } });
  const [first, second] = ok(await run("search", { query: "the", trackResults: 2 })).results.map((/** @type {any} */ r) => r.rangeId);
  ok(await run("insertText", { text: "!", scope: `rangeId:${first}`, location: "end" }));
  ok(await run("insertText", { text: "?", scope: `rangeId:${second}`, location: "end" }));
  assert.equal(sim.text(), "the! cat and the? dog");
});
