// The model's building blocks: containers, paragraphs and their units (one per character position), the
// empty character format, and a block's length in positions.

export const PICTURE_CHAR = "\uFFFC";

/** Character formatting; null means "inherited from the style". `link` is the hyperlink address (Range.hyperlink). */
export const EMPTY_FMT = Object.freeze({
  bold: null, italic: null, underline: null, name: null, size: null, color: null, highlight: null,
  strikeThrough: null, doubleStrikeThrough: null, subscript: null, superscript: null, charStyle: null, link: null,
});

/** The character style Word gives hyperlinks (Range.hyperlink applies it; UNVERIFIED: no documented statement). */
export const HYPERLINK_STYLE = "Hyperlink";

/** A container of blocks (a body: the document's, a cell's, a story's); `owner` is its cell, if any. */
export function newContainer(owner) {
  return { kind: "container", blocks: [], owner };
}

/** A paragraph; `props` null fields fall back to the paragraph style. */
export function newParagraph(doc, init = {}) {
  const id = doc.nextId++;
  return {
    kind: "paragraph", id, uid: `{SIM-${String(id).padStart(8, "0")}}`, units: init.units || [],
    props: { style: "Normal", alignment: null, lineSpacing: null, spaceBefore: null, spaceAfter: null, leftIndent: 0, rightIndent: 0, firstLineIndent: 0, ...(init.props || {}) },
    list: init.list ? { ...init.list } : null, markFmt: init.markFmt || EMPTY_FMT, deleted: false,
  };
}

/** Units for a string: one per UTF-16 code unit, like Word's character positions. */
export function textUnits(text, fmt = EMPTY_FMT) {
  return Array.from({ length: text.length }, (_, i) => ({ ch: text[i], f: fmt }));
}

/** Length of a block in positions. */
export function blockLength(block) {
  if (block.kind === "paragraph") return block.units.length + 1;
  let n = 0;
  for (const row of block.rows) {
    for (const cell of row.cells) for (const b of cell.body.blocks) n += blockLength(b);
    n += 1;
  }
  return n;
}
