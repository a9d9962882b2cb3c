// Range and RangeCollection (and the collection base for lists of model references).
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { layout, spanText, unitsInSpan, forEachUnit, deleteSpan, createAnchor, bump, bumpFormat, withoutLink, HYPERLINK_STYLE } from "./model.js";
import { anchorOf, textMethods, install } from "./text-methods.js";
import { contentNavs, parentNavs, bindNavs } from "./text-navs.js";
import { styleProps } from "./style-props.js";
import { isStr, invalid } from "./arg-checks.js";

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
export function textRanges(doc, span, endingMarks, trimSpacing, loc) {
  if (!Array.isArray(endingMarks) || !endingMarks.every(isStr)) throw invalid(loc);
  const text = layout(doc).chars.slice(span.start, span.end);
  const out = [];
  let s = 0;
  const space = /\s/;
  const push = (from, to) => {
    let f = from, t = to;
    if (trimSpacing) { while (f < t && space.test(text[f])) f++; while (t > f && space.test(text[t - 1])) t--; }
    if (t > f) out.push(anchorOf(doc, { start: span.start + f, end: span.start + t }));
  };
  // A set of the marks: a paragraph of millions of characters is split in one linear pass.
  const ends = new Set([...endingMarks, "\r"]);
  for (let i = 0; i < text.length; i++) if (ends.has(text[i])) { push(s, i + 1); s = i + 1; }
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
      forEachUnit(this._doc, a.start, a.end, (unit, info, index) => {
        const pos = info.start + index;
        const link = unit.pic ? null : unit.f.link;
        if (run && link === run.link && pos === run.end) { run.end += 1; return; }
        run = link ? { link, start: pos, end: pos + 1 } : null;
        if (run) out.push(run);
      });
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
      get(loc) { const a = this._target(loc); let link = ""; forEachUnit(this._doc, a.start, a.end, (unit) => Boolean(!unit.pic && unit.f.link && (link = unit.f.link))); return link; },
      put(v, loc) { if (!isStr(v)) throw invalid(loc); const a = this._target(loc); setHyperlink(this._doc, a, v, loc); },
    },
    start: { set: "D1.4", get(loc) { return this._target(loc).start; } },
    end: { set: "D1.4", get(loc) { return this._target(loc).end; } },
    ...styleProps("Range"),
  },
  navs: bindNavs({ ...contentNavs("Range"), ...parentNavs("Range") }),
  sets: { expandTo: "1.3", expandToOrNullObject: "1.3", intersectWith: "1.3", intersectWithOrNullObject: "1.3", compareLocationWith: "1.3", getRange: "1.3", getTextRanges: "1.3", getHyperlinkRanges: "1.3", insertComment: "1.4", getComments: "1.4", insertInlinePictureFromBase64: "1.2", insertTable: "1.3", insertPictureFromBase64: "D1.2" },
});

/** A collection whose model reference is `{items}`; deleted items drop out. */
export class ListRefCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((x) => !x.deleted);
  }
}

export class RangeCollection extends ListRefCollection {
  _ownedAnchors() {
    return !this._nav && this._ref ? this._ref.items : [];
  }
}
RangeCollection.itemClass = Range;
defineProxy(RangeCollection, { name: "RangeCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });
