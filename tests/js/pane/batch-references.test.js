// Batch references with index brackets: "$0.results[0].rangeId" is "$0.results.0.rangeId" (QA: the bracket form
// was not a reference at all, and the op failed on a half-replaced id).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, paragraphs, setup } from "./helpers.js";
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

// The escape: "$$" where a reference could start is one literal "$" (the server's batch.py reads it the same way).
// Before it, "$0.length" in a batch could only ever be a reference: the text itself could not be inserted.
for (const profile of PROFILES) {
  test(`a batch inserts "$$0.length" as the text "$0.length", "$$$0.length" as "$" and the value (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "" });
    const outcome = await run("batch", { ops: [
      { op: "insertText", args: { text: "alpha", scope: "document", location: "end" } },
      { op: "insertText", args: { text: " $$0.length is text; $$$$1.x too [$$$0.length] $$ $5 $$x", scope: "document", location: "end" } },
    ] });
    assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result));
    assert.deepEqual(paragraphs(sim), ["alpha $0.length is text; $$1.x too [$5] $$ $5 $$x"]);
  });

  test(`a dry run expects the text an escape stands for (${profile})`, async () => {
    const { run } = setup(profile, { text: "pay $0.total now" });
    const id = ok(await run("search", { query: "$0.total" })).results[0].rangeId;
    const outcome = await run("batch", { dryRun: true, ops: [
      { op: "insertText", args: { text: "x", scope: `rangeId:${id}`, expectText: "$$0.total" } },
    ] });
    assert.equal(outcome.result.ok, true, JSON.stringify(outcome.result));
  });
}

test("escapes: an even run of $ before <i>.<path> is text (half the $), an odd run ends in a reference", () => {
  const seen = [];
  const out = substitute({ a: "$$0.x", b: "$$$0.y!", c: "$$$$1.z", d: "$$ and $5 and $$x" }, (op, path) => {
    seen.push(`${op}:${path}`);
    return "V";
  });
  assert.deepEqual(out, { a: "$0.x", b: "$V!", c: "$$1.z", d: "$$ and $5 and $$x" });
  assert.deepEqual(seen, ["0:y"]);
  assert.deepEqual(referencesIn({ a: "$$0.x $1.y $$$2.z $$$$3.w" }), [1, 2]);
});
