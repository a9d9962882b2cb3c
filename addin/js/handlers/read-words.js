// The words of a paragraph with their formatting, as markdown shows them: read from Word (at most as many as a page
// can show) and made into runs of like formatting.

import { withoutNoteMarks } from "../expect.js";

/**
 * A word of a paragraph with its formatting (Paragraph.getTextRanges splits at spaces; a property is null
 * when it is mixed inside the word).
 * @typedef {{ text: string, bold: boolean | null, italic: boolean | null, strike: boolean | null, font: string | null }} Word_
 */
/** @typedef {{ text: string, bold: boolean, italic: boolean, strike: boolean, code: boolean, link: string }} Run */

/** Fonts markdown shows as code. */
export const MONOSPACE = /^(consolas|courier( new)?|cascadia (code|mono)|lucida (console|sans typewriter)|menlo|monaco|sf mono|source code pro|fira (code|mono)|jetbrains mono|dejavu sans mono|liberation mono|ubuntu mono|roboto mono|andale mono|noto sans mono)$/i;

/** Where Paragraph.getTextRanges splits a paragraph into the words whose formatting markdown shows. */
const WORD_MARKS = [" "];

/**
 * Queue the read of a paragraph's words with their formatting (not synced): at most `maxChars` + 1 of them. Each
 * word holds a character that is not white space and shows in the markdown, so those words reach past the most a
 * page shows of the paragraph (a paragraph is cut there, read-cut.js); the text after the last one read is written
 * plain ({@link runsOf}). Reading every word of a paragraph of millions of characters made markdown 40 times slower
 * than structure (one range with its font per word).
 * @param {Word.Paragraph} paragraph
 * @param {number} maxChars  the page's
 * @returns {{ words: Word.RangeCollection, wordCap: number }}
 */
export function queueWords(paragraph, maxChars) {
  const wordCap = maxChars + 1;
  const words = paragraph.getTextRanges(WORD_MARKS, true).load({ select: "text, font/bold, font/italic, font/strikeThrough, font/name", top: wordCap });
  return { words, wordCap };
}

/**
 * The paragraph's runs from its words (spaces trimmed, so a word's formatting is its own; the spaces between
 * words are found in the paragraph's text) and its hyperlinks (Range.getHyperlinkRanges: their text is found in
 * the paragraph's text in order, so a link covers exactly its characters). A word whose formatting is mixed
 * counts as formatted without its trailing punctuation ("**Note**:" reads back as such; a mixed font as code).
 * Words that cannot be found in the text in order: the text is taken plain.
 * @param {Word.Range[]} ranges
 * @param {string} text
 * @param {boolean} styled  a heading or quote: formatting on every word is the style's
 * @param {{ text: string, url: string }[]} [links]
 * @param {(text: string) => string} [clean]  a word's text as `text` has it (note marks left out, or kept)
 * @param {boolean} [partial]  `ranges` are the first words only ({@link queueWords}): the text after them is plain
 * @returns {Run[]}
 */
export function runsOf(ranges, text, styled, links = [], clean = withoutNoteMarks, partial = false) {
  const plainRun = (/** @type {string} */ t) => ({ text: t, bold: false, italic: false, strike: false, code: false, link: "" });
  /** @type {Run[]} */
  let runs = [];
  let at = 0;
  for (const range of ranges) {
    /** @type {Word_} */
    const word = { text: clean(range.text), bold: range.font.bold, italic: range.font.italic, strike: range.font.strikeThrough, font: range.font.name };
    const found = word.text ? text.indexOf(word.text, at) : -1;
    if (found < 0 || text.slice(at, found).trim()) return [plainRun(text)];
    if (found > at) runs.push(plainRun(text.slice(at, found)));
    at = found + word.text.length;
    const mixed = word.bold === null || word.italic === null || word.strike === null || word.font === null;
    const run = { text: word.text, bold: word.bold !== false, italic: word.italic !== false, strike: word.strike !== false, code: word.font === null || MONOSPACE.test(word.font), link: "" };
    const tail = mixed ? /\p{P}*$/u.exec(word.text)?.[0] ?? "" : "";
    if (tail && tail.length < word.text.length) runs.push({ ...run, text: word.text.slice(0, -tail.length) }, plainRun(tail));
    else runs.push(run);
  }
  if (!partial && text.slice(at).trim()) return [plainRun(text)];
  if (at < text.length) runs.push(plainRun(text.slice(at)));
  runs = withLinks(runs, text, links);
  if (styled) {
    const visible = runs.filter((run) => run.text.trim());
    for (const flag of /** @type {const} */ (["bold", "italic"])) {
      if (visible.length && visible.every((run) => run[flag])) for (const run of runs) run[flag] = false;
    }
  }
  return mergeRuns(runs);
}

/**
 * The runs split where links start and end, each part carrying its link.
 * @param {Run[]} runs  covering `text` in order
 * @param {string} text
 * @param {{ text: string, url: string }[]} links
 * @returns {Run[]}
 */
function withLinks(runs, text, links) {
  /** @type {{ start: number, end: number, url: string }[]} */
  const spans = [];
  let at = 0;
  for (const link of links) {
    const found = link.text && link.url ? text.indexOf(link.text, at) : -1;
    if (found < 0) continue;
    spans.push({ start: found, end: found + link.text.length, url: link.url });
    at = found + link.text.length;
  }
  if (!spans.length) return runs;
  const cuts = new Set(spans.flatMap((span) => [span.start, span.end]));
  /** @type {Run[]} */
  const out = [];
  let pos = 0;
  for (const run of runs) {
    let from = 0;
    for (let i = 1; i <= run.text.length; i += 1) {
      if (i < run.text.length && !cuts.has(pos + i)) continue;
      const start = pos + from;
      const url = spans.find((span) => span.start <= start && start < span.end)?.url ?? "";
      out.push({ ...run, text: run.text.slice(from, i), link: url });
      from = i;
    }
    pos += run.text.length;
  }
  return out;
}

/** @param {Run[]} runs */
function mergeRuns(runs) {
  /** @type {Run[]} */
  const out = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    const blank = !run.text.trim() && !run.code;
    if (last && last.link === run.link && (blank || (last.bold === run.bold && last.italic === run.italic && last.strike === run.strike && last.code === run.code))) {
      last.text += run.text;
    } else out.push({ ...run });
  }
  return out;
}
