// A dry run of insertText, insertBreak, replace, search, insertMarkdown, anchor.create and a batch with trackChanges
// refuses the args the op itself refuses (its handler's own checks, registered in op-checks.js), with the same code,
// field and message, alone and in a dry-run batch; and it changes nothing. Before, these dry runs answered ok.
import test from "node:test";
import assert from "node:assert/strict";
import { PROFILES, setup } from "./helpers.js";

const TEXT = "Alpha beta gamma.\nSecond beta line.\nThird line.";
const PARAGRAPH = [{ type: "paragraph", runs: [{ text: "P" }] }];

/**
 * Bad args of each op, some with a range id (the op's checks come before its target's).
 * @param {string} range  a live range id
 * @returns {[string, object][]}
 */
function badCalls(range) {
  const scope = `rangeId:${range}`;
  return [
    ["insertText", { text: 5, scope: "document" }],
    ["insertText", { scope, location: "end" }],
    ["insertText", { text: "x", scope, location: "middle" }],
    ["insertText", { text: "x", scope: "selection", newParagraph: "yes" }],
    ["insertText", { text: "x", scope: "document", keepFormatting: "no" }],
    ["insertText", { text: "x", scope: "rangeId:rng_gone_9", location: "inside" }],
    ["insertBreak", { type: "column", scope: "document" }],
    ["insertBreak", { type: "page", scope, location: "replace" }],
    ["insertBreak", { type: "line", scope: "anchor:anc_gone", location: "middle" }],
    ["replace", { target: "document", replaceWith: 5 }],
    ["replace", { target: scope }],
    ["replace", { target: "document", replaceWith: "x", mode: "first" }],
    ["replace", { replaceWith: "x" }],
    ["replace", { target: "searchQuery", query: "beta", replaceWith: "x", mode: "all" }],
    ["replace", { target: "searchQuery", query: "", scope: "rangeId:rng_gone_9", replaceWith: "x" }],
    ["search", { query: "beta", maxResults: 0 }],
    ["search", { query: "beta", scope, maxResults: "5" }],
    ["search", { query: "beta", trackResults: -1 }],
    ["search", { query: "beta", trackResults: 10001, scope: "rangeId:rng_gone_9" }],
    ["insertMarkdown", { blocks: PARAGRAPH, scope: "document", location: "middle" }],
    ["insertMarkdown", { blocks: PARAGRAPH, scope, location: 3 }],
    ["anchor.create", { scope: "document", name: "n".repeat(65) }],
    ["anchor.create", { scope, name: 5 }],
  ];
}

/** What a refusal says: its code and its errors' fields and messages. */
function refusal(result) {
  if (result.ok) return "ok";
  return { code: result.code, errors: result.diagnostics.filter((d) => d.level === "error").map(({ field, msg }) => ({ field, msg })) };
}

/** A document with a live range id ("beta"); `apiSets` for an older host. */
async function fixture(profile, apiSets) {
  const env = setup(profile, { text: TEXT, simOptions: apiSets ? { apiSets } : {} });
  const { result } = await env.run("search", { query: "beta", scope: "document" });
  return { ...env, range: result.data.results[0].rangeId };
}

for (const profile of PROFILES) {
  test(`a dry run refuses the bad args the op refuses, with its code, field and message (${profile})`, async () => {
    const count = badCalls("x").length;
    for (let k = 0; k < count; k += 1) {
      const real = await fixture(profile);
      const [op, args] = badCalls(real.range)[k];
      const expected = refusal((await real.run(op, args)).result);
      assert.notEqual(expected, "ok", `${op} ${JSON.stringify(args)} should fail`);

      const dry = await fixture(profile);
      const dryArgs = badCalls(dry.range)[k][1];
      const before = dry.sim.snapshot();
      const alone = await dry.run(op, { ...dryArgs, dryRun: true });
      assert.deepEqual(refusal(alone.result), expected, `dry run of ${op} ${JSON.stringify(args)}`);
      const batch = await dry.run("batch", { ops: [{ op, args: dryArgs }], dryRun: true });
      assert.deepEqual(refusal(batch.result.data.results[0]), expected, `${op} ${JSON.stringify(args)} in a dry-run batch`);
      assert.deepEqual(dry.sim.snapshot(), before, "a dry run changes nothing");
    }
  });

  test(`a dry run still accepts good args of these ops (${profile})`, async () => {
    const { run, sim, range } = await fixture(profile);
    const before = sim.snapshot();
    for (const [op, args] of [
      ["insertText", { text: "x", scope: `rangeId:${range}`, location: "end", newParagraph: false, keepFormatting: true }],
      ["insertBreak", { type: "line", scope: `rangeId:${range}`, location: "after" }],
      ["replace", { target: "searchQuery", query: "beta", replaceWith: "x", mode: "replaceFirst" }],
      ["search", { query: "beta", maxResults: 1, trackResults: 0 }],
      ["insertMarkdown", { blocks: PARAGRAPH, scope: "document", location: "end" }],
      ["anchor.create", { scope: `rangeId:${range}`, name: "n".repeat(64) }],
    ]) {
      const { result } = await run(op, { ...args, dryRun: true });
      assert.equal(result.ok, true, `${op}: ${JSON.stringify(result)}`);
    }
    assert.deepEqual(sim.snapshot(), before);
  });

  test(`a dry run of a replace by search notes the query's warnings once, as the op does (${profile})`, async () => {
    const args = { target: "searchQuery", query: "b.*a", useRegex: true, replaceWith: "x" };
    const warnings = (result) => result.diagnostics.filter((d) => d.level === "warn").map((d) => d.msg);
    const real = warnings((await (await fixture(profile)).run("replace", args)).result);
    assert.ok(real.length > 0);
    const dry = warnings((await (await fixture(profile)).run("replace", { ...args, dryRun: true })).result);
    assert.deepEqual(dry, real);
  });
}

for (const [profile, apiSets, expected] of [
  ["web", { WordApi: "1.3" }, { code: "E_UNSUPPORTED", errors: [{ field: "args.trackChanges", msg: "args.trackChanges needs WordApi 1.4 (document.changeTrackingMode), which this Word does not support" }] }],
  ["desktop", undefined, undefined],
]) {
  test(`a dry-run batch checks its trackChanges as the batch does (${profile} ${JSON.stringify(apiSets ?? {})})`, async () => {
    const ops = [{ op: "insertText", args: { text: "x", scope: "document", location: "end" } }];
    for (const trackChanges of [true, "yes"]) {
      const real = await fixture(profile, apiSets);
      const want = refusal((await real.run("batch", { ops, trackChanges })).result);
      if (trackChanges === true) assert.deepEqual(want, expected ?? "ok");
      const dry = await fixture(profile, apiSets);
      const before = dry.sim.snapshot();
      const got = await dry.run("batch", { ops, trackChanges, dryRun: true });
      assert.deepEqual(refusal(got.result), want, `trackChanges: ${JSON.stringify(trackChanges)}`);
      assert.deepEqual(dry.sim.snapshot(), before);
    }
  });
}
