// Where readDocument's markdown puts note references ([^1]): at the notes' reference marks where the host's text
// shows them (Word keeps a mark as U+0002 in its text, and Word on Windows lets it through the API: one character
// where the mark is, so the paragraph text read anyway places each reference and costs no load more), else after
// the block's text. markdownOf leaves a NOTE_MARK wherever a reference goes; withFootnotes labels them.

import { withoutNoteMarks } from "../expect.js";

/** Word's placeholder character for a footnote or endnote reference mark, and the place of a reference in markdown. */
export const NOTE_MARK = "\u0002";

/**
 * Whether a block's references can go at their marks: its text shows one mark per note, and its notes are of one
 * kind (the text does not tell a footnote's mark from an endnote's).
 * @param {string[]} texts  the block's text (a table's cells)
 * @param {{ type: string }[] | undefined} notes  the block's notes
 */
export function keepsMarks(texts, notes) {
  if (!notes?.length || notes.some((note) => note.type !== notes[0].type)) return false;
  return texts.reduce((sum, text) => sum + (text.length - withoutNoteMarks(text).length), 0) === notes.length;
}

/**
 * The references of a table or code block whose marks have no place in it: on a line of their own after it (a
 * table row or a closing fence must end its line).
 * @param {number} count  the block's notes
 */
export function marksApart(count) {
  return count ? `\n\n${NOTE_MARK.repeat(count)}` : "";
}

/**
 * A block's markdown with each NOTE_MARK replaced by the next label's reference (`[^1]`); labels left over go at
 * the end. A `:` or `(` right after a reference is escaped: `[^1]: x` at a line's start would be a definition,
 * `[^1](x)` a link.
 * @param {string} md
 * @param {string[]} labels
 */
export function placeReferences(md, labels) {
  let next = 0;
  const placed = md.replace(/\u0002([:(]?)/g, (_, after) => (next < labels.length ? `[^${labels[next++]}]` : "") + (after ? `\\${after}` : ""));
  return placed + labels.slice(next).map((label) => `[^${label}]`).join("");
}
