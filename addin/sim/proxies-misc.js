// InlinePicture, List, ListItem, Style, Comment, Shape (desktop) and their collections.
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { layout, bump, deleteUnits, findUnit } from "./model.js";
import { removeComment } from "./comments-model.js";
import { checkLocation, insertInline, textParts, pictureUnit, insertParagraphBlock, insertBreakAt } from "./inline-ops.js";
import { decodeBase64, imageInfo, pxToPt } from "./images.js";
import { anchorOf } from "./proxies-text.js";
import { listParagraphs, listString, siblingIndex } from "./lists-model.js";
import { styleDefaults, characterStyleFont } from "./styles.js";

const invalid = (loc) => wordError("InvalidArgument", loc);
const isStr = (v) => typeof v === "string";

class RefCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((x) => x && !x.deleted);
  }
}

// ---------------------------------------------------------------- InlinePicture

const picProp = (k, check) => ({
  get(loc) { return this._target(loc).pic[k]; },
  put(v, loc) { if (!check(v)) throw invalid(loc); this._target(loc).pic[k] = v; bump(this._doc); },
});
const positive = (v) => typeof v === "number" && v > 0 && v <= 22 * 72;

export class InlinePicture extends ClientObject {
  getBase64ImageSrc() {
    return this._call("getBase64ImageSrc", (loc) => this._target(loc).pic.base64);
  }
  delete() {
    this._api("delete");
    this._enqueue("InlinePicture.delete", () => {
      const u = findUnit(this._doc, this._target("InlinePicture.delete"));
      deleteUnits(this._doc, u.info.para, u.index, u.index + 1);
      u.info.para.deleted = false;
      this._ref.deleted = true;
    });
  }
  insertText(text, insertLocation) {
    return this._spawn("insertText", classes.Range, (loc) => {
      checkLocation("InlinePicture", "insertText", insertLocation);
      if (!isStr(text)) throw invalid(loc);
      const ref = this._target(loc);
      return anchorOf(this._doc, insertInline(this._doc, "InlinePicture", ref, insertLocation, textParts(this._doc, "InlinePicture", ref, insertLocation, text)));
    });
  }
  insertParagraph(text, insertLocation) {
    return this._spawn("insertParagraph", classes.Paragraph, (loc) => {
      checkLocation("InlinePicture", "insertParagraph", insertLocation);
      if (!isStr(text)) throw invalid(loc);
      return insertParagraphBlock(this._doc, "InlinePicture", this._target(loc), insertLocation, text);
    });
  }
  insertBreak(breakType, insertLocation) {
    this._api("insertBreak");
    this._enqueue("InlinePicture.insertBreak", () => {
      checkLocation("InlinePicture", "insertBreak", insertLocation);
      insertBreakAt(this._doc, "InlinePicture", this._target("InlinePicture.insertBreak"), breakType, insertLocation);
    });
  }
  insertInlinePictureFromBase64(base64, insertLocation) {
    return this._spawn("insertInlinePictureFromBase64", classes.InlinePicture, (loc) => {
      checkLocation("InlinePicture", "insertInlinePictureFromBase64", insertLocation);
      const info = imageInfo(decodeBase64(base64));
      if (!info) throw invalid(loc);
      const unit = pictureUnit({ base64: String(base64), format: info.format, width: pxToPt(info.width), height: pxToPt(info.height), lockAspectRatio: true, altTextTitle: "", altTextDescription: "", hyperlink: "" });
      const ref = this._target(loc);
      insertInline(this._doc, "InlinePicture", ref, insertLocation, [{ units: [unit] }]);
      if (insertLocation === "Replace") ref.deleted = true;
      return unit;
    });
  }
  getRange(rangeLocation = "Whole") {
    return this._spawn("getRange", classes.Range, (loc) => {
      const u = findUnit(this._doc, this._target(loc));
      if (!["Whole", "Start", "End"].includes(rangeLocation)) throw invalid(loc);
      const s = rangeLocation === "Start" ? u.pos : rangeLocation === "End" ? u.pos + 1 : u.pos;
      return anchorOf(this._doc, { start: s, end: rangeLocation === "Whole" ? u.pos + 1 : s });
    });
  }
  select() {
    this._api("select");
    this._enqueue("InlinePicture.select", () => { const u = findUnit(this._doc, this._target("InlinePicture.select")); this._sim.setSelectionSpan({ start: u.pos, end: u.pos + 1 }); });
  }
}
defineProxy(InlinePicture, {
  name: "InlinePicture",
  props: {
    width: {
      get(loc) { return this._target(loc).pic.width; },
      put(v, loc) {
        if (!positive(v)) throw invalid(loc);
        const p = this._target(loc).pic;
        if (this._doc.quirks.ignoresPictureSize) return;
        if (p.lockAspectRatio && p.width) p.height = Math.round((p.height * v) / p.width * 100) / 100;
        p.width = v;
        bump(this._doc);
      },
    },
    height: {
      get(loc) { return this._target(loc).pic.height; },
      put(v, loc) {
        if (!positive(v)) throw invalid(loc);
        const p = this._target(loc).pic;
        if (this._doc.quirks.ignoresPictureSize) return;
        if (p.lockAspectRatio && p.height) p.width = Math.round((p.width * v) / p.height * 100) / 100;
        p.height = v;
        bump(this._doc);
      },
    },
    lockAspectRatio: picProp("lockAspectRatio", (v) => typeof v === "boolean"),
    altTextTitle: picProp("altTextTitle", isStr),
    altTextDescription: picProp("altTextDescription", isStr),
    hyperlink: picProp("hyperlink", isStr),
    imageFormat: { set: "D1.1", get(loc) { return this._target(loc).pic.format; } },
  },
  navs: {
    paragraph: { cls: "Paragraph", set: "1.2", resolve(u) { return findUnit(this._doc, u).info.para; } },
    parentTable: { cls: "Table", set: "1.3", resolve(u) { const t = findUnit(this._doc, u).info.table; if (!t) throw wordError("ItemNotFound", "InlinePicture.parentTable"); return t; } },
    parentTableOrNullObject: { cls: "Table", set: "1.3", orNull: true, resolve(u) { return findUnit(this._doc, u).info.table; } },
  },
  sets: { delete: "1.2", insertText: "1.2", insertParagraph: "1.2", insertBreak: "1.2", insertInlinePictureFromBase64: "1.2", getRange: "1.3", select: "1.2" },
});
export class InlinePictureCollection extends RefCollection {}
InlinePictureCollection.itemClass = InlinePicture;
defineProxy(InlinePictureCollection, { name: "InlinePictureCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });

// ---------------------------------------------------------------- List / ListItem

const level = (v) => Number.isInteger(v) && v >= 0 && v <= 8;

export class List extends ClientObject {
  _setLevel(member, lvl, type) {
    this._api(member);
    this._enqueue(`List.${member}`, () => {
      if (!level(lvl)) throw invalid(`List.${member}`);
      this._target(`List.${member}`).levelTypes[lvl] = type;
      bump(this._doc);
    });
  }
  setLevelBullet(lvl, listBullet) {
    if (!["Custom", "Solid", "Hollow", "Square", "Diamonds", "Arrow", "Checkmark"].includes(listBullet)) {
      this._api("setLevelBullet");
      this._enqueue("List.setLevelBullet", () => { throw invalid("List.setLevelBullet"); });
      return;
    }
    this._setLevel("setLevelBullet", lvl, "Bullet");
    this._enqueue("List.setLevelBullet", () => { this._target().bullets[lvl] = { Solid: "•", Hollow: "◦", Square: "▪", Diamonds: "◆", Arrow: "➢", Checkmark: "✓" }[listBullet] || "•"; });
  }
  setLevelNumbering(lvl, listNumbering) {
    if (!["None", "Arabic", "UpperRoman", "LowerRoman", "UpperLetter", "LowerLetter"].includes(listNumbering)) {
      this._api("setLevelNumbering");
      this._enqueue("List.setLevelNumbering", () => { throw invalid("List.setLevelNumbering"); });
      return;
    }
    this._setLevel("setLevelNumbering", lvl, "Number");
  }
  setLevelStartingNumber(lvl, n) {
    this._api("setLevelStartingNumber");
    this._enqueue("List.setLevelStartingNumber", () => { if (!level(lvl) || !Number.isInteger(n)) throw invalid("List.setLevelStartingNumber"); this._target().startNumbers[lvl] = n; bump(this._doc); });
  }
  setLevelIndents(lvl) { this._api("setLevelIndents"); this._enqueue("List.setLevelIndents", () => { if (!level(lvl)) throw invalid("List.setLevelIndents"); }); }
  setLevelAlignment(lvl) { this._api("setLevelAlignment"); this._enqueue("List.setLevelAlignment", () => { if (!level(lvl)) throw invalid("List.setLevelAlignment"); }); }
  getLevelString(lvl) {
    return this._call("getLevelString", (loc) => { if (!level(lvl)) throw invalid(loc); const l = this._target(loc); return l.levelTypes[lvl] === "Number" ? `%${lvl + 1}.` : l.bullets[lvl]; });
  }
  getLevelParagraphs(lvl) {
    return this._spawn("getLevelParagraphs", classes.ParagraphCollection, (loc) => ({ items: listParagraphs(this._doc, this._target(loc).id).filter((p) => p.list.level === lvl) }));
  }
  insertParagraph(text, insertLocation) {
    return this._spawn("insertParagraph", classes.Paragraph, (loc) => {
      if (!["Start", "End", "Before", "After"].includes(insertLocation) || !isStr(text)) throw invalid(loc);
      const paras = listParagraphs(this._doc, this._target(loc).id);
      const ref = insertLocation === "Start" || insertLocation === "Before" ? paras[0] : paras[paras.length - 1];
      const p = insertParagraphBlock(this._doc, "Paragraph", ref, insertLocation === "Start" || insertLocation === "Before" ? "Before" : "After", text);
      if (insertLocation === "Before" || insertLocation === "After") p.list = null;
      return p;
    });
  }
}
defineProxy(List, {
  name: "List",
  props: {
    id: { get(loc) { return this._target(loc).id; } },
    levelTypes: { get(loc) { return [...this._target(loc).levelTypes]; } },
    levelExistences: { get(loc) { const l = this._target(loc); const used = new Set(listParagraphs(this._doc, l.id).map((p) => p.list.level)); return l.levelTypes.map((_, i) => used.has(i)); } },
  },
  navs: { paragraphs: { cls: "ParagraphCollection", resolve(l) { return { items: listParagraphs(this._doc, l.id) }; } } },
  sets: Object.fromEntries(["id", "levelTypes", "levelExistences", "paragraphs", "setLevelBullet", "setLevelNumbering", "setLevelStartingNumber", "setLevelIndents", "setLevelAlignment", "getLevelString", "getLevelParagraphs", "insertParagraph"].map((k) => [k, "1.3"])),
});
export class ListCollection extends RefCollection {}
ListCollection.itemClass = List;
defineProxy(ListCollection, { name: "ListCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });

export class ListItem extends ClientObject {}
defineProxy(ListItem, {
  name: "ListItem",
  props: {
    level: {
      set: "1.3",
      get(loc) { return this._target(loc).list.level; },
      put(v, loc) { if (!level(v)) throw invalid(loc); const p = this._target(loc); if (!p.list) throw wordError("ItemNotFound", loc); p.list = { ...p.list, level: v }; bump(this._doc); },
    },
    listString: { set: "1.3", get(loc) { return listString(this._doc, this._target(loc)); } },
    siblingIndex: { set: "1.3", get(loc) { return siblingIndex(this._doc, this._target(loc)); } },
  },
});

// ---------------------------------------------------------------- Style

/** Style names used somewhere in the document. */
function stylesInUse(doc) {
  const used = new Set(["Normal", "Default Paragraph Font", "Normal Table", "No List"]);
  const L = layout(doc);
  for (const i of L.paras) {
    used.add(i.para.props.style);
    for (const u of i.para.units) if (u.f.charStyle) used.add(u.f.charStyle);
  }
  for (const t of L.tables) used.add(t.table.props.style);
  return used;
}

export class Style extends ClientObject {
  delete() {
    this._api("delete");
    this._enqueue("Style.delete", () => {
      const s = this._target("Style.delete");
      if (s.builtIn) throw invalid("Style.delete");
      s.deleted = true;
      this._doc.styles.all.splice(this._doc.styles.all.indexOf(s), 1);
      bump(this._doc);
    });
  }
}
const styleField = (k) => ({ set: "1.5", get(loc) { return this._target(loc)[k]; } });

/** Style.font: the style's effective character formatting (read-only in the simulator). */
export class StyleFont extends ClientObject {}
const styleFontField = (k) => ({
  get(loc) {
    const s = this._target(loc).style;
    const font = s.type === "Character" ? { ...styleDefaults("Normal").font, ...characterStyleFont(s.nameLocal) } : styleDefaults(s.nameLocal).font;
    return font[k] ?? ({ bold: false, italic: false, underline: "None" })[k] ?? null;
  },
});
defineProxy(StyleFont, { name: "StyleFont", props: { name: styleFontField("name"), size: styleFontField("size"), color: styleFontField("color"), bold: styleFontField("bold"), italic: styleFontField("italic"), underline: styleFontField("underline") } });
StyleFont.className = "Font";
defineProxy(Style, {
  name: "Style",
  props: {
    nameLocal: styleField("nameLocal"),
    builtIn: styleField("builtIn"),
    type: styleField("type"),
    priority: styleField("priority"),
    baseStyle: styleField("baseStyle"),
    inUse: { set: "1.5", get(loc) { const s = this._target(loc); return s.custom || stylesInUse(this._doc).has(s.nameLocal); } },
    visibility: { set: "1.5", get() { return true; } },
    quickStyle: { set: "1.5", get(loc) { const s = this._target(loc); return s.type === "Paragraph" && /^(Normal|Heading [1-3]|Title|Subtitle|Quote|Intense Quote|List Paragraph|No Spacing)$/.test(s.nameLocal); } },
    linked: { set: "1.5", get() { return false; } },
    unhideWhenUsed: { set: "1.5", get() { return false; } },
    nextParagraphStyle: { set: "1.5", get(loc) { const s = this._target(loc); return s.type === "Paragraph" ? (/^Heading|Title|Subtitle/.test(s.nameLocal) ? "Normal" : s.nameLocal) : ""; } },
  },
  navs: { font: { cls: "StyleFont", set: "1.5", resolve: (s) => ({ style: s, deleted: !!s.deleted }) } },
  sets: { delete: "1.5" },
});

export class StyleCollection extends RefCollection {
  getByName(name) {
    return this._spawn("getByName", classes.Style, (loc) => { const s = this._doc.styles.find(name); if (!s) throw wordError("ItemNotFound", loc); return s; });
  }
  getByNameOrNullObject(name) {
    return this._spawn("getByNameOrNullObject", classes.Style, () => this._doc.styles.find(name));
  }
  getItem(index) {
    return this._spawn("getItem", classes.Style, (loc) => { const s = this._items(loc)[index]; if (!s) throw wordError("ItemNotFound", loc); return s; });
  }
  getCount() {
    return this._call("getCount", (loc) => this._items(loc).length);
  }
}
StyleCollection.itemClass = Style;
defineProxy(StyleCollection, { name: "StyleCollection", sets: { getByName: "1.5", getByNameOrNullObject: "1.5", getItem: "1.5", getCount: "1.5" } });
// Word's StyleCollection has no getFirst (getByName, getItem instead).
for (const name of ["getFirst", "getFirstOrNullObject"]) Object.defineProperty(StyleCollection.prototype, name, { value: undefined });

// ---------------------------------------------------------------- Comment

export class Comment extends ClientObject {
  getRange() {
    return this._spawn("getRange", classes.Range, (loc) => { const c = this._target(loc); return anchorOf(this._doc, c.anchor); });
  }
  delete() {
    this._api("delete");
    this._enqueue("Comment.delete", () => {
      removeComment(this._doc, this._target("Comment.delete"));
      bump(this._doc);
    });
  }
  reply(text) {
    this._api("reply");
    this._enqueue("Comment.reply", () => { if (!isStr(text) || !text) throw invalid("Comment.reply"); this._target().replies.push({ content: text, authorName: "Simulated User", creationDate: new Date() }); bump(this._doc); });
  }
}
const commentField = (k, put) => ({ set: "1.4", get(loc) { return this._target(loc)[k]; }, put: put && function (v, loc) { if (!put(v)) throw invalid(loc); this._target(loc)[k] = v; bump(this._doc); } });
defineProxy(Comment, {
  name: "Comment",
  props: {
    id: commentField("id"),
    content: commentField("content", isStr),
    authorName: commentField("authorName"),
    authorEmail: commentField("authorEmail"),
    creationDate: commentField("creationDate"),
    resolved: commentField("resolved", (v) => typeof v === "boolean"),
  },
  navs: { contentRange: { cls: "Range", set: "1.4", resolve(c) { return c.anchor; } } },
  sets: { getRange: "1.4", delete: "1.4", reply: "1.4" },
});
export class CommentCollection extends RefCollection {}
CommentCollection.itemClass = Comment;
defineProxy(CommentCollection, { name: "CommentCollection", sets: { getFirst: "1.4", getFirstOrNullObject: "1.4" } });

// ---------------------------------------------------------------- Shape (WordApiDesktop)

const WRAPS = ["Inline", "Square", "Tight", "Through", "TopBottom", "Behind", "Front"];
const shapeNum = (k) => ({
  set: "D1.2",
  get(loc) { return this._target(loc)[k]; },
  put(v, loc) {
    if (typeof v !== "number" || !Number.isFinite(v) || ((k === "width" || k === "height") && v <= 0)) throw invalid(loc);
    const s = this._target(loc);
    if ((k === "width" || k === "height") && this._doc.quirks.ignoresPictureSize) return;
    if (s.lockAspectRatio && (k === "width" || k === "height")) { const o = k === "width" ? "height" : "width"; s[o] = Math.round((s[o] * v) / s[k] * 100) / 100; }
    s[k] = v;
    bump(this._doc);
  },
});
/** An enum-valued Shape property (Word.RelativeHorizontalPosition / RelativeVerticalPosition). */
const shapeEnum = (k, values) => ({
  set: "D1.2",
  get(loc) { return this._target(loc)[k]; },
  put(v, loc) { if (!values.includes(v)) throw invalid(loc); this._target(loc)[k] = v; bump(this._doc); },
});
export class Shape extends ClientObject {
  delete() {
    this._api("delete");
    this._enqueue("Shape.delete", () => { const s = this._target("Shape.delete"); s.deleted = true; this._doc.shapes.splice(this._doc.shapes.indexOf(s), 1); bump(this._doc); });
  }
}
defineProxy(Shape, {
  name: "Shape",
  props: {
    id: { set: "D1.2", get(loc) { return this._target(loc).id; } },
    type: { set: "D1.2", get(loc) { return this._target(loc).type; } },
    name: { set: "D1.2", get(loc) { return this._target(loc).name; }, put(v, loc) { if (!isStr(v)) throw invalid(loc); this._target(loc).name = v; } },
    width: shapeNum("width"),
    height: shapeNum("height"),
    left: shapeNum("left"),
    top: shapeNum("top"),
    relativeHorizontalPosition: shapeEnum("relativeHorizontalPosition", ["Margin", "Page", "Column", "Character", "LeftMargin", "RightMargin", "InsideMargin", "OutsideMargin"]),
    relativeVerticalPosition: shapeEnum("relativeVerticalPosition", ["Margin", "Page", "Paragraph", "Line", "TopMargin", "BottomMargin", "InsideMargin", "OutsideMargin"]),
    lockAspectRatio: { set: "D1.2", get(loc) { return this._target(loc).lockAspectRatio; }, put(v, loc) { if (typeof v !== "boolean") throw invalid(loc); this._target(loc).lockAspectRatio = v; } },
    altTextDescription: { set: "D1.2", get(loc) { return this._target(loc).altTextDescription; }, put(v, loc) { if (!isStr(v)) throw invalid(loc); this._target(loc).altTextDescription = v; bump(this._doc); } },
  },
  navs: { textWrap: { cls: "ShapeTextWrap", set: "D1.2", resolve: (s) => ({ shape: s, deleted: !!s.deleted }) } },
  sets: { delete: "D1.2" },
});
export class ShapeTextWrap extends ClientObject {}
defineProxy(ShapeTextWrap, {
  name: "ShapeTextWrap",
  props: {
    type: { set: "D1.2", get(loc) { return this._target(loc).shape.textWrap.type; }, put(v, loc) { if (!WRAPS.includes(v)) throw invalid(loc); this._target(loc).shape.textWrap.type = v; bump(this._doc); } },
    side: { set: "D1.2", get(loc) { return this._target(loc).shape.textWrap.side; }, put(v, loc) { if (!["Both", "Left", "Right", "Largest"].includes(v)) throw invalid(loc); this._target(loc).shape.textWrap.side = v; bump(this._doc); } },
  },
});
export class ShapeCollection extends RefCollection {}
ShapeCollection.itemClass = Shape;
defineProxy(ShapeCollection, { name: "ShapeCollection", sets: { getFirst: "D1.2", getFirstOrNullObject: "D1.2" } });

