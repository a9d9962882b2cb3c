// The pane's log: every entry shows the call's summary; calls the server refused are marked as such.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createView, entryForOutcome, entryForRefused, logCells, LOG_LIMIT, LOG_TEXT_CHARS } from "../../../addin/js/ui.js";
import { refusedCall } from "../../../addin/js/connection.js";
import { FakeDocument, PANE_IDS } from "./fake-dom.js";

const CMD = { type: "ai-cmd", id: "task-1", content: "Bold the title", op: { type: "word.op", op: "applyStyle", version: "1.0", args: {} } };

function view() {
  const doc = new FakeDocument(PANE_IDS);
  const pane = createView(/** @type {any} */ (doc));
  const log = doc.getElementById("log");
  const rows = () => log.children.map((row) => ({ className: row.className, cells: Object.fromEntries(row.children.map((c) => [c.className, c.textContent])) }));
  return { doc, pane, log, rows };
}

test("an ai-cmd entry shows the op, its outcome, the call's content and the run's cost", () => {
  const entry = entryForOutcome(CMD, { result: { ok: true, op: "applyStyle", data: {}, diagnostics: [] }, stats: { ms: 12, syncs: 2 } });
  assert.deepEqual(logCells(entry, "10:00:00"), [
    ["op", "applyStyle"], ["outcome", "ok"], ["content", "Bold the title"], ["ms", "12 ms"], ["syncs", "2 syncs"], ["time", "10:00:00"],
  ]);
  const failed = entryForOutcome(CMD, {
    result: { ok: false, op: "applyStyle", data: {}, code: "E_NOT_FOUND", diagnostics: [{ level: "error", msg: "rangeId is gone", field: "args.scope" }, { level: "info", msg: "second" }] },
    stats: { ms: 3, syncs: 1, cached: false },
  });
  assert.deepEqual(logCells(failed, "t").map(([name, text]) => `${name}=${text}`),
    ["op=applyStyle", "outcome=E_NOT_FOUND", "content=Bold the title", "detail=rangeId is gone", "ms=3 ms", "syncs=1 sync", "time=t"]);
});

test("an ai-refused entry is marked as refused by the server, with its code, first diagnostic and content", () => {
  const call = refusedCall({
    type: "ai-refused", id: "task-2", content: "Insert a 3x2 table", op: "table.create",
    result: { ok: false, op: "table.create", data: {}, code: "E_INVALID_ARG", diagnostics: [{ level: "error", msg: "args.rows must be ≥ 1", field: "args.rows" }, { level: "error", msg: "more" }] },
  });
  const entry = entryForRefused(call);
  assert.deepEqual(logCells(entry, "t"), [
    ["op", "table.create"], ["outcome", "refused by the server: E_INVALID_ARG"], ["content", "Insert a 3x2 table"], ["detail", "args.rows must be ≥ 1"], ["time", "t"],
  ]);
});

test("long summaries are clipped", () => {
  const long = "x".repeat(LOG_TEXT_CHARS * 2);
  const [, , content] = logCells({ op: "insertText", ok: true, content: long, ms: 1, syncs: 1 }, "t");
  assert.equal(content[1].length, LOG_TEXT_CHARS);
  assert.ok(content[1].endsWith("…"));
});

test("createView.logOp renders rows newest first, refused ones with their own class, at most LOG_LIMIT", () => {
  const { doc, pane, log, rows } = view();
  pane.logOp(entryForOutcome(CMD, { result: { ok: true, op: "applyStyle", data: {}, diagnostics: [] }, stats: { ms: 5, syncs: 1, cached: true } }));
  pane.logOp(entryForRefused(refusedCall({ id: "t2", content: "Delete everything", op: "replace", result: { code: "E_PERMISSION", diagnostics: [{ level: "error", msg: "Paused" }] } })));
  assert.equal(doc.getElementById("log-empty").hidden, true);
  const [newest, oldest] = rows();
  assert.equal(newest.className, "refused");
  assert.equal(newest.cells.outcome, "refused by the server: E_PERMISSION");
  assert.equal(newest.cells.content, "Delete everything");
  assert.equal(newest.cells.detail, "Paused");
  assert.equal("ms" in newest.cells, false);
  assert.equal(oldest.className, "ok");
  assert.equal(oldest.cells.outcome, "ok (cached)");
  assert.equal(oldest.cells.content, "Bold the title");
  for (let k = 0; k < LOG_LIMIT + 5; k += 1) pane.logOp({ op: `op${k}`, ok: true, ms: 1, syncs: 1 });
  assert.equal(log.children.length, LOG_LIMIT);
  assert.equal(rows()[0].cells.op, `op${LOG_LIMIT + 4}`);
});
