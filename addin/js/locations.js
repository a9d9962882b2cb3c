// Canonical `location` → the Word.InsertLocation each object type accepts (officejs-word.md §2 table).
// Body only knows its Start/End; a Range knows all five for text, but only Before/After for paragraphs
// and tables.

/** @typedef {"start" | "end" | "before" | "after" | "replace"} Location */

/** @type {readonly Location[]} */
export const LOCATIONS = ["start", "end", "before", "after", "replace"];

/**
 * Body.insertText / insertHtml: Replace | Start | End. Before/after the body are its start/end.
 * @param {Location} location
 * @returns {"Replace" | "Start" | "End"}
 */
export function bodyTextLocation(location) {
  if (location === "replace") return "Replace";
  return location === "start" || location === "before" ? "Start" : "End";
}

/**
 * Range.insertText / insertInlinePictureFromBase64: all five.
 * @param {Location} location
 * @returns {"Start" | "End" | "Before" | "After" | "Replace"}
 */
export function rangeTextLocation(location) {
  return /** @type {"Start" | "End" | "Before" | "After" | "Replace"} */ (location[0].toUpperCase() + location.slice(1));
}

/**
 * Body.insertParagraph / insertTable: Start | End ("replace" appends: a block cannot replace the body).
 * @param {Location} location
 * @returns {"Start" | "End"}
 */
export function bodyBlockLocation(location) {
  return location === "start" || location === "before" ? "Start" : "End";
}

/**
 * Range.insertParagraph / insertTable: Before | After (start → Before; end and replace → After).
 * @param {Location} location
 * @returns {"Before" | "After"}
 */
export function rangeBlockLocation(location) {
  return location === "start" || location === "before" ? "Before" : "After";
}
