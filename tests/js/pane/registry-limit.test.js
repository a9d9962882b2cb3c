// The registry's limit (500 ids by default, less here): reading a page again answers the ids it gave before
// instead of using up the limit; an id released to stay within it says so and how to get a fresh one; an op that
// made the registry release older ids names them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

/** @param {number} n */
const doc = (n) => Array.from({ length: n }, (_, i) => ({ type: "paragraph", text: `Paragraph ${i} vendor` }));

/** Every block id of the document, page by page. */
async function readAll(run, limit = 20) {
  const ids = [];
  let offset = 0;
  while (offset !== null) {
    const page = ok(await run("readDocument", { format: "structure", includeRangeIds: true, offset, limit }));
    ids.push(...page.blocks.map((/** @type {any} */ b) => b.rangeId));
    offset = page.nextOffset;
  }
  return ids;
}

for (const profile of PROFILES) {
  test(`[${profile}] reading the same paragraphs again gives the same ids and keeps the registry's size`, async () => {
    const { sim, run, engine } = setup(profile, { registryLimit: 100 });
    sim.load(doc(45));
    const first = await readAll(run);
    assert.equal(first.length, 45);
    const size = engine.registry.size();
    const again = await readAll(run, 7);
    assert.deepEqual(again, first);
    assert.equal(engine.registry.size(), size);
    ok(await run("insertText", { text: "!", scope: `rangeId:${again[44]}`, location: "end" }));
    assert.equal(sim.snapshot().blocks[44].text, "Paragraph 44 vendor!");
  });

  test(`[${profile}] a paragraph split in two since it was read gets new ids; the old id covers both parts`, async () => {
    const { sim, run } = setup(profile);
    sim.load(doc(3));
    const [, middle] = await readAll(run);
    const hit = ok(await run("search", { query: "1 vendor" })).results[0].rangeId;
    ok(await run("insertText", { text: "\n", scope: `rangeId:${hit}`, location: "before" }));
    const again = await readAll(run);
    assert.equal(again.length, 4);
    assert.ok(!again.includes(middle), JSON.stringify({ middle, again }));
    const { targets } = ok(await run("insertText", { text: "", scope: `rangeId:${middle}`, location: "end", dryRun: true }));
    assert.equal(targets.scope.text, "Paragraph ¶1 vendor");
  });

  test(`[${profile}] an id released to stay within the limit says so; the op that released ids names them`, async () => {
    const { sim, run } = setup(profile, { registryLimit: 30 });
    sim.load(doc(25));
    const ids = await readAll(run, 25);
    const searched = await run("search", { query: "vendor" });
    assert.ok(searched.result.ok);
    const releaseNote = searched.result.diagnostics.find((d) => /older ids/.test(d.msg));
    assert.equal(releaseNote?.level, "info");
    assert.match(releaseNote?.msg ?? "", new RegExp(`^20 older ids were released \\(${ids.slice(0, 5).join(", ")} and 15 more\\): the pane keeps at most 30 range and table ids`));
    const released = fails(await run("insertText", { text: "!", scope: `rangeId:${ids[0]}`, location: "end" }), "E_NOT_FOUND", "args.scope");
    assert.match(released.diagnostics[0].msg, new RegExp(`The range id "${ids[0]}" was released: the pane keeps at most 30 ids and releases the least recently used first\\. Read the document \\(readDocument with includeRangeIds\\) or search again for a fresh id`));
    // An id of another load is still unknown, not "released".
    const other = fails(await run("insertText", { text: "!", scope: "rangeId:rng_zzzz_1", location: "end" }), "E_NOT_FOUND", "args.scope");
    assert.match(other.diagnostics[0].msg, /Unknown or expired range id/);
  });
}

test("below WordApi 1.6 (no uniqueLocalId) a page read again gets new ids, which work", async () => {
  const { sim, run } = setup("web", { simOptions: { apiSets: { WordApi: "1.5" } } });
  sim.load(doc(5));
  const first = await readAll(run);
  const again = await readAll(run);
  assert.notDeepEqual(again, first);
  ok(await run("insertText", { text: "!", scope: `rangeId:${again[4]}`, location: "end" }));
  ok(await run("insertText", { text: "?", scope: `rangeId:${first[4]}`, location: "end" }));
  assert.equal(sim.snapshot().blocks[4].text, "Paragraph 4 vendor!?");
});
