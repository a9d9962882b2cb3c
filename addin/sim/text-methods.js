// The methods every text-holding object shares (Body, Range, Paragraph): inserting, searching, getRange, select,
// clear, getHtml/getOoxml, getComments, insertPictureFromBase64.
import { classes } from "./runtime.js";
import { layout, locate, parasInSpan, spanText, deleteSpan, createAnchor, bump } from "./model.js";
import { checkLocation, spanOf, insertInline, textParts, pictureUnit, insertParagraphBlock, insertTableBlock, insertBreakAt } from "./inline-ops.js";
import { buildSearchRegExp, findHits } from "./search.js";
import { htmlToParts } from "./html-import.js";
import { decodeBase64, imageInfo, pxToPt } from "./images.js";
import { joinOrStartList } from "./lists-model.js";
import { renderSpanHtml } from "./render.js";
import { isStr, isNum, invalid, checkTableArgs } from "./arg-checks.js";

/** Range anchors created by operations. */
export const anchorOf = (doc, span) => createAnchor(doc, span.start, span.end);

/** A search's RegExp from its text and options (InvalidArgument / SearchStringInvalidOrTooLong as Word). */
export function validateSearch(text, options, loc, profile) {
  const o = options && typeof options === "object" ? options : {};
  return buildSearchRegExp(text, o, loc, profile);
}

/** Methods every text-holding object shares (Body, Range, Paragraph, InlinePicture subset). */
export function textMethods(kind) {
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
        checkTableArgs(rowCount, columnCount, values, loc);
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

/** Put `methods` on the prototype of the proxy class `Cls`. */
export function install(Cls, methods) {
  for (const [k, fn] of Object.entries(methods)) Cls.prototype[k] = fn;
}
