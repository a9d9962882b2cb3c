// Word's own refusals become envelope codes with a line saying what the person can do: AccessDenied is a
// read-only or protected document (E_PERMISSION, which otherwise means the pane's pause switch), NotAllowed mostly
// Word on the web declining an action it does not support (E_UNSUPPORTED), SearchDialogIsOpen Word's Find dialog.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OfficeExtensionError } from "../../../addin/sim/errors.js";
import { mapError } from "../../../addin/js/errors.js";
import { PROFILES, fails, ok, setup } from "./helpers.js";

const cases = [
  ["AccessDenied", "Range.insertText", "E_PERMISSION", /read-only or protected/],
  ["NotAllowed", "ContentControl.insertText", "E_UNSUPPORTED", /Word on the web declines some actions/],
  ["SearchDialogIsOpen", "Body.search", "E_RUNTIME", /Find and Replace dialog is open — close it and retry/],
];
for (const [code, errorLocation, envelopeCode, hint] of cases) {
  test(`Word's ${code} is ${envelopeCode} with what to do, after Word's own message and where it failed`, () => {
    const mapped = mapError(new OfficeExtensionError({ code, errorLocation }), "args.scope");
    assert.equal(mapped.code, envelopeCode);
    const [only] = mapped.diagnostics;
    assert.equal(only.field, "args.scope");
    assert.match(only.msg, new RegExp(`^Word: .+ \\[${code} at ${errorLocation.replace(".", "\\.")}\\]: `));
    assert.match(only.msg, hint);
  });
}

test("other Word errors keep Word's message alone", () => {
  const mapped = mapError(new OfficeExtensionError({ code: "GeneralException", errorLocation: "Range.insertText" }));
  assert.deepEqual(mapped, { code: "E_RUNTIME", diagnostics: [{ level: "error", msg: "Word: There was an internal error while processing the request. [GeneralException at Range.insertText]" }] });
});

for (const profile of PROFILES) {
  test(`[${profile}] a note or a section break in a header: Word's bare refusal says where notes and section breaks go`, async () => {
    const { engine, run } = setup(profile, { text: "Body text" });
    ok(await run("headerFooter.set", { text: "Header words" }));
    const { context } = engine.registry.range(ok(await run("search", { query: "Body" })).results[0].rangeId, "args.scope");
    const headerId = engine.registry.add("rng", context.document.sections.getFirst().getHeader("Primary").getRange("Content"));
    await context.sync();
    for (const [op, args, code, word] of [
      ["footnote.insert", { text: "n" }, "E_RUNTIME", "footnotes"],
      ["endnote.insert", { text: "n" }, "E_RUNTIME", "endnotes"],
      ["insertBreak", { type: "sectionNext", location: "after" }, "E_INVALID_ARG", "section breaks"],
    ]) {
      const { diagnostics } = fails(await run(op, { ...args, scope: `rangeId:${headerId}` }), code);
      assert.match(diagnostics[0].msg, new RegExp(`Word (refused the break there; it )?puts ${word} only in the document's main text — is the scope \\(or the selection\\) in a header, footer, note or comment\\?$`));
    }
    ok(await run("insertBreak", { type: "page", location: "after", scope: `rangeId:${headerId}` }));
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] an anchor that is not in the document: E_NOT_FOUND on the arg that named it, alone and in a batch`, async () => {
    const { run } = setup(profile, { text: "Body text" });
    for (const [op, args, field] of [
      ["insertText", { text: "x", scope: "anchor:anc_nope" }, "args.scope"],
      ["replace", { target: "anchor:anc_nope", replaceWith: "y" }, "args.target"],
      ["table.insertRows", { tableRef: "anchor:anc_nope", at: 0 }, "args.tableRef"],
      ["insertText", { text: "x", scope: "anchor:anc_nope", dryRun: true }, "args.scope"],
      ["table.insertRows", { tableRef: "anchor:anc_nope", at: 0, dryRun: true }, "args.tableRef"],
    ]) {
      const { diagnostics } = fails(await run(op, args), "E_NOT_FOUND", field);
      assert.equal(diagnostics.at(-1).msg, 'No anchor "anc_nope" in the document: anchor.list shows the anchors it has (an anchor removed, or deleted with its text, is gone)');
    }
    const batch = await run("batch", { ops: [{ op: "insertText", args: { text: "x", scope: "anchor:anc_gone" } }] });
    const failed = batch.result.data.results?.[0] ?? batch.result;
    assert.ok(JSON.stringify(failed).includes('No anchor \\"anc_gone\\" in the document'), JSON.stringify(batch.result));
  });
}
