// Where content goes for each object type and InsertLocation (the table of the reference, §2),
// and the edits behind insertText/insertParagraph/insertBreak/insertHtml/pictures/tables.
import { wordError } from "./errors.js";
import { layout, locate, insertPartsAt, deleteSpan, insertBlock, newParagraph, ensureTrailingParagraph, findUnit, textUnits, inheritedFmt, PICTURE_CHAR, EMPTY_FMT } from "./model.js";
import { createTable } from "./tables-model.js";
import { SECTION_BREAKS, sectionBreakUnits } from "./stories.js";
import { controlsOf } from "./content-controls.js";
import { replaceKeepingComments } from "./comments-model.js";

const ALL = ["Replace", "Start", "End", "Before", "After"];
const RSE = ["Replace", "Start", "End"];
const SE = ["Start", "End"];
const BA = ["Before", "After"];

/** Allowed InsertLocation values per object type and method. */
export const INSERT_RULES = Object.freeze({
  Body: { insertText: RSE, insertParagraph: SE, insertBreak: SE, insertHtml: RSE, insertOoxml: RSE, insertInlinePictureFromBase64: SE, insertTable: SE },
  Range: { insertText: ALL, insertParagraph: BA, insertBreak: BA, insertHtml: ALL, insertOoxml: ALL, insertInlinePictureFromBase64: ALL, insertTable: BA },
  Paragraph: { insertText: RSE, insertParagraph: BA, insertBreak: BA, insertHtml: RSE, insertOoxml: RSE, insertInlinePictureFromBase64: RSE, insertTable: BA },
  InlinePicture: { insertText: BA, insertParagraph: BA, insertBreak: BA, insertHtml: BA, insertOoxml: BA, insertInlinePictureFromBase64: ["Replace", "Before", "After"] },
  Table: { insertParagraph: BA, insertTable: BA },
  ContentControl: { insertParagraph: [...SE, ...BA], insertTable: [...SE, ...BA] },
});

/** InvalidArgument unless `loc` is allowed for kind.method (string forms, as Office.js sends them). */
export function checkLocation(kind, method, loc) {
  const allowed = INSERT_RULES[kind]?.[method] || [];
  if (typeof loc !== "string" || !allowed.includes(loc)) throw wordError("InvalidArgument", `${kind}.${method}`);
  return loc;
}

/** Current [start, end) of an object: content span for paragraphs, whole span for others. */
export function spanOf(doc, kind, ref) {
  const L = layout(doc);
  switch (kind) {
    case "Range": case "Comment": return { start: ref.start, end: ref.end };
    case "Paragraph": { const i = L.paraInfo.get(ref); return { start: i.start, end: i.mark }; }
    case "Body": { const i = L.containerInfo.get(ref); return { start: i.start, end: i.end }; }
    case "Table": { const i = L.tableInfo.get(ref); return { start: i.start, end: i.end }; }
    case "TableRow": { const i = L.rowInfo.get(ref); return { start: i.start, end: i.end }; }
    case "TableCell": { const i = L.containerInfo.get(ref.body); return { start: i.start, end: i.end }; }
    case "InlinePicture": { const u = findUnit(doc, ref); return { start: u.pos, end: u.pos + 1 }; }
    case "ContentControl": return { start: ref.anchor.start, end: ref.anchor.end };
    default: throw wordError("GeneralException", kind);
  }
}

// Position for inline content, and the span Replace clears first.
function inlinePoint(doc, kind, ref, loc) {
  const L = layout(doc);
  if (kind === "Body") {
    const blocks = ref.blocks;
    if (loc === "Start") {
      if (blocks[0].kind !== "paragraph") insertBlock(doc, ref, 0, newParagraph(doc));
      return { pos: layout(doc).paraInfo.get(ref.blocks[0]).start };
    }
    const last = L.paraInfo.get(blocks[blocks.length - 1]);
    if (loc === "End") return { pos: last.mark };
    const c = L.containerInfo.get(ref);
    return { pos: c.start, replace: [c.start, c.end] };
  }
  const s = spanOf(doc, kind, ref);
  if (loc === "Start" || loc === "Before") return { pos: s.start };
  if (loc === "End" || loc === "After") return { pos: s.end };
  return { pos: s.start, replace: [s.start, s.end] };
}

/**
 * Insert inline parts (paragraph pieces) at kind/ref/loc. A Range target grows to cover what
 * Start/End/Replace inserted. A Range that is a content control's point before its start tag or after its end
 * tag (ContentControl.getRange "Before"/"After": `ref.outside`) puts them outside the control; so does a
 * paragraph's start where a control ends (one ending with a table or a paragraph mark: that paragraph is not the
 * control's). Returns the span of the new content.
 */
export function insertInline(doc, kind, ref, loc, parts) {
  try {
    return insertInlineAt(doc, kind, ref, loc, parts);
  } finally {
    doc.outsideOf = undefined;
  }
}

function insertInlineAt(doc, kind, ref, loc, parts) {
  const before = kind === "Range" ? { start: ref.start, end: ref.end } : null;
  const point = inlinePoint(doc, kind, ref, loc);
  const put = () => {
    if (point.replace) deleteSpan(doc, point.replace[0], point.replace[1]);
    const pos = point.replace ? Math.min(point.pos, layout(doc).length) : point.pos;
    doc.outsideOf = [...(kind === "Range" && ref.outside ? [ref.outside] : []), ...controlsEndingBefore(doc, pos)];
    return insertPartsAt(doc, pos, parts);
  };
  const span = point.replace ? replaceKeepingComments(doc, point.replace[0], point.replace[1], put) : put();
  const len = span.end - span.start;
  if (kind === "Range") {
    if (loc === "Replace") { ref.start = span.start; ref.end = span.end; }
    else if (loc === "Start") { ref.start = span.start; ref.end = before.end + len; }
    else if (loc === "End") { ref.start = before.start; ref.end = span.end; }
    else if (loc === "After") { ref.start = before.start; ref.end = before.end; }
  }
  return span;
}

/** The content controls that end where the paragraph holding `pos` starts (`pos` is that start): "after" them. */
function controlsEndingBefore(doc, pos) {
  if (!doc.contentControls?.length || pos >= layout(doc).length || locate(doc, pos).start !== pos) return [];
  return controlsOf(doc).filter(({ anchor }) => anchor.end === pos && anchor.start < pos).map(({ anchor }) => ({ control: anchor, side: "after" }));
}

/** Parts for plain text with the formatting at the insertion point (Replace: of the replaced text). */
export function textParts(doc, kind, ref, loc, text) {
  let fmt = EMPTY_FMT;
  if (!(kind === "Body" && loc === "Start" && ref.blocks[0].kind !== "paragraph")) {
    const p = inlinePoint(doc, kind, ref, loc);
    const info = locate(doc, p.pos);
    const off = Math.max(0, p.pos - info.start);
    const u = loc === "Replace" ? info.para.units[off] : null;
    fmt = u && !u.pic ? u.f : inheritedFmt(info.para, off);
  }
  return String(text).split(/\r\n|\r|\n/).map((t) => ({ units: textUnits(t, fmt) }));
}

/** A picture unit. */
export function pictureUnit(pic) {
  return { ch: PICTURE_CHAR, pic, f: EMPTY_FMT };
}

// Container + index where a new block goes, and the paragraph whose formatting it copies.
function blockPoint(doc, kind, ref, loc) {
  const L = layout(doc);
  if (kind === "Body") {
    const paras = ref.blocks.filter((b) => b.kind === "paragraph");
    return loc === "Start" ? { container: ref, index: 0, template: paras[0] } : { container: ref, index: ref.blocks.length, template: paras[paras.length - 1] };
  }
  if (kind === "Table") {
    const t = L.tableInfo.get(ref);
    return { container: t.container, index: t.index + (loc === "After" ? 1 : 0), template: null };
  }
  if (kind === "ContentControl") return controlBlockPoint(doc, ref.anchor, loc);
  let info;
  if (kind === "Paragraph") info = L.paraInfo.get(ref);
  else if (kind === "InlinePicture") info = findUnit(doc, ref).info;
  else {
    const s = spanOf(doc, kind, ref);
    info = loc === "After" ? locate(doc, s.end > s.start ? s.end - 1 : s.end) : locate(doc, s.start);
  }
  return { container: info.container, index: info.index + (loc === "After" ? 1 : 0), template: info.para };
}

/**
 * Next to a content control (Before/After: outside it, "next to a content control" in the docs) or at its first or
 * last block (Start/End: the caller widens the control over the new block). The blocks are those of the innermost
 * container holding the whole control: a table it starts or ends with, not that table's cell.
 */
function controlBlockPoint(doc, a, loc) {
  const L = layout(doc);
  const firstUp = blocksUp(L, locate(doc, a.start));
  const lastUp = blocksUp(L, locate(doc, a.end > a.start ? a.end - 1 : a.end));
  const after = loc === "After" || loc === "End";
  const level = firstUp.findIndex((b) => lastUp.some((o) => o.container === b.container));
  const block = after ? lastUp.find((b) => b.container === firstUp[level].container) : firstUp[level];
  return { container: block.container, index: block.index + (after ? 1 : 0), template: block.para ?? null };
}

/** A paragraph's info and the infos of the tables around it, innermost first (each has its container and index). */
function blocksUp(L, info) {
  const up = [info];
  for (let t = info.table && L.tableInfo.get(info.table); t; t = t.parentTable && L.tableInfo.get(t.parentTable)) up.push(t);
  return up;
}

/** insertParagraph: a new paragraph block with the neighbour's paragraph formatting. */
export function insertParagraphBlock(doc, kind, ref, loc, text) {
  const bp = blockPoint(doc, kind, ref, loc);
  const t = bp.template;
  const para = newParagraph(doc, { props: t ? { ...t.props } : {}, list: t?.list, markFmt: t ? t.markFmt : EMPTY_FMT });
  const parts = String(text ?? "").split(/\r\n|\r|\n/);
  para.units = textUnits(parts[0], para.markFmt);
  insertBlock(doc, bp.container, bp.index, para);
  // Further lines become further paragraphs after it.
  let last = para;
  for (const line of parts.slice(1)) {
    const next = newParagraph(doc, { props: { ...para.props }, list: para.list, markFmt: para.markFmt, units: textUnits(line, para.markFmt) });
    insertBlock(doc, bp.container, layout(doc).paraInfo.get(last).index + 1, next);
    last = next;
  }
  return para;
}

/** Word's column limit: a table of more columns is refused. */
export const MAX_TABLE_COLUMNS = 63;

/**
 * insertTable: a new table block; a container never ends with a table, and a new table never touches another:
 * Word keeps a paragraph between two tables (tables with nothing between them are one table in Word), so an
 * empty paragraph goes in on a side where the new table would meet one.
 */
export function insertTableBlock(doc, kind, ref, loc, rows, cols, values) {
  // Word's tables have at most 63 columns (the error code is UNVERIFIED).
  if (cols > MAX_TABLE_COLUMNS) throw wordError("InvalidArgument", `${kind}.insertTable`);
  const bp = blockPoint(doc, kind, ref, loc);
  const table = createTable(doc, rows, cols, values);
  const { container } = bp;
  insertBlock(doc, container, bp.index, table);
  const at = container.blocks.indexOf(table);
  if (container.blocks[at + 1]?.kind === "table") insertBlock(doc, container, at + 1, newParagraph(doc, { props: { style: "Normal" } }));
  if (at > 0 && container.blocks[at - 1].kind === "table") insertBlock(doc, container, at, newParagraph(doc, { props: { style: "Normal" } }));
  ensureTrailingParagraph(doc, container);
  return table;
}

/**
 * insertBreak: line breaks are "\v", page and section breaks "\f" in the text (a section break's text is
 * UNVERIFIED: Word's VBA reads Chr(12) for both). A section break's unit carries the data of the section it
 * ends (stories.js); headers, footers and notes take no section breaks (InvalidArgument, UNVERIFIED).
 */
export function insertBreakAt(doc, kind, ref, type, loc) {
  const point = kind === "Paragraph" ? (loc === "Before" ? "Start" : "End") : loc;
  let units;
  if (SECTION_BREAKS.includes(type)) {
    if (doc.storyType) throw wordError("InvalidArgument", `${kind}.insertBreak`);
    units = sectionBreakUnits(doc, inlinePoint(doc, kind, ref, point).pos, type);
  } else units = textUnits(type === "Line" ? "\v" : "\f", EMPTY_FMT);
  return insertInline(doc, kind, ref, point, [{ units }]);
}
