// Keeping a current layout current after the two commonest edits (units inserted or deleted inside one
// paragraph, a paragraph inserted into the body) instead of re-laying out the whole document.
import { paraIndexAt } from "./layout.js";

/**
 * Update the cached layout after n units were inserted (n > 0) at p, or -n units deleted from
 * [p, p - n), inside one paragraph, instead of re-laying out the whole document: only positions
 * after p move (nothing but that paragraph's units lies inside a deleted span), plus the
 * paragraph's own mark when text is appended at it.
 */
export function shiftLayout(L, info, p, n) {
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

/**
 * Update the cached layout after a paragraph was inserted into the body at index, starting at p
 * (the common insertParagraph): everything at or after p moves, the body grows, later body blocks
 * move up one index. Nested containers are left to a full re-layout (cell-end marks change).
 */
export function layoutInsertBodyParagraph(L, body, index, para, p) {
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
