// readDocument: one page of the document (or of a range) as text, markdown or structure.
//
// Blocks are the paragraphs and tables of the scope in document order; a table is one block and the
// paragraphs inside it are not blocks. A page costs two round trips whatever the document's size: the
// handler's own sync loads one light property of every paragraph (tableNestingLevel) and of every table
// (nestingLevel) to find the block boundaries; the page's details are queued after it, arrive with Word.run's
// closing sync, and the page is built from them in `afterSync`.

import { bool, int, oneOf } from "../args.js";
import { resolveScope } from "../registry.js";
import { escapeText, headingLevel, listOf, markdownOf, tableText } from "./read-markdown.js";
import { queueWords } from "./read-words.js";
import { criticMarkup, queueReview, queueReviewCounts, reviewOf } from "./read-review.js";
import { definitionsAfterLists, notesOf, queueNoteCounts, queueNotes, withFootnotes } from "./read-notes.js";
import { readerText, withoutNoteMarks } from "../expect.js";
import { cutBlock, cutMessage } from "./read-cut.js";
import { currentValues, queueCurrentCells } from "./read-table-current.js";
import { reviewedReading } from "../accepted-text.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {"text" | "markdown" | "structure"} Format */
/** @typedef {{ kind: "paragraph", paragraph: Word.Paragraph } | { kind: "table", table: Word.Table, paragraphs?: Word.Paragraph[] }} Block */
/** @typedef {import("./read-markdown.js").Piece} Piece */
/** @typedef {import("./read-review.js").PageReview} PageReview */
/** @typedef {import("./read-notes.js").NoteEntry} NoteEntry */

const FORMATS = /** @type {const} */ (["text", "markdown", "structure"]);
/** What a paragraph's tracked changes are read with: enough to tell its text with them accepted. */
const CHANGE_TEXTS = "items/type,items/text";

/**
 * readDocument's checks of its args before it touches Word (a dry run makes them too: op-checks.js).
 * @param {Record<string, any>} args
 */
export function readArgs(args) {
  return {
    format: oneOf(args, "format", FORMATS, "text"),
    offset: int(args, "offset", { min: 0, fallback: 0 }),
    limit: int(args, "limit", { min: 1, max: 1000, fallback: 200 }),
    maxChars: int(args, "maxChars", { min: 1, max: 200_000, fallback: 20_000 }),
    includeRangeIds: bool(args, "includeRangeIds", false),
  };
}

/**
 * readDocument {scope, format, offset, limit, maxChars, includeRangeIds}. The page also stops before the block
 * that would take the output past maxChars, with `truncated: true`; it holds at least one block, cut when it alone
 * is too long (see read-cut.js: `cut` and a warn diagnostic say so). Text: a paragraph per line, a table as
 * tab-separated rows. Markdown: see {@link markdownOf}.
 * Structure: one entry per block. Its ids (includeRangeIds; structure only) are minted for the page's blocks before the details
 * are read, so the closing sync carries the tracking too.
 * @param {HandlerEnv} env
 */
export async function readDocument(env) {
  const { context, registry, args, sync, note, afterSync } = env;
  const { format, offset, limit, maxChars, includeRangeIds } = readArgs(args);
  const target = resolveScope(context, registry, args.scope ?? "document");
  const holder = target.kind === "document" ? target.body : target.range;
  const paragraphs = holder.paragraphs.load("tableNestingLevel");
  // A fresh collection, never `holder.tables`: Office.js caches navigation properties on their parent (the shared
  // context's body, a tracked range), so that would be one object for every op, and the registry untracks the
  // collection with the last table id it holds; a released object can never be tracked again.
  const tables = holder.getRange("Whole").tables.load("nestingLevel");
  const counts = format === "text" ? undefined : queueReviewCounts(env, holder);
  const noteCounts = format === "text" ? undefined : queueNoteCounts(env, holder);
  const firstChange = format === "text" && env.supports("WordApi", "1.6")
    ? context.document.body.getTrackedChanges().getFirstOrNullObject().load("type") : undefined;
  await sync();
  // Paragraph.text holds the text of tracked deletions too ("CheersThanks"): where the document has tracked changes
  // (known only where the host lists them, WordApi 1.6), text and structure show each paragraph as it reads with
  // them accepted, worked out from its text and its changes (accepted-text.js; never getReviewedText, which has
  // frozen and crashed Word); markdown shows them as CriticMarkup over the whole text instead.
  const hasChanges = format === "text" ? firstChange !== undefined && !firstChange.isNullObject : (counts?.changes?.items.length ?? 0) > 0;
  const current = format !== "markdown" && hasChanges && env.supports("WordApi", "1.6");

  const { blocks, unmatchedTables } = findBlocks(paragraphs.items, tables.items);
  if (unmatchedTables > 0) note("warn", `${unmatchedTables} table(s) directly after another table were read as part of it`, "args.scope");
  const page = blocks.slice(offset, offset + limit);
  const loaded = page.map((block) => queueDetails(block, format, current, maxChars));
  const review = counts && queueReview(env, counts, page, { places: format === "markdown" });
  const notes = queueNotes(noteCounts, page);
  const ids = includeRangeIds && format === "structure"
    ? page.map((block) => (block.kind === "paragraph" ? registry.add("rng", block.paragraph.getRange("Content"), { paragraphs: true }) : registry.add("tbl", block.table, { holds: tables })))
    : [];
  /** @type {Record<string, any>} completed once the details are loaded */
  const data = {};
  afterSync(() => {
    const reviews = review ? reviewOf(review, loaded.map(wordText)) : { blocks: [], marks: [] };
    Object.assign(data, buildPage({ format, offset, maxChars, totalBlocks: blocks.length, loaded, ids, reviews, notes: notes ? notesOf(notes) : [] }));
    if (data.cut) note("warn", cutMessage(data.cut, maxChars), "args.maxChars");
  });
  return data;
}
/** Its one sync only reads (the engine can check expectText in it). */
readDocument.firstSync = /** @type {const} */ ("read");

/**
 * Blocks from the scope's paragraphs and tables: a run of paragraphs inside tables is the next top-level table
 * (Word keeps a paragraph between two tables). A run without a table left (a collapsed range inside a cell, whose
 * `tables` is empty) stays paragraphs.
 * @param {Word.Paragraph[]} paragraphs
 * @param {Word.Table[]} tables
 * @returns {{ blocks: Block[], unmatchedTables: number }}
 */
export function findBlocks(paragraphs, tables) {
  const top = Math.min(...tables.map((table) => table.nestingLevel));
  const outer = tables.filter((table) => table.nestingLevel === top);
  /** @type {Block[]} */
  const blocks = [];
  let next = 0;
  /** @type {Word.Paragraph[]} */
  let run = [];
  const endRun = () => {
    if (run.length && next < outer.length) blocks.push({ kind: "table", table: outer[next++], paragraphs: run });
    else for (const paragraph of run) blocks.push({ kind: "paragraph", paragraph });
    run = [];
  };
  for (const paragraph of paragraphs) {
    if (paragraph.tableNestingLevel > 0) run.push(paragraph);
    else {
      endRun();
      blocks.push({ kind: "paragraph", paragraph });
    }
  }
  endRun();
  return { blocks, unmatchedTables: outer.length - next };
}

/**
 * What the closing sync loads for a block (a paragraph's words, links and pictures only for markdown).
 * `changes`: the paragraph's tracked changes, where it is read with them accepted.
 * @typedef {{ kind: "paragraph", paragraph: Word.Paragraph, words?: Word.RangeCollection, wordCap?: number, links?: Word.RangeCollection, pictures?: Word.InlinePictureCollection, listItem?: Word.ListItem, list?: Word.List, changes?: Word.TrackedChangeCollection }
 *   | { kind: "table", table: Word.Table, current?: import("./read-table-current.js").CurrentCellParagraph[] }} Loaded
 */

/**
 * Queue the loads one block needs for the format (read by the closing sync).
 * @param {Block} block
 * @param {Format} format
 * @param {boolean} current  read a paragraph's text with tracked changes accepted (text and structure formats)
 * @param {number} maxChars  the page's: markdown reads the words a page can show ({@link queueWords})
 * @returns {Loaded}
 */
function queueDetails(block, format, current, maxChars) {
  if (block.kind === "table") {
    // isUniform: merged cells make `values` rows of unequal length, which a reader must be told.
    block.table.load(format === "structure" ? "values, rowCount, style, isUniform" : format === "markdown" ? "values, isUniform" : "values");
    return { kind: "table", table: block.table, ...(current ? { current: queueCurrentCells(block.table, block.paragraphs ?? []) } : {}) };
  }
  const { paragraph } = block;
  const reviewed = current ? { changes: paragraph.getTrackedChanges().load(CHANGE_TEXTS) } : {};
  if (format === "text") {
    paragraph.load("text");
    return { kind: "paragraph", paragraph, ...reviewed };
  }
  paragraph.load(format === "markdown" ? "text, style, styleBuiltIn, font/name" : "text, style, styleBuiltIn");
  const listItem = paragraph.listItemOrNullObject.load("level, listString, siblingIndex");
  const list = paragraph.listOrNullObject.load("id, levelTypes");
  if (format === "structure") return { kind: "paragraph", paragraph, listItem, list, ...reviewed };
  const { words, wordCap } = queueWords(paragraph, maxChars);
  const links = paragraph.getRange("Content").getHyperlinkRanges().load("text, hyperlink");
  const pictures = paragraph.inlinePictures.load("altTextDescription, altTextTitle");
  return { kind: "paragraph", paragraph, listItem, list, words, wordCap, links, pictures };
}

/**
 * @param {{ format: Format, offset: number, maxChars: number, totalBlocks: number, loaded: Loaded[], ids: string[], reviews: PageReview, notes: (NoteEntry[] | undefined)[] }} page
 * @returns {Record<string, any>}
 */
function buildPage({ format, offset, maxChars, totalBlocks, loaded, ids, reviews, notes }) {
  /** @type {any[]} */
  const pieces = format === "structure"
    ? structureOf(loaded, offset, ids).map((entry, i) => ({ ...entry, ...reviews.blocks[i], ...(notes[i] ? { notes: notes[i] } : {}) }))
    : format === "markdown"
      ? markdownPieces(loaded, reviews, notes)
      : loaded.map(textOf);
  /** @type {any[]} */
  const kept = [];
  let used = format === "structure" ? 2 : 0; // the brackets of the JSON array
  let truncated = false;
  /** @type {import("./read-cut.js").BlockCut | undefined} */
  let cut;
  for (const piece of pieces) {
    const cost = joint(format, kept, piece).length + size(format, piece);
    if (used + cost > maxChars) {
      truncated = true;
      if (kept.length === 0) {
        const block = loaded[0];
        const rows = block.kind === "table" ? block.table.values.length : undefined;
        ({ piece: kept[0], cut } = cutBlock(format, format === "markdown" ? definitionsAfterLists([piece])[0] : piece, { index: offset, room: maxChars - used, rows }));
      }
      break;
    }
    kept.push(piece);
    used += cost;
  }
  // A cut block counts as read: the page says how to read it whole, and the next page goes on after it.
  const end = offset + kept.length;
  /** @type {Record<string, any>} */
  const data = { format, offset, nextOffset: end < totalBlocks ? end : null, totalBlocks, truncated, ...(cut ? { cut } : {}) };
  if (format === "structure") data.blocks = kept;
  else if (format === "text") data.text = kept.join("\n");
  // Word's marks never reach markdown as raw line ends (a CR is a line end to a markdown reader too).
  else data.markdown = definitionsAfterLists(kept).map((piece, i, all) => joint(format, all.slice(0, i), piece) + piece.md).join("").replace(/\r\n?/g, "\n");
  return data;
}

/**
 * The page's markdown pieces with their review (CriticMarkup) and footnotes.
 * @param {Loaded[]} loaded
 * @param {PageReview} reviews
 * @param {(NoteEntry[] | undefined)[]} notes
 * @returns {import("./read-notes.js").NotedPiece[]}
 */
function markdownPieces(loaded, reviews, notes) {
  const pieces = markdownOf(loaded, notes).map((piece, i) => ({ ...piece, md: criticMarkup(piece.md, reviews.blocks[i], reviews.marks[i] ?? [], escapeText) }));
  return withFootnotes(pieces, notes, escapeText);
}

/**
 * What goes between the kept pieces and the next one. Markdown: nothing around empty paragraphs, a new
 * line between list items, else a blank line.
 * @param {Format} format
 * @param {any[]} kept
 * @param {any} piece
 */
function joint(format, kept, piece) {
  if (kept.length === 0) return "";
  if (format === "text") return "\n";
  if (format === "structure") return ",";
  /** @type {Piece | undefined} */
  const before = [...kept].reverse().find((/** @type {Piece} */ p) => p.md);
  if (!before || !piece.md) return "";
  return before.list && piece.list ? "\n" : "\n\n";
}

/**
 * @param {Format} format
 * @param {any} piece
 */
function size(format, piece) {
  if (format === "markdown") return piece.md.length + (piece.definitions ? piece.definitions.length + 2 : 0); // written after its list
  return format === "structure" ? JSON.stringify(piece).length : piece.length;
}

/**
 * A block's line(s) in the text format: a paragraph's as {@link readerText} has it, but its page breaks stay, as form
 * feeds ("\f", plain text's page break; a section break reads the same), as its column breaks do ("\x0e").
 * @param {Loaded} block
 */
function textOf(block) {
  return block.kind === "table" ? tableText(currentValues(block.table.values, block.current)) : withoutNoteMarks(currentText(block)).replace(/\v/g, "\n");
}

/**
 * A paragraph's text as it reads with its tracked changes accepted, where its changes were loaded (Word's text else).
 * @param {Loaded & { kind: "paragraph" }} block
 */
function currentText({ paragraph, changes }) {
  return changes && changes.items.length ? reviewedReading(paragraph.text, changes.items).current : paragraph.text;
}

/**
 * A loaded block as Word's text of it reads (a paragraph's text with its tracked deletions; a table's cells): where
 * the review looks for the text of its changes.
 * @param {Loaded} block
 * @returns {import("./read-review.js").BlockText}
 */
function wordText(block) {
  return block.kind === "table" ? { text: block.table.values.flat().join("\t"), table: true } : { text: block.paragraph.text, table: false };
}

/**
 * @param {Loaded[]} loaded
 * @param {number} offset
 * @param {string[]} ids
 */
function structureOf(loaded, offset, ids) {
  return loaded.map((block, i) => {
    const index = offset + i;
    if (block.kind === "table") {
      const values = currentValues(block.table.values, block.current);
      const entry = {
        index, type: "table", text: tableText(values), style: block.table.style,
        table: { rows: block.table.rowCount, cols: Math.max(0, ...values.map((row) => row.length)), values, ...(block.table.isUniform ? {} : { merged: true }) },
      };
      return ids.length ? { ...entry, tableId: ids[i] } : entry;
    }
    const { paragraph } = block;
    const raw = currentText(block);
    /** @type {Record<string, any>} */
    const entry = { index, type: "paragraph", text: readerText(raw), style: paragraph.style };
    const breaks = breaksIn(raw);
    if (breaks.length) entry.breaks = breaks;
    const level = headingLevel(paragraph);
    if (level !== undefined) entry.headingLevel = level;
    const list = listOf(block);
    if (list) entry.list = list;
    if (ids.length) entry.rangeId = ids[i];
    return entry;
  });
}

/**
 * The page and column breaks in a paragraph's text (Word's "\f" and "\x0e"; a section break reads "\f" too), each
 * with where it is: `at` characters of the entry's text before it (its text leaves page breaks out: a paragraph of a
 * page break alone reads "" with one break at 0).
 * @param {string} text  Word's
 * @returns {{ type: "page" | "column", at: number }[]}
 */
function breaksIn(text) {
  /** @type {{ type: "page" | "column", at: number }[]} */
  const breaks = [];
  let at = 0;
  for (const ch of text) {
    if (ch === "\f" || ch === "\x0e") breaks.push({ type: ch === "\f" ? "page" : "column", at });
    if (ch !== "\f" && ch !== "\u0002") at += ch.length;
  }
  return breaks;
}
