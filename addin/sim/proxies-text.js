// Document, Body, Range, Paragraph, Font and their collections.
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { layout, locate, parasInSpan, spanText, unitsInSpan, applyFmt, readFont, effectivePara, deleteSpan, createAnchor, bump, bumpFormat, withoutLink, HYPERLINK_STYLE } from "./model.js";
import { checkLocation, spanOf, insertInline, textParts, pictureUnit, insertParagraphBlock, insertTableBlock, insertBreakAt } from "./inline-ops.js";
import { buildSearchRegExp, findHits } from "./search.js";
import { htmlToParts } from "./html-import.js";
import { decodeBase64, imageInfo, pxToPt } from "./images.js";
import { parseColor } from "./colors.js";
import { LIST_STYLES, DEFAULT_CHARACTER_STYLE } from "./styles.js";
import { startNewList, joinOrStartList } from "./lists-model.js";
import { renderSpanHtml } from "./render.js";

const isStr = (v) => typeof v === "string";
const isNum = (v) => typeof v === "number" && Number.isFinite(v);
const invalid = (loc) => wordError("InvalidArgument", loc);

/** Range anchors created by operations. */
export const anchorOf = (doc, span) => createAnchor(doc, span.start, span.end);

// ---------------------------------------------------------------- shared behaviour

/** Style name of a span: the common character style, else the first paragraph's style. */
function readStyle(doc, span) {
  const units = unitsInSpan(doc, span.start, span.end);
  const cs = units.length && units.every((u) => u.unit.f.charStyle && u.unit.f.charStyle === units[0].unit.f.charStyle) ? units[0].unit.f.charStyle : null;
  return cs || parasInSpan(doc, span.start, span.end)[0].para.props.style;
}

/** Apply a named style to a span: paragraph styles to its paragraphs, character styles to its text. */
export function applyStyle(doc, span, style, loc) {
  if (!style) throw wordError("ItemNotFound", loc);
  if (style.type === "Character") applyFmt(doc, span.start, span.end, { charStyle: style.builtIn && style.nameLocal === DEFAULT_CHARACTER_STYLE ? null : style.nameLocal });
  else if (style.type === "Paragraph") {
    for (const info of parasInSpan(doc, span.start, span.end)) {
      info.para.props = { ...info.para.props, style: style.nameLocal, alignment: null, lineSpacing: null, spaceBefore: null, spaceAfter: null };
      const listType = LIST_STYLES[style.nameLocal];
      if (listType && !info.para.list) joinOrStartList(doc, info.para, listType);
    }
    // Paragraph styles move no text: keep the layout (applyStyle on many ranges).
    bumpFormat(doc);
  } else throw invalid(loc);
}

function styleProps(kind) {
  return {
    style: {
      get(loc) { return readStyle(this._doc, spanOf(this._doc, kind, this._target(loc))); },
      put(v, loc) { if (!isStr(v)) throw invalid(loc); applyStyle(this._doc, spanOf(this._doc, kind, this._target(loc)), this._doc.styles.find(v), loc); },
    },
    styleBuiltIn: {
      set: "1.3",
      get(loc) { const s = this._doc.styles.find(readStyle(this._doc, spanOf(this._doc, kind, this._target(loc)))); return s?.builtInKey || "Other"; },
      put(v, loc) { if (!isStr(v) || v === "Other") throw invalid(loc); const s = this._doc.styles.findBuiltIn(v); if (!s) throw invalid(loc); applyStyle(this._doc, spanOf(this._doc, kind, this._target(loc)), s, loc); },
    },
  };
}

/** Owner wrapper for navigation objects that act on their parent's span (Font). */
const owner = (kind) => (ref) => ({ kind, ref, deleted: !!ref.deleted });

function validateSearch(text, options, loc, profile) {
  const o = options && typeof options === "object" ? options : {};
  return buildSearchRegExp(text, o, loc, profile);
}

/** Methods every text-holding object shares (Body, Range, Paragraph, InlinePicture subset). */
function textMethods(kind) {
  return {
    insertText(text, insertLocation) {
      return this._spawn("insertText", classes.Range, (loc) => {
        checkLocation(kind, "insertText", insertLocation);
        if (!isStr(text)) throw invalid(loc);
        const ref = this._target(loc);
        return anchorOf(this._doc, insertInline(this._doc, kind, ref, insertLocation, textParts(this._doc, kind, ref, insertLocation, text)));
      });
    },
    insertHtml(html, insertLocation) {
      return this._spawn("insertHtml", classes.Range, (loc) => {
        checkLocation(kind, "insertHtml", insertLocation);
        if (!isStr(html)) throw invalid(loc);
        const doc = this._doc;
        const ref = this._target(loc);
        const base = textParts(doc, kind, ref, insertLocation, "")[0].units;
        const parts = htmlToParts(html, base.length ? base[0].f : undefined);
        const lists = parts.map((p) => { const t = p.props?.list; if (p.props) delete p.props.list; return t; });
        const span = insertInline(doc, kind, ref, insertLocation, parts);
        const paras = parasInSpan(doc, span.start, Math.max(span.start, span.end));
        paras.forEach((info, i) => { if (lists[i] && !info.para.list) joinOrStartList(doc, info.para, lists[i]); });
        return anchorOf(doc, span);
      });
    },
    insertParagraph(text, insertLocation) {
      return this._spawn("insertParagraph", classes.Paragraph, (loc) => {
        checkLocation(kind, "insertParagraph", insertLocation);
        if (!isStr(text)) throw invalid(loc);
        return insertParagraphBlock(this._doc, kind, this._target(loc), insertLocation, text);
      });
    },
    insertBreak(breakType, insertLocation) {
      this._api("insertBreak");
      this._enqueue(`${kind}.insertBreak`, () => {
        const loc = `${kind}.insertBreak`;
        if (!["Page", "Next", "SectionNext", "SectionContinuous", "SectionEven", "SectionOdd", "Line"].includes(breakType)) throw invalid(loc);
        checkLocation(kind, "insertBreak", insertLocation);
        insertBreakAt(this._doc, kind, this._target(loc), breakType, insertLocation);
      });
    },
    insertInlinePictureFromBase64(base64, insertLocation) {
      return this._spawn("insertInlinePictureFromBase64", classes.InlinePicture, (loc) => {
        checkLocation(kind, "insertInlinePictureFromBase64", insertLocation);
        const info = imageInfo(decodeBase64(base64));
        if (!info) throw invalid(loc);
        const unit = pictureUnit({ base64: String(base64).replace(/^data:[^,]*,/, ""), format: info.format, width: pxToPt(info.width), height: pxToPt(info.height), lockAspectRatio: true, altTextTitle: "", altTextDescription: "", hyperlink: "" });
        insertInline(this._doc, kind, this._target(loc), insertLocation, [{ units: [unit] }]);
        return unit;
      });
    },
    insertTable(rowCount, columnCount, insertLocation, values) {
      return this._spawn("insertTable", classes.Table, (loc) => {
        checkLocation(kind, "insertTable", insertLocation);
        if (!Number.isInteger(rowCount) || !Number.isInteger(columnCount) || rowCount < 1 || columnCount < 1) throw invalid(loc);
        if (values !== undefined && values !== null) {
          if (!Array.isArray(values) || values.length > rowCount || values.some((r) => !Array.isArray(r) || r.length > columnCount)) throw invalid(loc);
        }
        return insertTableBlock(this._doc, kind, this._target(loc), insertLocation, rowCount, columnCount, values);
      });
    },
    search(text, options) {
      return this._spawn("search", classes.RangeCollection, (loc) => {
        const re = validateSearch(text, options, loc, this._sim.profile);
        const doc = this._doc;
        const span = spanOf(doc, kind, this._target(loc));
        const infos = kind === "Paragraph" ? [layout(doc).paraInfo.get(this._target(loc))] : parasInSpan(doc, span.start, span.end);
        const clip = kind === "Range" ? [span.start, span.end] : null;
        return { items: findHits(infos, re, clip).map((h) => anchorOf(doc, h)) };
      });
    },
    getRange(rangeLocation) {
      return this._spawn("getRange", classes.Range, (loc) => {
        const doc = this._doc;
        const ref = this._target(loc);
        const where = rangeLocation ?? "Whole";
        let s = spanOf(doc, kind, ref);
        if (kind === "Paragraph") s = { start: s.start, end: s.end + 1 }; // Whole includes the mark
        const contentEnd = kind === "Paragraph" ? s.end - 1 : kind === "Body" ? s.end - 1 : s.end;
        const allowed = ["Whole", "Start", "End", "After", "Content"];
        if (!allowed.includes(where)) throw invalid(loc);
        if (where === "Whole") return anchorOf(doc, s);
        if (where === "Start") return anchorOf(doc, { start: s.start, end: s.start });
        if (where === "End") return anchorOf(doc, { start: contentEnd, end: contentEnd });
        if (where === "After") return anchorOf(doc, { start: s.end, end: s.end });
        return anchorOf(doc, { start: s.start, end: contentEnd });
      });
    },
    select(selectionMode) {
      this._api("select");
      this._enqueue(`${kind}.select`, () => {
        const loc = `${kind}.select`;
        const s = spanOf(this._doc, kind, this._target(loc));
        const mode = selectionMode ?? "Select";
        if (!["Select", "Start", "End"].includes(mode)) throw invalid(loc);
        this._sim.setSelectionSpan(mode === "Start" ? { start: s.start, end: s.start } : mode === "End" ? { start: s.end, end: s.end } : s);
      });
    },
    clear() {
      this._api("clear");
      this._enqueue(`${kind}.clear`, () => {
        const s = spanOf(this._doc, kind, this._target(`${kind}.clear`));
        deleteSpan(this._doc, s.start, s.end);
      });
    },
    getHtml() {
      return this._call("getHtml", (loc) => { const s = spanOf(this._doc, kind, this._target(loc)); return renderSpanHtml(this._doc, s.start, s.end); });
    },
    getOoxml() {
      return this._call("getOoxml", (loc) => { const s = spanOf(this._doc, kind, this._target(loc)); return `<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage"><!-- simulator: text only -->${escapeXml(spanText(this._doc, s.start, s.end))}</pkg:package>`; });
    },
    getComments() {
      return this._spawn("getComments", classes.CommentCollection, (loc) => {
        const s = spanOf(this._doc, kind, this._target(loc));
        return { items: this._doc.comments.filter((c) => c.anchor.start < Math.max(s.end, s.start + 1) && c.anchor.end >= s.start) };
      });
    },
    insertPictureFromBase64(base64, options = {}) {
      return this._spawn("insertPictureFromBase64", classes.Shape, (loc) => {
        const info = imageInfo(decodeBase64(base64));
        if (!info) throw invalid(loc);
        const doc = this._doc;
        const s = spanOf(doc, kind, this._target(loc));
        const para = locate(doc, s.start).para;
        const o = options || {};
        for (const k of ["left", "top", "width", "height"]) if (o[k] !== undefined && !isNum(o[k])) throw invalid(loc);
        if ((o.width !== undefined && o.width <= 0) || (o.height !== undefined && o.height <= 0)) throw invalid(loc);
        // Relative positions when none is set: the simulator's choice (Word's default is not documented).
        const shape = { id: doc.nextId++, type: "Picture", anchorPara: para, base64: String(base64), left: o.left ?? 0, top: o.top ?? 0, width: o.width ?? pxToPt(info.width), height: o.height ?? pxToPt(info.height), relativeHorizontalPosition: "Column", relativeVerticalPosition: "Paragraph", lockAspectRatio: true, altTextDescription: "", name: `Picture ${doc.shapes.length + 1}`, textWrap: { type: "Front", side: "Both" }, deleted: false };
        doc.shapes.push(shape);
        bump(doc);
        return shape;
      });
    },
  };
}
const escapeXml = (s) => s.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c]);

/** The members of `object` named in `names`. */
const pick = (object, names) => Object.fromEntries(names.map((name) => [name, object[name]]));

function install(Cls, methods) {
  for (const [k, fn] of Object.entries(methods)) Cls.prototype[k] = fn;
}

const tableOf = (doc, pos) => layout(doc).paras.find((i) => i.start <= pos && pos <= i.mark)?.table || locate(doc, pos).table || null;
const cellOf = (doc, pos) => locate(doc, pos).cell || null;

function parentNavs(kind) {
  const span = (doc, ref) => spanOf(doc, kind, ref);
  return {
    parentTable: { cls: "Table", set: "1.3", resolve(ref) { const t = tableOf(this._doc, span(this._doc, ref).start); if (!t) throw wordError("ItemNotFound", `${kind}.parentTable`); return t; } },
    parentTableOrNullObject: { cls: "Table", set: "1.3", orNull: true, resolve(ref) { return tableOf(this._doc, span(this._doc, ref).start); } },
    parentTableCell: { cls: "TableCell", set: "1.3", resolve(ref) { const c = cellOf(this._doc, span(this._doc, ref).start); if (!c) throw wordError("ItemNotFound", `${kind}.parentTableCell`); return c; } },
    parentTableCellOrNullObject: { cls: "TableCell", set: "1.3", orNull: true, resolve(ref) { return cellOf(this._doc, span(this._doc, ref).start); } },
    parentBody: { cls: "Body", set: "1.3", resolve(ref) { return locate(this._doc, span(this._doc, ref).start).container; } },
  };
}

function contentNavs(kind) {
  const span = (doc, ref) => spanOf(doc, kind, ref);
  return {
    font: { cls: "Font", resolve: owner(kind) },
    paragraphs: { cls: "ParagraphCollection", resolve(ref) { const s = span(this._doc, ref); return { items: parasInSpan(this._doc, s.start, s.end).map((i) => i.para) }; } },
    tables: { cls: "TableCollection", set: "1.3", resolve(ref) { const s = span(this._doc, ref); return { items: layout(this._doc).tables.filter((t) => t.start < Math.max(s.end, s.start + 1) && s.start < t.end && !(kind === "Range" && s.start === s.end)).map((t) => t.table) }; } },
    inlinePictures: { cls: "InlinePictureCollection", set: kind === "Range" ? "1.2" : "1.1", resolve(ref) { const s = span(this._doc, ref); return { items: unitsInSpan(this._doc, s.start, s.end).filter((u) => u.unit.pic).map((u) => u.unit) }; } },
    lists: { cls: "ListCollection", set: "1.3", resolve(ref) { const s = span(this._doc, ref); const ids = [...new Set(parasInSpan(this._doc, s.start, s.end).filter((i) => i.para.list).map((i) => i.para.list.listId))]; return { items: ids.map((id) => this._doc.lists.get(id)) }; } },
    shapes: { cls: "ShapeCollection", set: "D1.2", resolve(ref) { const s = span(this._doc, ref); const paras = new Set(parasInSpan(this._doc, s.start, s.end).map((i) => i.para)); return { items: this._doc.shapes.filter((sh) => !sh.deleted && paras.has(sh.anchorPara)) }; } },
  };
}
// Nav resolvers receive the parent's model ref; `this` is bound to the child proxy.
// (Resolvers run as methods of the child proxy, so `this._doc` is available in them.)
const bindNavs = (navs) => navs;

// ---------------------------------------------------------------- Document

export class Document extends ClientObject {
  getSelection() {
    return this._spawn("getSelection", classes.Range, () => anchorOf(this._doc, this._doc.selection));
  }
  getStyles() {
    return this._spawn("getStyles", classes.StyleCollection, () => ({ items: this._doc.styles.all }));
  }
  addStyle(name, type) {
    return this._spawn("addStyle", classes.Style, (loc) => {
      if (!isStr(name) || !name.trim() || !["Character", "List", "Paragraph", "Table"].includes(type)) throw invalid(loc);
      if (this._doc.styles.find(name)) throw invalid(loc);
      const s = this._doc.styles.add(name.trim(), type);
      bump(this._doc);
      return s;
    });
  }
  save() {
    this._api("save");
    this._enqueue("Document.save", () => { this._doc.saved = true; });
  }
  search(text, options) {
    return this._spawn("search", classes.RangeCollection, (loc) => {
      const re = validateSearch(text, options, loc, this._sim.profile);
      return { items: findHits(layout(this._doc).paras, re).map((h) => anchorOf(this._doc, h)) };
    });
  }
  getParagraphByUniqueLocalId(id) {
    return this._spawn("getParagraphByUniqueLocalId", classes.Paragraph, (loc) => {
      const info = layout(this._doc).paras.find((i) => i.para.uid === id);
      if (!info) throw wordError("ItemNotFound", loc);
      return info.para;
    });
  }
}
defineProxy(Document, {
  name: "Document",
  props: {
    saved: { get() { return this._doc.saved; } },
    changeTrackingMode: {
      set: "1.4",
      get() { return this._doc.changeTrackingMode; },
      put(v, loc) { if (!["Off", "TrackAll", "TrackMineOnly"].includes(v)) throw invalid(loc); this._doc.changeTrackingMode = v; bump(this._doc); },
    },
  },
  navs: {
    body: { cls: "Body", resolve: (doc) => doc.body },
    properties: { cls: "DocumentProperties", set: "1.3", resolve: (doc) => doc.properties },
  },
  sets: { getStyles: "1.5", addStyle: "1.5", search: "1.7", getParagraphByUniqueLocalId: "1.6" },
});

export class DocumentProperties extends ClientObject {}
const docProp = (k) => ({ get() { return this._target()[k]; }, put(v, loc) { if (!isStr(v)) throw invalid(loc); this._target()[k] = v; } });
defineProxy(DocumentProperties, { name: "DocumentProperties", props: { title: docProp("title"), author: docProp("author"), subject: docProp("subject") }, sets: { title: "1.3", author: "1.3", subject: "1.3" } });

// ---------------------------------------------------------------- Body

export class Body extends ClientObject {}
// Word's Body has no insertPictureFromBase64 (Range and Paragraph have it, WordApiDesktop 1.2).
const { insertPictureFromBase64: _noBodyPicture, ...bodyMethods } = textMethods("Body");
install(Body, bodyMethods);
defineProxy(Body, {
  name: "Body",
  props: {
    text: { get(loc) { const s = spanOf(this._doc, "Body", this._target(loc)); return spanText(this._doc, s.start, s.end).replace(/[\r\t]$/, ""); } },
    type: { set: "1.3", get(loc) { const c = this._target(loc); return c.owner ? "TableCell" : c.storyType || "MainDoc"; } },
    ...styleProps("Body"),
  },
  navs: bindNavs({ ...contentNavs("Body"), parentBody: parentNavs("Body").parentBody }),
  sets: { insertInlinePictureFromBase64: "1.2", insertTable: "1.3", getRange: "1.3", getComments: "1.4", shapes: "D1.2" },
});

// ---------------------------------------------------------------- Range

const LOCATION_RELATIONS = (a, b) => {
  if (a.start === b.start && a.end === b.end) return "Equal";
  if (a.end < b.start) return "Before";
  if (a.end === b.start) return "AdjacentBefore";
  if (a.start > b.end) return "After";
  if (a.start === b.end) return "AdjacentAfter";
  if (a.start <= b.start && a.end >= b.end) return a.start === b.start ? "ContainsStart" : a.end === b.end ? "ContainsEnd" : "Contains";
  if (a.start >= b.start && a.end <= b.end) return a.start === b.start ? "InsideStart" : a.end === b.end ? "InsideEnd" : "Inside";
  return a.start < b.start ? "OverlapsBefore" : "OverlapsAfter";
};

/**
 * getTextRanges: the span split after every ending mark and every paragraph mark (the mark stays in the
 * range before it); trimSpacing drops leading and trailing white space; empty pieces are left out.
 */
function textRanges(doc, span, endingMarks, trimSpacing, loc) {
  if (!Array.isArray(endingMarks) || !endingMarks.every(isStr)) throw invalid(loc);
  const text = layout(doc).chars.slice(span.start, span.end);
  const out = [];
  let s = 0;
  const push = (from, to) => {
    let f = from, t = to;
    if (trimSpacing) { while (f < t && /\s/.test(text[f])) f++; while (t > f && /\s/.test(text[t - 1])) t--; }
    if (t > f) out.push(anchorOf(doc, { start: span.start + f, end: span.start + t }));
  };
  for (let i = 0; i < text.length; i++) if (endingMarks.includes(text[i]) || text[i] === "\r") { push(s, i + 1); s = i + 1; }
  push(s, text.length);
  return { items: out };
}

/**
 * Range.hyperlink = address: the hyperlinks already in the range go, then the range's text links to the
 * address in the Hyperlink character style ("" only removes). A collapsed range has no text to link:
 * InvalidArgument (UNVERIFIED: Word's behaviour there is not documented).
 */
function setHyperlink(doc, span, address, loc) {
  if (span.start === span.end) throw invalid(loc);
  for (const { info, unit, index } of unitsInSpan(doc, span.start, span.end)) {
    if (unit.pic || (!unit.f.link && !address)) continue;
    const f = withoutLink(unit.f);
    info.para.units[index] = { ...unit, f: address ? { ...f, link: address, charStyle: HYPERLINK_STYLE } : f };
  }
  bumpFormat(doc);
}

export class Range extends ClientObject {
  _ownedAnchors() {
    return !this._nav && this._ref ? [this._ref] : [];
  }
  _otherRange(range, loc) {
    this._sameContext(range);
    if (!range || typeof range._target !== "function") throw invalid(loc);
    return range;
  }
  // Two ranges in different stories (body, a header, a note, a comment) have no union and no intersection:
  // expandTo/intersectWith throw ItemNotFound, the OrNullObject forms give a null object, and
  // compareLocationWith says "Unrelated" (d.ts, WordApi 1.3).
  expandTo(range) {
    this._otherRange(range, "Range.expandTo");
    return this._spawn("expandTo", classes.Range, (loc) => {
      if (range._doc !== this._doc) throw wordError("ItemNotFound", loc);
      const a = this._target(loc), b = range._target(loc);
      return anchorOf(this._doc, { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) });
    });
  }
  expandToOrNullObject(range) {
    this._otherRange(range, "Range.expandToOrNullObject");
    return this._spawn("expandToOrNullObject", classes.Range, (loc) => {
      if (range._doc !== this._doc) return null;
      const a = this._target(loc), b = range._target(loc);
      return anchorOf(this._doc, { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) });
    });
  }
  intersectWith(range) {
    this._otherRange(range, "Range.intersectWith");
    return this._spawn("intersectWith", classes.Range, (loc) => {
      if (range._doc !== this._doc) throw wordError("ItemNotFound", loc);
      const a = this._target(loc), b = range._target(loc);
      const s = Math.max(a.start, b.start), e = Math.min(a.end, b.end);
      if (e < s) throw wordError("ItemNotFound", loc);
      return anchorOf(this._doc, { start: s, end: e });
    });
  }
  intersectWithOrNullObject(range) {
    this._otherRange(range, "Range.intersectWithOrNullObject");
    return this._spawn("intersectWithOrNullObject", classes.Range, (loc) => {
      if (range._doc !== this._doc) return null;
      const a = this._target(loc), b = range._target(loc);
      const s = Math.max(a.start, b.start), e = Math.min(a.end, b.end);
      return e < s ? null : anchorOf(this._doc, { start: s, end: e });
    });
  }
  compareLocationWith(range) {
    this._otherRange(range, "Range.compareLocationWith");
    return this._call("compareLocationWith", (loc) => (range._doc !== this._doc ? "Unrelated" : LOCATION_RELATIONS(this._target(loc), range._target(loc))));
  }
  delete() {
    this._api("delete");
    this._enqueue("Range.delete", () => { const a = this._target("Range.delete"); deleteSpan(this._doc, a.start, a.end); });
  }
  insertComment(text) {
    return this._spawn("insertComment", classes.Comment, (loc) => {
      if (!isStr(text) || !text) throw invalid(loc);
      const a = this._target(loc);
      const doc = this._doc;
      const comment = { id: `{SIM-COMMENT-${doc.nextId++}}`, anchor: createAnchor(doc, a.start, a.end), content: text, authorName: "Simulated User", authorEmail: "user@example.com", creationDate: new Date(), resolved: false, replies: [], deleted: false };
      doc.comments.push(comment);
      bump(doc);
      return comment;
    });
  }
  getTextRanges(endingMarks, trimSpacing = false) {
    return this._spawn("getTextRanges", classes.RangeCollection, (loc) => textRanges(this._doc, this._target(loc), endingMarks, trimSpacing, loc));
  }
  /** The hyperlinks inside the range: one range per run of text with the same address (W1.3). */
  getHyperlinkRanges() {
    return this._spawn("getHyperlinkRanges", classes.RangeCollection, (loc) => {
      const a = this._target(loc);
      const out = [];
      let run = null;
      for (const { info, unit, index } of unitsInSpan(this._doc, a.start, a.end)) {
        const pos = info.start + index;
        const link = unit.pic ? null : unit.f.link;
        if (run && link === run.link && pos === run.end) { run.end += 1; continue; }
        run = link ? { link, start: pos, end: pos + 1 } : null;
        if (run) out.push(run);
      }
      return { items: out.map((r) => anchorOf(this._doc, r)) };
    });
  }
}
install(Range, textMethods("Range"));
defineProxy(Range, {
  name: "Range",
  props: {
    text: { get(loc) { const a = this._target(loc); return spanText(this._doc, a.start, a.end); } },
    isEmpty: { set: "1.3", get(loc) { const a = this._target(loc); return a.start === a.end; } },
    hyperlink: {
      set: "1.3",
      get(loc) { const a = this._target(loc); return unitsInSpan(this._doc, a.start, a.end).find((u) => !u.unit.pic && u.unit.f.link)?.unit.f.link ?? ""; },
      put(v, loc) { if (!isStr(v)) throw invalid(loc); const a = this._target(loc); setHyperlink(this._doc, a, v, loc); },
    },
    start: { set: "D1.4", get(loc) { return this._target(loc).start; } },
    end: { set: "D1.4", get(loc) { return this._target(loc).end; } },
    ...styleProps("Range"),
  },
  navs: bindNavs({ ...contentNavs("Range"), ...parentNavs("Range") }),
  sets: { expandTo: "1.3", expandToOrNullObject: "1.3", intersectWith: "1.3", intersectWithOrNullObject: "1.3", compareLocationWith: "1.3", getRange: "1.3", getTextRanges: "1.3", getHyperlinkRanges: "1.3", insertComment: "1.4", getComments: "1.4", insertInlinePictureFromBase64: "1.2", insertTable: "1.3", insertPictureFromBase64: "D1.2" },
});

// ---------------------------------------------------------------- Paragraph

const ALIGNMENTS = ["Left", "Centered", "Right", "Justified"];
const paraNumber = (k, max = 1584) => ({
  get(loc) { return effectivePara(this._target(loc))[k]; },
  put(v, loc) { if (!isNum(v) || Math.abs(v) > max || (k !== "firstLineIndent" && k !== "leftIndent" && k !== "rightIndent" && v < 0)) throw invalid(loc); this._target(loc).props[k] = Math.round(v * 20) / 20; bumpFormat(this._doc); },
});

export class Paragraph extends ClientObject {
  delete() {
    this._api("delete");
    this._enqueue("Paragraph.delete", () => {
      const info = layout(this._doc).paraInfo.get(this._target("Paragraph.delete"));
      if (info.container.blocks.length === 1) deleteSpan(this._doc, info.start, info.mark);
      else deleteSpan(this._doc, info.start, info.end);
      const last = info.container.blocks[info.container.blocks.length - 1];
      if (info.para === last && info.container.blocks.length > 1) {
        // The last paragraph's mark cannot go: remove the paragraph by joining the previous one into it.
        const prev = info.container.blocks[info.container.blocks.length - 2];
        if (prev.kind === "paragraph") { const pi = layout(this._doc).paraInfo.get(prev); deleteSpan(this._doc, pi.mark, pi.end); }
      }
    });
  }
  startNewList() {
    return this._spawn("startNewList", classes.List, (loc) => startNewList(this._doc, this._target(loc), loc));
  }
  attachToList(listId, level) {
    return this._spawn("attachToList", classes.List, (loc) => {
      const list = this._doc.lists.get(listId);
      if (!list) throw wordError("ItemNotFound", loc);
      if (!Number.isInteger(level) || level < 0 || level > 8) throw invalid(loc);
      // Word's docs: "Fails if the paragraph cannot join the list or if the paragraph is already a list item."
      // (The error is UNVERIFIED: startNewList's, which fails the same way.)
      const para = this._target(loc);
      if (para.list) throw wordError("GeneralException", loc, "The paragraph is already a list item.");
      para.list = { listId, level };
      bump(this._doc);
      return list;
    });
  }
  detachFromList() {
    this._api("detachFromList");
    this._enqueue("Paragraph.detachFromList", () => {
      const p = this._target("Paragraph.detachFromList");
      p.list = null;
      if (p.props.style === "List Paragraph" || LIST_STYLES[p.props.style]) p.props.style = "Normal";
      bump(this._doc);
    });
  }
  _sibling(member, step, orNull) {
    return this._spawn(member, classes.Paragraph, (loc) => {
      const L = layout(this._doc);
      const i = L.paras.indexOf(L.paraInfo.get(this._target(loc)));
      const next = L.paras[i + step];
      if (!next) { if (orNull) return null; throw wordError("ItemNotFound", loc); }
      return next.para;
    });
  }
  getTextRanges(endingMarks, trimSpacing = false) {
    return this._spawn("getTextRanges", classes.RangeCollection, (loc) => textRanges(this._doc, spanOf(this._doc, "Paragraph", this._target(loc)), endingMarks, trimSpacing, loc));
  }
  getNext() { return this._sibling("getNext", 1, false); }
  getNextOrNullObject() { return this._sibling("getNextOrNullObject", 1, true); }
  getPrevious() { return this._sibling("getPrevious", -1, false); }
  getPreviousOrNullObject() { return this._sibling("getPreviousOrNullObject", -1, true); }
}
install(Paragraph, textMethods("Paragraph"));
defineProxy(Paragraph, {
  name: "Paragraph",
  props: {
    text: { get(loc) { const i = layout(this._doc).paraInfo.get(this._target(loc)); return spanText(this._doc, i.start, i.mark); } },
    alignment: {
      get(loc) { return effectivePara(this._target(loc)).alignment; },
      put(v, loc) { if (!ALIGNMENTS.includes(v)) throw invalid(loc); this._target(loc).props.alignment = v; bump(this._doc); },
    },
    lineSpacing: paraNumber("lineSpacing"),
    spaceAfter: paraNumber("spaceAfter"),
    spaceBefore: paraNumber("spaceBefore"),
    firstLineIndent: paraNumber("firstLineIndent"),
    leftIndent: paraNumber("leftIndent"),
    rightIndent: paraNumber("rightIndent"),
    lineUnitAfter: { get(loc) { return effectivePara(this._target(loc)).spaceAfter / 12; } },
    lineUnitBefore: { get(loc) { return effectivePara(this._target(loc)).spaceBefore / 12; } },
    outlineLevel: { get(loc) { const m = /^Heading (\d)$/.exec(this._target(loc).props.style); return m ? Number(m[1]) : 10; } },
    isListItem: { set: "1.3", get(loc) { return !!this._target(loc).list; } },
    isLastParagraph: { set: "1.3", get(loc) { const L = layout(this._doc); const p = this._target(loc); return L.paras.filter((i) => !i.cell).pop()?.para === p; } },
    tableNestingLevel: { set: "1.3", get(loc) { return layout(this._doc).paraInfo.get(this._target(loc)).depth; } },
    uniqueLocalId: { set: "1.6", get(loc) { return this._target(loc).uid; } },
    ...styleProps("Paragraph"),
  },
  navs: bindNavs({
    // Word's Paragraph has no paragraphs, tables or lists.
    ...pick(contentNavs("Paragraph"), ["font", "inlinePictures", "shapes"]),
    ...parentNavs("Paragraph"),
    list: { cls: "List", set: "1.3", resolve(p) { if (!p.list) throw wordError("ItemNotFound", "Paragraph.list"); return this._doc.lists.get(p.list.listId); } },
    listOrNullObject: { cls: "List", set: "1.3", orNull: true, resolve(p) { return p.list ? this._doc.lists.get(p.list.listId) : null; } },
    listItem: { cls: "ListItem", set: "1.3", resolve(p) { if (!p.list) throw wordError("ItemNotFound", "Paragraph.listItem"); return p; } },
    listItemOrNullObject: { cls: "ListItem", set: "1.3", orNull: true, resolve(p) { return p.list ? p : null; } },
  }),
  sets: { getTextRanges: "1.3", startNewList: "1.3", attachToList: "1.3", detachFromList: "1.3", getNext: "1.3", getNextOrNullObject: "1.3", getPrevious: "1.3", getPreviousOrNullObject: "1.3", getRange: "1.3", insertTable: "1.3", getComments: "1.4", insertPictureFromBase64: "D1.2" },
});

// ---------------------------------------------------------------- Font

const fontBool = (k) => ({ get(loc) { return this._read_(loc)[k]; }, put(v, loc) { if (typeof v !== "boolean") throw invalid(loc); this._apply(loc, { [k]: v }); } });
const UNDERLINES = ["None", "Single", "Word", "Double", "Dotted", "Hidden", "Thick", "DashLine", "DashLineHeavy", "DashLineLong", "DashLineLongHeavy", "DotDashLine", "DotDashLineHeavy", "TwoDotDashLine", "TwoDotDashLineHeavy", "DottedHeavy", "Wave", "WaveHeavy", "WaveDouble"];

/** Direct character formatting Font.reset removes (highlight is not part of it, as with Ctrl+Space in Word). */
const RESET_FONT = { bold: null, italic: null, underline: null, name: null, size: null, color: null, strikeThrough: null, doubleStrikeThrough: null, subscript: null, superscript: null };

export class Font extends ClientObject {
  /** Removes manual character formatting (WordApiDesktop 1.3); character styles stay. */
  reset() {
    this._api("reset");
    this._enqueue("Font.reset", () => this._apply("Font.reset", RESET_FONT));
  }
  _span(loc) {
    const o = this._target(loc);
    return spanOf(this._doc, o.kind, o.ref);
  }
  _read_(loc) {
    const s = this._span(loc);
    return readFont(this._doc, s.start, s.end);
  }
  _apply(loc, patch) {
    const s = this._span(loc);
    applyFmt(this._doc, s.start, s.end, patch);
  }
}
defineProxy(Font, {
  name: "Font",
  sets: { reset: "D1.3" },
  props: {
    bold: fontBool("bold"),
    italic: fontBool("italic"),
    strikeThrough: fontBool("strikeThrough"),
    doubleStrikeThrough: fontBool("doubleStrikeThrough"),
    subscript: fontBool("subscript"),
    superscript: fontBool("superscript"),
    underline: { get(loc) { return this._read_(loc).underline ?? "Mixed"; }, put(v, loc) { if (!UNDERLINES.includes(v)) throw invalid(loc); this._apply(loc, { underline: v }); } },
    name: { get(loc) { return this._read_(loc).name; }, put(v, loc) { if (!isStr(v) || !v.trim()) throw invalid(loc); this._apply(loc, { name: v }); } },
    size: { get(loc) { return this._read_(loc).size; }, put(v, loc) { if (!isNum(v) || v < 1 || v > 1638) throw invalid(loc); this._apply(loc, { size: Math.round(v * 2) / 2 }); } },
    color: { get(loc) { return this._read_(loc).color; }, put(v, loc) { const c = parseColor(v); if (!c) throw invalid(loc); this._apply(loc, { color: c }); } },
    highlightColor: {
      get(loc) { return this._read_(loc).highlight; },
      put(v, loc) { if (v === null || v === "" || v === "None" || v === "NoHighlight") return this._apply(loc, { highlight: null }); const c = parseColor(v); if (!c) throw invalid(loc); this._apply(loc, { highlight: c }); },
    },
  },
});

// ---------------------------------------------------------------- collections

class ListRefCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((x) => !x.deleted);
  }
}
export class ParagraphCollection extends ListRefCollection {
  getLast() { return this._itemSpawn("getLast", (l) => l[l.length - 1]); }
  getLastOrNullObject() { return this._itemSpawn("getLastOrNullObject", (l) => l[l.length - 1], true); }
}
ParagraphCollection.itemClass = Paragraph;
defineProxy(ParagraphCollection, { name: "ParagraphCollection", sets: { getFirst: "1.3", getLast: "1.3", getFirstOrNullObject: "1.3", getLastOrNullObject: "1.3" } });

export class RangeCollection extends ListRefCollection {
  _ownedAnchors() {
    return !this._nav && this._ref ? this._ref.items : [];
  }
}
RangeCollection.itemClass = Range;
defineProxy(RangeCollection, { name: "RangeCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });

export { ListRefCollection };
