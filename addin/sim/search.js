// Word's find: plain text with ^-codes, or Word's wildcard language, translated to a JS RegExp.
// Hits never cross a paragraph boundary; "^p" matches a paragraph's own mark.
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

/** Plain (non-wildcard) pattern -> list of regex tokens. */
function plainTokens(text, location) {
  const tokens = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "^") {
      const code = CARET[text[i + 1]];
      if (!code) throw invalid(location);
      tokens.push({ re: code, ch: text[i + 1] });
      i++;
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
        if (body[k + 1] === "-" && k + 2 < body.length) {
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
      const code = CARET[text[i + 1]];
      if (!code) throw invalid(location);
      atom(code);
      i++;
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
 * Find hits in paragraphs; each hit is {start, end} in document positions.
 * @param {object[]} paraInfos layout infos in document order
 * @param {RegExp} re from buildSearchRegExp
 * @param {[number, number]} [clip] only hits inside [s, e)
 */
export function findHits(paraInfos, re, clip) {
  const hits = [];
  for (const info of paraInfos) {
    const str = info.para.units.map((u) => (u.pic ? PICTURE_CHAR : u.ch)).join("") + "\r";
    re.lastIndex = 0;
    let m;
    while ((m = re.exec(str))) {
      if (m[0].length === 0) { re.lastIndex++; continue; }
      const start = info.start + m.index;
      const end = start + m[0].length;
      if (!clip || (start >= clip[0] && end <= clip[1])) hits.push({ start, end });
    }
  }
  return hits;
}
