// A taskId record's verdict (op, args fingerprint, ok/failed, instance) outlives its result data: over the
// character budget, older records shrink to their verdict (then to a bare verdict) before any record is dropped,
// so the promised last 1000 edits are never run twice however large the results between them (QA: twelve ~53 KB
// batch results pushed out every earlier edit's record and its retry after a reload ran it again).
import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeStorage } from "./fake-storage.js";
import { ok, paragraphs } from "./helpers.js";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import { PREFIX, createTaskStore } from "../../../addin/js/task-store.js";
import { answerRecord } from "../../../addin/js/task-repeats.js";

const cmd = (op, args, id) => ({ type: "ai-cmd", id, content: op, op: { type: "word.op", op, version: "1.0", args } });
const bigResult = (n, chars) => ({ ok: true, op: "batch", data: { results: [{ ok: true, data: { text: "x".repeat(chars) } }], n }, diagnostics: [] });
const edit = (n, result) => ({ op: "insertText", args: [["text", `h${n}`]], instance: "abcd", result });
const small = (n) => edit(n, { ok: true, op: "insertText", data: { rangeId: `rng_abcd_${n}` }, diagnostics: [] });
const stored = (storage, doc = "doc_A") => JSON.parse(storage.getItem(`${PREFIX}${doc}`));

test("the QA sequence: an edit, twelve ~53 KB batch results, an edit; after a reload both answer, none runs again", async () => {
  const sim = createSimulator({ profile: "web", latencyMs: 0 });
  sim.setText("Base");
  const storage = fakeStorage();
  const load = () => createEngine({
    Word: sim.Word, Office: sim.Office, taskStore: createTaskStore({ storage: () => storage }), documentSession: () => "doc_A",
  });
  const keep = cmd("insertText", { text: "[keep]", scope: "document", location: "end" }, "keep-T2");
  const ctl = cmd("insertText", { text: "[ctl]", scope: "document", location: "end" }, "ctl-T2");
  const first = load();
  ok(await first.execute(keep));
  for (let b = 0; b < 12; b += 1) {
    const ops = [{ op: "insertText", args: { text: `<${b}>`, scope: "document", location: "end" } },
      ...Array.from({ length: 499 }, () => ({ op: "getSelection", args: {} }))];
    ok(await first.execute(cmd("batch", { ops }, `big-${b}`)));
  }
  ok(await first.execute(ctl));
  const before = paragraphs(sim).join("");
  const raw = storage.getItem(`${PREFIX}doc_A`);
  assert.ok(raw.length <= 500_000, `${raw.length} characters`);

  const second = load(); // the pane reloaded (and the bridge restarted: no cache anywhere)
  for (const call of [keep, ctl]) {
    const again = await second.execute(call);
    assert.equal(again.stats.cached, true, `${call.id} answered from its record`);
    assert.equal(again.result.ok, true);
  }
  const bigAgain = await second.execute(cmd("batch", { ops: [{ op: "insertText", args: { text: "<0>", scope: "document", location: "end" } },
    ...Array.from({ length: 499 }, () => ({ op: "getSelection", args: {} }))] }, "big-0"));
  assert.equal(bigAgain.stats.cached, true, "the oldest big batch keeps its verdict");
  assert.ok(bigAgain.result.diagnostics.some((d) => /too large to keep across pane reloads, or newer results needed the room: only whether it succeeded and its diagnostics were kept/.test(d.msg)));
  assert.equal(paragraphs(sim).join(""), before, "nothing ran twice");
  assert.equal((before.match(/\[keep\]/g) ?? []).length, 1);
});

test("the promised 1000 verdicts survive big results between them; only beyond 1000 are the oldest dropped", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage });
  for (let n = 1; n <= 1000; n += 1) {
    store.put("doc_A", `t${n}`, n % 50 === 0 ? edit(n, bigResult(n, 90_000)) : small(n));
  }
  const raw = storage.getItem(`${PREFIX}doc_A`);
  assert.ok(raw.length <= 500_000, `${raw.length} characters`);
  const reloaded = createTaskStore({ storage: () => storage });
  for (let n = 1; n <= 1000; n += 1) {
    const kept = reloaded.get("doc_A", `t${n}`);
    assert.ok(kept?.result, `t${n} keeps its verdict`);
    assert.equal(kept.result.ok, true);
    assert.deepEqual(kept.args, [["text", `h${n}`]]);
  }
  assert.ok(reloaded.get("doc_A", "t1000").result.data.results, "the newest result keeps its data");
  assert.equal(reloaded.get("doc_A", "t50").dataDropped, true, "an older big result keeps only its verdict");
  reloaded.put("doc_A", "t1001", small(1001));
  assert.equal(reloaded.get("doc_A", "t1"), undefined, "the 1001st record drops the oldest");
  assert.ok(reloaded.get("doc_A", "t2"));
});

test("older data shrinks before older records go; the newest keeps its data", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage, maxChars: 20_000, maxRecordChars: 8_000 });
  store.put("doc_A", "edit", small(0));
  for (let n = 1; n <= 10; n += 1) store.put("doc_A", `big${n}`, edit(n, bigResult(n, 7_000)));
  const records = new Map(stored(storage).records);
  assert.equal(records.size, 11);
  assert.deepEqual(records.get("edit").result.data, {}, "the oldest shrank to its verdict");
  assert.equal(records.get("edit").dataDropped, true);
  assert.equal(records.get("big10").result.data.results.length, 1, "the newest keeps its data");
  assert.equal(records.get("big1").dataDropped, true);
});

test("a huge single result never evicts others: it keeps its verdict", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage });
  for (let n = 1; n <= 5; n += 1) store.put("doc_A", `t${n}`, small(n));
  store.put("doc_A", "huge", edit(9, bigResult(9, 2_000_000)));
  const reloaded = createTaskStore({ storage: () => storage });
  for (let n = 1; n <= 5; n += 1) assert.deepEqual(reloaded.get("doc_A", `t${n}`), small(n));
  assert.equal(reloaded.get("doc_A", "huge").dataDropped, true);
});

test("beyond the budget verdicts shrink to bare ones (no diagnostics), marked, before any is dropped", () => {
  const storage = fakeStorage();
  const noisy = (n) => edit(n, { ok: false, op: "insertText", code: "E_RUNTIME", data: {}, diagnostics: Array(20).fill({ level: "warn", msg: "w".repeat(200) }) });
  const store = createTaskStore({ storage: () => storage, maxChars: 60_000 });
  for (let n = 1; n <= 100; n += 1) store.put("doc_A", `t${n}`, noisy(n));
  const records = new Map(stored(storage).records);
  assert.equal(records.size, 100, "no verdict dropped");
  const oldest = records.get("t1");
  assert.deepEqual(oldest.result, { ok: false, op: "insertText", code: "E_RUNTIME", data: {}, diagnostics: [] });
  assert.equal(oldest.diagnosticsDropped, true);
  const answer = answerRecord("t1", oldest, "abcd").result;
  assert.equal(answer.code, "E_RUNTIME");
  assert.ok(answer.diagnostics.some((d) => /only whether it succeeded \(and its error code\) was kept/.test(d.msg)));
  assert.equal(records.get("t100").result.diagnostics.length, 20, "the newest keeps its diagnostics");
});

test("read-only records go before any edit's: a run of reads does not push out edits", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage, limit: 10 });
  for (let n = 1; n <= 5; n += 1) store.put("doc_A", `e${n}`, small(n));
  for (let n = 1; n <= 20; n += 1) store.put("doc_A", `r${n}`, { op: "search", args: [["query", "q"]], instance: "abcd", readOnly: true });
  for (let n = 1; n <= 5; n += 1) assert.ok(store.get("doc_A", `e${n}`), `e${n} kept`);
  assert.ok(store.get("doc_A", "r20"), "the newest reads keep naming their op");
  assert.equal(store.get("doc_A", "r1"), undefined);
  assert.equal(stored(storage).records.length, 10);
});

test("a full storage shrinks this document's data before dropping its records", () => {
  const storage = fakeStorage({ quota: 40_000 });
  const store = createTaskStore({ storage: () => storage });
  store.put("doc_A", "edit", small(0));
  for (let n = 1; n <= 6; n += 1) store.put("doc_A", `big${n}`, edit(n, bigResult(n, 9_000)));
  assert.ok(store.durable("doc_A"));
  const reloaded = createTaskStore({ storage: () => storage });
  assert.ok(reloaded.get("doc_A", "edit")?.result, "the first edit keeps its verdict");
  assert.ok(reloaded.get("doc_A", "big6").result.data.results, "the newest keeps its data");
});

test("1000 verdicts with the longest taskIds and many args all survive under the defaults (their own budget)", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage });
  const id = (n) => `${n}-`.padEnd(200, "x");
  const args = Array.from({ length: 10 }, (_, i) => [`argument${i}`, "1a2b3c4d5e6f7"]);
  for (let n = 1; n <= 1000; n += 1) {
    store.put("doc_A", id(n), { op: "table.create", args, instance: "abcd1234", result: { ok: false, op: "table.create", code: "E_INVALID_ARG", data: {}, diagnostics: [{ level: "error", msg: "m".repeat(300) }] } });
  }
  const reloaded = createTaskStore({ storage: () => storage });
  for (let n = 1; n <= 1000; n += 1) assert.equal(reloaded.get("doc_A", id(n))?.result?.code, "E_INVALID_ARG", `record ${n}`);
  assert.ok(storage.getItem(`${PREFIX}doc_A`).length <= 1_000_000);
});
