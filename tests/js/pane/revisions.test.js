import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";
import { changeIds, documentIdsOf } from "../../../addin/js/handlers/revisions.js";

for (const profile of PROFILES) {
  test(`trackChanges.set / get switch Word's mode and report the previous one (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Text" });
    assert.deepEqual(ok(await run("trackChanges.get", {})), { mode: "off" });
    assert.deepEqual(ok(await run("trackChanges.set", { mode: "mine" })), { mode: "mine", previousMode: "off" });
    assert.equal(sim.snapshot().changeTrackingMode, "TrackMineOnly");
    assert.deepEqual(ok(await run("trackChanges.get", {})), { mode: "mine" });
  });

  test(`trackChanges: true makes one edit a tracked change and restores the mode (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Alpha beta gamma" });
    const hit = ok(await run("search", { query: "beta" })).results[0];
    ok(await run("insertText", { text: "BETA", scope: `rangeId:${hit.rangeId}`, location: "replace", trackChanges: true, expectText: "beta" }));
    assert.equal(sim.snapshot().changeTrackingMode, "Off");
    assert.deepEqual(sim.snapshot().revisions.map((r) => [r.type, r.text]), [["Added", "BETA"], ["Deleted", "beta"]]);
    ok(await run("insertText", { text: " end", scope: "document", location: "end" }));
    assert.equal(sim.snapshot().revisions.length, 2, "an edit without trackChanges is not tracked");
    ok(await run("trackChanges.set", { mode: "mine" }));
    ok(await run("insertText", { text: "!", scope: "document", location: "end", trackChanges: true }));
    assert.equal(sim.snapshot().changeTrackingMode, "TrackMineOnly", "the previous mode comes back");
  });

  test(`trackChanges.list, accept by id and reject all (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "One two three" });
    ok(await run("replace", { target: "searchQuery", query: "two", replaceWith: "2", mode: "replaceAll", scope: "document", trackChanges: true }));
    ok(await run("insertText", { text: " four", scope: "document", location: "end", trackChanges: true }));
    const { changes } = ok(await run("trackChanges.list", {}));
    assert.deepEqual(changes.map((c) => [c.type, c.text]), [["added", "2"], ["deleted", "two"], ["added", " four"]]);
    for (const c of changes) {
      assert.match(c.changeId, /^chg_[a-z0-9]+_\d+$/);
      assert.ok(!Number.isNaN(Date.parse(c.date)));
      assert.equal(typeof c.author, "string");
    }
    assert.deepEqual(ok(await run("trackChanges.list", {})).changes, changes, "ids are stable");
    assert.deepEqual(ok(await run("trackChanges.accept", { changeIds: [changes[1].changeId] })), { accepted: 1, changeIds: [changes[1].changeId] });
    assert.equal(sim.text(), "One 2 three four");
    const missing = fails(await run("trackChanges.reject", { changeIds: [changes[1].changeId] }), "E_NOT_FOUND");
    assert.equal(missing.diagnostics[0].field, "args.changeIds");
    assert.deepEqual(ok(await run("trackChanges.reject", { all: true })), { rejected: 2 });
    assert.equal(sim.text(), "One  three");
    assert.deepEqual(ok(await run("trackChanges.list", {})).changes, []);
  });

  test(`a scope's changes carry the document's changeIds, and an id accepts its own change wherever it was listed (${profile})`, async () => {
    // A tracked replaceAll makes identical changes (same type, author, minute and text) in both paragraphs.
    const { sim, run } = setup(profile, { text: "Acme Ltd pays.\nBeta Ltd ships." });
    ok(await run("replace", { target: "searchQuery", query: "Ltd", replaceWith: "Limited", mode: "replaceAll", scope: "document", trackChanges: true }));
    const whole = ok(await run("trackChanges.list", {})).changes;
    assert.equal(whole.length, 4);
    assert.equal(new Set(whole.map((c) => c.changeId)).size, 4);
    const second = ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks[1];
    assert.deepEqual(second.changes.map((c) => c.changeId), whole.slice(2).map((c) => c.changeId));
    const scoped = ok(await run("trackChanges.list", { scope: `rangeId:${second.rangeId}` })).changes;
    assert.deepEqual(scoped, whole.slice(2), "the second paragraph's changes, with the ids the document's list gives them");

    const deletion = scoped.find((c) => c.type === "deleted");
    ok(await run("trackChanges.accept", { changeIds: [deletion.changeId] }));
    assert.equal(sim.text(), "Acme LimitedLtd pays.\nBeta Limited ships.", "the second paragraph's deletion, not the first's");
    const first = ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks[0];
    const scopedAccept = await run("trackChanges.reject", { changeIds: [first.changes[0].changeId], scope: `rangeId:${second.rangeId}` });
    ok(scopedAccept);
    assert.equal(scopedAccept.result.diagnostics[0].field, "args.scope");
    assert.equal(sim.text(), "Acme Ltd pays.\nBeta Limited ships.", "an id from anywhere finds its change: scope narrows all: true only");
  });

  test(`all: true with a scope decides only the scope's changes (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Acme Ltd pays.\nBeta Ltd ships." });
    ok(await run("replace", { target: "searchQuery", query: "Ltd", replaceWith: "Limited", mode: "replaceAll", scope: "document", trackChanges: true }));
    const second = ok(await run("readDocument", { format: "structure", includeRangeIds: true })).blocks[1];
    assert.deepEqual(ok(await run("trackChanges.accept", { all: true, scope: `rangeId:${second.rangeId}` })), { accepted: 2 });
    assert.equal(sim.text(), "Acme LimitedLtd pays.\nBeta Limited ships.");
    assert.equal(ok(await run("trackChanges.list", {})).changes.length, 2);
  });
}

test("without WordApi 1.6 the revision ops refuse with E_UNSUPPORTED; without 1.4 the mode too", async () => {
  const { run } = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.5" } } });
  ok(await run("trackChanges.get", {}));
  assert.match(fails(await run("trackChanges.list", {}), "E_UNSUPPORTED").diagnostics[0].msg, /WordApi 1\.6/);
  assert.match(fails(await run("trackChanges.accept", { all: true, scope: "selection" }), "E_UNSUPPORTED").diagnostics[0].msg, /WordApi 1\.6/);
  assert.match(fails(await run("trackChanges.list", { scope: "selection" }), "E_UNSUPPORTED").diagnostics[0].msg, /WordApi 1\.6/);
  const old = setup("web", { text: "x", simOptions: { apiSets: { WordApi: "1.3" } } });
  assert.match(fails(await old.run("trackChanges.set", { mode: "all" }), "E_UNSUPPORTED").diagnostics[0].msg, /WordApi 1\.4/);
  const edit = fails(await old.run("insertText", { text: "y", scope: "document", trackChanges: true }), "E_UNSUPPORTED");
  assert.equal(edit.diagnostics[0].field, "args.trackChanges");
  assert.equal(old.sim.text(), "x");
});

test("a tracked edit that fails leaves the mode as it was", async () => {
  const { sim, run } = setup("web", { text: "x" });
  fails(await run("insertText", { text: "y", scope: "rangeId:rng_zzzz_9", trackChanges: true }), "E_NOT_FOUND");
  assert.equal(sim.snapshot().changeTrackingMode, "Off");
  ok(await run("insertText", { text: "z", scope: "document", location: "end" }));
  assert.equal(sim.snapshot().changeTrackingMode, "Off");
  assert.deepEqual(sim.snapshot().revisions, []);
});

test("a run's document ids follow the changes before it; identical changes on both sides of its start leave them out", () => {
  const change = (text) => /** @type {any} */ ({ type: "Deleted", author: "A", date: new Date("2026-01-01T10:00:00Z"), text });
  const [x, y, z] = [change("x"), change("y"), change("z")];
  const ids = changeIds([x, y, z]);
  assert.deepEqual(documentIdsOf([x, y, z], 1, [y, z]), ids.slice(1), "after the one change before the run");
  assert.deepEqual(documentIdsOf([x, y, z], 2, [y, z]), ids.slice(1), "the change before it runs into it: counted twice");
  const twins = [change("x"), change("x"), change("x")];
  assert.deepEqual(documentIdsOf(twins, 1, [twins[1], twins[2]]), [undefined, undefined], "x|x x or x x|x: not guessed");
  assert.deepEqual(documentIdsOf([x, y], 0, [z]), [undefined], "a run the document does not hold");
  assert.deepEqual(documentIdsOf([x, y], 0, []), []);
});

for (const profile of PROFILES) {
  test(`a scope in a header: trackChanges.list and readDocument answer while the body has tracked changes (${profile})`, async () => {
    // Word has no union of a header range and the body's start (Range.expandTo throws ItemNotFound), so the
    // count of changes before the scope cannot be had: the scope's changes are listed without document ids.
    const { engine, run } = setup(profile, { text: "Body text" });
    ok(await run("headerFooter.set", { text: "Header words" }));
    ok(await run("insertText", { text: " more", scope: "document", location: "end", trackChanges: true }));
    const hit = ok(await run("search", { query: "Body" })).results[0];
    const context = engine.registry.range(`${hit.rangeId}`.replace(/^rangeId:/, ""), "args.scope").context;
    const header = context.document.sections.getFirst().getHeader("Primary").getRange("Whole");
    const headerId = engine.registry.add("rng", header);
    await context.sync();
    assert.deepEqual(ok(await run("trackChanges.list", { scope: `rangeId:${headerId}` })).changes, []);
    ok(await run("headerFooter.set", { text: "Tracked header", trackChanges: true }));
    const listed = await run("trackChanges.list", { scope: `rangeId:${headerId}` });
    assert.ok(ok(listed).changes.length > 0 && ok(listed).changes.every((c) => c.changeId === undefined));
    assert.ok(listed.result.diagnostics.some((d) => d.level === "warn" && /outside the document body/.test(d.msg)));
    const read = ok(await run("readDocument", { format: "structure", scope: `rangeId:${headerId}` }));
    assert.match(read.blocks.map((b) => b.text).join(" "), /Tracked header/);
    const markdown = ok(await run("readDocument", { format: "markdown", scope: `rangeId:${headerId}` }));
    assert.match(markdown.markdown, /Tracked header/);
  });
}

for (const profile of PROFILES) {
  test(`accepting the same changeId twice in one call accepts it once (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "One two three" });
    ok(await run("replace", { target: "searchQuery", query: "two", replaceWith: "2", mode: "replaceAll", scope: "document", trackChanges: true }));
    const { changes } = ok(await run("trackChanges.list", {}));
    const [added, deleted] = changes;
    assert.deepEqual(ok(await run("trackChanges.accept", { changeIds: [deleted.changeId, added.changeId, deleted.changeId] })),
      { accepted: 2, changeIds: [deleted.changeId, added.changeId] });
    assert.equal(sim.text(), "One 2 three");
    assert.deepEqual(sim.snapshot().revisions, []);
  });
}
