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
  ["3\\*4", "3[*]4"],
  ["\\(x\\)", "[(]x[)]"],
  ["\\[note\\]", "[[]note[]]"],
  ["\\?", "[?]"],
  ["\\{", "[{]"],
  ["a@b", "a[@]b"],
  ["\\w+@\\w+", "[A-Za-z0-9_]@[@][A-Za-z0-9_]@"],
  ["<tag>", "[<]tag[>]"],
  ["wow!", "wow[!]"],
  ["\\\\", "[\\]"],
  ["\\$5", "$5"],
  ["\\^", "^^"],
  ["x\\^2", "x^^2"],
  ["[a^]", "[a^^]"],
  ["[\\^x]", "[^^x]"],
  ["[^^]", "[!^^]"],
  ["a\\tb", "a^tb"],
  ["2024-01", "2024-01"],
  ["\\d{4}-\\d{2}-\\d{2}", "[0-9]{4}-[0-9]{2}-[0-9]{2}"],
];

test("regex → wildcards: supported patterns (matchCase)", () => {
  for (const [regex, wildcards] of TRANSLATED) {
    const result = regexToWildcards(regex, caseSensitive);
    assert.equal(result.ok, true, regex);
    assert.equal(result.ok && result.pattern, wildcards, regex);
  }
});

test("regex → wildcards: no backslash escape reaches Word (Word on the web refuses them)", () => {
  for (const [regex] of TRANSLATED) {
    const result = regexToWildcards(regex, caseSensitive);
    const pattern = result.ok ? result.pattern.replace("[\\]", "") : "";
    assert.equal(pattern.includes("\\"), false, regex);
  }
});

test("regex → wildcards: without matchCase letters match both cases", () => {
  assert.deepEqual(regexToWildcards("ab"), { ok: true, pattern: "[Aa][Bb]", warnings: [] });
  assert.deepEqual(regexToWildcards("[a-f]x"), { ok: true, pattern: "[a-fA-F][Xx]", warnings: [] });
  assert.deepEqual(regexToWildcards("[^q]"), { ok: true, pattern: "[!qQ]", warnings: [] });
  assert.deepEqual(regexToWildcards("[A-Za-z]"), { ok: true, pattern: "[A-Za-z]", warnings: [] });
  assert.deepEqual(regexToWildcards("\\d+"), { ok: true, pattern: "[0-9]@", warnings: [] });
  assert.deepEqual(regexToWildcards("x+"), { ok: true, pattern: "[Xx]@", warnings: [] });
  assert.deepEqual(regexToWildcards("\\bab"), { ok: true, pattern: "<[Aa][Bb]", warnings: [] });
});

test("regex → wildcards: word options fold into < and >", () => {
  assert.deepEqual(regexToWildcards("cat", { matchCase: true, matchWholeWord: true }), { ok: true, pattern: "<cat>", warnings: [] });
  assert.deepEqual(regexToWildcards("cat", { matchCase: true, matchPrefix: true }), { ok: true, pattern: "<cat", warnings: [] });
  assert.deepEqual(regexToWildcards("cat", { matchCase: true, matchSuffix: true }), { ok: true, pattern: "cat>", warnings: [] });
  assert.deepEqual(regexToWildcards("\\bcat\\b", { matchCase: true, matchWholeWord: true }), { ok: true, pattern: "<cat>", warnings: [] });
});

test("regex → wildcards: an escaped < or > is a literal, not the word edge the options add", () => {
  const pattern = (/** @type {string} */ regex, /** @type {object} */ options) => {
    const result = regexToWildcards(regex, { matchCase: true, ...options });
    return result.ok ? result.pattern : result.msg;
  };
  assert.equal(pattern("a\\>", { matchWholeWord: true }), "<a[>]>");
  assert.equal(pattern("a\\>", { matchSuffix: true }), "a[>]>");
  assert.equal(pattern("\\<a", { matchPrefix: true }), "<[<]a");
  assert.equal(pattern("\\<a\\>", { matchWholeWord: true }), "<[<]a[>]>");
  assert.equal(pattern("a\\b", { matchSuffix: true }), "a>");
  assert.equal(pattern("\\ba", { matchPrefix: true }), "<a");
});

test("regex → wildcards: greedy runs become Word's lazy '*' with a warning saying how hits differ", () => {
  const warnings = (/** @type {string} */ regex, options = {}) => {
    const result = regexToWildcards(regex, { matchCase: true, ...options });
    assert.equal(result.ok, true, regex);
    return result.ok ? result.warnings : [];
  };
  for (const regex of ["\\d", "x.{3}y", "a+", "\\w{2,}"]) assert.deepEqual(warnings(regex), [], regex);
  const [inside] = warnings("a.*b");
  assert.match(inside, /^'\.\*' became '\*': Word's '\*' matches as few characters as possible/);
  assert.match(inside, /first place where the rest of the pattern matches, not at the last one/);
  const [trailing] = warnings("id:.+");
  assert.match(trailing, /^'\.\+' became '\?\*'/);
  assert.match(trailing, /at the end of the pattern it takes only the 1 required character/);
  assert.match(warnings("x.{2,}")[0], /only the 2 required characters/);
  assert.match(warnings("x.*")[0], /takes no character/);
  // With matchSuffix a '>' follows: the run is no longer at the end.
  assert.match(warnings("x.*", { matchSuffix: true })[0], /first place where the rest/);
  assert.equal(warnings("a.*b.+c").length, 2);
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
  "\\bx\\b\\b",
  "-\\b-",
  "\\Bx",
  "\\p{L}",
  "[[a]",
  "[a-]",
  "[\\]]",
  "[\\^-a]",
  "[ -^]",
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

// readDocument shows paragraph breaks as "\n": a regex with \n (or \r, or the character itself) looks for Word's
// paragraph mark, ^13 in wildcard mode (^p is not a wildcard code); \v for a line break, ^11.
test("regex → wildcards: \\n and \\r are ^13, a paragraph mark; \\v is ^11; a digit after a code is [d]", () => {
  const translated = (/** @type {string} */ regex) => regexToWildcards(regex, caseSensitive);
  assert.deepEqual(translated("one\\nBeta"), { ok: true, pattern: "one^13Beta", warnings: [], paragraphMarks: true });
  assert.deepEqual(translated("one\nBeta"), { ok: true, pattern: "one^13Beta", warnings: [], paragraphMarks: true });
  assert.deepEqual(translated("a\\r\\n"), { ok: true, pattern: "a^13^13", warnings: [], paragraphMarks: true });
  assert.deepEqual(translated("x\\vy"), { ok: true, pattern: "x^11y", warnings: [] });
  assert.equal(translated("end\\n2024").ok && translated("end\\n2024").pattern, "end^13[2]024");
  assert.equal(translated("\\v\\d").ok && translated("\\v\\d").pattern, "^11[0-9]");
  assert.equal(translated("\\n+").ok && translated("\\n+").pattern, "^13@");
  // In a class: written after the rest ("[^130-9]" would read as character 130); a negated one finds no mark.
  assert.deepEqual(translated("[^\\n]+"), { ok: true, pattern: "[!^13]@", warnings: [] });
  assert.deepEqual(translated("[\\n0-9]"), { ok: true, pattern: "[0-9^13]", warnings: [], paragraphMarks: true });
  assert.equal(translated("[\\v\\n]").ok && translated("[\\v\\n]").pattern, "[^11^13]");
  for (const range of ["[\\n-z]", "[a-\\n]"]) assert.equal(translated(range).ok, false, range);
  // A literal caret before digits stays a caret.
  assert.equal(translated("\\^13").ok && translated("\\^13").pattern, "^^13");
});
