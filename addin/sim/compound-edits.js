// Compound edits: inserting rich content or plain text at a position, and deleting a span the way Word does
// (tables, paragraph marks, cells). Built from the primitive edits; both are recorded while changes are tracked.
import { recordInsertion, keepTrackedDeletion } from "./revisions.js";
import { textUnits } from "./model-blocks.js";
import { layout, locate } from "./layout.js";
import { insertUnits, deleteUnits, splitParagraph, mergeWithNext, removeBlock, ensureTrailingParagraph } from "./primitive-edits.js";
import { inheritedFmt } from "./formatting.js";

/**
 * Insert rich content at pos. `parts` are paragraphs: the first joins the paragraph at pos,
 * each further one starts after a paragraph break. Returns the covered span.
 * @param {{units: object[], props?: object}[]} parts
 */
export function insertPartsAt(doc, pos, parts) {
  const info = locate(doc, pos);
  const para = info.para;
  let offset = Math.min(Math.max(pos - info.start, 0), para.units.length);
  const start = info.start + offset;
  let length = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      const head = splitParagraph(doc, para, offset);
      if (parts[i - 1].props) Object.assign(head.props, parts[i - 1].props);
      offset = 0;
      length += 1;
    }
    insertUnits(doc, para, offset, part.units);
    offset += part.units.length;
    length += part.units.length;
  });
  if (parts.length > 1 && parts[parts.length - 1].props) Object.assign(para.props, parts[parts.length - 1].props);
  recordInsertion(doc, { start, end: start + length });
  return { start, end: start + length };
}

/** Insert plain text ("\n" and "\r" break paragraphs) at pos with the inherited formatting. */
export function insertTextAt(doc, pos, text, fmt) {
  const info = locate(doc, pos);
  const f = fmt || inheritedFmt(info.para, Math.max(0, pos - info.start));
  const parts = String(text).split(/\r\n|\r|\n/).map((t) => ({ units: textUnits(t, f) }));
  return insertPartsAt(doc, pos, parts);
}

/**
 * Delete [s, e) the way Word does: whole tables inside go, paragraph marks inside join paragraphs,
 * cell and row structure of partly covered tables stays, the last mark of a container stays.
 */
export function deleteSpan(doc, s, e) {
  if (e <= s || keepTrackedDeletion(doc, s, e)) return;
  const L = layout(doc);
  // Text inside one paragraph (the common Replace): no need to visit the whole tree.
  const one = locate(doc, s);
  if (one.start <= s && e <= one.mark) {
    deleteUnits(doc, one.para, s - one.start, e - one.start);
    ensureTrailingParagraph(doc, doc.body);
    return;
  }
  const actions = [];
  const visit = (container) => {
    for (const b of container.blocks) {
      if (b.kind === "paragraph") {
        const i = L.paraInfo.get(b);
        if (i.start < e && s < i.end) actions.push({ para: b });
      } else {
        const t = L.tableInfo.get(b);
        if (t.end <= s || t.start >= e) continue;
        if (s <= t.start && t.end <= e) actions.push({ table: b });
        else for (const row of b.rows) for (const cell of row.cells) visit(cell.body);
      }
    }
  };
  visit(doc.body);
  for (const a of actions.reverse()) {
    const L2 = layout(doc);
    if (a.table) {
      const t = L2.tableInfo.get(a.table);
      removeBlock(doc, t.container, t.index);
      continue;
    }
    const i = L2.paraInfo.get(a.para);
    const from = Math.max(s, i.start) - i.start;
    const to = Math.min(e, i.mark) - i.start;
    const markInside = s <= i.mark && i.mark < e;
    deleteUnits(doc, a.para, Math.max(0, from), Math.max(0, to));
    if (markInside) mergeWithNext(doc, a.para);
  }
  for (const c of [doc.body]) ensureTrailingParagraph(doc, c);
}
