// Range anchors: positions that every edit adjusts, so tracked ranges follow the text.

/** Register a range anchor that edits will keep up to date. */
export function createAnchor(doc, start, end = start) {
  const a = { start, end };
  doc.anchors.add(a);
  return a;
}
export function releaseAnchor(doc, a) {
  doc.anchors.delete(a);
}

// Text inserted at p: anchors at or after p move; an anchor ending at p does not grow.
export function shiftInsert(doc, p, n) {
  for (const a of doc.anchors) {
    if (a.sticky && a.start <= p && p <= a.end) a.end += n; // a content control keeps text inserted at its edges
    else if (a.start >= p) { a.start += n; a.end += n; }
    else if (a.end > p) a.end += n;
  }
}
// Text [a, b) deleted: positions inside collapse to a.
export function shiftDelete(doc, a, b) {
  const f = (x) => (x >= b ? x - (b - a) : x > a ? a : x);
  for (const r of doc.anchors) { r.start = f(r.start); r.end = f(r.end); }
}
