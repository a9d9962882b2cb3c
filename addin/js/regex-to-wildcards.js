// Translate the simple subset of JavaScript regular expressions that Word's wildcard search can express.
// Word wildcards: ? (one char), * (any run, as short as possible), @ (one or more of the previous), {n} {n,}
// {n,m}, [abc] [a-z] [!x], < and > (word start/end), ^-codes (^t, ^^ for a caret, ^13 a paragraph mark, ^11 a line
// break: a hit may run across paragraphs through ^13, as Word's Find does). Everything else is refused.
//
//   regex            wildcards         regex           wildcards
//   abc              abc               [^x]            [!x]
//   .                ?                 \d  \D          [0-9]  [!0-9]
//   .*               *  (warns)        \w  \W          [A-Za-z0-9_]  [!A-Za-z0-9_]
//   .+               ?* (warns)        x+              x@
//   .{3}             ???               x{2} x{2,} x{2,4}  same
//   \bword\b         <word>            \* \( \. \^       [*] [(] . ^^  (escaped literals)
//   \n  \r          ^13 (paragraph)   \v  [^\n]      ^11 (line break)  [!^13]
//
// Literal special characters are written as [x], as Microsoft's search guidance says to do in code: Word on
// the web refuses Word's UI escape \x (InvalidArgument). A literal '^' is '^^' (a lone '^' starts a ^-code).
//
// Greedy runs (.* .+ .{n,}) become Word's '*', which is lazy: the translation carries a warning saying so
// (there is no place where the two always agree: at the end of the pattern '*' matches nothing, and before
// anything else it stops at the first place where the rest matches, the regex at the last).
//
// Options: Word's wildcard search is always case-sensitive and ignores "whole word", so without
// matchCase letters become [Aa] (a-z → a-zA-Z), and matchWholeWord/Prefix/Suffix add < and >.
//
// Refused (E_UNSUPPORTED): | alternation, groups and lookaround, backreferences, ? and lazy quantifiers,
// ^ and $ anchors, * or {0,…} after a character or class (Word has no "zero or more"), quantifiers after
// groups or anchors, \s \S and other escapes, flags. Word's wildcard mode takes no ^p: a paragraph mark is ^13 there
// (Microsoft's "^13 … when Use wildcards is on"; the ^nnn character codes are read in both modes), and ^11 is the line
// break's code. A digit right after such a code is written [d]: "^132" would read as character 132.

/** Characters that are operators in Word's wildcard syntax: a literal one is written [x]. */
const WORD_SPECIALS = new Set(["?", "*", "@", "<", ">", "[", "]", "{", "}", "(", ")", "!", "\\"]);
/** Characters a regex may escape to make them literal. */
const REGEX_ESCAPABLE = new Set([".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "\\", "|", "^", "$", "/", "-", "<", ">", "@", "!", "#", "&", "~", "=", ":", ",", "'", '"', " ", "%", "_", ";"]);
const WORD_CHARS = "A-Za-z0-9_";
const MAX_WILDCARD_LENGTH = 255;

/**
 * @typedef {{ ok: true, pattern: string, warnings: string[], paragraphMarks?: true } | { ok: false, code: "E_UNSUPPORTED" | "E_INVALID_ARG", msg: string }} Translation
 *   warnings: where Word's match can differ from the regular expression's (greedy runs made lazy);
 *   paragraphMarks: the pattern looks for a paragraph mark (\n or \r, ^13); absent when it does not
 */

/**
 * One translated piece of the pattern.
 * @typedef {object} Atom
 * @property {string} text          its wildcard text
 * @property {"char" | "class" | "any" | "edge"} kind
 * @property {boolean} wordy        whether it matches word characters (for \b placement)
 * @property {string} [greedy]      an open-ended '.' run (".*", ".+", ".{2,}"): the regex text it came from
 * @property {boolean} [mark]       it matches a paragraph mark (^13)
 */

/** Word's wildcard codes for the characters that end a line: a paragraph mark (\n as readDocument writes it, \r
 * as Word's text holds it) and a line break (\v). */
const BREAK_CODES = /** @type {Record<string, string>} */ ({ "\n": "^13", "\r": "^13", "\v": "^11" });
/** The regex escapes of those characters. */
const BREAK_ESCAPES = /** @type {Record<string, string>} */ ({ n: "\n", r: "\r", v: "\v" });

class Unsupported extends Error {}

/**
 * @typedef {object} TranslationOptions
 * @property {boolean} [matchCase]       Word's wildcard search is always case-sensitive: without matchCase,
 *                                       letters become [Aa] and letter ranges gain their other case
 * @property {boolean} [matchWholeWord]  wildcard mode ignores Word's whole-word option: wrap in < >
 * @property {boolean} [matchPrefix]     or start with "<"
 * @property {boolean} [matchSuffix]     or end with ">"
 */

/**
 * @param {string} regex  the JavaScript-style pattern (no slashes, no flags)
 * @param {TranslationOptions} [options]
 * @returns {Translation}
 */
export function regexToWildcards(regex, options = {}) {
  try {
    const atoms = translate(regex, !options.matchCase);
    const body = joinAtoms(atoms);
    // Only a word-edge atom is Word's < or >: a literal '<' or '>' is "[<]" / "[>]".
    const first = atoms[0];
    const last = atoms[atoms.length - 1];
    const before = (options.matchWholeWord || options.matchPrefix) && !(first?.kind === "edge" && first.text === "<") ? "<" : "";
    const after = (options.matchWholeWord || options.matchSuffix) && !(last?.kind === "edge" && last.text === ">") ? ">" : "";
    const pattern = body === "" ? "" : `${before}${body}${after}`;
    if (pattern.length === 0) return { ok: false, code: "E_INVALID_ARG", msg: "The pattern is empty" };
    if (pattern.length > MAX_WILDCARD_LENGTH) {
      return { ok: false, code: "E_INVALID_ARG", msg: `The translated wildcard pattern is ${pattern.length} characters; Word's maximum is ${MAX_WILDCARD_LENGTH}` };
    }
    const marks = atoms.some((atom) => atom.mark) ? { paragraphMarks: /** @type {const} */ (true) } : {};
    return { ok: true, pattern, warnings: lazinessWarnings(atoms, after !== ""), ...marks };
  } catch (err) {
    if (err instanceof Unsupported) return { ok: false, code: "E_UNSUPPORTED", msg: `${err.message}: Word's wildcard search cannot express this regular expression` };
    throw err;
  }
}

/**
 * The atoms' wildcard text: a digit after a character code ("^13") is written "[d]", or Word would read it as the
 * code's next digit.
 * @param {Atom[]} atoms
 */
function joinAtoms(atoms) {
  return atoms.map((atom, index) => {
    const code = /(^|[^^])(\^\^)*\^\d+$/.test(atoms[index - 1]?.text ?? "");
    return code && /^\d/.test(atom.text) ? `[${atom.text[0]}]${atom.text.slice(1)}` : atom.text;
  }).join("");
}

/**
 * A literal character in a wildcard pattern: operators as [x] (Word on the web refuses \\x), a caret as ^^.
 * @param {string} ch
 */
export function wildcardLiteral(ch) {
  if (ch === "^") return "^^";
  return WORD_SPECIALS.has(ch) ? `[${ch}]` : ch;
}

/**
 * One warning per greedy run: Word's '*' matches as little as it can, a regex run as much as it can.
 * @param {Atom[]} atoms
 * @param {boolean} suffixAdded  a '>' follows the pattern (matchWholeWord / matchSuffix)
 * @returns {string[]}
 */
function lazinessWarnings(atoms, suffixAdded) {
  return atoms.flatMap((atom, index) => {
    if (atom.greedy === undefined) return [];
    const required = atom.text.length - 1;
    const atEnd = !suffixAdded && index === atoms.length - 1;
    const effect = atEnd
      ? `at the end of the pattern it takes ${required === 0 ? "no character" : `only the ${required} required character${required === 1 ? "" : "s"}`}, where the regular expression runs to the end of the paragraph`
      : "each hit ends at the first place where the rest of the pattern matches, not at the last one (in 'a1b2b', 'a.*b' finds 'a1b', not 'a1b2b')";
    return [`'${atom.greedy}' became '${atom.text}': Word's '*' matches as few characters as possible, a regular expression's '${atom.greedy}' as many as possible, so ${effect}`];
  });
}

/**
 * @param {string} regex
 * @param {boolean} caseless  make letters match either case
 * @returns {Atom[]}
 */
function translate(regex, caseless) {
  /** @type {Atom[]} */
  const atoms = [];
  let i = 0;
  while (i < regex.length) {
    const ch = regex[i];
    if (ch === "|") throw new Unsupported("Alternation '|'");
    if (ch === "(" || ch === ")") throw new Unsupported("Groups and lookaround '(…)'");
    if (ch === "^" || ch === "$") throw new Unsupported(`The anchor '${ch}'`);
    if (ch === "*" || ch === "+" || ch === "?" || ch === "{") {
      i = applyQuantifier(regex, i, atoms);
      continue;
    }
    if (ch === "[") {
      const { text, end, mark } = readClass(regex, i, caseless);
      atoms.push({ text, kind: "class", wordy: true, ...(mark ? { mark } : {}) });
      i = end;
      continue;
    }
    if (ch === ".") {
      atoms.push({ text: "?", kind: "any", wordy: true });
      i += 1;
      continue;
    }
    if (ch === "\\") {
      const next = regex[i + 1];
      if (next === "b") {
        atoms.push({ text: "", kind: "edge", wordy: false });
      } else {
        atoms.push(escapeAtom(next));
      }
      i += 2;
      continue;
    }
    if (ch === "]" || ch === "}") throw new Unsupported(`An unbalanced '${ch}'`);
    atoms.push(literalAtom(ch, caseless));
    i += 1;
  }
  placeWordEdges(atoms);
  return atoms;
}

/**
 * A `\x` escape outside a class.
 * @param {string | undefined} next
 * @returns {Atom}
 */
function escapeAtom(next) {
  if (next === undefined) throw new Unsupported("A trailing backslash");
  switch (next) {
    case "d": return { text: "[0-9]", kind: "class", wordy: true };
    case "D": return { text: "[!0-9]", kind: "class", wordy: false };
    case "w": return { text: `[${WORD_CHARS}]`, kind: "class", wordy: true };
    case "W": return { text: `[!${WORD_CHARS}]`, kind: "class", wordy: false };
    case "t": return { text: "^t", kind: "char", wordy: false };
    case "n": case "r": case "v": return breakAtom(BREAK_ESCAPES[next]);
    default:
      if (/[1-9]/.test(next)) throw new Unsupported(`The backreference '\\${next}'`);
      if (!REGEX_ESCAPABLE.has(next)) throw new Unsupported(`The escape '\\${next}'`);
      return literalAtom(next, false);
  }
}

/**
 * A paragraph mark or line break ("\n", "\r", "\v") as Word's wildcard code.
 * @param {string} ch
 * @returns {Atom}
 */
function breakAtom(ch) {
  return { text: BREAK_CODES[ch], kind: "char", wordy: false, ...(BREAK_CODES[ch] === "^13" ? { mark: true } : {}) };
}

/**
 * A literal character; a letter matches both cases when `caseless`.
 * @param {string} ch
 * @param {boolean} caseless
 * @returns {Atom}
 */
function literalAtom(ch, caseless) {
  if (BREAK_CODES[ch]) return breakAtom(ch);
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  if (caseless && lower !== upper && lower.length === 1 && upper.length === 1) {
    return { text: `[${upper}${lower}]`, kind: "class", wordy: true };
  }
  return { text: wildcardLiteral(ch), kind: "char", wordy: /\w/.test(ch) };
}

/**
 * Add the other case of the letters and letter ranges of a class body (a-z → a-zA-Z).
 * @param {string} body
 */
function bothCases(body) {
  let extra = "";
  const add = (/** @type {string} */ piece) => {
    if (!body.includes(piece) && !extra.includes(piece)) extra += piece;
  };
  for (let k = 0; k < body.length; k += 1) {
    if (body[k + 1] === "-" && k + 2 < body.length) {
      const from = body[k];
      const to = body[k + 2];
      if (/[a-z]/.test(from) && /[a-z]/.test(to)) add(`${from.toUpperCase()}-${to.toUpperCase()}`);
      else if (/[A-Z]/.test(from) && /[A-Z]/.test(to)) add(`${from.toLowerCase()}-${to.toLowerCase()}`);
      k += 2;
    } else {
      const ch = body[k];
      const other = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
      if (other !== ch && other.length === 1) add(other);
    }
  }
  return body + extra;
}

/**
 * Read a character class starting at `start` ('['). Returns its wildcard text and the index after ']'.
 * @param {string} regex
 * @param {number} start
 * @param {boolean} caseless
 * @returns {{ text: string, end: number, mark: boolean }}  mark: it matches a paragraph mark (holds ^13, not negated)
 */
function readClass(regex, start, caseless) {
  let i = start + 1;
  let negated = false;
  if (regex[i] === "^") {
    negated = true;
    i += 1;
  }
  let body = "";
  // Paragraph marks and line breaks, written after the rest: "[^130-9]" would read as character 130.
  const codes = new Set();
  while (i < regex.length && regex[i] !== "]") {
    const ch = regex[i];
    if (ch === "[") throw new Unsupported("A nested '[' in a character class");
    const escaped = ch === "\\" ? BREAK_ESCAPES[regex[i + 1]] : undefined;
    if (BREAK_CODES[escaped ?? ch]) {
      if (regex[i + (escaped ? 2 : 1)] === "-" || regex[i - 1] === "-") throw new Unsupported("A range to or from a line end in a character class");
      codes.add(BREAK_CODES[escaped ?? ch]);
      i += escaped ? 2 : 1;
      continue;
    }
    if (ch === "\\") {
      const next = regex[i + 1];
      if (next === "d") body += "0-9";
      else if (next === "w") body += WORD_CHARS;
      else if (next === "D" || next === "W" || next === "s" || next === "S") throw new Unsupported(`'\\${next}' inside a character class`);
      else if (next === "^") body += "^^";
      else if (next === "-" || next === "]" || next === "\\" || next === "[") throw new Unsupported(`An escaped '${next}' inside a character class`);
      else if (next !== undefined && REGEX_ESCAPABLE.has(next)) body += next;
      else throw new Unsupported(`The escape '\\${next ?? ""}' inside a character class`);
      i += 2;
      continue;
    }
    if (ch === "-" && (body === "" || regex[i + 1] === "]")) throw new Unsupported("A literal '-' in a character class");
    if (ch === "!" && body === "" && !negated) throw new Unsupported("A leading '!' in a character class");
    if (ch === "-") {
      const from = body[body.length - 1];
      const to = regex[i + 1];
      // '^' is "^^" in Word's class: a range from or to it would not read as one.
      if (to === "\\" || to === undefined || from > to || from === "^" || to === "^") throw new Unsupported(`The range '${from}-${to ?? ""}'`);
    }
    body += ch === "^" ? "^^" : ch;
    i += 1;
  }
  if (i >= regex.length) throw new Unsupported("An unterminated character class");
  if (body === "" && codes.size === 0) throw new Unsupported("An empty character class");
  const text = `[${negated ? "!" : ""}${caseless ? bothCases(body) : body}${[...codes].join("")}]`;
  return { text, end: i + 1, mark: !negated && codes.has("^13") };
}

/**
 * Apply the quantifier at `i` to the last atom. Returns the index after the quantifier.
 * @param {string} regex
 * @param {number} i
 * @param {Atom[]} atoms
 * @returns {number}
 */
function applyQuantifier(regex, i, atoms) {
  const ch = regex[i];
  const target = atoms[atoms.length - 1];
  let end = i + 1;
  /** @type {{ min: number, max: number | null }} */
  let range;
  if (ch === "{") {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(regex.slice(i));
    if (!match) throw new Unsupported("A '{' that is not a {n}, {n,} or {n,m} quantifier");
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === "" ? null : Number(match[3]);
    if (max !== null && max < min) throw new Unsupported(`The quantifier '${match[0]}' (max below min)`);
    range = { min, max };
    end = i + match[0].length;
  } else {
    range = ch === "*" ? { min: 0, max: null } : ch === "+" ? { min: 1, max: null } : { min: 0, max: 1 };
  }
  if (regex[end] === "?" || regex[end] === "+") throw new Unsupported("Lazy or possessive quantifiers");
  if (!target || target.kind === "edge") throw new Unsupported(`A quantifier '${ch}' with nothing to repeat`);
  if (target.text.endsWith("*") || target.text.endsWith("@") || target.text.endsWith("}")) throw new Unsupported("Two quantifiers in a row");
  if (ch === "?") throw new Unsupported("The '?' quantifier (optional)");

  if (target.kind === "any") {
    // '.' is Word's '?': repeat it, or turn an open-ended run into '*'.
    if (range.max === null) {
      target.text = "?".repeat(range.min) + "*";
      target.greedy = regex.slice(i - 1, end);
    } else if (range.max === range.min) {
      target.text = "?".repeat(range.min);
    } else {
      throw new Unsupported("'.{n,m}' (a bounded run of any characters)");
    }
    if (target.text === "") throw new Unsupported("'.{0}'");
    return end;
  }
  if (range.min === 0) throw new Unsupported(`'${regex.slice(i, end)}' after a character or class (Word has no zero-or-more)`);
  if (ch === "+") {
    target.text += "@";
  } else {
    target.text += regex.slice(i, end);
  }
  return end;
}

/**
 * Turn each `\b` into Word's '<' (before a word) or '>' (after a word).
 * @param {Atom[]} atoms
 */
function placeWordEdges(atoms) {
  atoms.forEach((atom, index) => {
    if (atom.kind !== "edge") return;
    if (atoms[index - 1]?.kind === "edge") throw new Unsupported("A repeated '\\b'");
    const before = atoms.slice(0, index).reverse().find((a) => a.kind !== "edge");
    const after = atoms.slice(index + 1).find((a) => a.kind !== "edge");
    if (after && after.wordy && !(before && before.wordy)) atom.text = "<";
    else if (before && before.wordy && !(after && after.wordy)) atom.text = ">";
    else throw new Unsupported("A '\\b' that is not at the start or the end of a word");
  });
}
