// changeIds from an earlier list after some changes were decided: an id acts on the change it named, or is refused
// with E_NOT_FOUND (list again) — never on another change. Identical changes (a tracked replaceAll makes them: same
// type, author, minute and text) are where ids could slide: deciding one renumbered the rest.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, paragraphs, setup } from "./helpers.js";
import { createEngine } from "../../../addin/js/engine.js";

const THREE = "Alpha 2024 one.\nBeta 2024 two.\nGamma 2024 three.";

/** @param {(args: object) => Promise<any>} run @param {string} query @param {string} replaceWith */
function trackedReplace(run, query, replaceWith) {
  return run("replace", { target: "searchQuery", query, replaceWith, mode: "replaceAll", scope: "document", trackChanges: true });
}

/** @param {(op: string, args: object) => Promise<any>} run @param {string} scope */
function trackedReplaceIn(run, scope) {
  return run("replace", { target: "searchQuery", query: "2024", replaceWith: "2025", mode: "replaceAll", scope, trackChanges: true });
}

/**
 * The listed changes of each paragraph (in order), as {added, deleted} ids.
 * @param {any[]} changes  trackChanges.list's, three pairs in document order
 */
function pairs(changes) {
  assert.equal(changes.length % 2, 0);
  const out = [];
  for (let i = 0; i < changes.length; i += 2) out.push(changes.slice(i, i + 2).map((c) => c.changeId));
  return out;
}

/** A person's decision in Word, through its own context (not the pane's). */
async function personDecides(sim, index, accept) {
  await sim.Word.run(async (context) => {
    const changes = context.document.body.getTrackedChanges().load("items/text");
    await context.sync();
    if (accept) changes.items[index].accept();
    else changes.items[index].reject();
    await context.sync();
  });
}

for (const profile of PROFILES) {
  test(`ids from an earlier list still name their changes after some were accepted (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: THREE });
    ok(await trackedReplace(run, "2024", "2025"));
    const listed = ok(await run("trackChanges.list", {})).changes;
    assert.equal(listed.length, 6);
    assert.equal(new Set(listed.map((c) => c.changeId)).size, 6);
    const [alpha, beta, gamma] = pairs(listed);

    ok(await run("trackChanges.accept", { changeIds: alpha }));
    assert.deepEqual(paragraphs(sim), ["Alpha 2025 one.", "Beta 20252024 two.", "Gamma 20252024 three."]);
    // Listing again, or reading the document, gives the others the ids they had.
    assert.deepEqual(ok(await run("trackChanges.list", {})).changes, listed.slice(2));
    const blocks = ok(await run("readDocument", { format: "structure" })).blocks;
    assert.deepEqual(blocks.map((b) => (b.changes ?? []).map((c) => c.changeId)), [[], beta, gamma]);

    const dry = ok(await run("trackChanges.reject", { changeIds: beta, dryRun: true }));
    assert.deepEqual(dry.targets.changeIds.map((c) => c.changeId), beta);
    ok(await run("trackChanges.reject", { changeIds: beta }));
    assert.deepEqual(paragraphs(sim), ["Alpha 2025 one.", "Beta 2024 two.", "Gamma 20252024 three."], "Beta's pair, not Gamma's");

    ok(await run("trackChanges.accept", { changeIds: gamma }));
    assert.deepEqual(paragraphs(sim), ["Alpha 2025 one.", "Beta 2024 two.", "Gamma 2025 three."]);
    assert.deepEqual(sim.snapshot().revisions, []);

    const again = fails(await run("trackChanges.reject", { changeIds: [alpha[0]] }), "E_NOT_FOUND", "args.changeIds");
    assert.match(again.diagnostics[0].msg, /accepted already/);
  });

  test(`two identical changes in one paragraph keep distinct ids that survive deciding one (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Pay 2024 and 2024 now." });
    ok(await trackedReplace(run, "2024", "2025"));
    const listed = ok(await run("trackChanges.list", {})).changes;
    assert.equal(new Set(listed.map((c) => c.changeId)).size, 4);
    const [first, second] = pairs(listed);
    ok(await run("trackChanges.accept", { changeIds: first }));
    assert.deepEqual(paragraphs(sim), ["Pay 2025 and 20252024 now."]);
    ok(await run("trackChanges.reject", { changeIds: second }));
    assert.deepEqual(paragraphs(sim), ["Pay 2025 and 2024 now."]);
  });

  test(`every id of a list at once, then again: all decided once, the repeat refused (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: THREE });
    ok(await trackedReplace(run, "2024", "2025"));
    const ids = ok(await run("trackChanges.list", {})).changes.map((c) => c.changeId);
    assert.deepEqual(ok(await run("trackChanges.reject", { changeIds: ids })), { rejected: 6, changeIds: ids });
    assert.equal(sim.text(), THREE);
    const again = fails(await run("trackChanges.accept", { changeIds: ids.slice(2, 4) }), "E_NOT_FOUND", "args.changeIds");
    assert.match(again.diagnostics[0].msg, /rejected already/);
  });

  test(`a batch accepting one pair and rejecting another from the same list decides those two (${profile})`, async () => {
    const { sim, engine } = setup(profile, { text: THREE });
    const run = (op, args) => engine.execute({ type: "ai-cmd", id: `stale-${Math.random()}`, content: op, op: { type: "word.op", op, version: "1.0", args } });
    ok(await trackedReplace(run, "2024", "2025"));
    const [alpha, beta] = pairs(ok(await run("trackChanges.list", {})).changes);
    const result = ok(await run("batch", { ops: [
      { op: "trackChanges.accept", args: { changeIds: alpha } },
      { op: "trackChanges.reject", args: { changeIds: beta } },
    ], stopOnError: true }));
    assert.equal(result.completed, 2, JSON.stringify(result));
    assert.deepEqual(paragraphs(sim), ["Alpha 2025 one.", "Beta 2024 two.", "Gamma 20252024 three."]);
  });

  test(`a change the person decided between list and decide: the old ids are refused, nothing changes (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: THREE });
    ok(await trackedReplace(run, "2024", "2025"));
    const [, beta] = pairs(ok(await run("trackChanges.list", {})).changes);
    await personDecides(sim, 0, false); // Alpha's first change
    await personDecides(sim, 0, false); // and its second
    const before = paragraphs(sim);
    const refused = fails(await run("trackChanges.reject", { changeIds: beta }), "E_NOT_FOUND", "args.changeIds");
    assert.match(refused.diagnostics[0].msg, /list them again/);
    assert.deepEqual(paragraphs(sim), before);
    const [relisted] = pairs(ok(await run("trackChanges.list", {})).changes);
    ok(await run("trackChanges.reject", { changeIds: relisted }));
    assert.deepEqual(paragraphs(sim), ["Alpha 2024 one.", "Beta 2024 two.", "Gamma 20252024 three."]);
  });

  test(`the person decides one after the pane decided another: the old ids are refused (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: THREE });
    ok(await trackedReplace(run, "2024", "2025"));
    const [alpha, beta] = pairs(ok(await run("trackChanges.list", {})).changes);
    ok(await run("trackChanges.accept", { changeIds: alpha }));
    await personDecides(sim, 2, true); // Gamma's pair, in Word
    await personDecides(sim, 2, true);
    const before = paragraphs(sim);
    fails(await run("trackChanges.reject", { changeIds: beta }), "E_NOT_FOUND", "args.changeIds");
    assert.deepEqual(paragraphs(sim), before);
  });

  test(`identical changes made between list and decide: the old ids are refused (${profile})`, async () => {
    // Word keeps a change's time to the minute: only a change made in the same minute is identical.
    mock.timers.enable({ apis: ["Date"], now: Date.parse("2026-03-02T10:15:20Z") });
    try {
      const { sim, run } = setup(profile, { text: `Zero 2024 none.\n${THREE}` });
      for (const word of ["Alpha", "Beta", "Gamma"]) {
        const at = ok(await run("search", { query: `${word} 2024` })).results[0];
        ok(await trackedReplaceIn(run, `rangeId:${at.rangeId}`));
      }
      const [alpha, beta] = pairs(ok(await run("trackChanges.list", {})).changes);
      // The person makes the same replacement in the first paragraph.
      await sim.Word.run(async (context) => {
        context.document.changeTrackingMode = "TrackAll";
        const found = context.document.body.paragraphs.getFirst().search("2024");
        found.load("items");
        await context.sync();
        found.items[0].insertText("2025", "Replace");
        context.document.changeTrackingMode = "Off";
        await context.sync();
      });
      const before = paragraphs(sim);
      assert.equal(sim.snapshot().revisions.length, 8);
      fails(await run("trackChanges.reject", { changeIds: beta }), "E_NOT_FOUND", "args.changeIds");
      assert.deepEqual(paragraphs(sim), before);

      // Relisted and one pair rejected by id; then the pane makes the same change again in the first paragraph and
      // accepts the last paragraph's with all: true: as many identical changes as expected, but not the same ones.
      const [zero, relistedAlpha] = pairs(ok(await run("trackChanges.list", {})).changes);
      ok(await run("trackChanges.reject", { changeIds: zero }));
      const again = ok(await run("search", { query: "Zero 2024" })).results[0];
      ok(await trackedReplaceIn(run, `rangeId:${again.rangeId}`));
      assert.equal(sim.snapshot().revisions.length, 8);
      // (A search, which reads no tracked changes: the pane has not seen the new ones.)
      const last = ok(await run("search", { query: "Gamma 20252024 three" })).results[0];
      ok(await run("trackChanges.accept", { all: true, scope: `rangeId:${last.rangeId}` }));
      const after = paragraphs(sim);
      assert.deepEqual(after, ["Zero 20252024 none.", "Alpha 20252024 one.", "Beta 20252024 two.", "Gamma 2025 three."]);
      fails(await run("trackChanges.accept", { changeIds: relistedAlpha }), "E_NOT_FOUND", "args.changeIds");
      fails(await run("trackChanges.accept", { changeIds: alpha }), "E_NOT_FOUND", "args.changeIds");
      assert.deepEqual(paragraphs(sim), after);
    } finally {
      mock.timers.reset();
    }
  });

  test(`ids listed before the pane was reloaded and changes decided: refused by the new pane, never misapplied (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: THREE });
    ok(await trackedReplace(run, "2024", "2025"));
    const [alpha, beta] = pairs(ok(await run("trackChanges.list", {})).changes);
    ok(await run("trackChanges.accept", { changeIds: alpha }));
    // A new load of the pane: a new engine over the same document.
    const reloaded = createEngine({ Word: sim.Word, Office: sim.Office });
    const outcome = await reloaded.execute({ type: "ai-cmd", id: "after-reload", content: "x", op: { type: "word.op", op: "trackChanges.reject", version: "1.0", args: { changeIds: beta } } });
    fails(outcome, "E_NOT_FOUND", "args.changeIds");
    assert.deepEqual(paragraphs(sim), ["Alpha 2025 one.", "Beta 20252024 two.", "Gamma 20252024 three."]);
  });
}
