// Range.hyperlink, Range.getHyperlinkRanges and Paragraph.getTextRanges (WordApi 1.3), as readDocument and
// insertMarkdown use them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith, throwsWith } from "./helpers.js";

const run = (sim, fn) => sim.Word.run(async (ctx) => { const v = await fn(ctx); await ctx.sync(); return v; });

/** The first hit of a plain search. */
async function hit(ctx, text) {
  const hits = ctx.document.body.search(text, { matchCase: true });
  hits.load("items");
  await ctx.sync();
  return hits.items[0];
}

test("Range.hyperlink: set links the text in the Hyperlink style, get returns the first link, '' when none", async () => {
  const sim = createSimulator();
  sim.setText("See the docs and the blog.");
  const read = await run(sim, async (ctx) => {
    (await hit(ctx, "docs")).hyperlink = "https://example.com/docs";
    (await hit(ctx, "blog")).hyperlink = "https://example.com/blog";
    const whole = ctx.document.body.getRange("Whole");
    const plain = await hit(ctx, "See");
    whole.load("hyperlink");
    plain.load("hyperlink");
    await ctx.sync();
    return [whole.hyperlink, plain.hyperlink];
  });
  assert.deepEqual(read, ["https://example.com/docs", ""]);
  const links = sim.snapshot().blocks[0].runs.filter((r) => r.link);
  assert.deepEqual(links.map((r) => [r.text, r.link, r.underline]), [["docs", "https://example.com/docs", "Single"], ["blog", "https://example.com/blog", "Single"]]);
});

test("Range.hyperlink: a new link replaces those in the range; '' removes them", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", runs: [{ text: "one", link: "https://a.example" }, { text: " two " }, { text: "three", link: "https://b.example" }] }]);
  await run(sim, async (ctx) => { ctx.document.body.paragraphs.getFirst().getRange("Content").hyperlink = "https://c.example"; });
  assert.deepEqual(sim.snapshot().blocks[0].runs.map((r) => [r.text, r.link]), [["one two three", "https://c.example"]]);
  await run(sim, async (ctx) => { (await hit(ctx, "two")).hyperlink = ""; });
  assert.deepEqual(sim.snapshot().blocks[0].runs.map((r) => [r.text, r.link ?? null]), [["one ", "https://c.example"], ["two", null], [" three", "https://c.example"]]);
});

test("Range.hyperlink: text typed after a link is not part of it; a collapsed range or a non-string is InvalidArgument", async () => {
  const sim = createSimulator();
  sim.setText("Go here");
  await run(sim, async (ctx) => {
    (await hit(ctx, "here")).hyperlink = "https://example.com";
    ctx.document.body.insertText(" now", "End");
  });
  assert.deepEqual(sim.snapshot().blocks[0].runs.map((r) => [r.text, r.link ?? null]), [["Go ", null], ["here", "https://example.com"], [" now", null]]);
  await rejectsWith(run(sim, async (ctx) => { ctx.document.body.getRange("Start").hyperlink = "https://example.com"; }), "InvalidArgument");
  await rejectsWith(run(sim, async (ctx) => { (await hit(ctx, "Go")).hyperlink = /** @type {any} */ (42); }), "InvalidArgument");
});

test("Range.getHyperlinkRanges: one range per link, in order", async () => {
  const sim = createSimulator();
  sim.load([
    { type: "paragraph", runs: [{ text: "a " }, { text: "first link", link: "https://1.example" }, { text: " b" }] },
    { type: "paragraph", runs: [{ text: "second", link: "https://2.example" }, { text: "third", link: "https://3.example" }] },
  ]);
  const links = await run(sim, async (ctx) => {
    const ranges = ctx.document.body.getRange("Whole").getHyperlinkRanges();
    ranges.load("text, hyperlink");
    await ctx.sync();
    return ranges.items.map((r) => [r.text, r.hyperlink]);
  });
  assert.deepEqual(links, [["first link", "https://1.example"], ["second", "https://2.example"], ["third", "https://3.example"]]);
});

test("Paragraph.getTextRanges: words with their own formatting; trimSpacing drops the spaces", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", runs: [{ text: "plain " }, { text: "bold", bold: true }, { text: " end." }] }]);
  const [kept, trimmed] = await run(sim, async (ctx) => {
    const paragraph = ctx.document.body.paragraphs.getFirst();
    const a = paragraph.getTextRanges([" "], false).load("text");
    const b = paragraph.getTextRanges([" "], true).load("text, font/bold");
    await ctx.sync();
    return [a.items.map((r) => r.text), b.items.map((r) => [r.text, r.font.bold])];
  });
  assert.deepEqual(kept, ["plain ", "bold ", "end."]);
  assert.deepEqual(trimmed, [["plain", false], ["bold", true], ["end.", false]]);
  await rejectsWith(run(sim, async (ctx) => { ctx.document.body.paragraphs.getFirst().getTextRanges(/** @type {any} */ ("x")).load("text"); }), "InvalidArgument");
});

test("hyperlink, getHyperlinkRanges and Paragraph.getTextRanges are WordApi 1.3", async () => {
  const sim = createSimulator({ apiSets: { WordApi: "1.2" } });
  sim.setText("text");
  await run(sim, async (ctx) => {
    const paragraphs = ctx.document.body.paragraphs.load("items");
    const hits = ctx.document.body.search("text");
    hits.load("items");
    await ctx.sync();
    throwsWith(() => paragraphs.items[0].getTextRanges([" "]), "ApiNotFound");
    throwsWith(() => hits.items[0].getHyperlinkRanges(), "ApiNotFound");
    throwsWith(() => { hits.items[0].hyperlink = "https://example.com"; }, "ApiNotFound");
  });
});

test("sim.load and snapshot: strikethrough and links only where set", () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", runs: [{ text: "gone", strikeThrough: true }, { text: " site", link: "https://example.com" }, { text: " plain" }] }]);
  const runs = sim.snapshot().blocks[0].runs;
  assert.equal(runs[0].strikeThrough, true);
  assert.equal(runs[1].link, "https://example.com");
  assert.ok(!("strikeThrough" in runs[2]) && !("link" in runs[2]));
});
