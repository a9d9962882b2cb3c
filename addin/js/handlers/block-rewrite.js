// A block (a readDocument block's or an insertMarkdown result's id: whole paragraphs) rewritten or removed through
// its id, after one sync that reads it. The page, column or section breaks it starts with stay: readDocument,
// expectText and dry runs never show a break, so a client cannot know one is there, and a section break holds the
// headers and footers of the section it ends. A paragraph mark before a table stays too: Word keeps one there.

/** A block as its read found it: see {@link queueBlockRead}. */
/** @typedef {{ first: Word.Paragraph, last: Word.Paragraph, firstText: string, breaks: number, lastOfBody: boolean, tableNext: boolean, previousInBody: boolean }} BlockRead */

/** Page and section breaks read "\f" in Word's text, column breaks "\x0e" (Chr(14) in Word's VBA). */
const LEADING_BREAKS = /^[\f\x0e]+/;
/** The characters of a search string that finds the text after a block's breaks (Word's limit is 255). */
const PREFIX_CHARS = 40;
/** Word's search codes for the characters of that text it cannot take as they are (a non-wildcard search). */
/** @type {Record<string, string>} */
const SEARCH_CODES = { "\t": "^t", "\v": "^l", "^": "^^" };

/**
 * How many page, column or section breaks a text starts with.
 * @param {string} text
 */
export function leadingBreaks(text) {
  return LEADING_BREAKS.exec(text)?.[0].length ?? 0;
}

/**
 * Queue what rewriting a block must know (read by the caller's sync): the breaks its first paragraph starts with,
 * and what comes before and after it (a table after its last paragraph keeps that paragraph's mark, as does the
 * end of the body).
 * @param {Word.Range} range  the block's (whole paragraphs, up to the last one's mark)
 * @returns {() => BlockRead}  after the sync
 */
export function queueBlockRead(range) {
  const first = range.paragraphs.getFirst();
  const last = range.paragraphs.getLast();
  first.load("text,tableNestingLevel");
  last.load("isLastParagraph,tableNestingLevel");
  const next = last.getNextOrNullObject();
  next.load("tableNestingLevel");
  const previous = first.getPreviousOrNullObject();
  previous.load("tableNestingLevel");
  return () => ({
    first,
    last,
    firstText: first.text,
    breaks: leadingBreaks(first.text),
    lastOfBody: last.isLastParagraph,
    tableNext: !next.isNullObject && next.tableNestingLevel > last.tableNestingLevel,
    previousInBody: !previous.isNullObject && previous.tableNestingLevel === 0 && first.tableNestingLevel === 0,
  });
}

/**
 * The start of a paragraph's text after the breaks it starts with, found by a search for the first characters of
 * that text in the paragraph: no match can start on a break, so the first one is right after them. Undefined when
 * that text starts with a character a search cannot spell (a note's mark). Queues only.
 * @param {Word.Paragraph} paragraph
 * @param {string} text  its text, read
 * @returns {Word.Range | undefined}
 */
export function afterLeadingBreaks(paragraph, text) {
  const rest = text.slice(leadingBreaks(text));
  if (rest === "") return paragraph.getRange("Content").getRange("End");
  let prefix = "";
  for (const ch of Array.from(rest).slice(0, PREFIX_CHARS)) {
    if (SEARCH_CODES[ch]) prefix += SEARCH_CODES[ch];
    else if (ch < " " || ch === "\u0002") break;
    else prefix += ch;
  }
  return prefix ? paragraph.search(prefix, { matchCase: true }).getFirst().getRange("Start") : undefined;
}

/**
 * What of the block a rewrite replaces: all of it, or (it starts with breaks) what follows its breaks. Queues only.
 * @param {import("../types.js").HandlerEnv} env
 * @param {Word.Range} range  the block's
 * @param {BlockRead} block
 * @param {string} field
 * @returns {Word.Range}
 */
export function rewrittenPart(env, range, block, field) {
  if (!block.breaks) return range;
  const from = afterLeadingBreaks(block.first, block.firstText);
  if (from) return from.expandTo(range.getRange("End"));
  env.note("warn", "The block started with a page or section break (readDocument does not show breaks), which went with its text: Word could not be asked for the text after it alone", field);
  return range;
}

/**
 * Remove the block: its paragraphs, marks included, except what Word keeps or the client cannot see. Queues the
 * deletion and says what went and what stayed; returns the range deleted (collapsed once it is).
 * - breaks it starts with stay, in its first paragraph, emptied of its text; a block of breaks alone goes;
 * - before a table: Word keeps the paragraph mark before a table (a paragraph between two tables, or the first of
 *   the body before one, must stay); after a paragraph of the body the block goes with that paragraph's mark
 *   instead (its text and formatting stay, as when Word joins a paragraph with the next), else it is emptied;
 * - the body's last paragraph keeps its mark: emptied.
 * @param {import("../types.js").HandlerEnv} env
 * @param {Word.Range} range  the block's
 * @param {BlockRead} block
 * @param {string} field
 * @returns {Word.Range}
 */
export function removeBlock(env, range, block, field) {
  if (block.breaks && block.firstText.length > block.breaks) {
    const from = afterLeadingBreaks(block.first, block.firstText);
    if (from) {
      const part = from.expandTo(block.last.getRange("Content").getRange("End"));
      part.delete();
      env.note("info", "The block's text was removed; the page or section break it started with stays (readDocument does not show breaks), in an empty paragraph where the block was", field);
      return part;
    }
  }
  if (block.tableNext && block.previousInBody) {
    const joined = block.first.getPreviousOrNullObject().getRange("Content").getRange("End").expandTo(block.last.getRange("Content"));
    joined.delete();
    env.note("info", "The paragraphs were removed with their text (before the table that follows, Word keeps a paragraph mark: the one of the paragraph before them went instead)", field);
    return joined;
  }
  const whole = range.expandTo(block.last.getRange("Whole"));
  whole.delete();
  const broken = block.breaks ? "; the page or section break it held went too" : "";
  if (block.tableNext) {
    env.note("info", `The paragraphs' text was removed, but an empty paragraph stays before the table that follows: Word keeps one there (between two tables, or at the start of the document)${broken}`, field);
  } else if (block.lastOfBody) {
    env.note("info", `The paragraphs' text was removed; the document's last paragraph stays, empty: Word keeps the document's last paragraph mark${broken}`, field);
  } else {
    env.note(block.breaks ? "warn" : "info", `The paragraphs were removed with their text${broken}; replace them with text to keep them`, field);
  }
  return whole;
}
