// Markdown of readDocument's page: paragraphs (their words, links and pictures) and tables as markdown, and
// the heading level and list of a loaded paragraph (structure uses them too).

import { withoutNoteMarks } from "../expect.js";
import { NOTE_MARK, keepsMarks, marksApart } from "./note-marks.js";
import { MONOSPACE, runsOf } from "./read-words.js";

/** @typedef {import("./read.js").Loaded} Loaded */
/** @typedef {import("./read-words.js").Run} Run */

/** Between two lists that would otherwise read as one (an HTML comment ends a list; insertMarkdown leaves it out). */
export const LIST_BREAK = "<!-- -->";


/**
 * @param {Word.Paragraph} paragraph
 * @returns {number | undefined} 1-9 for Heading 1-9 (the built-in style, else a style named "Heading N")
 */
export function headingLevel(paragraph) {
  const match = /^Heading([1-9])$/.exec(paragraph.styleBuiltIn) ?? /^heading\s*([1-9])$/i.exec(paragraph.style);
  return match ? Number(match[1]) : undefined;
}

/**
 * A list item's list: its kind and level, its Word list's id (paragraphs of two lists are told apart by it), and a
 * numbered item's number as Word shows it (from its list string: "4." is 4, "iv." 4, "d)" 4).
 * @param {Loaded & { kind: "paragraph" }} block
 * @returns {{ kind: "bullet" | "number", level: number, listId: number, number?: number } | undefined}
 */
export function listOf(block) {
  if (!block.listItem || block.listItem.isNullObject || !block.list || block.list.isNullObject) return undefined;
  const { level, listString, siblingIndex } = block.listItem;
  const listId = block.list.id;
  if (block.list.levelTypes[level] !== "Number") return { kind: "bullet", level, listId };
  return { kind: "number", level, listId, number: ordinal(listString, siblingIndex + 1) ?? siblingIndex + 1 };
}

/**
 * The number a list string shows: its last arabic number, else a roman numeral or letters (a-z, then aa…); "i."
 * or "c." may be either, and is taken as the one nearer the item's place among its siblings.
 * @param {string} shown
 * @param {number} place  1 for the first sibling
 * @returns {number | undefined}
 */
export function ordinal(shown, place) {
  const digits = /(\d+)\D*$/.exec(shown);
  if (digits) return Number(digits[1]);
  const word = /([a-z]+)[^a-z]*$/i.exec(shown)?.[1].toLowerCase() ?? "";
  const values = /** @type {Record<string, number>} */ ({ i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 });
  const roman = word !== "" && /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/.test(word)
    ? [...word].reduce((sum, c, i) => sum + (values[c] < (values[word[i + 1]] ?? 0) ? -values[c] : values[c]), 0)
    : undefined;
  // Word's letters: a-z, then aa-zz, …
  const letters = /^([a-z])\1*$/.test(word) ? (word.charCodeAt(0) - 96) + 26 * (word.length - 1) : undefined;
  const found = [roman, letters].filter((n) => n !== undefined).map(Number);
  return found.sort((a, b) => Math.abs(a - place) - Math.abs(b - place))[0];
}

/**
 * One block's markdown ("" for an empty paragraph). `underline`: the line under a Title ("\n===…"), which goes
 * after everything else on the block's last line (its review, its note references).
 * @typedef {{ md: string, list?: boolean, underline?: string }} Piece
 */

/**
 * Markdown of the page's blocks: headings from the heading styles (Heading 1-9, capped at ######; Title as a setext
 * heading, its text underlined with `===`: CommonMark reads both as a level-1 heading, and the Title stays told apart),
 * bold/italic/strikethrough/code per word, lists with levels (indented by the width of the parent's marker:
 * two spaces under "-", three under "1.", as CommonMark nests them), Quote/Intense Quote as "> ", a No Spacing
 * paragraph set in a monospace font as a fenced code block (one per paragraph; Word line breaks are its lines),
 * tables as pipe tables (first row as header), pictures as `![alt text]()` after the paragraph's text, links
 * as `[text](url)`, Word line breaks as hard breaks (`\` at the line's end), but as `<br>` in a Heading 1-9 and at
 * the end of a block's text, where CommonMark has none. Formatting that covers a whole heading or quote is taken as
 * its style's and left out. A block with notes holds a NOTE_MARK where each reference goes (see note-marks.js).
 * @param {Loaded[]} loaded
 * @param {({ type: string }[] | undefined)[]} [notes]  each block's notes
 * @returns {Piece[]}
 */
export function markdownOf(loaded, notes = []) {
  /** @type {number[]} marker widths of the open list levels */
  let widths = [];
  /** @type {({ listId: number, kind: string } | undefined)[]} the Word list of the open item at each level */
  let open = [];
  return loaded.map((block, i) => {
    const count = notes[i]?.length ?? 0;
    if (block.kind === "table") {
      [widths, open] = [[], []];
      const { values } = block.table;
      const keep = keepsMarks(values.flat(), notes[i]);
      const merged = block.table.isUniform ? "" : `\n\n${MERGED_NOTE}`;
      return { md: pipeTable(keep ? values : values.map((row) => row.map(withoutNoteMarks))) + merged + (keep ? "" : marksApart(count)) };
    }
    const { paragraph } = block;
    const list = listOf(block);
    if (!list) [widths, open] = [[], []];
    const plain = withoutNoteMarks(paragraph.text);
    if (isCode(paragraph) && plain.replace(BREAKS, "")) return { md: codeBlock(plain) + marksApart(count) };
    // The marks stay in the text (and in its words and links) where the references go at them.
    const keep = keepsMarks([paragraph.text], notes[i]);
    const clean = keep ? (/** @type {string} */ t) => t : withoutNoteMarks;
    const text = clean(paragraph.text);
    const atx = headingLevel(paragraph);
    const title = atx === undefined && paragraph.styleBuiltIn === "Title";
    const level = atx ?? (title ? 1 : undefined);
    const quote = paragraph.styleBuiltIn === "Quote" || paragraph.styleBuiltIn === "IntenseQuote";
    const links = (block.links?.items ?? []).map((range) => ({ text: clean(range.text), url: range.hyperlink }));
    const words = block.words?.items ?? [];
    const runs = runsOf(words, text, level !== undefined || quote, links, clean, words.length >= (block.wordCap ?? Infinity));
    const pictures = (block.pictures?.items ?? []).map((picture) => `![${escapeText(picture.altTextDescription || picture.altTextTitle || "")}]()`);
    // A setext heading's lines are read as a paragraph's: every line start is escaped.
    const rendered = breaksAsTags(renderRuns(runs), atx !== undefined).replace(/^[^\S\f]+|[^\S\f]+$/g, "");
    const prefixed = atx !== undefined || quote || list !== undefined; // its first line goes after "# ", "> ", "- "
    const inline = escapeLineStarts(breakNotesApart([rendered, ...pictures].filter(Boolean).join(" "), prefixed), atx !== undefined) + (keep ? "" : NOTE_MARK.repeat(count));
    if (list) {
      const marker = list.kind === "number" ? `${list.number ?? 1}. ` : "- ";
      const parents = Array.from({ length: list.level }, (_, i) => widths[i] ?? 2);
      const indent = " ".repeat(parents.reduce((sum, width) => sum + width, 0));
      widths = [...parents, marker.length];
      // An item of another Word list of its kind where one is open at its level (the same marker would go on with
      // it): a comment ends the open one, as CommonMark reads it.
      const sibling = open[list.level];
      const apart = sibling && sibling.listId !== list.listId && sibling.kind === list.kind ? `${indent}${LIST_BREAK}\n\n` : "";
      open = open.slice(0, list.level);
      open[list.level] = { listId: list.listId, kind: list.kind };
      return { md: inline ? `${apart}${indent}${marker}${inline}` : "", list: true };
    }
    if (!inline) return { md: "" };
    if (title) return { md: inline, underline: `\n${"=".repeat(Math.min(80, Math.max(3, inline.length - inline.lastIndexOf("\n") - 1)))}` };
    if (level !== undefined) return { md: `${"#".repeat(Math.min(level, 6))} ${inline}` };
    if (quote) return { md: `> ${inline}` };
    return { md: inline };
  });
}

/**
 * Word line breaks a markdown hard break cannot carry, written `<br>` (insertMarkdown reads it as a line break in
 * the same paragraph): every one of an ATX heading (a single line in CommonMark: `# A\` + new line + `B` is a
 * heading and a paragraph) and those that end a block's text (a hard break needs text after it).
 * @param {string} md  rendered runs: a Word line break is `\` and a new line, the only new lines they hold
 * @param {boolean} all
 */
function breaksAsTags(md, all) {
  if (all) return md.replace(/\\\n/g, "<br>");
  let end = md.length; // where the trailing spaces and line breaks start (scanned back: no regex backtracking)
  while (end > 0 && (md[end - 1] === " " || md[end - 1] === "\t" || md.endsWith("\\\n", end))) end -= md[end - 1] === "\n" ? 2 : 1;
  return md.slice(0, end) + md.slice(end).replace(/\\\n/g, "<br>");
}

/** Word's page and column breaks in a text. */
const BREAKS = /[\f\x0e]/g;

/**
 * A code paragraph's fenced block: its line breaks are its lines; the page and column breaks it starts or ends with
 * are notes on lines of their own before or after the fence (in it they would be code), others are left out.
 * @param {string} text  the paragraph's, without note marks
 */
function codeBlock(text) {
  const lead = /^[\f\x0e]*/.exec(text)?.[0] ?? "";
  const trail = /[\f\x0e]*$/.exec(text)?.[0] ?? "";
  const notes = (/** @type {string} */ run) => Array.from(run, (mark) => BREAK_NOTES[mark]).join("");
  return [notes(lead), fence(text.replace(BREAKS, "").split("\v").join("\n")), notes(trail)].filter(Boolean).join("\n");
}

/** A line starting with break notes ({@link BREAK_NOTES}), and what follows them on it. */
const BREAK_NOTES_FIRST = /^((?:<!-- (?:page|column) break -->)+)(?=.)/;

/**
 * Break notes that would start a line with text after them, on a line of their own: a line starting with `<!--` is
 * an HTML block to CommonMark, which takes the whole line (insertMarkdown would leave the text out with it).
 * @param {string} md
 * @param {boolean} prefixed  its first line goes after a block marker ("# ", "> ", "- "): not a line start
 */
function breakNotesApart(md, prefixed) {
  return md.split("\n").map((line, i) => (prefixed && i === 0 ? line : line.replace(BREAK_NOTES_FIRST, "$1\n"))).join("\n");
}

/** @param {Word.Paragraph} paragraph */
function isCode(paragraph) {
  const codeStyle = paragraph.styleBuiltIn === "NoSpacing" || /preformatted|code/i.test(paragraph.style);
  return codeStyle && MONOSPACE.test(paragraph.font.name ?? "");
}

/**
 * Runs as inline markdown; spaces at a link's edges stay outside it.
 * @param {Run[]} runs
 */
export function renderRuns(runs) {
  let out = "";
  for (let i = 0; i < runs.length; ) {
    const link = runs[i].link;
    let j = i;
    while (j < runs.length && runs[j].link === link) j += 1;
    const inner = runs.slice(i, j).map(renderRun).join("");
    const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner) ?? ["", "", inner, ""];
    // A note's reference goes after the link, not inside its text.
    const text = withoutNoteMarks(core);
    out += link && text ? `${lead}[${text}](${escapeUrl(link)})${NOTE_MARK.repeat(core.length - text.length)}${trail}` : inner;
    i = j;
  }
  return out;
}

/** @param {Run} run */
function renderRun(run) {
  // A page break ("\f", white space to a RegExp) is written where it is: not taken as a space.
  const [, lead, core, trail] = /^([^\S\f]*)([\s\S]*?)([^\S\f]*)$/.exec(run.text) ?? ["", "", run.text, ""];
  if (!core) return spaces(run.text);
  const marks = `${run.strike ? "~~" : ""}${run.bold ? "**" : ""}${run.italic ? "*" : ""}`;
  // Note references go after a code span (in it they would be code) and after the formatting a word's last one
  // took from it ("**grew**[^1]").
  const text = withoutNoteMarks(core);
  const [, body, after] = run.code ? ["", text, NOTE_MARK.repeat(core.length - text.length)] : /^([\s\S]*?)(\u0002*)$/.exec(core) ?? ["", core, ""];
  if (!body) return `${spaces(lead)}${after}${spaces(trail)}`;
  const inner = run.code ? codeSpan(body.replace(/\v/g, " ").replace(/[\f\x0e]/g, "")) : escapeText(body);
  return `${spaces(lead)}${marks}${inner}${[...marks].reverse().join("")}${after}${spaces(trail)}`;
}

/** @param {string} text  white space with Word's line breaks as markdown hard breaks */
function spaces(text) {
  return text.replace(/\v/g, "\\\n");
}

/**
 * Literal text: markdown's inline specials escaped (an underscore unless it joins two letters or digits), line
 * breaks as hard breaks, page and column breaks as {@link BREAK_NOTES}.
 * @param {string} text
 */
export function escapeText(text) {
  return text
    .replace(/[\\`*[\]]|<(?=[A-Za-z/!?])|&(?=#?\w+;)/g, "\\$&")
    .replace(/~~+/g, (tildes) => tildes.replace(/~/g, "\\~"))
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, "\\_")
    .replace(/\v/g, "\\\n")
    .replace(/[\f\x0e]/g, (mark) => BREAK_NOTES[mark]);
}

/**
 * Word's page and column breaks in markdown, where they are in the text: HTML comments, which a markdown reader
 * does not show and insertMarkdown leaves out (a block rewritten through its id keeps the breaks at its start and
 * end: block-rewrite.js). Word's text reads a section break as a page break ("\f").
 */
export const BREAK_NOTES = /** @type {Record<string, string>} */ ({ "\f": "<!-- page break -->", "\x0e": "<!-- column break -->" });

/**
 * A block's inline markdown with each line's start escaped where CommonMark (with GFM tables) would read block
 * syntax there: a heading, quote, list item, thematic break (`---`, `-- -`), setext underline (`===`, `--`) or
 * table delimiter row (`|---|`). Lines after a hard break count too: a setext underline or delimiter row there
 * would turn the lines before it into a heading or table, a `---` or `- x` would end the paragraph. A heading's
 * first line is its own text (`# ---` is a heading). `*`, `_`, backticks, `~~`, `<` and `[` are escaped by
 * {@link escapeText} wherever they are, which covers `***`, `___`, fences, HTML and link definitions.
 * @param {string} md
 * @param {boolean} heading  leave the first line as it is
 */
export function escapeLineStarts(md, heading = false) {
  return md.split("\n").map((line, i) => (heading && i === 0 ? line : escapeLineStart(line))).join("\n");
}

/** @param {string} line */
export function escapeLineStart(line) {
  return line.replace(LINE_START, (_, indent, mark) => (/^\d/.test(mark) ? `${indent}${mark}\\` : `${indent}\\${mark}`));
}

/** Indentation, then a block marker: `#`–`######`, `>`, `-`/`+` item, `1.`/`1)` item, or a line of only `-=:|` and blanks. */
const LINE_START = /^([ \t]*)(#{1,6}(?=[ \t]|$)|>|[-+](?=[ \t]|$)|\d{1,9}(?=[.)](?:[ \t]|$))|[-=:|](?=[-=:| \t]*$))/;

/** @param {string} code */
function codeSpan(code) {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((ticks) => ticks.length));
  const ticks = "`".repeat(longest + 1);
  const pad = /^`|`$/.test(code) || (/^ .*\S.* $/.test(code)) ? " " : "";
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

/** @param {string} code */
function fence(code) {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((ticks) => ticks.length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}\n${code}\n${ticks}`;
}

/** @param {string} url */
function escapeUrl(url) {
  return url.replace(/[\s()<>]/g, (c) => encodeURIComponent(c));
}

/**
 * Said under a table with merged cells: Word gives such a row's cells left to right, one value per merged area. An
 * HTML comment, as every reader note of the markdown: insertMarkdown leaves comments out, so the note does not
 * become document text when the markdown is written back.
 */
export const MERGED_NOTE = "<!-- This table has merged cells: a row lists one value per merged area, left to right, so its values may not line up under the headers. -->";

/**
 * A pipe table: the first row is the header, short rows are padded, `|` in cells escaped. A GFM cell is one line:
 * a cell's paragraphs (and its Word line breaks) are split by `<br>`, which insertMarkdown reads as a paragraph
 * break in the cell (a literal `<br>` in the text is escaped, `\<br>`); tabs are spaces.
 * @param {string[][]} values
 */
export function pipeTable(values) {
  const cols = Math.max(1, ...values.map((row) => row.length));
  const paragraph = (/** @type {string} */ text) => escapeText(text.replace(/\t+/g, " ").trim()).replace(/\|/g, "\\|");
  const cell = (/** @type {string | undefined} */ text) => (text ?? "").split(/\r\n|[\r\n\v]/).map(paragraph).join("<br>");
  const line = (/** @type {string[]} */ row) => `| ${Array.from({ length: cols }, (_, c) => cell(row[c])).join(" | ")} |`;
  const [head = [], ...body] = values;
  return [line(head), `|${" --- |".repeat(cols)}`, ...body.map(line)].join("\n");
}

/**
 * A table's text as readDocument shows it: rows on lines, cells between tabs, line ends in cells as spaces.
 * @param {string[][]} values
 */
export function tableText(values) {
  return values.map((row) => row.map((cell) => cell.replace(/[\r\n\v\t]+/g, " ")).join("\t")).join("\n");
}
