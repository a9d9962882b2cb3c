// insertMarkdown's blocks built in Word: each block a paragraph (or a table) inserted after the previous one, with
// Word's own styles. The text goes in first and the character formatting after all of it, so no run inherits
// another's. Styles are set through styleBuiltIn (locale-independent): headings Heading 1-6 (a `title` heading,
// markdown's setext `===` one, Title), quotes Quote, code blocks No Spacing in Consolas (one paragraph, its lines
// separated by Word line breaks), list items List Paragraph, other paragraphs Normal, tables Table Grid (header row
// bold, headerRowCount 1). Lists are Word lists, planned by markdown-lists.js: an item starts one (startNewList, each
// level it uses set to bullets or numbers, an ordered list's start number set) or is added at its list's end with
// List.insertParagraph, so no list id has to be read.

import { planLists } from "./markdown-lists.js";

/** @typedef {import("./markdown-lists.js").ListBefore} ListBefore */

/** @typedef {import("./markdown-check.js").Block} Block */
/** @typedef {import("./markdown-check.js").Run} Run */
/** @typedef {import("./markdown-place.js").Origin} Origin */

export const CODE_FONT = "Consolas";

/**
 * @typedef {{ block: Block, paragraph: Word.Paragraph, table?: undefined } | { block: Block, table: Word.Table, paragraph?: undefined }} Built
 */

/**
 * Insert every block's paragraph or table and its text, then format them (headerFooter.set builds a header's
 * markdown with it too, its plain paragraphs in the Header/Footer style instead of Normal). Each block goes
 * after the one before; a paragraph between two tables is the one Word requires there.
 * @param {Block[]} blocks
 * @param {Origin} origin
 * @param {Word.BuiltInStyleName | "Normal" | "Header" | "Footer"} [plainStyle]  the style of plain paragraphs
 * @param {ListBefore} [before]  the document's list item the blocks go after, which their first list goes on with
 *   (see planLists)
 * @returns {{ built: Built[], spare: Word.Paragraph | undefined }}  spare: the origin's empty paragraph when no
 *   block took it (the blocks are one table, which went before it): the caller keeps or deletes it
 */
export function buildBlocks(blocks, origin, plainStyle = "Normal", before = undefined) {
  const plan = planLists(blocks, before);
  /** @type {number | undefined} the id of the document's list that slot 0 is, while the first run goes on */
  let goesOn = plan[0] && !plan[0].starts ? before?.listId : undefined;
  /** @type {Word.Paragraph | Word.Table | undefined} the block built last */
  let last;
  /** @type {"paragraph" | "listItem" | "table" | undefined} what `last` is */
  let lastKind;
  /** @type {Word.Paragraph | undefined} an empty paragraph right after `last` (or at the origin) */
  let spare = "spare" in origin ? origin.spare : undefined;
  /** @type {Word.Paragraph[]} paragraphs that only separate tables, or follow the last one */
  const fillers = [];
  /** @type {Word.List[]} the Word lists of the current run of list items, by plan slot */
  let lists = [];
  /** @type {Map<number, Word.Paragraph>} list items made ahead of their turn (see ListStep.resumes) */
  const early = new Map();
  // The spare is taken only by a paragraph no table follows: a table put after a paragraph that took a body's
  // last paragraph would end the body, and Word would add an empty paragraph after it.
  const lastTable = blocks.map((block) => block.type).lastIndexOf("table");
  // A new paragraph copies its neighbour's list membership: the first one (from the document) and one after a
  // list item or a table leave any list; nothing else is in a list when the next paragraph copies it.
  const newParagraph = (/** @type {number} */ i) => {
    /** @type {Word.Paragraph} */
    let paragraph;
    if (spare && i > lastTable) [paragraph, spare] = [spare, undefined];
    else if (last) paragraph = last.insertParagraph("", "After");
    else paragraph = spare ? spare.insertParagraph("", "Before") : /** @type {{ paragraph: () => Word.Paragraph }} */ (origin).paragraph();
    if (lastKind !== "paragraph") paragraph.detachFromList();
    return paragraph;
  };
  /** @param {string[][]} values */
  const newTable = (values) => {
    const [rows, cols] = [values.length, values[0].length];
    if (spare && !last) return spare.insertTable(rows, cols, "Before", values); // the spare stays after it
    if (lastKind === "table") {
      // One paragraph between two tables (the spare, if there is one): Word merges touching tables.
      const between = newParagraph(-1); // never the spare: a table follows
      fillers.push(between);
      return between.insertTable(rows, cols, "After", values);
    }
    return last ? last.insertTable(rows, cols, "After", values) : /** @type {{ table: (values: string[][]) => Word.Table }} */ (origin).table(values);
  };
  /** @type {Built[]} */
  const built = [];
  /** @type {[Word.Range, Run, boolean][]} text ranges, their run, and whether the style carries bold/italic */
  const texts = [];
  blocks.forEach((block, i) => {
    if (block.type === "table") {
      const cols = Math.max(1, ...block.rows.map((row) => row.length));
      const table = newTable(block.rows.map((row) => Array.from({ length: cols }, (_, c) => row[c] ?? "")));
      built.push({ block, table });
      [last, lastKind, lists, goesOn] = [table, "table", [], undefined];
      return;
    }
    const step = plan[i];
    /** @type {Word.Paragraph} */
    let paragraph;
    if (block.type === "listItem" && step) paragraph = listItem(block, i, plan, { lists, early, next: () => newParagraph(i), goesOn });
    else {
      paragraph = newParagraph(i);
      [lists, goesOn] = [[], undefined];
    }
    [last, lastKind] = [paragraph, block.type === "listItem" ? "listItem" : "paragraph"];
    built.push({ block, paragraph });
    if (block.type === "code") {
      if (block.text) texts.push([paragraph.insertText(block.text.replace(/\r\n|\r|\n/g, "\v"), "End"), { text: block.text, code: true }, false]);
      return;
    }
    const styled = block.type === "heading" || block.type === "quote";
    // "\n" in a run is a hard line break: Word's line break character, not a new paragraph.
    for (const run of block.runs) if (run.text) texts.push([paragraph.insertText(run.text.replace(/\r\n|\r|\n/g, "\v"), "End"), run, styled]);
  });
  if (spare) {
    spare.detachFromList(); // it may be a replaced list item or heading
    fillers.push(spare);
  }
  for (const filler of fillers) filler.styleBuiltIn = plainStyle;
  for (const { block, paragraph, table } of built) format(block, paragraph, table, plainStyle);
  for (const [range, run, styled] of texts) formatRun(range, run, styled);
  return { built, spare };
}

/**
 * @param {Block} block
 * @param {Word.Paragraph | undefined} paragraph  a paragraph block's
 * @param {Word.Table | undefined} table  a table block's
 * @param {Word.BuiltInStyleName | "Normal" | "Header" | "Footer"} plainStyle
 */
function format(block, paragraph, table, plainStyle) {
  if (block.type === "table") {
    if (!table) return;
    table.styleBuiltIn = "TableGrid";
    if (block.header) {
      table.headerRowCount = 1;
      table.rows.getFirst().font.bold = true;
    }
  } else if (!paragraph) return;
  else if (block.type === "heading" && block.title) paragraph.styleBuiltIn = "Title";
  else if (block.type === "heading") paragraph.styleBuiltIn = /** @type {Word.BuiltInStyleName} */ (`Heading${block.level}`);
  else if (block.type === "quote") paragraph.styleBuiltIn = "Quote";
  else if (block.type === "code") paragraph.styleBuiltIn = "NoSpacing";
  else if (block.type === "listItem") paragraph.styleBuiltIn = "ListParagraph";
  else paragraph.styleBuiltIn = plainStyle;
}

/**
 * Character formatting of one run: bold, italic and strikethrough set either way (the text may have taken the
 * neighbour's), but only switched on in a heading or quote, whose style may carry them.
 * @param {Word.Range} range
 * @param {Run} run
 * @param {boolean} styled
 */
function formatRun(range, run, styled) {
  /** @type {Partial<Record<"bold" | "italic" | "strikeThrough", boolean>>} */
  const font = {};
  for (const [key, on] of /** @type {const} */ ([["bold", run.bold], ["italic", run.italic], ["strikeThrough", run.strike]])) {
    if (on || !styled) font[key] = Boolean(on);
  }
  if (Object.keys(font).length) range.font.set(font);
  if (run.code) range.font.name = CODE_FONT;
  if (run.link) range.hyperlink = run.link;
}

/**
 * A list item's paragraph, in its list at its level (see ListStep). One that starts a list is made where the next
 * block goes (or, when its parent's list goes on after it, before that list's next item, made first at the list's
 * end), taken out of any list it copied from its neighbour, and starts one; another is added at its list's end,
 * or is the paragraph made for it ahead of its turn.
 * @param {Block & { type: "listItem" }} block
 * @param {number} i  its index
 * @param {(import("./markdown-lists.js").ListStep | undefined)[]} plan
 * @param {{ lists: Word.List[], early: Map<number, Word.Paragraph>, next: () => Word.Paragraph, goesOn?: number }} made
 *   the run's lists by slot (a started one is added), the items made ahead of their turn by index, a new paragraph
 *   where the next block goes, and the id of the document's list slot 0 is (its items are attached to it by id)
 * @returns {Word.Paragraph}
 */
function listItem(block, i, plan, { lists, early, next, goesOn }) {
  const step = /** @type {import("./markdown-lists.js").ListStep} */ (plan[i]);
  /** @type {Word.Paragraph} */
  let paragraph;
  if (step.starts) {
    const resumed = step.resumes === undefined ? undefined : plan[step.resumes];
    if (step.resumes !== undefined && resumed) {
      // The document's list goes on right after this item's paragraph's neighbour: made there, then this before it.
      const ahead = resumed.slot === 0 && goesOn !== undefined ? next() : lists[resumed.slot].insertParagraph("", "End");
      early.set(step.resumes, ahead);
      paragraph = ahead.insertParagraph("", "Before");
    } else paragraph = next();
    paragraph.detachFromList();
    lists[step.slot] = paragraph.startNewList();
  } else if (step.slot === 0 && goesOn !== undefined) {
    paragraph = early.get(i) ?? next();
    early.delete(i);
    paragraph.detachFromList();
    paragraph.attachToList(goesOn, block.level);
    return paragraph;
  } else {
    paragraph = early.get(i) ?? lists[step.slot].insertParagraph("", "End");
    early.delete(i);
  }
  const list = lists[step.slot];
  for (const { level, kind, start } of step.levels) {
    if (kind === "bullet") list.setLevelBullet(level, "Solid");
    else list.setLevelNumbering(level, "Arabic");
    if (start !== undefined) list.setLevelStartingNumber(level, start);
  }
  // A started item is at level 0; an added one at its predecessor's level.
  if (!step.starts || block.level > 0) paragraph.listItem.level = block.level;
  return paragraph;
}
