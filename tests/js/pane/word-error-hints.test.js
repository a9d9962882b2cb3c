// Word's bare refusals where the cause is known and the model can do something else: an anchor (content control)
// Word on the web will not put around a range (GeneralException at Range.insertContentControl: office-js#3367, #4251,
// #6103), a paragraph it will not put next to an anchor (NotAllowed at ContentControl.insertParagraph:
// office-js-docs#1284), and Word on the web's request and answer size limits (Request/ResponsePayloadSizeLimitExceeded).
// The simulator cannot know when the web refuses: a test double of the one call throws what Word throws.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OfficeExtensionError, wordError } from "../../../addin/sim/errors.js";
import { mapError } from "../../../addin/js/errors.js";
import { PROFILES, fails, ok, setup } from "./helpers.js";

const PAYLOAD_MESSAGE = "The request payload size has exceeded the limit.";

test("GeneralException at Range.insertContentControl says where Word on the web refuses an anchor and what to anchor instead", () => {
  const { code, diagnostics } = mapError(new OfficeExtensionError({ code: "GeneralException", errorLocation: "Range.insertContentControl" }), "args.scope");
  assert.equal(code, "E_RUNTIME");
  assert.equal(diagnostics[0].field, "args.scope");
  assert.match(diagnostics[0].msg, /^Word: .+ \[GeneralException at Range\.insertContentControl\]: Word could not put an anchor/);
  assert.match(diagnostics[0].msg, /part of a table cell's text/);
  assert.match(diagnostics[0].msg, /anchor whole paragraphs \(a readDocument block's rangeId\), a whole cell or the whole table/);
  // A protected document is still said to be one.
  const denied = mapError(new OfficeExtensionError({ code: "AccessDenied", errorLocation: "Range.insertContentControl" }));
  assert.match(denied.diagnostics[0].msg, /read-only or protected/);
});

test("NotAllowed at ContentControl.insertParagraph: Word on the web puts no paragraph next to an anchor; target the paragraph instead", () => {
  const { code, diagnostics } = mapError(new OfficeExtensionError({ code: "NotAllowed", errorLocation: "ContentControl.insertParagraph" }));
  assert.equal(code, "E_UNSUPPORTED");
  assert.match(diagnostics[0].msg, /\[NotAllowed at ContentControl\.insertParagraph\]: Word on the web does not insert a paragraph next to an anchor/);
  assert.match(diagnostics[0].msg, /its rangeId from readDocument with includeRangeIds/);
  // NotAllowed elsewhere keeps the general hint.
  const elsewhere = mapError(new OfficeExtensionError({ code: "NotAllowed", errorLocation: "ContentControl.insertText" }));
  assert.match(elsewhere.diagnostics[0].msg, /Word on the web declines some actions/);
});

test("Word on the web's payload limits: E_RUNTIME saying what to ask for or send less of", () => {
  const request = mapError(new OfficeExtensionError({ code: "RequestPayloadSizeLimitExceeded", message: PAYLOAD_MESSAGE }));
  assert.equal(request.code, "E_RUNTIME");
  assert.match(request.diagnostics[0].msg, /^Word: The request payload size has exceeded the limit\. \[RequestPayloadSizeLimitExceeded\]: Word on the web refused/);
  assert.match(request.diagnostics[0].msg, /smaller table\.create then table\.insertRows/);
  assert.match(request.diagnostics[0].msg, /several smaller batches/);
  const response = mapError(new OfficeExtensionError({ code: "ResponsePayloadSizeLimitExceeded", message: "The response payload size has exceeded the limit." }));
  assert.equal(response.code, "E_RUNTIME");
  assert.match(response.diagnostics[0].msg, /\[ResponsePayloadSizeLimitExceeded\]: Word on the web could not answer/);
  assert.match(response.diagnostics[0].msg, /lower maxResults/);
  assert.match(response.diagnostics[0].msg, /readDocument with a lower limit or maxChars/);
});

/**
 * A test double of one Word call: it fails at the sync as Word does, before it does anything.
 * @returns {() => void}  puts the call back
 */
function refuse(sim, kinds, member, code, location, message) {
  const restore = kinds.map((kind) => {
    const proto = sim.Word[kind].prototype;
    const original = proto[member];
    proto[member] = function refused(...args) {
      this._enqueue(location ?? `${kind}.${member}`, () => { throw wordError(code, location, message); });
      return original.apply(this, args);
    };
    return () => { proto[member] = original; };
  });
  return () => restore.forEach((put) => put());
}

for (const profile of PROFILES) {
  test(`[${profile}] anchor.create refused by Word at Range.insertContentControl: the client reads what to anchor instead`, async () => {
    const { sim, run } = setup(profile, { text: "One two three" });
    const [hit] = ok(await run("search", { query: "two" })).results;
    const putBack = refuse(sim, ["Range"], "insertContentControl", "GeneralException", "Range.insertContentControl");
    try {
      const { diagnostics } = fails(await run("anchor.create", { scope: `rangeId:${hit.rangeId}` }), "E_RUNTIME");
      assert.match(diagnostics[0].msg, /\[GeneralException at Range\.insertContentControl\]: Word could not put an anchor \(a content control\) around this range/);
    } finally {
      putBack();
    }
    assert.deepEqual(ok(await run("anchor.list")).anchors, []);
  });

  test(`[${profile}] a search whose answer is too large for Word on the web: lower maxResults`, async () => {
    const { sim, run } = setup(profile, { text: "a a a a" });
    const putBack = refuse(sim, ["Body", "Range"], "search", "ResponsePayloadSizeLimitExceeded", undefined, "The response payload size has exceeded the limit.");
    try {
      const { diagnostics } = fails(await run("search", { query: "a" }), "E_RUNTIME");
      assert.match(diagnostics[0].msg, /\[ResponsePayloadSizeLimitExceeded[^\]]*\]: Word on the web could not answer with this much at once — ask for less per op: search with a lower maxResults/);
    } finally {
      putBack();
    }
  });
}
