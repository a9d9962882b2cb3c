import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, fails, ok, selectText, setup } from "./helpers.js";
import { pictureSize } from "../../../addin/js/handlers/picture.js";

const picture = (extra = {}) => ({ source: "base64", data: PNG_1x1, format: "png", naturalWidth: 200, naturalHeight: 100, ...extra });

/** The pictures of the snapshot, in document order. */
function pictures(sim) {
  return sim.snapshot().blocks.flatMap((b) => (b.type === "paragraph" ? b.runs.filter((r) => r.type === "picture") : []));
}

test("pictureSize: natural size in points, one side from the aspect ratio", () => {
  const base = { naturalWidth: 200, naturalHeight: 100, lockAspectRatio: true };
  assert.deepEqual(pictureSize(base), { width: 150, height: 75 });
  assert.deepEqual(pictureSize({ ...base, width: 120 }), { width: 120, height: 60 });
  assert.deepEqual(pictureSize({ ...base, height: 30 }), { width: 60, height: 30 });
  assert.deepEqual(pictureSize({ ...base, width: 120, lockAspectRatio: false }), { width: 120, height: 75 });
  assert.deepEqual(pictureSize({ ...base, width: 10, height: 10 }), { width: 10, height: 10 });
  assert.deepEqual(pictureSize({ naturalWidth: 3, naturalHeight: 7, width: 10, lockAspectRatio: true }), { width: 10, height: 23.33 });
});

for (const profile of PROFILES) {
  test(`insertPicture inline at the document end, sized and described (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Logo:" });
    const data = ok(await run("insertPicture", picture({ scope: "document", location: "end", width: 120, altText: "Company logo" })));
    assert.match(data.rangeId, /^rng_/);
    assert.equal(data.width, 120);
    assert.equal(data.height, 60);
    assert.equal(data.shapeId, undefined);
    const [pic] = pictures(sim);
    assert.equal(pic.width, 120);
    assert.equal(pic.height, 60);
    assert.equal(pic.altText, "Company logo");
  });

  test(`insertPicture inline at the selection, natural size; reuse its range (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Put [here] a picture" });
    await selectText(sim, "[here]");
    const data = ok(await run("insertPicture", picture()));
    assert.deepEqual([data.width, data.height], [150, 75]);
    assert.equal(sim.snapshot().blocks[0].text.includes("[here]"), false);
    ok(await run("insertText", { text: " (fig. 1)", scope: `rangeId:${data.rangeId}`, location: "after" }));
    assert.match(sim.snapshot().blocks[0].text, /\(fig\. 1\) a picture$/);
    ok(await run("insertPicture", picture({ scope: "document", location: "start", height: 30 })));
    assert.deepEqual(pictures(sim).map((p) => [p.width, p.height]), [[60, 30], [150, 75]]);
  });

  test(`insertPicture replacing the whole document (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "old\ntext" });
    ok(await run("insertPicture", picture({ scope: "document", location: "replace" })));
    assert.equal(pictures(sim).length, 1);
    assert.equal(sim.snapshot().blocks.some((b) => b.text?.includes("old")), false);
  });

  test(`insertPicture floating wrap (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Wrapped around" });
    const outcome = await run("insertPicture", picture({ scope: "document", location: "start", wrapType: "square", width: 90, altText: "Float" }));
    if (profile === "web") {
      fails(outcome, "E_UNSUPPORTED", "args.wrapType");
      assert.equal(pictures(sim).length, 0);
      return;
    }
    const data = ok(outcome);
    assert.equal(typeof data.shapeId, "string");
    assert.deepEqual([data.width, data.height], [90, 45]);
    assert.match(data.rangeId, /^rng_/);
    const [shape] = sim.snapshot().shapes;
    assert.equal(String(shape.id), data.shapeId);
    assert.deepEqual([shape.width, shape.height, shape.wrapType, shape.altText], [90, 45, "Square", "Float"]);
    const behind = ok(await run("insertPicture", picture({ scope: `rangeId:${data.rangeId}`, wrapType: "behind" })));
    const inFront = ok(await run("insertPicture", picture({ scope: "document", location: "end", wrapType: "inFront", height: 20 })));
    const wraps = Object.fromEntries(sim.snapshot().shapes.map((s) => [String(s.id), s.wrapType]));
    assert.equal(wraps[behind.shapeId], "Behind");
    assert.equal(wraps[inFront.shapeId], "Front");
    assert.equal(pictures(sim).length, 0);
  });

  test(`insertPicture failures (${profile})`, async () => {
    const { run } = setup(profile, { text: "x" });
    fails(await run("insertPicture", picture({ data: "" })), "E_INVALID_ARG", "args.data");
    fails(await run("insertPicture", picture({ source: "url" })), "E_INVALID_ARG", "args.source");
    fails(await run("insertPicture", picture({ naturalWidth: 0 })), "E_INVALID_ARG", "args.naturalWidth");
    fails(await run("insertPicture", picture({ width: -5 })), "E_INVALID_ARG", "args.width");
    fails(await run("insertPicture", picture({ wrapType: "through" })), "E_INVALID_ARG", "args.wrapType");
    fails(await run("insertPicture", picture({ scope: "rangeId:rng_abcd_99" })), "E_NOT_FOUND", "args.scope");
    const bad = await run("insertPicture", picture({ data: "not base64 at all!!" }));
    assert.equal(bad.result.ok, false);
  });
}
