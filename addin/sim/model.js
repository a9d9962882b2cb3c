// The document model: a tree (body -> paragraphs and tables -> cells -> paragraphs) that is also a
// linear character stream, like Word's story. Every paragraph contributes its units plus one mark,
// every table row one end-of-row mark. Ranges are anchors (start/end positions) that every edit
// adjusts, so tracked ranges follow the text; paragraphs, tables, cells are held by identity.
// This module creates the document; its parts live in the modules it re-exports (blocks, version, anchors,
// layout, primitive and compound edits, formatting), so importers keep importing from here.
import { createStyleCatalogue } from "./styles.js";
import { newSectionData } from "./stories.js";
import { newContainer, newParagraph } from "./model-blocks.js";
import { createAnchor } from "./anchors.js";

export { PICTURE_CHAR, EMPTY_FMT, HYPERLINK_STYLE, newContainer, newParagraph, textUnits, blockLength } from "./model-blocks.js";
export { bump, bumpFormat } from "./model-version.js";
export { createAnchor, releaseAnchor, shiftInsert, shiftDelete } from "./anchors.js";
export { layout, locate, parasInSpan, unitsInSpan, forEachUnit, spanText, findUnit } from "./layout.js";
export { insertUnits, deleteUnits, splitParagraph, mergeWithNext, insertBlock, removeBlock, ensureTrailingParagraph } from "./primitive-edits.js";
export { insertPartsAt, insertTextAt, deleteSpan } from "./compound-edits.js";
export { inheritedFmt, withoutLink, effectiveFont, effectivePara, applyFmt, readFont } from "./formatting.js";

/** Create an empty document (one empty paragraph, collapsed selection at 0). */
export function createDocumentModel() {
  const doc = {
    version: 0, nextId: 1, anchors: new Set(), lists: new Map(), comments: [], shapes: [],
    styles: createStyleCatalogue(), changeTrackingMode: "Off", saved: true, selectionVersion: 0,
    properties: { title: "", author: "Simulated User", subject: "" },
    // Host quirks tests can switch on through sim._model (off = what the documentation promises).
    // ignoresPictureSize: setting InlinePicture/Shape width or height is accepted and does nothing, as Word on
    // the web has been reported to do; handlers must read the size back instead of echoing what they set.
    // noteMarkText: what a footnote/endnote reference mark reads as in Range/Paragraph text. "" reads it as
    // nothing; Word on Windows keeps the mark as the placeholder character U+0002 in the text stream
    // (OfficeDev/office-js#2749) and has been reported to let it through the API (office-js#6942).
    // cellMarks: end-of-cell and end-of-row marks read "\r\u0007" (Chr(13)+Chr(7)) in Range/Body text, as Word's own
    // text of a table has them, instead of the simulator's "\t" between cells and "\r" ending a row.
    quirks: { ignoresPictureSize: false, noteMarkText: "", cellMarks: false },
    // Other stories (headers, footers, notes: stories.js), the last section's own data (Word keeps it in the
    // final paragraph mark; earlier sections' data sits on their section-break units) and the notes.
    stories: new Set(), finalSection: newSectionData(), notes: [],
  };
  doc.body = newContainer(null);
  doc.body.blocks.push(newParagraph(doc));
  doc.selection = createAnchor(doc, 0, 0);
  return doc;
}
