// A dry run refuses what the op refuses before it reaches Word: the op's own checks of its args and of the host's
// requirement sets (comments need WordApi 1.4, tracked changes 1.6, notes 1.5, floating pictures WordApiDesktop
// 1.2…) are made by its dry run too, with the same code, field and message. Every op is run on every host profile
// with arguments that fail (failing-calls.js, and arguments the pane itself refuses); where the real op fails
// without a sync, its dry run must fail the same way, alone and in a dry-run batch.
import test from "node:test";
import assert from "node:assert/strict";
import { HOSTS, failingCalls, fixture } from "./failing-calls.js";
import { PNG_1x1 } from "./helpers.js";

const GONE_RANGE = "rangeId:rng_gone_9";
const GONE_TABLE = "tableId:tbl_gone_9";

/**
 * Arguments the pane refuses before it reaches Word (the server lets none of them through; the pane checks them
 * again), some with a target that is gone too: the op's own checks come first.
 * @param {Record<string, string>} ids
 * @returns {[string, object][]}
 */
function refusedArgs(ids) {
  const picture = { source: "base64", data: PNG_1x1, format: "png", naturalWidth: 1, naturalHeight: 1, scope: "document", location: "end", lockAspectRatio: true, wrapType: "inline" };
  return [
    ["comment.add", { scope: "document", text: "" }],
    ["comment.add", { scope: GONE_RANGE, text: "Note" }],
    ["comment.list", { scope: "document", includeResolved: "yes" }],
    ["comment.reply", { commentId: ids.comment, text: "" }],
    ["comment.resolve", { commentId: ids.comment, resolved: "yes" }],
    ["comment.delete", { commentId: "" }],
    ["trackChanges.set", { mode: "sometimes" }],
    ["trackChanges.get", {}],
    ["trackChanges.list", { scope: "document" }],
    ["trackChanges.list", { scope: GONE_RANGE }],
    ["trackChanges.accept", { all: true, scope: GONE_RANGE }],
    ["hyperlink.set", { url: 5, scope: "document", text: "link", location: "end" }],
    ["hyperlink.set", { url: "https://example.com/", scope: GONE_RANGE, text: "", location: "end" }],
    ["hyperlink.set", { url: "https://example.com/", scope: GONE_RANGE, text: "link", location: "middle" }],
    ["hyperlink.set", { url: "https://example.com/", scope: `rangeId:${ids.table}` }],
    ["insertPicture", { ...picture, source: "url" }],
    ["insertPicture", { ...picture, data: "", scope: GONE_RANGE }],
    ["insertPicture", { ...picture, naturalWidth: 0 }],
    ["insertPicture", { ...picture, wrapType: "floating" }],
    ["insertPicture", { ...picture, location: "middle", scope: GONE_RANGE }],
    ["insertPicture", { ...picture, wrapType: "square", scope: GONE_RANGE }],
    ["table.create", { rows: 0, cols: 2, scope: GONE_RANGE, location: "after" }],
    ["table.mergeCells", { tableRef: GONE_TABLE, startRow: 0, startCol: 0, rowSpan: 1, colSpan: 1 }],
    ["table.applyStyle", { tableRef: GONE_TABLE, style: {} }],
    ["table.applyStyle", { tableRef: GONE_TABLE, style: { name: "Heading 1" } }],
    ["applyStyle", { scope: GONE_RANGE, char: { bold: "yes" } }],
    ["applyStyle", { scope: GONE_RANGE, clearOtherStyles: false }],
    ["applyStyle", { scope: GONE_RANGE, namedStyle: "Grid Table 4 - Accent 1" }],
    ["footnote.insert", { scope: "document", text: "" }],
    ["endnote.insert", { scope: GONE_RANGE, text: "An endnote." }],
    ["headerFooter.get", { section: "all", kind: "side", type: "all" }],
    ["headerFooter.set", { text: 5, section: "all", kind: "header", type: "primary" }],
    ["headerFooter.set", { text: "Header", section: -1, kind: "header", type: "primary" }],
    ["listStyles", { category: "shapes" }],
    ["readDocument", { scope: GONE_RANGE, format: "pdf" }],
    ["anchor.remove", { anchorId: "" }],
    ["insertMarkdown", { blocks: [], scope: GONE_RANGE, location: "replace" }],
    ["insertText", { text: "X", scope: "document", location: "end", trackChanges: true }],
    ["comment.add", { scope: "document", text: "Note", trackChanges: true }],
  ];
}

/** What a refusal says: its code and its errors' fields and messages. */
function refusal(result) {
  if (result.ok) return "ok";
  return { code: result.code, errors: result.diagnostics.filter((d) => d.level === "error").map(({ field, msg }) => ({ field, msg })) };
}

for (const host of HOSTS) {
  const label = `${host.profile} ${JSON.stringify(host.apiSets ?? {})}`;
  test(`a dry run refuses what the op refuses before it reaches Word (${label})`, async () => {
    const probe = await fixture(host);
    const count = failingCalls(probe.ids).length + refusedArgs(probe.ids).length;
    let compared = 0;
    /** @type {string[]} */
    const problems = [];
    for (let k = 0; k < count; k += 1) {
      for (const selectInTable of [false, true]) {
        const { sim, run, ids } = await fixture(host);
        const [op, args] = [...failingCalls(ids), ...refusedArgs(ids)][k];
        if (selectInTable) sim.setSelection({ start: sim.text().length + 2 });
        const real = await run(op, args);
        if (real.result.ok || real.stats.syncs > 0) continue;
        compared += 1;
        const call = `${op}${selectInTable ? " (selection in a table)" : ""} ${JSON.stringify(args).slice(0, 160)}`;
        const expected = refusal(real.result);
        const dry = await run(op, { ...args, dryRun: true });
        if (JSON.stringify(refusal(dry.result)) !== JSON.stringify(expected)) {
          problems.push(`${call}\n  op: ${JSON.stringify(expected)}\n  dry run: ${JSON.stringify(refusal(dry.result))}`);
        }
        // A batch's own args (trackChanges) are the batch's checks, not the op's.
        if (op === "batch" || "trackChanges" in args) continue;
        const batch = await run("batch", { ops: [{ op, args }], stopOnError: true, dryRun: true });
        const inBatch = batch.result.data.results?.[0] ?? batch.result;
        if (JSON.stringify(refusal(inBatch)) !== JSON.stringify(expected)) {
          problems.push(`${call}\n  op: ${JSON.stringify(expected)}\n  in a dry-run batch: ${JSON.stringify(refusal(inBatch))}`);
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(compared > 50, `only ${compared} calls failed before reaching Word: the matrix no longer tests refusals`);
  });
}
