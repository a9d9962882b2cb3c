// insertMarkdown's blocks built in Word: each block a paragraph (or a table) inserted after the previous one, with
// Word's own styles. The text goes in first and the character formatting after all of it, so no run inherits
// another's. Styles are set through styleBuiltIn (locale-independent): headings Heading 1-6 (a `title` heading,
// markdown's setext `===` one, Title), quotes Quote, code blocks No Spacing in Consolas (one paragraph, its lines
// separated by Word line breaks), list items List Paragraph, other paragraphs Normal, tables Table Grid (header row
// bold, headerRowCount 1). Lists are Word lists: the first item starts one (startNewList, each level it uses set to
// bullets or numbers) and the others are added with List.insertParagraph, so no list id has to be read.

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
 * @returns {{ built: Built[], spare: Word.Paragraph | undefined }}  spare: the origin's empty paragraph when no
 *   block took it (the blocks are one table, which went before it): the caller keeps or deletes it
 */
export function buildBlocks(blocks, origin, plainStyle = "Normal") {
  const plan = planLists(blocks);
  /** @type {Word.Paragraph | Word.Table | undefined} the block built last */
  let last;
  /** @type {"paragraph" | "listItem" | "table" | undefined} what `last` is */
  let lastKind;
  /** @type {Word.Paragraph | undefined} an empty paragraph right after `last` (or at the origin) */
  let spare = "spare" in origin ? origin.spare : undefined;
  /** @type {Word.Paragraph[]} paragraphs that only separate tables, or follow the last one */
  const fillers = [];
  /** @type {{ list: Word.List, levels: Map<number, string> } | undefined} */
  let list;
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
      [last, lastKind, list] = [table, "table", undefined];
      return;
    }
    /** @type {Word.Paragraph} */
    let paragraph;
    if (block.type === "listItem" && plan[i] === "attach" && list) paragraph = list.list.insertParagraph("", "End");
    else paragraph = newParagraph(i);
    if (block.type === "listItem") {
      const starts = plan[i] === "start" || !list;
      if (!list || starts) list = { list: paragraph.startNewList(), levels: new Map() };
      setLevelKind(list.list, list.levels, block.level, block.kind);
      // A started item is at level 0; an added one at its predecessor's level.
      if (!starts || block.level > 0) paragraph.listItem.level = block.level;
    } else list = undefined;
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
 * Which list items start a Word list and which join the one before: a run of list items is one list, and a new
 * one starts where its top level switches between bullets and numbers.
 * @param {Block[]} blocks
 * @returns {("start" | "attach" | undefined)[]}
 */
export function planLists(blocks) {
  /** @type {string | undefined} the open list's top-level kind ("" while it has no top-level item) */
  let open;
  return blocks.map((block) => {
    if (block.type !== "listItem") {
      open = undefined;
      return undefined;
    }
    if (open !== undefined && !(block.level === 0 && open && block.kind !== open)) {
      if (block.level === 0) open = block.kind;
      return "attach";
    }
    open = block.level === 0 ? block.kind : "";
    return "start";
  });
}

/**
 * @param {Word.List} list
 * @param {Map<number, string>} levels  the kind each level was given (the first item at a level decides)
 * @param {number} level
 * @param {"bullet" | "number"} kind
 */
function setLevelKind(list, levels, level, kind) {
  if (levels.has(level)) return;
  levels.set(level, kind);
  if (kind === "bullet") list.setLevelBullet(level, "Solid");
  else list.setLevelNumbering(level, "Arabic");
}

