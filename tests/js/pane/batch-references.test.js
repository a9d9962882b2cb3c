// Batch references with index brackets: "$0.results[0].rangeId" is "$0.results.0.rangeId" (QA: the bracket form
// was not a reference at all, and the op failed on a half-replaced id).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, paragraphs, setup } from "./helpers.js";
import { REFERENCE, dotted, referencesIn, substitute, valueAt, whyNoValue } from "../../../addin/js/batch-references.js";

for (const profile of PROFILES) {
  test(`a batch resolves $0.results[0].rangeId like $0.results.0.rangeId (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "alpha beta gamma" });
    const ops = [
      { op: "search", args: { query: "beta" } },
      { op: "insertText", args: { text: "BETA", scope: "rangeId:$0.results[0].rangeId", location: "replace" } },
      { op: "search", args: { query: "gamma" } },
      { op: "insertText", args: { text: "!", scope: "rangeId:$2.results.0.rangeId", location: "end" } },
    ];
    const { result } = await engine.execute({ type: "ai-cmd", id: `refs-${profile}`, content: "batch",
      op: { type: "word.op", op: "batch", version: "1.0", args: { ops, stopOnError: true } } });
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.deepEqual(paragraphs(sim), ["alpha BETA gamma!"]);
  });
}

test("brackets: matched whole, looked up, explained and substituted as dotted paths", () => {
  const data = [{ results: [{ rangeId: "rng_a_1" }, { rangeId: "rng_b_2", cells: [["x", "y"]] }] }];
  assert.deepEqual([..."rangeId:$0.results[1].rangeId".matchAll(REFERENCE)].map((m) => m[0]), ["$0.results[1].rangeId"]);
  assert.equal(dotted("results[1].cells[0][1]"), "results.1.cells.0.1");
  assert.equal(valueAt(data[0], "results[1].rangeId"), "rng_b_2");
  assert.equal(valueAt(data[0], "results[1].cells[0][1]"), "y");
  const seen = [];
  const out = substitute({ scope: "rangeId:$0.results[1].rangeId", text: "$0.results.0.rangeId" }, (op, path) => {
    seen.push(path);
    return valueAt(data[op], path);
  });
  assert.deepEqual(out, { scope: "rangeId:rng_b_2", text: "rng_a_1" });
  assert.deepEqual(seen, ["results.1.rangeId", "results.0.rangeId"]);
  assert.equal(whyNoValue(data[0], "results[5].rangeId", 0), "op 0's result has no results.5.rangeId");
  assert.deepEqual(referencesIn({ a: "$3.x[0] and $1.y" }), [3, 1]);
});
