// Comments in the document model: each holds an anchor over the text it is on. Word deletes a comment whose
// whole range is deleted (its start and end marks go with the text), so a comment never outlives its text and
// never lands on a neighbour. A tracked deletion keeps the text, and so the comment, until it is accepted.
import { releaseAnchor } from "./anchors.js";

/** Take a comment out of its document (Comment.delete, or its text deleted): its proxies are ItemNotFound. */
export function removeComment(doc, comment) {
  const i = doc.comments.indexOf(comment);
  if (i >= 0) doc.comments.splice(i, 1);
  comment.deleted = true;
  releaseAnchor(doc, comment.anchor);
}

/**
 * The comments text [a, b) about to be deleted holds whole: a comment over text inside the span, or a point
 * comment strictly inside it (one at an edge of the span stays, as its mark is outside the deleted text).
 * @returns {object[]}
 */
export function commentsInside(doc, a, b) {
  return (doc.comments ?? []).filter(({ anchor: r }) => a <= r.start && r.end <= b && (r.start < r.end || (a < r.start && r.start < b)));
}

/**
 * Replace [s, e) by what `insert` puts there (a Range's or an object's insert*(…, "Replace")): a comment on exactly
 * that text is on the new text afterwards, as the new text goes between its marks; other comments inside the
 * span go with the old text, and so does that one when nothing new is put in.
 * @param {(object) => {start: number, end: number}} insert deletes the span and inserts, returning the new span
 */
export function replaceKeepingComments(doc, s, e, insert) {
  const kept = (doc.comments ?? []).filter((c) => c.anchor.start === s && c.anchor.end === e && s < e);
  const at = kept.map((c) => doc.comments.indexOf(c));
  for (const c of kept) doc.comments.splice(doc.comments.indexOf(c), 1);
  let span;
  try {
    span = insert();
  } finally {
    kept.forEach((c, i) => doc.comments.splice(Math.min(at[i], doc.comments.length), 0, c));
  }
  // A tracked Replace keeps the old text (marked deleted), and the comment on it.
  for (const c of kept.filter((k) => k.anchor.end <= k.anchor.start)) {
    if (span.end > span.start) { c.anchor.start = span.start; c.anchor.end = span.end; } else removeComment(doc, c);
  }
  return span;
}
