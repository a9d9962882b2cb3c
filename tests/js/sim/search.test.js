// Search: options, Word wildcards, ^-codes, the 255-character limit, tables, paragraph boundaries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, rejectsWith } from "./helpers.js";

async function find(sim, text, options, scope = (ctx) => ctx.document.body) {
  return sim.Word.run(async (ctx) => {
    const rs = scope(ctx).search(text, options);
    rs.load("items/text");
    await ctx.sync();
    return rs.items.map((r) => r.text);
  });
}
const fresh = (text) => { const sim = createSimulator(); sim.setText(text); return sim; };

test("search is case-insensitive by default; matchCase", async () => {
  const sim = fresh("Word word WORD");
  assert.deepEqual(await find(sim, "word"), ["Word", "word", "WORD"]);
  assert.deepEqual(await find(sim, "word", { matchCase: true }), ["word"]);
});

test("matchWholeWord, matchPrefix, matchSuffix", async () => {
  const sim = fresh("cat concat category cat.");
  assert.deepEqual(await find(sim, "cat", { matchWholeWord: true }), ["cat", "cat"]);
  assert.deepEqual(await find(sim, "cat", { matchPrefix: true }), ["cat", "cat", "cat"]);
  assert.deepEqual(await find(sim, "cat", { matchSuffix: true }), ["cat", "cat", "cat"]);
});

test("ignorePunct and ignoreSpace", async () => {
  const sim = fresh("e-mail e mail email");
  assert.deepEqual(await find(sim, "email", { ignorePunct: true }), ["e-mail", "email"]);
  assert.deepEqual(await find(sim, "email", { ignoreSpace: true }), ["e mail", "email"]);
});

test("wildcards: ? and * (shortest match)", async () => {
  const sim = fresh("sad started bat");
  assert.deepEqual(await find(sim, "b?t", { matchWildcards: true }), ["bat"]);
  assert.deepEqual(await find(sim, "s*d", { matchWildcards: true }), ["sad", "started"]);
});

test("wildcards: < and > word boundaries", async () => {
  const sim = fresh("international intercom winter printer");
  assert.deepEqual(await find(sim, "<inter", { matchWildcards: true }), ["inter", "inter"]);
  assert.deepEqual(await find(sim, "ter>", { matchWildcards: true }), ["ter", "ter"]);
  assert.deepEqual(await find(sim, "<inter*>", { matchWildcards: true }), ["international", "intercom"]);
});

test("wildcards: [abc], [a-z], [!x-z]", async () => {
  const sim = fresh("bat cat hat mat zat");
  assert.deepEqual(await find(sim, "[bc]at", { matchWildcards: true }), ["bat", "cat"]);
  assert.deepEqual(await find(sim, "[h-m]at", { matchWildcards: true }), ["hat", "mat"]);
  assert.deepEqual(await find(sim, "[!a-c]at", { matchWildcards: true }), ["hat", "mat", "zat"]);
});

test("wildcards: {n}, {n,}, {n,m} and @", async () => {
  const sim = fresh("1 22 333 4444 lot loot");
  assert.deepEqual(await find(sim, "[0-9]{3}", { matchWildcards: true }), ["333", "444"]);
  assert.deepEqual(await find(sim, "<[0-9]{2,}", { matchWildcards: true }), ["22", "333", "4444"]);
  assert.deepEqual(await find(sim, "<[0-9]{1,2}>", { matchWildcards: true }), ["1", "22"]);
  assert.deepEqual(await find(sim, "lo@t", { matchWildcards: true }), ["lot", "loot"]);
});

test("wildcards: special characters escaped as [*]; wildcards are case-sensitive", async () => {
  const sim = fresh("a*b a?b A*B x^2 [n] a@b <t> wow! c:\\d");
  assert.deepEqual(await find(sim, "a[*]b", { matchWildcards: true }), ["a*b"]);
  assert.deepEqual(await find(sim, "a[?]b", { matchWildcards: true }), ["a?b"]);
  assert.deepEqual(await find(sim, "x^^2", { matchWildcards: true }), ["x^2"]);
  assert.deepEqual(await find(sim, "[[]n[]]", { matchWildcards: true }), ["[n]"]);
  assert.deepEqual(await find(sim, "[A-Za-z]@[@][A-Za-z]@", { matchWildcards: true }), ["a@b"]);
  assert.deepEqual(await find(sim, "[<]t[>]", { matchWildcards: true }), ["<t>"]);
  assert.deepEqual(await find(sim, "wow[!]", { matchWildcards: true }), ["wow!"]);
  assert.deepEqual(await find(sim, "c:[\\]d", { matchWildcards: true }), ["c:\\d"]);
});

test("wildcards: a backslash escape is InvalidArgument on the web profile, a literal on desktop", async () => {
  const web = fresh("a?b");
  await rejectsWith(find(web, "a\\?b", { matchWildcards: true }), "InvalidArgument");
  await rejectsWith(find(web, "a\\?b", { matchWildcards: true }, (ctx) => ctx.document.body.paragraphs.getFirst()), "InvalidArgument");
  // Outside wildcard mode a backslash is an ordinary character.
  assert.deepEqual(await find(web, "\\", {}), []);
  const desktop = createSimulator({ profile: "desktop" });
  await desktop.Word.run(async (ctx) => { ctx.document.body.insertTable(1, 1, "End", [["a?b"]]); await ctx.sync(); });
  assert.deepEqual(await find(desktop, "a\\?b", { matchWildcards: true }, (ctx) => ctx.document.body.tables.getFirst()), ["a?b"]);
  const webTable = createSimulator({ profile: "web" });
  await webTable.Word.run(async (ctx) => { ctx.document.body.insertTable(1, 1, "End", [["a?b"]]); await ctx.sync(); });
  await rejectsWith(find(webTable, "a\\?b", { matchWildcards: true }, (ctx) => ctx.document.body.tables.getFirst()), "InvalidArgument");
});

test("special codes ^t ^# ^$ ^p", async () => {
  const sim = fresh("a\tb x12y\nend");
  assert.deepEqual(await find(sim, "a^tb"), ["a\tb"]);
  assert.deepEqual(await find(sim, "^#^#"), ["12"]);
  assert.deepEqual(await find(sim, "x^#^#^$"), ["x12y"]);
  assert.deepEqual(await find(sim, "y^p"), ["y\r"]);
});

test("255 characters is the limit: SearchStringInvalidOrTooLong with Word's message", async () => {
  const sim = fresh("a");
  assert.deepEqual(await find(sim, "b".repeat(255)), []);
  const e = await rejectsWith(find(sim, "b".repeat(256)), "SearchStringInvalidOrTooLong", "The search string is invalid or too long. The search string maximum is 255 characters.");
  assert.equal(e.debugInfo.errorLocation, "Body.search");
});

test("an invalid wildcard pattern is SearchStringInvalidOrTooLong", async () => {
  const sim = fresh("a");
  await rejectsWith(find(sim, "[a", { matchWildcards: true }), "SearchStringInvalidOrTooLong");
  await rejectsWith(find(sim, "(a", { matchWildcards: true }), "SearchStringInvalidOrTooLong");
  await rejectsWith(find(sim, "^x"), "SearchStringInvalidOrTooLong");
});

test("an empty search string is InvalidArgument", async () => {
  await rejectsWith(find(fresh("a"), ""), "InvalidArgument");
});

test("hits inside table cells are found; only a mark (^p) takes a hit into the next paragraph", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", text: "needle one" }, { type: "table", values: [["a needle", "b"], ["c", "needle"]] }, { type: "paragraph", text: "ab" }, { type: "paragraph", text: "cd" }]);
  assert.deepEqual(await find(sim, "needle"), ["needle", "needle", "needle"]);
  assert.deepEqual(await find(sim, "bc"), []);
  assert.deepEqual(await find(sim, "b*c", { matchWildcards: true }), []);
});

test("search in a range, a paragraph, a table, and document.search", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", text: "x y x" }, { type: "table", values: [["x", "y"]] }, { type: "paragraph", text: "x" }]);
  sim.select("y x");
  assert.deepEqual(await find(sim, "x", {}, (ctx) => ctx.document.getSelection()), ["x"]);
  assert.deepEqual(await find(sim, "x", {}, (ctx) => ctx.document.body.paragraphs.getFirst()), ["x", "x"]);
  assert.deepEqual(await find(sim, "x", {}, (ctx) => ctx.document.body.tables.getFirst()), ["x"]);
  assert.deepEqual(await find(sim, "x", {}, (ctx) => ctx.document), ["x", "x", "x", "x"]);
});

test("search results are ranges that can be edited in the same batch", async () => {
  const sim = fresh("red green red");
  await sim.Word.run(async (ctx) => {
    const rs = ctx.document.body.search("red", { matchWholeWord: true });
    rs.load("items");
    await ctx.sync();
    for (const r of rs.items) r.insertText("blue", "Replace");
    await ctx.sync();
  });
  assert.equal(sim.text(), "blue green blue");
});

// Body/Range/Paragraph/Document search pass the profile to buildSearchRegExp (proxies-text.js).
test("wildcards: desktop body search takes a backslash escape", async () => {
  const desktop = createSimulator({ profile: "desktop" });
  desktop.setText("a?b");
  assert.deepEqual(await find(desktop, "a\\?b", { matchWildcards: true }), ["a?b"]);
});

test("^p and ^13 match a paragraph's mark: a hit runs into the next paragraph, as in Word", async () => {
  const sim = fresh("Alpha one\nBeta two\nGamma");
  assert.deepEqual(await find(sim, "one^pBeta"), ["one\rBeta"]);
  assert.deepEqual(await find(sim, "ONE^13beta"), ["one\rBeta"]);
  assert.deepEqual(await find(sim, "one^13Beta", { matchWildcards: true }), ["one\rBeta"]);
  assert.deepEqual(await find(sim, "one^pBeta two^pGamma"), ["one\rBeta two\rGamma"]);
  assert.deepEqual(await find(sim, "Beta[!^13]@", { matchWildcards: true }), ["Beta two"]);
  assert.deepEqual(await find(sim, "two[^13]G", { matchWildcards: true }), ["two\rG"]);
  assert.deepEqual(await find(sim, "o[!^13]B", { matchWildcards: true }), []);
  assert.deepEqual(await find(sim, "one*Beta", { matchWildcards: true }), [], "'*' stops at a mark");
  // The hits are ranges over both paragraphs, replaced as one.
  await sim.Word.run(async (ctx) => {
    const hits = ctx.document.body.search("one^pBeta");
    hits.load("items/paragraphs/items/text");
    await ctx.sync();
    assert.deepEqual(hits.items[0].paragraphs.items.map((p) => p.text), ["Alpha one", "Beta two"]);
    hits.items[0].insertText("X", "Replace");
    await ctx.sync();
  });
  assert.equal(sim.text(), "Alpha X two\nGamma");
});

test("^l and ^11 match a line break; a character code is read up to 3 digits (^0nnn up to 4)", async () => {
  const sim = createSimulator();
  await sim.Word.run(async (ctx) => { ctx.document.body.insertText("one\u000bBeta 2", "Start"); await ctx.sync(); });
  assert.deepEqual(await find(sim, "one^lBeta"), ["one\u000bBeta"]);
  assert.deepEqual(await find(sim, "one^11Beta"), ["one\u000bBeta"]);
  assert.deepEqual(await find(sim, "one^011Beta", { matchWildcards: true }), ["one\u000bBeta"]);
  assert.deepEqual(await find(sim, "^32[2]", { matchWildcards: true }), [" 2"]);
  await rejectsWith(find(sim, "^0"), "SearchStringInvalidOrTooLong");
  await rejectsWith(find(sim, "^300"), "SearchStringInvalidOrTooLong");
});

test("a hit through a mark stays in its body or cell, and inside a searched range", async () => {
  const sim = createSimulator();
  sim.load([{ type: "paragraph", text: "ab" }, { type: "table", values: [["cd", "ef"]] }, { type: "paragraph", text: "gh" }, { type: "paragraph", text: "ij" }]);
  assert.deepEqual(await find(sim, "ab^pcd"), []);
  assert.deepEqual(await find(sim, "cd^pef"), []);
  assert.deepEqual(await find(sim, "gh^pij"), ["gh\rij"]);
  assert.deepEqual(await find(sim, "gh^pij", {}, (ctx) => ctx.document.body.paragraphs.getLast()), []);
  sim.select("h");
  assert.deepEqual(await find(sim, "h^pi", {}, (ctx) => ctx.document.getSelection()), []);
});
