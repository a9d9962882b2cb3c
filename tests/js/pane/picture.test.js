import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG_1x1, PROFILES, fails, ok, selectText, setup } from "./helpers.js";
import { PNG_40x20 } from "../sim/helpers.js";
import { DEFAULT_TEXT_WIDTH, pictureSize } from "../../../addin/js/handlers/picture.js";

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

test("pictureSize: a natural size wider than the page is capped to Word's default text width", () => {
  assert.equal(DEFAULT_TEXT_WIDTH, 468);
  assert.deepEqual(pictureSize({ naturalWidth: 1248, naturalHeight: 400, lockAspectRatio: true }), { width: 468, height: 150, capped: { width: 936, height: 300 } });
  assert.deepEqual(pictureSize({ naturalWidth: 624, naturalHeight: 100, lockAspectRatio: true }), { width: 468, height: 75 });
  // a size the caller gives is theirs
  assert.deepEqual(pictureSize({ naturalWidth: 1248, naturalHeight: 400, width: 900, lockAspectRatio: true }), { width: 900, height: 288.46 });
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

  test(`insertPicture reports the size Word gave the picture, and says when it differs (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Logo:" });
    sim._model.quirks.ignoresPictureSize = true; // a host that ignores the size set (reported of Word on the web)
    const outcome = await run("insertPicture", picture({ data: PNG_40x20, naturalWidth: 40, naturalHeight: 20, scope: "document", location: "end", width: 120 }));
    const data = ok(outcome);
    assert.deepEqual([data.width, data.height], [30, 15]);
    const [pic] = pictures(sim);
    assert.deepEqual([pic.width, pic.height], [30, 15]);
    const warning = outcome.result.diagnostics.find((d) => d.level === "warn");
    assert.match(warning?.msg ?? "", /30 × 15 pt, not the 120 × 60 pt/);
  });

  test(`insertPicture without a size caps a wide picture to the page width and says so (${profile})`, async () => {
    const { sim, run } = setup(profile, { text: "Wide:" });
    const outcome = await run("insertPicture", picture({ data: PNG_40x20, naturalWidth: 1248, naturalHeight: 400, scope: "document", location: "end" }));
    const data = ok(outcome);
    assert.deepEqual([data.width, data.height], [468, 150]);
    assert.deepEqual(pictures(sim).map((p) => [p.width, p.height]), [[468, 150]]);
    const note = outcome.result.diagnostics.find((d) => d.level === "info");
    assert.match(note?.msg ?? "", /936 × 300 pt.*468 × 150 pt.*Letter, 1-inch margins/);
    const chosen = await run("insertPicture", picture({ data: PNG_40x20, naturalWidth: 1248, naturalHeight: 400, scope: "document", location: "end", width: 500 }));
    assert.deepEqual([ok(chosen).width, ok(chosen).height], [500, 160.26]);
    assert.deepEqual(chosen.result.diagnostics, []);
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
}

/** Each shape's id, size, position and the frames the position is relative to, through the API. */
async function shapes(sim) {
  return sim.Word.run(async (context) => {
    const all = context.document.body.shapes;
    all.load("id,left,top,width,height,relativeHorizontalPosition,relativeVerticalPosition");
    await context.sync();
    return all.items.map((s) => ({ id: String(s.id), left: s.left, top: s.top, width: s.width, height: s.height, h: s.relativeHorizontalPosition, v: s.relativeVerticalPosition }));
  });
}

test("floating picture: location anchors it at the scope's start or end, replace takes the scope's place (desktop)", async () => {
  const { sim, run } = setup("desktop", { text: "first\nmiddle words here\nlast" });
  const words = ok(await run("search", { query: "words" })).results[0].rangeId;
  const atStart = ok(await run("insertPicture", picture({ scope: "document", location: "start", wrapType: "square" })));
  const atEnd = ok(await run("insertPicture", picture({ scope: "document", location: "end", wrapType: "tight" })));
  const replacing = ok(await run("insertPicture", picture({ scope: `rangeId:${words}`, location: "replace", wrapType: "square", width: 60 })));
  assert.equal(replacing.rangeId, words);
  assert.deepEqual([replacing.width, replacing.height], [60, 30]);
  assert.equal(sim.text(), "first\nmiddle  here\nlast");
  const byId = Object.fromEntries((await shapes(sim)).map((s) => [s.id, s]));
  for (const id of [atStart.shapeId, atEnd.shapeId, replacing.shapeId]) {
    assert.deepEqual([byId[id].left, byId[id].top, byId[id].h, byId[id].v], [0, 0, "Column", "Paragraph"]);
  }
  const anchors = sim._model.shapes.map((s) => s.anchorPara.units.map((u) => u.ch).join(""));
  assert.deepEqual(anchors, ["first", "last", "middle  here"]);
});

test("floating picture: the size reported is the shape's, read back (desktop)", async () => {
  const { sim, run } = setup("desktop", { text: "x" });
  sim._model.quirks.ignoresPictureSize = true;
  const outcome = await run("insertPicture", picture({ scope: "document", location: "end", wrapType: "square", width: 90 }));
  const data = ok(outcome);
  assert.deepEqual([data.width, data.height], [90, 45]);
  const [shape] = await shapes(sim);
  assert.deepEqual([shape.width, shape.height], [90, 45]);
});

for (const profile of PROFILES) {

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
