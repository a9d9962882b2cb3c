// A block (a readDocument block's or an insertMarkdown result's id: whole paragraphs) rewritten or removed through
// its id, after one sync that reads it. The page, column or section breaks it starts or ends with stay ("Text\f", a
// paragraph ending with a page break, is how Word often holds one): a client cannot rewrite a break it does not
// see, and a section break holds the headers and footers of the section it ends. A paragraph mark before a table
// stays too: Word keeps one there.
// The breaks are found in Word by a search for them (Word's codes ^12 and ^14), not for the text next to them, so a
// batch whose earlier ops changed the block's text since it read it (batch-block-breaks.js) still finds them.

/**
 * A block as its read found it: see {@link queueBlockRead}. `leading` / `trailing`: the runs of breaks its first
 * paragraph starts with and its last one ends with (a paragraph of breaks alone counts as leading); `breaks`: how
 * many breaks those two hold; `single`: the block is one paragraph.
 * @typedef {{ first: Word.Paragraph, last: Word.Paragraph, single: boolean, firstText: string, lastText: string, leading: string, trailing: string, breaks: number, lastOfBody: boolean, tableNext: boolean, previousInBody: boolean }} BlockRead
 */

/** Page and section breaks read "\f" in Word's text, column breaks "\x0e" (Chr(14) in Word's VBA). */
const LEADING_BREAKS = /^[\f\x0e]+/;
const TRAILING_BREAKS = /[\f\x0e]+$/;
/** Word's search codes for the breaks (a non-wildcard search): ^12 a page or section break, ^14 a column break. */
const BREAK_CODES = /** @type {Record<string, string>} */ ({ "\f": "^12", "\x0e": "^14" });

/**
 * How many page, column or section breaks a text starts with.
 * @param {string} text
 */
export function leadingBreaks(text) {
  return LEADING_BREAKS.exec(text)?.[0].length ?? 0;
}

/**
 * The breaks a text ends with after the ones it starts with (a text of breaks alone ends with none).
 * @param {string} text
 */
export function trailingBreaks(text) {
  return TRAILING_BREAKS.exec(text.slice(leadingBreaks(text)))?.[0] ?? "";
}

/**
 * The breaks the last of a block's paragraphs ends with ({@link trailingBreaks} when it is its only one).
 * @param {string[]} texts  the paragraphs' texts
 */
export function trailingBreaksOf(texts) {
  return texts.length === 1 ? trailingBreaks(texts[0]) : TRAILING_BREAKS.exec(texts[texts.length - 1])?.[0] ?? "";
}

/**
 * Queue what rewriting a block must know (read by the caller's sync): the breaks its first paragraph starts with
 * and its last ends with, and what comes before and after it (a table after its last paragraph keeps that
 * paragraph's mark, as does the end of the body).
 * @param {Word.Range} range  the block's (whole paragraphs, up to the last one's mark)
 * @returns {() => BlockRead}  after the sync
 */
export function queueBlockRead(range) {
  const first = range.paragraphs.getFirst();
  const last = range.paragraphs.getLast();
  first.load("text,tableNestingLevel");
  last.load("text,isLastParagraph,tableNestingLevel");
  const next = last.getNextOrNullObject();
  next.load("tableNestingLevel");
  const previous = first.getPreviousOrNullObject();
  previous.load("tableNestingLevel");
  const two = range.paragraphs.load({ select: "tableNestingLevel", top: 2 }); // one paragraph or more
  return () => {
    const leading = LEADING_BREAKS.exec(first.text)?.[0] ?? "";
    const single = two.items.length === 1;
    const trailing = trailingBreaksOf(single ? [last.text] : [first.text, last.text]);
    return {
      first,
      last,
      single,
      firstText: first.text,
      lastText: last.text,
      leading,
      trailing,
      breaks: leading.length + trailing.length,
      lastOfBody: last.isLastParagraph,
      tableNext: !next.isNullObject && next.tableNestingLevel > last.tableNestingLevel,
      previousInBody: !previous.isNullObject && previous.tableNestingLevel === 0 && first.tableNestingLevel === 0,
    };
  };
}

/**
 * A run of breaks as a search string (Word's codes).
 * @param {string} run
 */
function searchCodes(run) {
  return Array.from(run, (ch) => BREAK_CODES[ch]).join("");
}

/**
 * The start of a paragraph's text after the breaks it starts with: the end of the first hit of a search for those
 * breaks (no earlier run of them can be in the paragraph). Queues only.
 * @param {Word.Paragraph} paragraph
 * @param {string} text  its text as read, or the run of breaks it starts with
 * @returns {Word.Range}
 */
export function afterLeadingBreaks(paragraph, text) {
  const run = LEADING_BREAKS.exec(text)?.[0] ?? "";
  if (!run) return paragraph.getRange("Content").getRange("Start");
  return paragraph.search(searchCodes(run), { matchCase: true }).getFirst().getRange("End");
}

/**
 * The end of a paragraph's text before the breaks it ends with (`run`, as read): the start of a search hit of those
 * breaks followed by the paragraph's mark (^p), which only they can be. Queues only.
 * @param {Word.Paragraph} paragraph
 * @param {string} run
 * @returns {Word.Range}
 */
export function beforeTrailingBreaks(paragraph, run) {
  if (!run) return paragraph.getRange("Content").getRange("End");
  return paragraph.getRange("Whole").search(`${searchCodes(run)}^p`, { matchCase: true }).getFirst().getRange("Start");
}

/**
 * What the breaks a block keeps are, for a message.
 * @param {BlockRead} block
 */
function keptBreaks(block) {
  const where = block.leading && block.trailing ? "started and ended with" : block.leading ? "started with" : "ended with";
  return `the page, column or section break it ${where} stays (readDocument shows it as <!-- page break --> and the like)`;
}

/**
 * What of the block a rewrite replaces: all of it, or (it starts or ends with breaks) what is between its breaks,
 * which the answer says stay. Queues only.
 * @param {import("../types.js").HandlerEnv} env
 * @param {Word.Range} range  the block's
 * @param {BlockRead} block
 * @param {string} field
 * @returns {Word.Range}
 */
export function rewrittenPart(env, range, block, field) {
  if (!block.breaks) return range;
  env.note("info", `The block's text was replaced; ${keptBreaks(block)}`, field);
  return betweenBreaks(range, block);
}

/**
 * The part of the block between the breaks it starts and ends with. Queues only.
 * @param {Word.Range} range  the block's
 * @param {BlockRead} block
 * @returns {Word.Range}
 */
function betweenBreaks(range, block) {
  const from = block.leading ? afterLeadingBreaks(block.first, block.leading) : range.getRange("Start");
  const to = block.trailing ? beforeTrailingBreaks(block.last, block.trailing) : range.getRange("End");
  return from.expandTo(to);
}

/**
 * Remove the block: its paragraphs, marks included, except what Word keeps or the client cannot see. Queues the
 * deletion and says what went and what stayed; returns the range deleted (collapsed once it is).
 * - breaks it starts or ends with stay, in its first paragraph, emptied of its text; a paragraph of breaks alone
 *   goes (readDocument shows it: removing it is asked for);
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
  if (block.breaks && !(block.single && block.firstText.length === block.breaks)) {
    const part = betweenBreaks(range, block);
    part.delete();
    env.note("info", `The block's text was removed; ${keptBreaks(block)}, in an empty paragraph where the block was`, field);
    return part;
  }
  if (block.tableNext && block.previousInBody) {
    const joined = block.first.getPreviousOrNullObject().getRange("Content").getRange("End").expandTo(block.last.getRange("Content"));
    joined.delete();
    env.note("info", "The paragraphs were removed with their text (before the table that follows, Word keeps a paragraph mark: the one of the paragraph before them went instead)", field);
    return joined;
  }
  const whole = range.expandTo(block.last.getRange("Whole"));
  whole.delete();
  const broken = block.breaks ? "; the page, column or section break it was went too" : "";
  if (block.tableNext) {
    env.note("info", `The paragraphs' text was removed, but an empty paragraph stays before the table that follows: Word keeps one there (between two tables, or at the start of the document)${broken}`, field);
  } else if (block.lastOfBody) {
    env.note("info", `The paragraphs' text was removed; the document's last paragraph stays, empty: Word keeps the document's last paragraph mark${broken}`, field);
  } else {
    env.note(block.breaks ? "warn" : "info", `The paragraphs were removed with their text${broken}; replace them with text to keep them`, field);
  }
  return whole;
}
