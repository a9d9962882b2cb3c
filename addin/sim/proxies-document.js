// Document and DocumentProperties.
import { ClientObject, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { layout, bump } from "./model.js";
import { findHits } from "./search.js";
import { anchorOf, validateSearch } from "./text-methods.js";
import { isStr, invalid } from "./arg-checks.js";

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
