// Navigation properties of text-holding objects: their content (font, paragraphs, tables, pictures, lists,
// shapes) and the table, cell and body they sit in.
import { wordError } from "./errors.js";
import { layout, locate, parasInSpan, forEachUnit } from "./model.js";
import { spanOf } from "./inline-ops.js";

/** Owner wrapper for navigation objects that act on their parent's span (Font). */
const owner = (kind) => (ref) => ({ kind, ref, deleted: !!ref.deleted });

/** The members of `object` named in `names`. */
export const pick = (object, names) => Object.fromEntries(names.map((name) => [name, object[name]]));

const tableOf = (doc, pos) => layout(doc).paras.find((i) => i.start <= pos && pos <= i.mark)?.table || locate(doc, pos).table || null;
const cellOf = (doc, pos) => locate(doc, pos).cell || null;
/** The table, cell and body a `kind` object sits in. */
export function parentNavs(kind) {
  const span = (doc, ref) => spanOf(doc, kind, ref);
  return {
    parentTable: { cls: "Table", set: "1.3", resolve(ref) { const t = tableOf(this._doc, span(this._doc, ref).start); if (!t) throw wordError("ItemNotFound", `${kind}.parentTable`); return t; } },
    parentTableOrNullObject: { cls: "Table", set: "1.3", orNull: true, resolve(ref) { return tableOf(this._doc, span(this._doc, ref).start); } },
    parentTableCell: { cls: "TableCell", set: "1.3", resolve(ref) { const c = cellOf(this._doc, span(this._doc, ref).start); if (!c) throw wordError("ItemNotFound", `${kind}.parentTableCell`); return c; } },
    parentTableCellOrNullObject: { cls: "TableCell", set: "1.3", orNull: true, resolve(ref) { return cellOf(this._doc, span(this._doc, ref).start); } },
    parentBody: { cls: "Body", set: "1.3", resolve(ref) { return locate(this._doc, span(this._doc, ref).start).container; } },
  };
}

/** What a `kind` object holds: its font, paragraphs, tables, inline pictures, lists and shapes. */
export function contentNavs(kind) {
  const span = (doc, ref) => spanOf(doc, kind, ref);
  return {
    font: { cls: "Font", resolve: owner(kind) },
    paragraphs: { cls: "ParagraphCollection", resolve(ref) { const s = span(this._doc, ref); return { items: parasInSpan(this._doc, s.start, s.end).map((i) => i.para) }; } },
    tables: { cls: "TableCollection", set: "1.3", resolve(ref) { const s = span(this._doc, ref); return { items: layout(this._doc).tables.filter((t) => t.start < Math.max(s.end, s.start + 1) && s.start < t.end && !(kind === "Range" && s.start === s.end)).map((t) => t.table) }; } },
    inlinePictures: { cls: "InlinePictureCollection", set: kind === "Range" ? "1.2" : "1.1", resolve(ref) { const s = span(this._doc, ref); const items = []; forEachUnit(this._doc, s.start, s.end, (unit) => { if (unit.pic) items.push(unit); }); return { items }; } },
    lists: { cls: "ListCollection", set: "1.3", resolve(ref) { const s = span(this._doc, ref); const ids = [...new Set(parasInSpan(this._doc, s.start, s.end).filter((i) => i.para.list).map((i) => i.para.list.listId))]; return { items: ids.map((id) => this._doc.lists.get(id)) }; } },
    shapes: { cls: "ShapeCollection", set: "D1.2", resolve(ref) { const s = span(this._doc, ref); const paras = new Set(parasInSpan(this._doc, s.start, s.end).map((i) => i.para)); return { items: this._doc.shapes.filter((sh) => !sh.deleted && paras.has(sh.anchorPara)) }; } },
  };
}
// Nav resolvers receive the parent's model ref; `this` is bound to the child proxy.
// (Resolvers run as methods of the child proxy, so `this._doc` is available in them.)
export const bindNavs = (navs) => navs;
