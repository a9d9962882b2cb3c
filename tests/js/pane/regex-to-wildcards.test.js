import { test } from "node:test";
import assert from "node:assert/strict";
import { regexToWildcards } from "../../../addin/js/regex-to-wildcards.js";

const caseSensitive = { matchCase: true };

/** [regex, wildcards] with matchCase (letters stay as they are). */
const TRANSLATED = [
  ["Invoice", "Invoice"],
  ["a.c", "a?c"],
  ["a.*c", "a*c"],
  [".+", "?*"],
  ["x.{3}y", "x???y"],
  ["x.{2,}y", "x??*y"],
  ["[a-z]", "[a-z]"],
  ["[abc]x", "[abc]x"],
  ["[^x]", "[!x]"],
  ["[^a-c0-9]", "[!a-c0-9]"],
  ["\\d", "[0-9]"],
  ["\\d{4}", "[0-9]{4}"],
  ["\\D", "[!0-9]"],
  ["\\w+", "[A-Za-z0-9_]@"],
  ["\\W", "[!A-Za-z0-9_]"],
  ["[\\d.]", "[0-9.]"],
  ["[\\w]", "[A-Za-z0-9_]"],
  ["a{2}", "a{2}"],
  ["a{2,}", "a{2,}"],
  ["a{2,4}", "a{2,4}"],
  ["lo+l", "lo@l"],
  ["[0-9]+", "[0-9]@"],
  ["\\bword\\b", "<word>"],
  ["\\bpre", "<pre"],
  ["ing\\b", "ing>"],
  ["a\\b-", "a>-"],
  ["\\.", "."],
  ["a\\.b", "a.b"],
  ["3\\*4", "3\\*4"],
  ["\\(x\\)", "\\(x\\)"],
  ["\\[note\\]", "\\[note\\]"],
  ["\\?", "\\?"],
  ["\\{", "\\{"],
  ["a@b", "a\\@b"],
  ["<tag>", "\\<tag\\>"],
  ["wow!", "wow\\!"],
  ["\\\\", "\\\\"],
  ["\\$5", "$5"],
  ["\\^", "^"],
  ["a\\tb", "a^tb"],
  ["2024-01", "2024-01"],
  ["\\d{4}-\\d{2}-\\d{2}", "[0-9]{4}-[0-9]{2}-[0-9]{2}"],
];

test("regex → wildcards: supported patterns (matchCase)", () => {
  for (const [regex, wildcards] of TRANSLATED) {
    assert.deepEqual(regexToWildcards(regex, caseSensitive), { ok: true, pattern: wildcards }, regex);
  }
});

test("regex → wildcards: without matchCase letters match both cases", () => {
  assert.deepEqual(regexToWildcards("ab"), { ok: true, pattern: "[Aa][Bb]" });
  assert.deepEqual(regexToWildcards("[a-f]x"), { ok: true, pattern: "[a-fA-F][Xx]" });
  assert.deepEqual(regexToWildcards("[^q]"), { ok: true, pattern: "[!qQ]" });
  assert.deepEqual(regexToWildcards("[A-Za-z]"), { ok: true, pattern: "[A-Za-z]" });
  assert.deepEqual(regexToWildcards("\\d+"), { ok: true, pattern: "[0-9]@" });
  assert.deepEqual(regexToWildcards("x+"), { ok: true, pattern: "[Xx]@" });
  assert.deepEqual(regexToWildcards("\\bab"), { ok: true, pattern: "<[Aa][Bb]" });
});

test("regex → wildcards: word options fold into < and >", () => {
  assert.deepEqual(regexToWildcards("cat", { matchCase: true, matchWholeWord: true }), { ok: true, pattern: "<cat>" });
  assert.deepEqual(regexToWildcards("cat", { matchCase: true, matchPrefix: true }), { ok: true, pattern: "<cat" });
  assert.deepEqual(regexToWildcards("cat", { matchCase: true, matchSuffix: true }), { ok: true, pattern: "cat>" });
  assert.deepEqual(regexToWildcards("\\bcat\\b", { matchCase: true, matchWholeWord: true }), { ok: true, pattern: "<cat>" });
});

const UNSUPPORTED = [
  "a|b",
  "(ab)",
  "(?:ab)",
  "(?=x)",
  "(?<!x)y",
  "(a)\\1",
  "colou?r",
  "^start",
  "end$",
  "a*",
  "[a-z]*",
  "\\d*",
  "a{0,3}",
  "a+?",
  ".*?",
  ".{2,5}",
  "\\s",
  "\\S",
  "\\n",
  "\\bx\\b\\b",
  "-\\b-",
  "\\Bx",
  "\\p{L}",
  "[[a]",
  "[a-]",
  "[\\]]",
  "[z-a]",
  "[abc",
  "+a",
  "*",
  "a{x}",
  "a]",
  "\\",
  "a++",
  "a{2}{3}",
];

test("regex → wildcards: the rest is E_UNSUPPORTED", () => {
  for (const regex of UNSUPPORTED) {
    const result = regexToWildcards(regex, caseSensitive);
    assert.equal(result.ok, false, regex);
    assert.equal(result.ok === false && result.code, "E_UNSUPPORTED", regex);
    assert.match(result.ok === false ? result.msg : "", /wildcard/, regex);
  }
});

test("regex → wildcards: patterns past Word's 255 characters are E_INVALID_ARG", () => {
  const long = "\\w".repeat(30); // 30 × 13 characters
  const result = regexToWildcards(long, caseSensitive);
  assert.equal(result.ok, false);
  assert.equal(result.ok === false && result.code, "E_INVALID_ARG");
  const caseless = regexToWildcards("abcdefghij".repeat(10));
  assert.equal(caseless.ok === false && caseless.code, "E_INVALID_ARG");
  assert.equal(regexToWildcards("abcdefghij".repeat(10), caseSensitive).ok, true);
});
