// The task-record store: bounded per document (records and characters), documents kept apart, old documents
// dropped first when storage fills up, memory when storage throws; which ops change the document.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeStorage } from "./fake-storage.js";
import { PREFIX, changesDocument, createTaskStore } from "../../../addin/js/task-store.js";

const record = (n, result = { ok: true, op: "insertText", data: { rangeId: `rng_abcd_${n}` }, diagnostics: [] }) => ({
  op: "insertText", args: [["text", `h${n}`]], instance: "abcd", result,
});

test("records survive a new store over the same storage (a reload), per document", () => {
  const storage = fakeStorage();
  const first = createTaskStore({ storage: () => storage });
  first.put("doc_A", "t1", record(1));
  first.put("doc_B", "t1", record(2));
  const second = createTaskStore({ storage: () => storage });
  assert.deepEqual(second.get("doc_A", "t1"), record(1));
  assert.deepEqual(second.get("doc_B", "t1"), record(2));
  assert.equal(second.get("doc_A", "t2"), undefined);
  assert.deepEqual([...storage.items.keys()].sort(), [`${PREFIX}doc_A`, `${PREFIX}doc_B`]);
  second.remove("doc_A", "t1");
  assert.equal(createTaskStore({ storage: () => storage }).get("doc_A", "t1"), undefined);
});

test("a store sees what another store (another load or pane) wrote since", () => {
  const storage = fakeStorage();
  const a = createTaskStore({ storage: () => storage });
  const b = createTaskStore({ storage: () => storage });
  a.put("doc_A", "t1", record(1));
  assert.deepEqual(b.get("doc_A", "t1"), record(1));
  b.put("doc_A", "t2", record(2));
  a.put("doc_A", "t3", record(3));
  assert.deepEqual(["t1", "t2", "t3"].map((id) => Boolean(b.get("doc_A", id))), [true, true, true]);
});

test("bounded: the newest `limit` records, within `maxChars` (and `maxVerdictChars`)", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage, limit: 3 });
  for (let n = 1; n <= 5; n += 1) store.put("doc_A", `t${n}`, record(n));
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => Boolean(store.get("doc_A", `t${n}`))), [false, false, true, true, true]);
  // writing a record again makes it the newest
  store.put("doc_A", "t3", record(3));
  store.put("doc_A", "t6", record(6));
  assert.deepEqual([3, 4, 5, 6].map((n) => Boolean(store.get("doc_A", `t${n}`))), [true, false, true, true]);

  const small = fakeStorage();
  const bySize = createTaskStore({ storage: () => small, maxChars: 1000, maxVerdictChars: 1000 });
  for (let n = 1; n <= 50; n += 1) bySize.put("doc_A", `t${n}`, record(n));
  const raw = small.getItem(`${PREFIX}doc_A`);
  assert.ok(raw.length <= 1000, `${raw.length} characters`);
  assert.ok(bySize.get("doc_A", "t50"));
  assert.equal(bySize.get("doc_A", "t1"), undefined);
});

test("the defaults keep 1000 records and stay well under a 5 MB quota", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage });
  for (let n = 1; n <= 1100; n += 1) store.put("doc_A", `task-${n}`, record(n));
  const raw = storage.getItem(`${PREFIX}doc_A`);
  assert.equal(JSON.parse(raw).records.length, 1000);
  assert.ok(raw.length <= 500_000);
  assert.ok(store.get("doc_A", "task-101") && !store.get("doc_A", "task-100"));
});

test("a result too large to keep keeps its verdict, marked", () => {
  const storage = fakeStorage();
  const store = createTaskStore({ storage: () => storage, maxRecordChars: 200 });
  const big = { ok: false, op: "batch", code: "E_RUNTIME", data: { results: Array(50).fill({ ok: true }) }, diagnostics: [{ level: "error", msg: "op 3 failed" }] };
  store.put("doc_A", "big", { op: "batch", args: [], instance: "abcd", result: big });
  const kept = createTaskStore({ storage: () => storage }).get("doc_A", "big");
  assert.equal(kept.dataDropped, true);
  assert.deepEqual(kept.result, { ok: false, op: "batch", code: "E_RUNTIME", data: {}, diagnostics: big.diagnostics });
});

test("opening a document drops the least recently written other documents beyond `totalChars`", () => {
  const storage = fakeStorage();
  let clock = 1000;
  const realNow = Date.now;
  Date.now = () => clock;
  try {
    for (const doc of ["doc_old", "doc_mid", "doc_new"]) {
      clock += 1000;
      const store = createTaskStore({ storage: () => storage });
      for (let n = 0; n < 5; n += 1) store.put(doc, `t${n}`, record(n));
    }
    const each = storage.getItem(`${PREFIX}doc_old`).length;
    createTaskStore({ storage: () => storage, totalChars: each * 2 + 10 }).get("doc_mine", "x");
    assert.deepEqual([...storage.items.keys()].sort(), [`${PREFIX}doc_mid`, `${PREFIX}doc_new`]);
  } finally {
    Date.now = realNow;
  }
});

test("a full storage: other documents go first, then this one's oldest records; then memory", () => {
  const storage = fakeStorage({ quota: 3000 });
  const other = createTaskStore({ storage: () => storage });
  for (let n = 0; n < 8; n += 1) other.put("doc_other", `t${n}`, record(n));
  const store = createTaskStore({ storage: () => storage });
  for (let n = 0; n < 30; n += 1) store.put("doc_A", `t${n}`, record(n));
  assert.equal(storage.getItem(`${PREFIX}doc_other`), null, "the other document's records made room");
  assert.ok(store.get("doc_A", "t29"));
  assert.ok(store.durable("doc_A"));
  const fresh = createTaskStore({ storage: () => storage });
  assert.ok(fresh.get("doc_A", "t29"), "the newest records reached storage");
  assert.equal(fresh.get("doc_A", "t0"), undefined);

  const tiny = fakeStorage({ quota: 10 });
  const inMemory = createTaskStore({ storage: () => tiny });
  inMemory.put("doc_A", "t1", record(1));
  assert.equal(inMemory.durable("doc_A"), false);
  assert.deepEqual(inMemory.get("doc_A", "t1"), record(1));
});

test("storage that throws, or none: records live in memory for this load", () => {
  const blocked = fakeStorage();
  blocked.state.blocked = true;
  for (const storage of [() => blocked, () => { throw new Error("SecurityError"); }, () => undefined, undefined]) {
    const store = createTaskStore(storage ? { storage } : {});
    store.put("doc_A", "t1", record(1));
    assert.deepEqual(store.get("doc_A", "t1"), record(1));
    assert.equal(store.durable("doc_A"), false);
  }
});

test("unreadable stored data is ignored", () => {
  const storage = fakeStorage();
  storage.setItem(`${PREFIX}doc_A`, "{not json");
  storage.setItem(`${PREFIX}doc_B`, JSON.stringify({ v: 99, records: [["t1", record(1)]] }));
  storage.setItem(`${PREFIX}doc_C`, JSON.stringify({ v: 1, at: 1, records: [["t1", { op: 3 }], ["t2", record(2)], "junk"] }));
  const store = createTaskStore({ storage: () => storage });
  assert.equal(store.get("doc_A", "t1"), undefined);
  assert.equal(store.get("doc_B", "t1"), undefined);
  assert.equal(store.get("doc_C", "t1"), undefined);
  assert.deepEqual(store.get("doc_C", "t2"), record(2));
  store.put("doc_A", "t1", record(1));
  assert.deepEqual(createTaskStore({ storage: () => storage }).get("doc_A", "t1"), record(1));
});

test("which ops change the document", () => {
  for (const op of ["getSelection", "search", "listStyles", "readDocument", "trackChanges.get", "trackChanges.list", "comment.list", "anchor.list", "headerFooter.get"]) {
    assert.equal(changesDocument(op, {}), false, op);
  }
  for (const op of ["insertText", "replace", "table.create", "applyStyle", "comment.add", "trackChanges.set", "unknownOp"]) {
    assert.equal(changesDocument(op, {}), true, op);
  }
  assert.equal(changesDocument("insertText", { dryRun: true }), false);
  assert.equal(changesDocument("batch", { ops: [{ op: "search", args: {} }, { op: "readDocument", args: {} }] }), false);
  assert.equal(changesDocument("batch", { ops: [{ op: "search", args: {} }, { op: "insertText", args: {} }] }), true);
  assert.equal(changesDocument("batch", { ops: [{ op: "insertText", args: { dryRun: true } }] }), false);
  assert.equal(changesDocument("batch", { dryRun: true, ops: [{ op: "insertText", args: {} }] }), false);
  assert.equal(changesDocument("batch", { ops: "bad" }), true);
});
