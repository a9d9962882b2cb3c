// The document model: a tree (body -> paragraphs and tables -> cells -> paragraphs) that is also a
// linear character stream, like Word's story. Every paragraph contributes its units plus one mark,
// every table row one end-of-row mark. Ranges are anchors (start/end positions) that every edit
// adjusts, so tracked ranges follow the text; paragraphs, tables, cells are held by identity.
import { recordInsertion, keepTrackedDeletion } from "./revisions.js";
import { createStyleCatalogue, styleDefaults, characterStyleFont } from "./styles.js";
import { newSectionData } from "./stories.js";

export const PICTURE_CHAR = "\uFFFC";

/** Character formatting; null means "inherited from the style". `link` is the hyperlink address (Range.hyperlink). */
export const EMPTY_FMT = Object.freeze({
  bold: null, italic: null, underline: null, name: null, size: null, color: null, highlight: null,
  strikeThrough: null, doubleStrikeThrough: null, subscript: null, superscript: null, charStyle: null, link: null,
});

/** The character style Word gives hyperlinks (Range.hyperlink applies it; UNVERIFIED: no documented statement). */
export const HYPERLINK_STYLE = "Hyperlink";

const BASE_FONT = { bold: false, italic: false, underline: "None", highlight: null, strikeThrough: false, doubleStrikeThrough: false, subscript: false, superscript: false };

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
    quirks: { ignoresPictureSize: false, noteMarkText: "" },
    // Other stories (headers, footers, notes: stories.js), the last section's own data (Word keeps it in the
    // final paragraph mark; earlier sections' data sits on their section-break units) and the notes.
    stories: new Set(), finalSection: newSectionData(), notes: [],
  };
  doc.body = newContainer(null);
  doc.body.blocks.push(newParagraph(doc));
  doc.selection = createAnchor(doc, 0, 0);
  return doc;
}

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

/** Mark the model changed: the layout cache is rebuilt on next use. */
export function bump(doc) {
  doc.version++;
  doc.saved = false;
}

/**
 * Mark the model changed where no position or character moved (formatting, paragraph or list
 * properties): a current layout cache stays valid, so many format edits do not re-lay out.
 */
export function bumpFormat(doc) {
  const valid = isLayoutCurrent(doc);
  bump(doc);
  if (valid) doc._layout.version = doc.version;
}

/** True when the cached layout matches the model. */
function isLayoutCurrent(doc) {
  return Boolean(doc._layout) && doc._layout.version === doc.version;
}

// ---------------------------------------------------------------- anchors

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

// ---------------------------------------------------------------- layout

/**
 * Positions of everything, cached per model version.
 * @returns {{paras: object[], paraInfo: Map, tableInfo: Map, rowInfo: Map, cellInfo: Map, containerInfo: Map, tables: object[], chars: string[], length: number}}
 */
export function layout(doc) {
  if (isLayoutCurrent(doc)) return doc._layout;
  const L = {
    version: doc.version, paras: [], paraInfo: new Map(), tableInfo: new Map(), rowInfo: new Map(), cellInfo: new Map(), containerInfo: new Map(), tables: [], _chars: null,
    // Built on first use: most edits never read the whole character stream.
    get chars() { return this._chars || (this._chars = buildChars(this)); },
  };
  let pos = 0;
  const walk = (container, parent, lastCellInRow) => {
    const start = pos;
    container.blocks.forEach((b, index) => {
      if (b.kind === "paragraph") {
        const isCellEnd = parent && index === container.blocks.length - 1;
        const markCh = isCellEnd ? (lastCellInRow ? "" : "\t") : "\r";
        const info = { para: b, start: pos, mark: pos + b.units.length, end: pos + b.units.length + 1, container, index, cell: parent?.cell || null, table: parent?.table || null, depth: parent?.depth || 0, markCh };
        pos = info.end;
        L.paras.push(info);
        L.paraInfo.set(b, info);
      } else walkTable(b, container, index, parent);
    });
    L.containerInfo.set(container, { start, end: pos, cell: parent?.cell || null, table: parent?.table || null });
  };
  const walkTable = (t, container, index, parent) => {
    const depth = (parent?.depth || 0) + 1;
    const info = { table: t, start: pos, end: 0, container, index, parentCell: parent?.cell || null, parentTable: parent?.table || null, depth };
    L.tables.push(info);
    t.rows.forEach((row, r) => {
      const rowStart = pos;
      row.cells.forEach((cell, c) => {
        const cellStart = pos;
        walk(cell.body, { cell, table: t, depth }, c === row.cells.length - 1);
        L.cellInfo.set(cell, { cell, table: t, row, rowIndex: r, col: c, start: cellStart, end: pos });
      });
      L.rowInfo.set(row, { row, table: t, rowIndex: r, start: rowStart, mark: pos, end: pos + 1 });
      pos += 1;
    });
    info.end = pos;
    L.tableInfo.set(t, info);
  };
  walk(doc.body, null, false);
  L.length = pos;
  doc._layout = L;
  return L;
}

/**
 * The character stream: units (pictures ""), each paragraph's mark, and "\r" for every
 * end-of-row mark (the positions no paragraph covers).
 */
function buildChars(L) {
  const chars = [];
  for (const info of L.paras) {
    while (chars.length < info.start) chars.push("\r");
    for (const u of info.para.units) chars.push(u.pic || u.note ? "" : u.ch);
    chars.push(info.markCh);
  }
  while (chars.length < L.length) chars.push("\r");
  return chars;
}

/** Index in L.paras of the last paragraph starting at or before pos (-1 if none); paras are in order. */
function paraIndexAt(L, pos) {
  let lo = 0, hi = L.paras.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (L.paras[mid].start <= pos) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  return found;
}

/** The paragraph holding position pos (end-of-row marks and the story end clamp backwards). */
export function locate(doc, pos) {
  const L = layout(doc);
  // Paragraphs do not overlap, so the last one starting at or before pos holds it or precedes it.
  const k = paraIndexAt(L, pos);
  return k < 0 ? L.paras[0] : L.paras[k];
}

/** Paragraph infos intersecting [s, e); a collapsed span yields the paragraph that holds it. */
export function parasInSpan(doc, s, e) {
  const L = layout(doc);
  if (e <= s) return [locate(doc, s)];
  const out = [];
  let k = Math.max(0, paraIndexAt(L, s));
  if (L.paras[k] && L.paras[k].end <= s) k++;
  for (; k < L.paras.length && L.paras[k].start < e; k++) out.push(L.paras[k]);
  return out;
}

/** Text of [s, e): paragraph marks read "\r", cell ends "\t", pictures and note reference marks "". */
export function spanText(doc, s, e) {
  const L = layout(doc);
  const from = Math.max(0, s), to = Math.min(Math.max(0, e), L.length);
  if (to <= from) return "";
  const noteMark = doc.quirks?.noteMarkText || "";
  if (L._chars && !noteMark) return L._chars.slice(from, to).join("");
  // Walk only the paragraphs the span covers instead of building the whole stream.
  let out = "";
  let pos = from;
  for (let k = Math.max(0, paraIndexAt(L, from)); k < L.paras.length && pos < to; k++) {
    const info = L.paras[k];
    for (; pos < info.start && pos < to; pos++) out += "\r";
    for (; pos < info.mark && pos < to; pos++) { const u = info.para.units[pos - info.start]; out += u.pic ? "" : u.note ? noteMark : u.ch; }
    if (pos === info.mark && pos < to) { out += info.markCh; pos++; }
  }
  for (; pos < to; pos++) out += "\r";
  return out;
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

/** Find an inline picture unit: {info, index, pos}. */
export function findUnit(doc, unit) {
  for (const info of layout(doc).paras) {
    const index = info.para.units.indexOf(unit);
    if (index >= 0) return { info, index, pos: info.start + index };
  }
  return null;
}

// ---------------------------------------------------------------- primitive edits

/**
 * Update the cached layout after n units were inserted (n > 0) at p, or -n units deleted from
 * [p, p - n), inside one paragraph, instead of re-laying out the whole document: only positions
 * after p move (nothing but that paragraph's units lies inside a deleted span), plus the
 * paragraph's own mark when text is appended at it.
 */
function shiftLayout(L, info, p, n) {
  const move = (o) => {
    if (o.start > p) o.start += n;
    if (o.mark !== undefined && o.mark > p) o.mark += n;
    if (o.end > p) o.end += n;
  };
  const appended = n > 0 && info.mark === p;
  const k = paraIndexAt(L, info.start);
  move(info);
  // Every later paragraph lies wholly after p.
  for (let j = k + 1; j < L.paras.length; j++) { const o = L.paras[j]; o.start += n; o.mark += n; o.end += n; }
  for (const t of L.tables) move(t);
  for (const m of [L.rowInfo, L.cellInfo, L.containerInfo]) for (const o of m.values()) move(o);
  if (appended) info.mark += n;
  L.length += n;
  L._chars = null;
}

/** Record a units edit of one paragraph: bump the model, keep a current layout current. */
function unitsChanged(doc, info, p, n) {
  const L = isLayoutCurrent(doc) ? doc._layout : null;
  bump(doc);
  if (!L) return;
  shiftLayout(L, info, p, n);
  L.version = doc.version;
}

/** Insert units into a paragraph at offset. */
export function insertUnits(doc, para, offset, units) {
  if (!units.length) return;
  const info = layout(doc).paraInfo.get(para);
  const p = info.start + offset;
  para.units.splice(offset, 0, ...units);
  unitsChanged(doc, info, p, units.length);
  shiftInsert(doc, p, units.length);
}

/** Delete units [from, to) of a paragraph. */
export function deleteUnits(doc, para, from, to) {
  if (to <= from) return;
  const info = layout(doc).paraInfo.get(para);
  const p = info.start + from;
  para.units.splice(from, to - from);
  unitsChanged(doc, info, p, -(to - from));
  shiftDelete(doc, p, p + (to - from));
}

/**
 * Break a paragraph at offset, like pressing Enter: the new mark ends a new head paragraph,
 * the original paragraph (Word identifies a paragraph by its mark) keeps the tail.
 */
export function splitParagraph(doc, para, offset) {
  const info = layout(doc).paraInfo.get(para);
  const head = newParagraph(doc, { units: para.units.splice(0, offset), props: { ...para.props }, list: para.list, markFmt: para.markFmt });
  info.container.blocks.splice(info.index, 0, head);
  bump(doc);
  shiftInsert(doc, info.start + offset, 1);
  return head;
}

/** Delete a paragraph's mark, joining it with the next paragraph of the same container. */
export function mergeWithNext(doc, para) {
  const info = layout(doc).paraInfo.get(para);
  const next = info.container.blocks[info.index + 1];
  if (!next || next.kind !== "paragraph") return false;
  if (para.units.length) { next.props = { ...para.props }; next.list = para.list && { ...para.list }; }
  next.units = para.units.concat(next.units);
  info.container.blocks.splice(info.index, 1);
  para.deleted = true;
  bump(doc);
  shiftDelete(doc, info.mark, info.mark + 1);
  return true;
}

/**
 * Update the cached layout after a paragraph was inserted into the body at index, starting at p
 * (the common insertParagraph): everything at or after p moves, the body grows, later body blocks
 * move up one index. Nested containers are left to a full re-layout (cell-end marks change).
 */
function layoutInsertBodyParagraph(L, body, index, para, p) {
  const n = para.units.length + 1;
  const shift = (o) => { o.start += n; if (o.mark !== undefined) o.mark += n; o.end += n; };
  const k = paraIndexAt(L, p - 1) + 1;
  for (let j = k; j < L.paras.length; j++) shift(L.paras[j]);
  for (const t of L.tables) if (t.start >= p) shift(t);
  for (const m of [L.rowInfo, L.cellInfo]) for (const o of m.values()) if (o.start >= p) shift(o);
  for (const [c, o] of L.containerInfo) if (c === body) o.end += n; else if (o.start >= p) shift(o);
  for (let j = index + 1; j < body.blocks.length; j++) {
    const b = body.blocks[j];
    (b.kind === "paragraph" ? L.paraInfo.get(b) : L.tableInfo.get(b)).index = j;
  }
  const info = { para, start: p, mark: p + n - 1, end: p + n, container: body, index, cell: null, table: null, depth: 0, markCh: "\r" };
  L.paras.splice(k, 0, info);
  L.paraInfo.set(para, info);
  L.length += n;
  L._chars = null;
}

/** Insert a block (paragraph or table) into a container at index. */
export function insertBlock(doc, container, index, block) {
  const L = layout(doc);
  const at = container.blocks[index];
  const p = at ? (at.kind === "paragraph" ? L.paraInfo.get(at).start : L.tableInfo.get(at).start) : L.containerInfo.get(container).end;
  container.blocks.splice(index, 0, block);
  bump(doc);
  if (container === doc.body && block.kind === "paragraph") {
    layoutInsertBodyParagraph(L, container, index, block, p);
    L.version = doc.version;
  }
  shiftInsert(doc, p, blockLength(block));
  // A paragraph added after the last one: what is new is the mark before it (the last paragraph's mark stays
  // last, as Word shows "Price¶Terms¶" with the first ¶ inserted), so rejecting it leaves no empty paragraph.
  const prev = container.blocks[index - 1];
  const last = index === container.blocks.length - 1 && block.kind === "paragraph" && prev?.kind === "paragraph";
  recordInsertion(doc, last ? { start: p - 1, end: p + blockLength(block) - 1 } : { start: p, end: p + blockLength(block) });
}

function markDeleted(block) {
  block.deleted = true;
  if (block.kind === "table") for (const row of block.rows) { row.deleted = true; for (const cell of row.cells) { cell.deleted = true; cell.body.blocks.forEach(markDeleted); } }
}

/** Remove a block from its container. */
export function removeBlock(doc, container, index) {
  const L = layout(doc);
  const block = container.blocks[index];
  const info = block.kind === "paragraph" ? L.paraInfo.get(block) : L.tableInfo.get(block);
  container.blocks.splice(index, 1);
  markDeleted(block);
  bump(doc);
  shiftDelete(doc, info.start, info.end);
}

/** Containers must end with a paragraph (Word keeps one after every table). */
export function ensureTrailingParagraph(doc, container) {
  const last = container.blocks[container.blocks.length - 1];
  if (!last || last.kind !== "paragraph") {
    const ref = [...container.blocks].reverse().find((b) => b.kind === "paragraph");
    insertBlock(doc, container, container.blocks.length, newParagraph(doc, { props: ref ? { ...ref.props, style: "Normal" } : {} }));
  }
}

// ---------------------------------------------------------------- compound edits

/** Formatting new text takes at a position: the character before it, else after, else the mark's. */
export function inheritedFmt(para, offset) {
  const u = para.units[offset - 1] || para.units[offset];
  return withoutLink(u && !u.pic && !u.note ? u.f : para.markFmt);
}

/** Text typed next to a hyperlink is not part of it (as in Word): no address, no Hyperlink style. */
export function withoutLink(f) {
  if (!f.link) return f;
  return { ...f, link: null, charStyle: f.charStyle === HYPERLINK_STYLE ? null : f.charStyle };
}

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

// ---------------------------------------------------------------- formatting

/** Units (with their paragraph) inside [s, e), marks excluded. */
export function unitsInSpan(doc, s, e) {
  const out = [];
  for (const info of parasInSpan(doc, s, e)) {
    const from = Math.max(s, info.start) - info.start;
    const to = Math.min(e, info.mark) - info.start;
    for (let k = Math.max(0, from); k < to; k++) out.push({ info, unit: info.para.units[k], index: k });
  }
  return out;
}

/** Effective font of a unit format inside a paragraph (direct > character style > paragraph style). */
export function effectiveFont(fmt, para) {
  const base = { ...BASE_FONT, ...styleDefaults(para.props.style).font, ...characterStyleFont(fmt.charStyle) };
  const out = {};
  for (const k of ["bold", "italic", "underline", "name", "size", "color", "highlight", "strikeThrough", "doubleStrikeThrough", "subscript", "superscript"]) out[k] = fmt[k] ?? base[k] ?? null;
  return out;
}

/** Effective paragraph formatting (direct > style). */
export function effectivePara(para) {
  const d = styleDefaults(para.props.style).para;
  return {
    alignment: para.props.alignment ?? d.alignment ?? "Left",
    lineSpacing: para.props.lineSpacing ?? d.lineSpacing ?? 12,
    spaceBefore: para.props.spaceBefore ?? d.spaceBefore ?? 0,
    spaceAfter: para.props.spaceAfter ?? d.spaceAfter ?? 0,
    leftIndent: para.props.leftIndent, rightIndent: para.props.rightIndent, firstLineIndent: para.props.firstLineIndent,
  };
}

/** Apply a format patch to [s, e); paragraphs wholly inside also get it on their mark. */
export function applyFmt(doc, s, e, patch) {
  for (const { info, unit, index } of unitsInSpan(doc, s, e)) info.para.units[index] = { ...unit, f: { ...unit.f, ...patch } };
  for (const info of parasInSpan(doc, s, e)) if (s <= info.start && info.mark <= e) info.para.markFmt = { ...info.para.markFmt, ...patch };
  bumpFormat(doc);
}

/** Read effective font values over [s, e): one value, or null when mixed (highlight: "" when mixed). */
export function readFont(doc, s, e) {
  let items = unitsInSpan(doc, s, e).filter((x) => !x.unit.pic);
  // Units inserted together share one format object: work each (format, paragraph) pair out once.
  const seen = new Map();
  const fontOf = (x) => {
    let byPara = seen.get(x.unit.f);
    if (!byPara) seen.set(x.unit.f, (byPara = new Map()));
    let font = byPara.get(x.info.para);
    if (!font) byPara.set(x.info.para, (font = effectiveFont(x.unit.f, x.info.para)));
    return font;
  };
  let fonts = [...new Set(items.map(fontOf))];
  if (!fonts.length) {
    const info = locate(doc, s);
    fonts = [effectiveFont(inheritedFmt(info.para, s - info.start), info.para)];
  }
  const out = {};
  for (const k of Object.keys(fonts[0])) {
    const v = fonts[0][k];
    out[k] = fonts.every((f) => f[k] === v) ? v : k === "highlight" ? "" : null;
  }
  return out;
}
