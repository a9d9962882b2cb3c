// footnote.insert / endnote.insert: a note on the scope's range (WordApi 1.5). Word places the note's reference
// mark right after the range. A NoteItem has no id in Office.js: `noteId` is the pane's registry handle on the
// tracked NoteItem (valid while the pane runs), `referenceRangeId` the reference mark's range. Everything is
// queued for Word.run's closing sync: one round trip.

import { PaneError } from "../errors.js";
import { str } from "../args.js";
import { resolveScopeRange } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * E_UNSUPPORTED naming the set, where the host lacks notes.
 * @param {HandlerEnv} env
 * @param {"Footnotes" | "Endnotes"} what
 */
function requireNotes(env, what) {
  if (!env.supports("WordApi", "1.5")) {
    throw new PaneError("E_UNSUPPORTED", `${what} need WordApi 1.5, which this Word does not support`);
  }
}

/**
 * An insert's checks before it touches Word: its text and the host.
 * @param {HandlerEnv} env
 * @param {"footnote" | "endnote"} type
 */
function noteArgs(env, type) {
  const text = str(env.args, "text", { min: 1, max: 32767 });
  requireNotes(env, type === "footnote" ? "Footnotes" : "Endnotes");
  return { text };
}

/**
 * @param {"footnote" | "endnote"} type
 * @returns {import("../types.js").Handler}
 */
function inserter(type) {
  /** @param {HandlerEnv} env */
  const handler = async (env) => {
    const { context, registry, args } = env;
    const { text } = noteArgs(env, type);
    const range = resolveScopeRange(context, registry, args.scope ?? "selection");
    const note = type === "footnote" ? range.insertFootnote(text) : range.insertEndnote(text);
    const noteId = registry.add("note", note);
    const referenceRangeId = registry.add("rng", note.reference.getRange("Whole"));
    return { noteId, type, referenceRangeId };
  };
  handler.firstSync = /** @type {const} */ ("none");
  return handler;
}

/** footnote.insert {text, scope="selection"} → {noteId, type: "footnote", referenceRangeId}. */
export const insertFootnote = inserter("footnote");
/** endnote.insert {text, scope="selection"} → {noteId, type: "endnote", referenceRangeId}. */
export const insertEndnote = inserter("endnote");

/**
 * Each op's checks of its args and the host, made before it touches Word, by op: a dry run makes them too
 * (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = {
  "footnote.insert": (env) => noteArgs(env, "footnote"),
  "endnote.insert": (env) => noteArgs(env, "endnote"),
};
