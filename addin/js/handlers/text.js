// insertText, insertBreak and getSelection.

import { bool, oneOf, str } from "../args.js";
import { LOCATIONS, bodyBlockLocation, bodyTextLocation, rangeBlockLocation, rangeTextLocation } from "../locations.js";
import { resolveScope } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Insert text at the scope. Nothing to read: Word.run's closing sync does the work.
 *
 * With `newParagraph`, the text becomes its own paragraph: on the document at its start or end (before/after
 * count as start/end); `replace` on the document replaces the whole body with the text (Body has no
 * "replace by paragraph"). On a range or the selection: start/before → a paragraph before the range's
 * paragraph, end/after → after it, replace → after it and the range's own content is deleted.
 * `keepFormatting: false` clears the direct character formatting the text would inherit (bold, italic,
 * underline, highlight). Replacing a range of whole paragraphs (a block's id) with "" removes the paragraphs
 * ({@link replaceText}).
 * @param {HandlerEnv} env
 */
export async function insertText(env) {
  const { context, registry, args } = env;
  const text = str(args, "text");
  const location = oneOf(args, "location", LOCATIONS, "replace");
  const newParagraph = bool(args, "newParagraph", false);
  const keepFormatting = bool(args, "keepFormatting", true);
  const target = resolveScope(context, registry, args.scope ?? "selection");

  /** @type {Word.Range} */
  let inserted;
  if (target.kind === "document") {
    inserted = newParagraph && location !== "replace"
      ? target.body.insertParagraph(text, bodyBlockLocation(location)).getRange("Content")
      : target.body.insertText(text, bodyTextLocation(location));
  } else if (newParagraph) {
    inserted = target.range.insertParagraph(text, rangeBlockLocation(location)).getRange("Content");
    if (location === "replace") target.range.delete();
  } else if (location === "replace") {
    inserted = replaceText(env, target, text, "args.scope");
  } else {
    inserted = target.range.insertText(text, rangeTextLocation(location));
  }
  if (!keepFormatting) {
    inserted.font.set({ bold: false, italic: false, underline: "None", highlightColor: /** @type {any} */ (null) });
  }
  return { rangeId: registry.add("rng", inserted), length: text.length };
}
insertText.firstSync = /** @type {const} */ ("none");

/**
 * Replace a range's text. A range of whole paragraphs (a readDocument block's or an insertMarkdown result's id,
 * which ends before the last paragraph's mark) replaced with "" loses its paragraphs, marks included, as
 * insertMarkdown's replace removes the paragraphs it leaves empty: "delete this block" leaves no empty
 * paragraph behind. (Word keeps the document's final paragraph mark: a last block is emptied instead.) Its id is
 * retired once that is done, so a later op on it is refused instead of writing where the block was.
 * Returns the range the text is in now (collapsed where removed paragraphs were). Queues only.
 * @param {HandlerEnv} env
 * @param {{ range: Word.Range, id?: string, paragraphs?: boolean }} target
 * @param {string} text
 * @param {string} field  the arg that named the range
 * @returns {Word.Range}
 */
export function replaceText(env, target, text, field) {
  if (text !== "" || !target.paragraphs) return target.range.insertText(text, "Replace");
  const whole = target.range.expandTo(target.range.paragraphs.getLast().getRange("Whole"));
  whole.delete();
  env.note("info", "The paragraphs were removed with their text (Word keeps the document's last paragraph mark: a last paragraph is emptied instead); replace them with text to keep them", field);
  const { id } = target;
  if (id) {
    const why = "its paragraphs were removed (replaced with \"\")";
    env.registry.removing(id, why);
    env.afterSync(() => env.registry.retire(id, why));
  }
  return whole;
}

/** Our break types ↔ Word.BreakType. */
export const BREAK_TYPES = /** @type {const} */ ({ page: "Page", line: "Line", sectionNext: "SectionNext", sectionContinuous: "SectionContinuous" });

/**
 * insertBreak {type, scope, location}: Body takes Start/End, a range Before/After (officejs-word.md §2), so
 * start/before are Before and end/after are After on a range. Nothing to read: the closing sync does it.
 * @param {HandlerEnv} env
 */
export async function insertBreak({ context, registry, args }) {
  const type = oneOf(args, "type", /** @type {(keyof typeof BREAK_TYPES)[]} */ (Object.keys(BREAK_TYPES)), "page");
  const location = oneOf(args, "location", LOCATIONS.filter((l) => l !== "replace"), "after");
  const target = resolveScope(context, registry, args.scope ?? "selection");
  if (target.kind === "document") target.body.insertBreak(BREAK_TYPES[type], bodyBlockLocation(location));
  else target.range.insertBreak(BREAK_TYPES[type], rangeBlockLocation(location));
  return { type, location };
}
insertBreak.firstSync = /** @type {const} */ ("none");

/**
 * The selection's text and a range id; start/end where the host has Range.start/end (WordApiDesktop 1.4).
 * One sync.
 * @param {HandlerEnv} env
 */
export async function getSelection({ context, registry, supports, sync }) {
  const selection = context.document.getSelection();
  const withOffsets = supports("WordApiDesktop", "1.4");
  selection.load(withOffsets ? ["text", "start", "end"] : ["text"]);
  const rangeId = registry.add("rng", selection);
  await sync();
  return withOffsets
    ? { text: selection.text, rangeId, start: selection.start, end: selection.end }
    : { text: selection.text, rangeId };
}
getSelection.firstSync = /** @type {const} */ ("read");
