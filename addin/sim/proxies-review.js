// Review surface beyond proxies-misc.js's Comment: CommentReply and its collection, Comment.replies and a
// reply() that returns the new reply (WordApi 1.4), and content controls (ContentControl and its collection,
// WordApi 1.1; getFirst/getRange 1.3) with Range/Paragraph.insertContentControl and the contentControls
// collections of Document, Body and Range. Installed on the existing proxy classes from here.
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { bump, createAnchor, deleteSpan, releaseAnchor, spanText } from "./model.js";
import { checkLocation, insertParagraphBlock, insertTableBlock, spanOf } from "./inline-ops.js";
import { checkTableArgs } from "./arg-checks.js";
import { anchorOf } from "./proxies-text.js";
import { Comment } from "./proxies-misc.js";
import { controlsOf } from "./content-controls.js";

const invalid = (loc) => wordError("InvalidArgument", loc);
const isStr = (v) => typeof v === "string";

/** Add a navigation property to a class declared elsewhere (as defineProxy would). */
function addNav(Cls, name, spec) {
  Cls.navs[name] = spec;
  if (spec.set) Cls.sets[name] = spec.set;
  Object.defineProperty(Cls.prototype, name, {
    configurable: true,
    get() { return this._navigate(name, classes[spec.cls], spec.resolve); },
  });
}

class LiveCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((x) => x && !x.deleted);
  }
}

// ---------------------------------------------------------------- CommentReply

export class CommentReply extends ClientObject {
  delete() {
    this._api("delete");
    this._enqueue("CommentReply.delete", () => {
      const r = this._target("CommentReply.delete");
      r.deleted = true;
      r.parent.replies.splice(r.parent.replies.indexOf(r), 1);
      bump(this._doc);
    });
  }
}
const replyField = (k, put) => ({ set: "1.4", get(loc) { return this._target(loc)[k]; }, put: put && function (v, loc) { if (!put(v)) throw invalid(loc); this._target(loc)[k] = v; bump(this._doc); } });
defineProxy(CommentReply, {
  name: "CommentReply",
  props: {
    id: replyField("id"),
    content: replyField("content", isStr),
    authorName: replyField("authorName"),
    authorEmail: replyField("authorEmail"),
    creationDate: replyField("creationDate"),
  },
  navs: { parentComment: { cls: "Comment", set: "1.4", resolve(r) { return r.parent; } } },
  sets: { delete: "1.4" },
});
export class CommentReplyCollection extends LiveCollection {}
CommentReplyCollection.itemClass = CommentReply;
defineProxy(CommentReplyCollection, { name: "CommentReplyCollection", sets: { getFirst: "1.4", getFirstOrNullObject: "1.4" } });

addNav(Comment, "replies", { cls: "CommentReplyCollection", set: "1.4", resolve(c) { return { items: c.replies }; } });
/** Comment.reply(text): the new CommentReply (Word: an empty text is InvalidArgument). */
Comment.prototype.reply = function reply(text) {
  return this._spawn("reply", CommentReply, (loc) => {
    if (!isStr(text) || !text) throw invalid(loc);
    const c = this._target(loc);
    const r = { id: `{SIM-REPLY-${this._doc.nextId++}}`, content: text, authorName: "Simulated User", authorEmail: "user@example.com", creationDate: new Date(), parent: c, deleted: false };
    c.replies.push(r);
    bump(this._doc);
    return r;
  });
};

// ---------------------------------------------------------------- content controls

/** Content controls inside [start, end] (a collapsed span: those containing the point). */
function controlsIn(doc, s) {
  return controlsOf(doc).filter((c) => (s.start === s.end ? c.anchor.start <= s.start && s.start <= c.anchor.end : c.anchor.start >= s.start && c.anchor.end <= s.end));
}

const APPEARANCES = ["BoundingBox", "Tags", "Hidden"];
const ccField = (k, check) => ({ get(loc) { return this._target(loc)[k]; }, put: check && function (v, loc) { if (!check(v)) throw invalid(loc); this._target(loc)[k] = v; bump(this._doc); } });

export class ContentControl extends ClientObject {
  /** delete(keepContent): Word's parameter is required (a non-boolean is InvalidArgument, UNVERIFIED). */
  delete(keepContent) {
    this._api("delete");
    this._enqueue("ContentControl.delete", () => {
      const c = this._target("ContentControl.delete");
      if (typeof keepContent !== "boolean") throw invalid("ContentControl.delete");
      if (c.cannotDelete) throw wordError("AccessDenied", "ContentControl.delete");
      if (!keepContent) deleteSpan(this._doc, c.anchor.start, c.anchor.end);
      c.deleted = true;
      releaseAnchor(this._doc, c.anchor);
      bump(this._doc);
    });
  }
  /**
   * getRange(Whole | Content | Start | End | Before | After): the simulator has no control marks, so Whole =
   * Content, and Before/After are at its start/end, but outside it: what is inserted there does not join the
   * control (Word: the points before its start tag and after its end tag).
   */
  getRange(rangeLocation = "Whole") {
    return this._spawn("getRange", classes.Range, (loc) => {
      if (!["Whole", "Content", "Start", "End", "Before", "After"].includes(rangeLocation)) throw invalid(loc);
      const a = this._target(loc).anchor;
      const at = (p) => anchorOf(this._doc, { start: p, end: p });
      if (rangeLocation === "Start") return at(a.start);
      if (rangeLocation === "End") return at(a.end);
      if (rangeLocation === "Before" || rangeLocation === "After") {
        return Object.assign(at(rangeLocation === "Before" ? a.start : a.end), { outside: { control: a, side: rangeLocation === "Before" ? "before" : "after" } });
      }
      return anchorOf(this._doc, a);
    });
  }
}
/**
 * insertParagraph / insertTable (text, or rows, cols and values): a block "into, or next to, a content control".
 * Before/After put it next to the control, outside it, before its first block or after its last (a table it starts
 * or ends with, not that table's cell); Start/End put it there and widen the control over it (UNVERIFIED for a
 * control inside a paragraph, which Word may split).
 */
function insertControlBlock(proxy, method, cls, insertLocation, insert) {
  return proxy._spawn(method, cls, (loc) => {
    checkLocation("ContentControl", method, insertLocation);
    const doc = proxy._doc;
    const control = proxy._target(loc);
    const block = insert(doc, control, insertLocation === "Start" ? "Before" : insertLocation === "End" ? "After" : insertLocation);
    const span = blockSpan(doc, block);
    if (insertLocation === "Start") control.anchor.start = span.start;
    if (insertLocation === "End") control.anchor.end = span.end;
    return block;
  });
}
/** A paragraph's content span or a table's whole span. */
const blockSpan = (doc, block) => spanOf(doc, block.kind === "table" ? "Table" : "Paragraph", block);

ContentControl.prototype.insertParagraph = function insertParagraph(text, insertLocation) {
  return insertControlBlock(this, "insertParagraph", classes.Paragraph, insertLocation, (doc, control, at) => {
    if (!isStr(text)) throw invalid("ContentControl.insertParagraph");
    return insertParagraphBlock(doc, "ContentControl", control, at, text);
  });
};
ContentControl.prototype.insertTable = function insertTable(rowCount, columnCount, insertLocation, values) {
  return insertControlBlock(this, "insertTable", classes.Table, insertLocation, (doc, control, at) => {
    checkTableArgs(rowCount, columnCount, values, "ContentControl.insertTable");
    return insertTableBlock(doc, "ContentControl", control, at, rowCount, columnCount, values);
  });
};

defineProxy(ContentControl, {
  name: "ContentControl",
  props: {
    id: ccField("id"),
    tag: ccField("tag", isStr),
    title: ccField("title", isStr),
    appearance: ccField("appearance", (v) => APPEARANCES.includes(v)),
    cannotDelete: ccField("cannotDelete", (v) => typeof v === "boolean"),
    cannotEdit: ccField("cannotEdit", (v) => typeof v === "boolean"),
    color: ccField("color", isStr),
    placeholderText: ccField("placeholderText", isStr),
    removeWhenEdited: ccField("removeWhenEdited", (v) => typeof v === "boolean"),
    type: ccField("type"),
    text: { get(loc) { const a = this._target(loc).anchor; return spanText(this._doc, a.start, a.end); } },
  },
  sets: { getRange: "1.3", insertTable: "1.3" },
});

export class ContentControlCollection extends LiveCollection {
  _sub(member, pick) {
    return this._spawn(member, ContentControlCollection, (loc) => ({ items: pick(this._items(loc)) }));
  }
  getByTag(tag) { return this._sub("getByTag", (l) => l.filter((c) => c.tag === tag)); }
  getByTitle(title) { return this._sub("getByTitle", (l) => l.filter((c) => c.title === title)); }
  getById(id) { return this._itemSpawn("getById", (l) => l.find((c) => c.id === id)); }
  getByIdOrNullObject(id) { return this._itemSpawn("getByIdOrNullObject", (l) => l.find((c) => c.id === id), true); }
}
ContentControlCollection.itemClass = ContentControl;
defineProxy(ContentControlCollection, { name: "ContentControlCollection", sets: { getByIdOrNullObject: "1.3", getFirst: "1.3", getFirstOrNullObject: "1.3" } });

addNav(classes.Document, "contentControls", { cls: "ContentControlCollection", resolve() { return { items: controlsOf(this._doc) }; } });
for (const kind of ["Body", "Range", "Paragraph"]) {
  const Cls = classes[kind];
  addNav(Cls, "contentControls", { cls: "ContentControlCollection", resolve(ref) { return { items: controlsIn(this._doc, spanOf(this._doc, kind, ref)) }; } });
  if (kind === "Body") continue;
  /** insertContentControl(type?): a rich-text control around the range; its anchor keeps text inserted at its edges. */
  Cls.prototype.insertContentControl = function insertContentControl(type) {
    return this._spawn("insertContentControl", ContentControl, (loc) => {
      if (type !== undefined && type !== "RichText") throw invalid(loc);
      const doc = this._doc;
      const s = spanOf(doc, kind, this._target(loc));
      const anchor = createAnchor(doc, s.start, s.end);
      anchor.sticky = true;
      doc.contentControls ??= [];
      const control = { id: doc.nextId++, tag: "", title: "", appearance: "BoundingBox", cannotDelete: false, cannotEdit: false, color: "", placeholderText: "", removeWhenEdited: false, type: "RichText", anchor, deleted: false };
      doc.contentControls.push(control);
      bump(doc);
      return control;
    });
  };
}
