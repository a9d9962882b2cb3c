import { test } from "node:test";
import assert from "node:assert/strict";
import { createEngine } from "../../../addin/js/engine.js";
import { PROFILES, fails, ok, setup } from "./helpers.js";

for (const profile of PROFILES) {
  test(`comment.add / list / reply / resolve / delete round trip (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta gamma\nSecond line" });
    const hit = ok(await run("search", { query: "beta" })).results[0];
    const added = ok(await run("comment.add", { scope: `rangeId:${hit.rangeId}`, text: "Check this" }));
    assert.equal(typeof added.commentId, "string");
    assert.match(added.rangeId, /^rng_/);
    assert.deepEqual(sim.snapshot().comments.map((c) => [c.content, c.text]), [["Check this", "beta"]]);

    const replied = ok(await run("comment.reply", { commentId: added.commentId, text: "Done" }));
    assert.equal(replied.commentId, added.commentId);
    assert.ok(replied.replyId, "the reply's id is read back");
    let { comments } = ok(await run("comment.list", {}));
    assert.equal(comments.length, 1);
    const [c] = comments;
    assert.equal(c.commentId, added.commentId);
    assert.equal(c.text, "Check this");
    assert.equal(c.anchoredText, "beta");
    assert.equal(c.resolved, false);
    assert.equal(typeof c.author, "string");
    assert.ok(!Number.isNaN(Date.parse(c.date)));
    assert.deepEqual(c.replies.map((r) => [r.replyId, r.text]), [[replied.replyId, "Done"]]);
    ok(await run("insertText", { text: "BETA", scope: `rangeId:${c.rangeId}`, location: "replace" }));
    assert.equal(sim.text().split("\n")[0], "Alpha BETA gamma", "the listed rangeId is the commented range");

    assert.deepEqual(ok(await run("comment.resolve", { commentId: added.commentId, resolved: true })), { commentId: added.commentId, resolved: true, previous: false });
    assert.equal(sim.snapshot().comments[0].resolved, true);
    assert.deepEqual(ok(await run("comment.list", {})).comments, [], "resolved comments are left out by default");
    ({ comments } = ok(await run("comment.list", { includeResolved: true })));
    assert.equal(comments.length, 1);
    ok(await run("comment.delete", { commentId: added.commentId }));
    assert.deepEqual(sim.snapshot().comments, []);
    fails(await run("comment.delete", { commentId: added.commentId }), "E_NOT_FOUND", "args.commentId");
    fails(await run("comment.reply", { commentId: "nope", text: "x" }), "E_NOT_FOUND", "args.commentId");
  });

  // comment.add used to sync just to read the new comment's id: with expectText (one sync to check it) that made 3.
  test(`comment.add with expectText takes two syncs and answers the comment's id (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta gamma" });
    const hit = ok(await run("search", { query: "beta" })).results[0];
    const before = sim.syncCount;
    const added = ok(await run("comment.add", { scope: `rangeId:${hit.rangeId}`, text: "Check", expectText: "beta" }));
    assert.equal(sim.syncCount - before, 2);
    assert.deepEqual(ok(await run("comment.list", {})).comments.map((c) => [c.commentId, c.text]), [[added.commentId, "Check"]]);
    fails(await run("comment.add", { scope: `rangeId:${hit.rangeId}`, text: "Again", expectText: "gamma" }), "E_NOT_FOUND", "args.expectText");
    assert.equal(sim.snapshot().comments.length, 1);
  });

  // Ids read back after the sync: a reference to one waits for that sync (replyId used to be "" until then).
  test(`a batch replies to the comment an earlier op added, through $0.commentId, and uses $1.replyId (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: "Alpha beta gamma" });
    const { result } = await engine.execute({ type: "ai-cmd", id: `batch-comment-${profile}`, content: "batch", op: { type: "word.op", op: "batch", version: "1.0", args: { stopOnError: true, ops: [
      { op: "comment.add", args: { scope: "document", text: "Check" } },
      { op: "comment.reply", args: { commentId: "$0.commentId", text: "Done" } },
      { op: "insertText", args: { text: " reply $1.replyId", scope: "document", location: "end" } },
    ] } } });
    assert.equal(result.ok, true, JSON.stringify(result));
    const [added, replied] = result.data.results.map((r) => r.data);
    assert.equal(typeof added.commentId, "string");
    assert.equal(replied.commentId, added.commentId);
    assert.deepEqual(sim.snapshot().comments.map((c) => c.content), ["Check"]);
    assert.ok(replied.replyId);
    assert.equal(sim.text(), `Alpha beta gamma reply ${replied.replyId}`);
  });

  test(`comment.list with a scope lists only the comments there (${profile})`, async () => {
    const { run } = setup(profile, { text: "One two three" });
    const [one, three] = [ok(await run("search", { query: "One" })).results[0], ok(await run("search", { query: "three" })).results[0]];
    ok(await run("comment.add", { scope: `rangeId:${one.rangeId}`, text: "first" }));
    ok(await run("comment.add", { scope: `rangeId:${three.rangeId}`, text: "second" }));
    assert.deepEqual(ok(await run("comment.list", {})).comments.map((c) => c.text), ["first", "second"]);
    assert.deepEqual(ok(await run("comment.list", { scope: `rangeId:${three.rangeId}` })).comments.map((c) => [c.text, c.anchoredText]), [["second", "three"]]);
  });

  test(`anchor.create / list / remove, and anchor: scopes wherever rangeId: works (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Intro text\nThe price is 10 EUR.\nEnd" });
    const hit = ok(await run("search", { query: "10 EUR" })).results[0];
    const { anchorId, scope } = ok(await run("anchor.create", { scope: `rangeId:${hit.rangeId}`, name: "price" }));
    assert.match(anchorId, /^anc_[a-z0-9]{10}$/);
    assert.equal(scope, `anchor:${anchorId}`);
    assert.deepEqual(sim.snapshot().contentControls.map((c) => [c.tag, c.title, c.text]), [[`wordbridge:${anchorId}`, "price", "10 EUR"]]);
    assert.deepEqual(ok(await run("anchor.list", {})).anchors, [{ anchorId, name: "price", text: "10 EUR" }]);

    // Edits through the anchor keep it around the new text.
    ok(await run("insertText", { text: "12 EUR", scope, location: "replace" }));
    assert.equal(sim.text().split("\n")[1], "The price is 12 EUR.");
    ok(await run("insertText", { text: "Now: ", scope: "document", location: "start" }));
    assert.deepEqual(ok(await run("anchor.list", {})).anchors.map((a) => a.text), ["12 EUR"]);
    ok(await run("applyStyle", { scope, char: { bold: true } }));
    const found = ok(await run("search", { query: "EUR", scope }));
    assert.equal(found.results.length, 1);
    ok(await run("replace", { target: scope, replaceWith: "15 EUR" }));
    assert.deepEqual(ok(await run("anchor.list", {})).anchors.map((a) => a.text), ["15 EUR"]);

    ok(await run("anchor.remove", { anchorId }));
    assert.deepEqual(ok(await run("anchor.list", {})).anchors, []);
    assert.equal(sim.text().split("\n")[1], "The price is 15 EUR.", "keepContent keeps the text");
    fails(await run("anchor.remove", { anchorId }), "E_NOT_FOUND", "args.anchorId");
    const gone = fails(await run("insertText", { text: "x", scope }), "E_NOT_FOUND");
    assert.ok(gone.diagnostics.length);
  });

  test(`anchor.remove with keepContent false deletes the text (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Keep drop keep" });
    const hit = ok(await run("search", { query: "drop " })).results[0];
    const { anchorId } = ok(await run("anchor.create", { scope: `rangeId:${hit.rangeId}` }));
    ok(await run("anchor.remove", { anchorId, keepContent: false }));
    assert.equal(sim.text(), "Keep keep");
  });

  test(`an anchor outlives the pane: a new engine (new registry) still finds it (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Clause 1. Clause 2." });
    const hit = ok(await run("search", { query: "Clause 2." })).results[0];
    const { anchorId } = ok(await run("anchor.create", { scope: `rangeId:${hit.rangeId}` }));
    const reloaded = createEngine({ Word: sim.Word, Office: sim.Office });
    const exec = (/** @type {string} */ op, /** @type {object} */ args) => reloaded.execute({ type: "ai-cmd", id: `reload-${op}-${Math.random()}`, content: op, op: { type: "word.op", op, version: "1.0", args } });
    const stale = await exec("insertText", { text: "x", scope: `rangeId:${hit.rangeId}` });
    assert.equal(stale.result.code, "E_NOT_FOUND", JSON.stringify(stale.result));
    assert.equal(stale.result.code, "E_NOT_FOUND", "a rangeId does not survive the reload");
    const listed = await exec("anchor.list", {});
    assert.deepEqual(listed.result.data.anchors.map((/** @type {any} */ a) => a.anchorId), [anchorId]);
    const done = await exec("insertText", { text: "Clause 3.", scope: `anchor:${anchorId}` });
    assert.equal(done.result.ok, true, JSON.stringify(done.result));
    assert.equal(sim.text(), "Clause 1. Clause 3.");
    const again = await exec("anchor.list", {});
    assert.deepEqual(again.result.data.anchors, [{ anchorId, name: "", text: "Clause 3." }]);
  });

  // Needs step.js and dry-run.js to pass the context on: queueExpectation(registry, args, expectText, env.context).
  test(`expectText checks an anchor's text (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Clause 1. Clause 2." });
    const hit = ok(await run("search", { query: "Clause 2." })).results[0];
    const { scope } = ok(await run("anchor.create", { scope: `rangeId:${hit.rangeId}` }));
    const refused = fails(await run("insertText", { text: "Clause 3.", scope, expectText: "Clause two." }), "E_NOT_FOUND", "args.expectText");
    assert.match(refused.diagnostics[0].msg, /stale range/);
    ok(await run("insertText", { text: "Clause 3.", scope, expectText: "Clause 2.", dryRun: true }));
    ok(await run("insertText", { text: "Clause 3.", scope, expectText: "Clause 2." }));
    assert.equal(sim.text(), "Clause 1. Clause 3.");
  });
}

test("comments refuse with E_UNSUPPORTED naming WordApi 1.4 below it; anchor scopes need 1.3", async () => {
  const { run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.3" } } });
  for (const [op, args] of [["comment.add", { scope: "document", text: "c" }], ["comment.list", {}], ["comment.reply", { commentId: "a", text: "b" }], ["comment.resolve", { commentId: "a" }], ["comment.delete", { commentId: "a" }]]) {
    assert.match(fails(await run(op, args), "E_UNSUPPORTED").diagnostics[0].msg, /WordApi 1\.4/, op);
  }
  const old = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.2" } } });
  const hit = ok(await old.run("search", { query: "x" })).results[0];
  const { anchorId } = ok(await old.run("anchor.create", { scope: `rangeId:${hit.rangeId}` }));
  assert.equal(ok(await old.run("anchor.list", {})).anchors.length, 1);
  assert.match(fails(await old.run("insertText", { text: "y", scope: `anchor:${anchorId}` }), "E_UNSUPPORTED").diagnostics[0].msg, /WordApi 1\.3/);
});

test("an unknown anchor is E_NOT_FOUND and changes nothing", async () => {
  const { sim, run } = setup("web", { text: "Same" });
  fails(await run("insertText", { text: "x", scope: "anchor:anc_missing000" }), "E_NOT_FOUND");
  assert.equal(sim.text(), "Same");
});
