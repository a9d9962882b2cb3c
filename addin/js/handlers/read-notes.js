// readDocument's notes: the footnotes and endnotes whose reference marks are in a page's blocks (WordApi 1.5).
// Structure entries list them (`notes: [{type, text}]`); markdown writes footnote references at their marks (see
// note-marks.js) and their definitions under the block, or under its list ([^1] … [^1]: text; endnotes [^e1]).
// Like the review layer they cost no round trip: the first sync counts the scope's notes, and only when there are
// some does the closing sync carry each page block's notes with their text.

import { withoutNoteMarks } from "../expect.js";
import { placeReferences } from "./note-marks.js";
import { escapeLineStarts } from "./read-markdown.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./read.js").Block} Block */
/**
 * @typedef {{ footnotes: Word.NoteItemCollection, endnotes: Word.NoteItemCollection }} NoteCounts
 * @typedef {{ footnotes: Word.NoteItemCollection, endnotes: Word.NoteItemCollection }[]} NoteLoad
 * @typedef {{ type: "footnote" | "endnote", text: string }} NoteEntry
 */

const NOTE_FIELDS = "items/type,items/body/text";

/**
 * Queue, for the handler's first sync, the scope's notes (ids only), where the host has them.
 * @param {HandlerEnv} env
 * @param {Word.Body | Word.Range} holder
 * @returns {NoteCounts | undefined}
 */
export function queueNoteCounts(env, holder) {
  if (!env.supports("WordApi", "1.5")) return undefined;
  return { footnotes: holder.footnotes.load("items/type"), endnotes: holder.endnotes.load("items/type") };
}

/**
 * Queue each page block's notes for the closing sync, when the scope has any.
 * @param {NoteCounts | undefined} counts
 * @param {Block[]} page
 * @returns {NoteLoad | undefined}
 */
export function queueNotes(counts, page) {
  if (!counts || counts.footnotes.items.length + counts.endnotes.items.length === 0) return undefined;
  return page.map((block) => {
    const range = block.kind === "paragraph" ? block.paragraph.getRange("Whole") : block.table.getRange("Whole");
    return { footnotes: range.footnotes.load(NOTE_FIELDS), endnotes: range.endnotes.load(NOTE_FIELDS) };
  });
}

/**
 * Each page block's notes, footnotes first.
 * @param {NoteLoad} load
 * @returns {(NoteEntry[] | undefined)[]}
 */
export function notesOf(load) {
  return load.map(({ footnotes, endnotes }) => {
    /** @type {NoteEntry[]} */
    const notes = [
      ...footnotes.items.map((n) => ({ type: /** @type {const} */ ("footnote"), text: noteText(n) })),
      ...endnotes.items.map((n) => ({ type: /** @type {const} */ ("endnote"), text: noteText(n) })),
    ];
    return notes.length ? notes : undefined;
  });
}

/**
 * @param {Word.NoteItem} note  its body's text, paragraphs as new lines, without the note's own mark: Word's body
 * text starts with the mark's placeholder character (U+0002, OfficeDev/office-js#6942) and a space
 */
function noteText(note) {
  return note.body.text.replace(/^[\u0002\uFFFD]\s?/, "").replace(/\r\n?/g, "\n").replace(/\n+$/, "");
}

/**
 * A page's markdown piece with its notes: `definitions` (a list item's, which wait for the end of its list, see
 * {@link definitionsAfterLists}).
 * @typedef {import("./read-markdown.js").Piece & { definitions?: string }} NotedPiece
 */

/**
 * Markdown footnotes for a page: each block's references where markdownOf left their places (NOTE_MARK: at their
 * marks, or after the block's text), the definitions under the block, or under its list for a list item (under
 * the item they would end the list: the items after it would start a new one). Labels run through the page
 * ([^1], [^2] …; endnotes [^e1] …). A definition's text is escaped as a paragraph's, each line's start too: a note
 * reading `---` or `- x` is text, not a rule or a list in the note.
 * @param {import("./read-markdown.js").Piece[]} pieces  the blocks' markdown; a Title's `underline` goes after its
 *   references
 * @param {(NoteEntry[] | undefined)[]} notes
 * @param {(text: string) => string} escape
 * @returns {NotedPiece[]}
 */
export function withFootnotes(pieces, notes, escape) {
  const counters = { footnote: 0, endnote: 0 };
  return pieces.map(({ md, list, underline = "" }, i) => {
    const own = notes[i];
    const kind = list ? { list } : {};
    if (!own) return { md: `${withoutNoteMarks(md)}${underline}`, ...kind };
    const labels = own.map((n) => (n.type === "footnote" ? `${++counters.footnote}` : `e${++counters.endnote}`));
    const definitions = own.map((n, k) => `[^${labels[k]}]: ${escapeLineStarts(escape(n.text)).replace(/\n/g, "\n    ")}`).join("\n");
    const referenced = `${placeReferences(md, labels)}${underline}`;
    return list ? { md: referenced, list, definitions } : { md: `${referenced}\n\n${definitions}` };
  });
}

/**
 * The page's pieces with each list item's definitions written after the last item of its list on the page (empty
 * paragraphs, which markdown leaves out, do not end a list), so that nothing comes between the items.
 * @param {NotedPiece[]} pieces  the pieces the page keeps
 * @returns {import("./read-markdown.js").Piece[]}
 */
export function definitionsAfterLists(pieces) {
  const out = pieces.map(({ definitions, ...piece }) => piece);
  /** @type {string[]} */
  let waiting = [];
  let lastItem = -1;
  const flush = () => {
    if (waiting.length) out[lastItem] = { ...out[lastItem], md: `${out[lastItem].md}\n\n${waiting.join("\n")}` };
    waiting = [];
  };
  pieces.forEach((piece, i) => {
    if (!piece.md) return;
    if (!piece.list) flush();
    else lastItem = i;
    if (piece.definitions) waiting.push(piece.definitions);
  });
  flush();
  return out;
}
