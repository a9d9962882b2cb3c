// Range anchors: positions that every edit adjusts, so tracked ranges follow the text.
import { commentsInside, removeComment } from "./comments-model.js";

/** Register a range anchor that edits will keep up to date. */
export function createAnchor(doc, start, end = start) {
  const a = { start, end };
  doc.anchors.add(a);
  return a;
}
export function releaseAnchor(doc, a) {
  doc.anchors.delete(a);
}

// Text inserted at p: anchors at or after p move; an anchor ending at p does not grow. A content control's anchor
// ("sticky") keeps text inserted at its edges (written between its tags), except text put at its point before its
// start tag or after its end tag (doc.outsideOf: [{control, side}], set by insertInline for such points) and a
// paragraph or table (`block`): one put before or after the control's first or last paragraph goes outside it
// (Before/After insert outside an object's boundaries: office-js#866, #3176).
export function shiftInsert(doc, p, n, block = false) {
  const outsides = doc.outsideOf ?? [];
  for (const a of doc.anchors) {
    const outside = outsides.find((o) => o.control === a);
    if (outside && p === (outside.side === "before" ? a.start : a.end)) {
      if (outside.side === "before") { a.start += n; a.end += n; }
    } else if (a.sticky && !block && a.start <= p && p <= a.end) a.end += n;
    else if (a.start >= p) { a.start += n; a.end += n; }
    else if (a.end > p) a.end += n;
  }
}
// Text [a, b) deleted: positions inside collapse to a; the comments the span holds whole go with it.
export function shiftDelete(doc, a, b) {
  for (const c of commentsInside(doc, a, b)) removeComment(doc, c);
  const f = (x) => (x >= b ? x - (b - a) : x > a ? a : x);
  for (const r of doc.anchors) { r.start = f(r.start); r.end = f(r.end); }
}
