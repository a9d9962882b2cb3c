// Tracked changes (revisions) in the document model: while document.changeTrackingMode is not "Off", text
// inserted is recorded as an "Added" revision and text deleted stays in the document, marked by a "Deleted"
// revision, until the change is accepted or rejected (Word.TrackedChange, WordApi 1.6). Revisions hold
// anchors, so they follow later edits like tracked ranges do. The edit modules (primitive-edits.js, compound-edits.js) call the two hooks below.

import { createAnchor, releaseAnchor, deleteSpan, bump, spanText, layout, locate } from "./model.js";

/**
 * @typedef {{ type: "Added" | "Deleted", anchor: { start: number, end: number }, author: string, date: Date }} Revision
 */

/** True while edits are recorded as revisions (not while a revision itself is being applied). */
function tracking(doc) {
  return doc.changeTrackingMode !== "Off" && !doc._applyingRevision;
}

/** @returns {Revision[]} the live revisions in document order (those whose text is gone are dropped) */
export function revisionsOf(doc) {
  const list = (doc.revisions ||= []);
  for (const r of [...list]) if (r.anchor.end <= r.anchor.start) drop(doc, r);
  return list.sort((a, b) => a.anchor.start - b.anchor.start || a.anchor.end - b.anchor.end);
}

function record(doc, type, start, end) {
  (doc.revisions ||= []).push({ type, anchor: createAnchor(doc, start, end), author: doc.properties.author, date: minuteNow() });
}

/** Now, to the minute: Word keeps a revision's time without seconds (w:date "2024-01-15T09:12:00Z"), so the
 * changes of one edit, and of edits in the same minute, carry the same date. */
function minuteNow() {
  const now = new Date();
  now.setUTCSeconds(0, 0);
  return now;
}

function drop(doc, r) {
  const i = doc.revisions.indexOf(r);
  if (i >= 0) doc.revisions.splice(i, 1);
  releaseAnchor(doc, r.anchor);
}

/** Hook: content was inserted at [start, end). */
export function recordInsertion(doc, span) {
  if (tracking(doc) && span.end > span.start) record(doc, "Added", span.start, span.end);
}

/**
 * Hook: [s, e) is about to be deleted. Returns true when tracking keeps the text (marked deleted) instead.
 * Deleting text the same author inserted while tracking removes it for good, as Word does.
 */
export function keepTrackedDeletion(doc, s, e) {
  if (!tracking(doc) || e <= s) return false;
  e = withoutCellEnd(doc, s, e);
  if (e <= s) return true;
  const own = revisionsOf(doc).find((r) => r.type === "Added" && r.anchor.start <= s && e <= r.anchor.end);
  if (own) return false;
  const already = revisionsOf(doc).some((r) => r.type === "Deleted" && r.anchor.start <= s && e <= r.anchor.end);
  if (!already) record(doc, "Deleted", s, e);
  bump(doc);
  return true;
}

/**
 * The end of a deletion inside one table cell, short of the cell's end mark: Word never deletes a cell's end mark
 * (an untracked deletion keeps it too), so a tracked deletion of a cell's text marks only its text.
 */
function withoutCellEnd(doc, s, e) {
  const info = locate(doc, s);
  if (!info.cell) return e;
  const cellEnd = layout(doc).containerInfo.get(info.container).end;
  return e === cellEnd ? cellEnd - 1 : e;
}

/** The revisions overlapping [s, e) (a collapsed span: those touching it). */
export function revisionsIn(doc, s, e) {
  return revisionsOf(doc).filter((r) => r.anchor.start < Math.max(e, s + 1) && r.anchor.end > s);
}

/**
 * Range.getReviewedText (WordApi 1.4): the text of [s, e) as it reads with every tracked change accepted
 * ("Current": deleted text left out) or rejected ("Original": added text left out).
 * @param {"Current" | "Original"} version
 */
export function reviewedText(doc, s, e, version) {
  const skipped = revisionsIn(doc, s, e).filter((r) => r.type === (version === "Current" ? "Deleted" : "Added"));
  let out = "";
  let pos = s;
  for (const r of skipped) {
    if (r.anchor.start > pos) out += spanText(doc, pos, Math.min(r.anchor.start, e));
    pos = Math.max(pos, r.anchor.end);
  }
  return pos < e ? out + spanText(doc, pos, e) : out;
}

/** The text of a revision (deleted text is still in the document until accepted). */
export function revisionText(doc, r) {
  return spanText(doc, r.anchor.start, r.anchor.end);
}

/**
 * Accept (keep the change) or reject (undo it). Returns false when the revision is no longer in the document.
 * @param {object} doc
 * @param {Revision} r
 * @param {boolean} accept
 */
export function applyRevision(doc, r, accept) {
  if (!doc.revisions?.includes(r)) return false;
  const remove = accept ? r.type === "Deleted" : r.type === "Added";
  doc._applyingRevision = true;
  try {
    if (remove) deleteSpan(doc, r.anchor.start, r.anchor.end);
  } finally {
    doc._applyingRevision = false;
  }
  drop(doc, r);
  bump(doc);
  return true;
}

/** The revisions as snapshot JSON. */
export function revisionsJSON(doc) {
  return revisionsOf(doc).map((r) => ({ type: r.type, author: r.author, text: revisionText(doc, r), start: r.anchor.start, end: r.anchor.end }));
}
