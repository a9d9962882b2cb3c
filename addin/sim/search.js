// Word's find: plain text with ^-codes, or Word's wildcard language, translated to a JS RegExp.
// A paragraph's mark reads as "\r" (what "^p" and "^13" match), so a hit can run from one paragraph into the next
// of the same body or cell ("one^pBeta"), as in Word; "?", "*" and "[!x]" never match a mark.
import { wordError, Messages } from "./errors.js";
import { PICTURE_CHAR } from "./model.js";

export const MAX_SEARCH_LENGTH = 255;

const WORD = "[\\p{L}\\p{N}_]";
// Outside a character class "/u" RegExps reject "\-", so "-" is escaped only inside classes.
const escapeRe = (ch) => ch.replace(/[\\^$.*+?()[\]{}|\/]/g, "\\$&");
const escapeClassChar = (ch) => ch.replace(/[\\^\]\[-]/g, "\\$&");

// ^-codes valid in both modes (Word restricts some to one mode; the simulator accepts both).
const CARET = { p: "\\r", t: "\\t", "#": "\\p{Nd}", $: "\\p{L}", "?": "[^\\r]", w: "[ \\t\\u00A0]+", l: "\\v", m: "\\f", s: "\\u00A0", "^": "\\^", "~": "\\u2011", "-": "\\u00AD", n: "\\f", "&": "&" };

function invalid(location) {
  return wordError("SearchStringInvalidOrTooLong", location, Messages.SearchStringInvalidOrTooLong);
}

/**
 * The ^-code at text[i] ("^"): a letter code (CARET) or a character code, "^nnn" (decimal, up to 3 digits) or
 * "^0nnn", which Word reads in both modes ("^13" is the paragraph mark, "^11" a line break; "^0nnn" is read as
 * code point nnn, where Windows-1252 differs in 128-159).
 * @returns {{ re: string, ch: string, length: number }} its regex, the character after "^", the code's length
 */
function caretCode(text, i, location) {
  const digits = /^(0\d{1,3}|[1-9]\d{0,2})/.exec(text.slice(i + 1));
  if (digits) {
    const code = Number(digits[1]);
    if (code < 1 || code > 255) throw invalid(location);
    return { re: `\\u{${code.toString(16)}}`, ch: String.fromCharCode(code), length: 1 + digits[1].length };
  }
  const re = CARET[text[i + 1]];
  if (!re) throw invalid(location);
  return { re, ch: text[i + 1], length: 2 };
}

/** Plain (non-wildcard) pattern -> list of regex tokens. */
function plainTokens(text, location) {
  const tokens = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "^") {
      const code = caretCode(text, i, location);
      tokens.push(code);
      i += code.length - 1;
    } else tokens.push({ re: escapeRe(ch), ch });
  }
  return tokens;
}

/**
 * Word wildcard pattern -> regex source. A backslash escape (\x, the Find dialog's way) is accepted on
 * desktop and refused by Word on the web with InvalidArgument; "[x]" works on both.
 */
function wildcardSource(text, location, profile) {
  let out = "";
  let lastAtomStart = -1;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const atom = (re) => { lastAtomStart = out.length; out += re; };
    if (ch === "?") atom("[^\\r]");
    else if (ch === "*") atom("[^\\r]*?");
    else if (ch === "@") { if (lastAtomStart < 0) throw invalid(location); out = out.slice(0, lastAtomStart) + "(?:" + out.slice(lastAtomStart) + ")+"; lastAtomStart = -1; }
    else if (ch === "<") out += `(?<!${WORD})(?=${WORD})`;
    else if (ch === ">") out += `(?<=${WORD})(?!${WORD})`;
    else if (ch === "(") { depth++; lastAtomStart = -1; out += "("; }
    else if (ch === ")") { if (!depth--) throw invalid(location); out += ")"; lastAtomStart = findGroupStart(out); }
    else if (ch === "[") {
      const close = text.indexOf("]", i + 2);
      if (close < 0) throw invalid(location);
      let body = text.slice(i + 1, close);
      const negate = body.startsWith("!") && body.length > 1;
      if (negate) body = body.slice(1);
      let cls = "";
      for (let k = 0; k < body.length; k++) {
        if (body[k] === "^" && /[0-9^]/.test(body[k + 1] ?? "")) {
          // "^^" is a caret, "^13" a paragraph mark ("[!^13]": anything but a mark).
          const code = body[k + 1] === "^" ? { re: "\\^", length: 2 } : caretCode(body, k, location);
          cls += code.re;
          k += code.length - 1;
        } else if (body[k + 1] === "-" && k + 2 < body.length) {
          if (body[k] > body[k + 2]) throw invalid(location);
          cls += escapeClassChar(body[k]) + "-" + escapeClassChar(body[k + 2]);
          k += 2;
        } else cls += escapeClassChar(body[k]);
      }
      atom(negate ? `[^${cls}\\r]` : `[${cls}]`);
      i = close;
    } else if (ch === "{") {
      const close = text.indexOf("}", i);
      const m = close > 0 && /^(\d+)(?:([,;])(\d*))?$/.exec(text.slice(i + 1, close));
      if (!m || lastAtomStart < 0) throw invalid(location);
      const q = m[2] ? `{${m[1]},${m[3]}}` : `{${m[1]}}`;
      if (m[3] && Number(m[3]) < Number(m[1])) throw invalid(location);
      out = out.slice(0, lastAtomStart) + "(?:" + out.slice(lastAtomStart) + ")" + q;
      lastAtomStart = -1;
      i = close;
    } else if (ch === "\\") {
      if (profile === "web") throw wordError("InvalidArgument", location);
      if (i + 1 >= text.length) throw invalid(location);
      atom(escapeRe(text[++i]));
    } else if (ch === "^") {
      const code = caretCode(text, i, location);
      atom(code.re);
      i += code.length - 1;
    } else atom(escapeRe(ch));
  }
  if (depth) throw invalid(location);
  return out;
}

// Index of the "(" that opens the group just closed at the end of src.
function findGroupStart(src) {
  let depth = 0;
  for (let i = src.length - 1; i >= 0; i--) {
    if (src[i] === "\\") continue;
    if (src[i] === ")" && src[i - 1] !== "\\") depth++;
    else if (src[i] === "(" && src[i - 1] !== "\\") { depth--; if (depth === 0) return i; }
  }
  return -1;
}

/**
 * Translate a Word search string and options into a global RegExp.
 * @param {string} text
 * @param {{matchCase?: boolean, matchWholeWord?: boolean, matchPrefix?: boolean, matchSuffix?: boolean, matchWildcards?: boolean, ignorePunct?: boolean, ignoreSpace?: boolean}} [options]
 * @param {string} [location] errorLocation for errors, e.g. "Body.search"
 * @param {"web" | "desktop"} [profile] the simulated host: Word on the web refuses "\x" in wildcard patterns.
 *   Callers that do not pass it get the web's (stricter) rule.
 */
export function buildSearchRegExp(text, options = {}, location = "Range.search", profile = "web") {
  if (typeof text !== "string" || text.length === 0) throw wordError("InvalidArgument", location);
  if (text.length > MAX_SEARCH_LENGTH) throw invalid(location);
  const o = options || {};
  let source;
  if (o.matchWildcards) {
    source = wildcardSource(text, location, profile);
  } else {
    let tokens = plainTokens(text, location);
    let sep = "";
    if (o.ignoreSpace) tokens = tokens.filter((t) => !/^\s$/.test(t.ch));
    if (o.ignorePunct) tokens = tokens.filter((t) => !/^\p{P}$/u.test(t.ch));
    if (o.ignoreSpace && o.ignorePunct) sep = "[\\p{P}\\t \\u00A0]*";
    else if (o.ignoreSpace) sep = "[\\t \\u00A0]*";
    else if (o.ignorePunct) sep = "\\p{P}*";
    if (!tokens.length) throw invalid(location);
    source = tokens.map((t) => t.re).join(sep);
    if (o.matchWholeWord || o.matchPrefix) source = `(?<!${WORD})` + source;
    if (o.matchWholeWord || o.matchSuffix) source = source + `(?!${WORD})`;
  }
  // Word's wildcard search is always case-sensitive.
  const flags = "gu" + (o.matchCase || o.matchWildcards ? "" : "i");
  try {
    return new RegExp(source, flags);
  } catch {
    throw invalid(location);
  }
}

/**
 * Find hits in paragraphs; each hit is {start, end} in document positions. The paragraphs are searched as runs of
 * neighbours in one body or cell, each followed by its mark ("\r"), so a hit may span paragraphs of a run (Word's
 * "one^pBeta"), never a table's edge or a cell's.
 * @param {object[]} paraInfos layout infos in document order
 * @param {RegExp} re from buildSearchRegExp
 * @param {[number, number]} [clip] only hits inside [s, e)
 */
export function findHits(paraInfos, re, clip) {
  const hits = [];
  for (const run of neighbourRuns(paraInfos)) {
    const str = run.map((info) => info.para.units.map((u) => (u.pic ? PICTURE_CHAR : u.ch)).join("") + "\r").join("");
    re.lastIndex = 0;
    let m;
    while ((m = re.exec(str))) {
      if (m[0].length === 0) { re.lastIndex++; continue; }
      const start = run[0].start + m.index;
      const end = start + m[0].length;
      if (!clip || (start >= clip[0] && end <= clip[1])) hits.push({ start, end });
    }
  }
  return hits;
}

/** Paragraph infos grouped into runs that follow one another in the same container (a paragraph's text and mark
 * fill [start, end), so a run's string positions map to document positions from its first paragraph's start). */
function neighbourRuns(paraInfos) {
  const runs = [];
  let run = null;
  for (const info of paraInfos) {
    const last = run?.[run.length - 1];
    if (last && last.container === info.container && last.end === info.start) run.push(info);
    else runs.push((run = [info]));
  }
  return runs;
}
