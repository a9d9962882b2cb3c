// Paragraph and ParagraphCollection.
import { ClientObject, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { layout, spanText, effectivePara, deleteSpan, bump, bumpFormat } from "./model.js";
import { spanOf } from "./inline-ops.js";
import { LIST_STYLES } from "./styles.js";
import { startNewList } from "./lists-model.js";
import { textMethods, install } from "./text-methods.js";
import { contentNavs, parentNavs, bindNavs, pick } from "./text-navs.js";
import { styleProps } from "./style-props.js";
import { textRanges, ListRefCollection } from "./proxies-range.js";
import { isNum, invalid } from "./arg-checks.js";
import { controlsGoingWith } from "./content-controls.js";

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
      // A content control that is this paragraph's alone goes with it (not when the paragraph is a container's only one, which stays).
      const controlsGone = info.container.blocks.length === 1 ? () => {} : controlsGoingWith(this._doc, info.start, info.end);
      if (info.container.blocks.length === 1) deleteSpan(this._doc, info.start, info.mark);
      else deleteSpan(this._doc, info.start, info.end);
      const last = info.container.blocks[info.container.blocks.length - 1];
      if (info.para === last && info.container.blocks.length > 1) {
        // The last paragraph's mark cannot go: remove the paragraph by joining the previous one into it.
        const prev = info.container.blocks[info.container.blocks.length - 2];
        if (prev.kind === "paragraph") { const pi = layout(this._doc).paraInfo.get(prev); deleteSpan(this._doc, pi.mark, pi.end); }
      }
      controlsGone();
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

export class ParagraphCollection extends ListRefCollection {
  getLast() { return this._itemSpawn("getLast", (l) => l[l.length - 1]); }
  getLastOrNullObject() { return this._itemSpawn("getLastOrNullObject", (l) => l[l.length - 1], true); }
}
ParagraphCollection.itemClass = Paragraph;
defineProxy(ParagraphCollection, { name: "ParagraphCollection", sets: { getFirst: "1.3", getLast: "1.3", getFirstOrNullObject: "1.3", getLastOrNullObject: "1.3" } });
