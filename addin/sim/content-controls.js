// The content-control model: doc.contentControls (created on first use), each {id, tag, title, ..., anchor}.
// The anchor is "sticky" (anchors.js shiftInsert): text inserted at its edges goes inside, as text written
// into a control's content does in Word, but not text put at its Before/After points (ContentControl.getRange),
// nor a paragraph or table put before or after its paragraphs.
import { releaseAnchor, spanText } from "./model.js";

/** The document's content controls, in document order (outer before inner). */
export function controlsOf(doc) {
  doc.contentControls ??= [];
  return doc.contentControls.filter((c) => !c.deleted).sort((a, b) => a.anchor.start - b.anchor.start || b.anchor.end - a.anchor.end);
}

/** Content controls for snapshot(): id, tag, title and text. */
export function contentControlsJSON(doc) {
  return controlsOf(doc).map((c) => ({ id: c.id, tag: c.tag, title: c.title, text: spanText(doc, c.anchor.start, c.anchor.end) }));
}

/**
 * The content controls a paragraph [start, end) about to be deleted whole holds alone: Word deletes them with it
 * (such a control sits inside the paragraph's mark, office-js#4975). Returns what deletes them, to call once the
 * paragraph is gone.
 * @returns {() => void}
 */
export function controlsGoingWith(doc, start, end) {
  const held = controlsOf(doc).filter(({ anchor }) => anchor.start >= start && anchor.start < end && anchor.end <= end);
  return () => {
    for (const control of held) {
      control.deleted = true;
      releaseAnchor(doc, control.anchor);
    }
  };
}
