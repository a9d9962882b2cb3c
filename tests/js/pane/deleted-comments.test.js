// QA: a comment on a paragraph deleted with insertText "" used to stay listed (anchoredText "") and markdown put it
// on the next paragraph. Word deletes a comment whose whole range is deleted; the simulator now does too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

for (const profile of PROFILES) {
  test(`a comment on a deleted paragraph is gone from comment.list and markdown (${profile})`, async () => {
    const { run } = setup(profile, { text: "Keep this.\nDelete this whole paragraph.\nAlso keep." });
    const { blocks } = ok(await run("readDocument", { format: "structure", includeRangeIds: true }));
    const scope = `rangeId:${blocks[1].rangeId}`;
    const { commentId } = ok(await run("comment.add", { scope, text: "Is this needed?" }));
    ok(await run("insertText", { scope, text: "", location: "replace" }));
    assert.deepEqual(ok(await run("comment.list", { includeResolved: true })).comments, []);
    assert.equal(ok(await run("readDocument", { format: "markdown" })).markdown, "Keep this.\n\nAlso keep.");
    fails(await run("comment.reply", { commentId, text: "x" }), "E_NOT_FOUND", "args.commentId");
    ok(await run("insertText", { scope: "document", text: "Fresh start\nSecond", location: "replace" }));
    assert.deepEqual(ok(await run("comment.list", {})).comments, [], "nothing comes back on later paragraphs");
  });
}
