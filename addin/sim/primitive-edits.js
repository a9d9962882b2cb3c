// Primitive edits of the model: units into or out of a paragraph, splitting and joining paragraphs, blocks
// into or out of a container. Each bumps the version, shifts the anchors and keeps a current layout current
// where it can; inserted content is recorded as a revision while changes are tracked.
import { recordInsertion } from "./revisions.js";
import { newParagraph, blockLength } from "./model-blocks.js";
import { bump, isLayoutCurrent } from "./model-version.js";
import { shiftInsert, shiftDelete } from "./anchors.js";
import { layout } from "./layout.js";
import { shiftLayout, layoutInsertBodyParagraph } from "./layout-incremental.js";

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
  spliceIn(para.units, offset, units);
  unitsChanged(doc, info, p, units.length);
  shiftInsert(doc, p, units.length);
}

/** Arguments spread into one call at most (a spread of millions overflows the stack). */
const SPREAD_CHUNK = 10_000;

/**
 * `items` put into `list` at `at`, in place (holders of the array see them), in linear time: a paragraph of
 * millions of characters is inserted whole, as Word does.
 * @param {unknown[]} list
 * @param {number} at
 * @param {unknown[]} items
 */
function spliceIn(list, at, items) {
  if (items.length <= SPREAD_CHUNK) return void list.splice(at, 0, ...items);
  const tail = list.splice(at);
  for (const part of [items, tail]) {
    for (let i = 0; i < part.length; i += SPREAD_CHUNK) list.push(...part.slice(i, i + SPREAD_CHUNK));
  }
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
  shiftInsert(doc, p, blockLength(block), true);
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
