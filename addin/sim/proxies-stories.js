// Sections with their headers and footers (WordApi 1.1; getNext 1.3) and footnotes/endnotes (WordApi 1.5):
// Section, SectionCollection, NoteItem, NoteItemCollection, Document.sections, Section.getHeader/getFooter,
// Range.insertFootnote/insertEndnote and the footnotes/endnotes collections of Body, Range and Paragraph.
// A header, footer or note body is a Body on its own story (stories.js): the proxy carries the story.
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { bump, deleteSpan } from "./model.js";
import { spanOf } from "./inline-ops.js";
import { sectionsOf, headerFooterStory, notesOf, pruneNotes, insertNote, HEADER_FOOTER_TYPES } from "./stories.js";

const invalid = (loc) => wordError("InvalidArgument", loc);

/** Add a navigation property to a class declared elsewhere (as defineProxy would). */
function addNav(Cls, name, spec) {
  Cls.navs[name] = spec;
  if (spec.set) Cls.sets[name] = spec.set;
  Object.defineProperty(Cls.prototype, name, {
    configurable: true,
    get() { return this._navigate(name, classes[spec.cls], spec.resolve, { orNull: !!spec.orNull, story: !!spec.story }); },
  });
}

class LiveCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((x) => x && !x.deleted);
  }
}

// ---------------------------------------------------------------- Section

/** Index of a section's data in the document, -1 once its section break is gone. */
const sectionIndex = (doc, data) => sectionsOf(doc).findIndex((s) => s.data === data);

export class Section extends ClientObject {
  _target(location) {
    const data = super._target(location);
    if (sectionIndex(this._doc, data) < 0) throw wordError("ItemNotFound", location || this._path);
    return data;
  }
  /** A Body on the header/footer story of this section (linked sections share the previous one's). */
  _storyBody(member, kind, type) {
    const holder = { doc: null };
    return this._spawn(member, classes.Body, (loc) => {
      if (!HEADER_FOOTER_TYPES.includes(type)) throw invalid(loc);
      const data = this._target(loc);
      const story = headerFooterStory(this._doc, sectionIndex(this._doc, data), kind, type);
      holder.doc = story;
      return story.body;
    }, { story: holder });
  }
  getHeader(type) { return this._storyBody("getHeader", "headers", type); }
  getFooter(type) { return this._storyBody("getFooter", "footers", type); }
  _next(member, orNull) {
    return this._spawn(member, Section, (loc) => {
      const list = sectionsOf(this._doc);
      const next = list[sectionIndex(this._doc, this._target(loc)) + 1];
      if (!next) { if (orNull) return null; throw wordError("ItemNotFound", loc); }
      return next.data;
    });
  }
  getNext() { return this._next("getNext", false); }
  getNextOrNullObject() { return this._next("getNextOrNullObject", true); }
}
defineProxy(Section, {
  name: "Section",
  navs: {
    // The simulator does not split the body per section: every section's body is the document body.
    body: { cls: "Body", resolve() { return this._doc.body; } },
  },
  sets: { getNext: "1.3", getNextOrNullObject: "1.3" },
});

export class SectionCollection extends LiveCollection {}
SectionCollection.itemClass = Section;
defineProxy(SectionCollection, { name: "SectionCollection", sets: { getFirst: "1.3", getFirstOrNullObject: "1.3" } });

addNav(classes.Document, "sections", { cls: "SectionCollection", resolve(doc) { return { items: sectionsOf(doc).map((s) => s.data) }; } });

// ---------------------------------------------------------------- NoteItem

export class NoteItem extends ClientObject {
  _resolveRef() {
    pruneNotes(this._ctx._sim.doc);
    return super._resolveRef();
  }
  delete() {
    this._api("delete");
    this._enqueue("NoteItem.delete", () => {
      const note = this._target("NoteItem.delete");
      deleteSpan(this._doc, note.anchor.start, note.anchor.end);
      note.deleted = true;
      bump(this._doc);
    });
  }
  _next(member, orNull) {
    return this._spawn(member, NoteItem, (loc) => {
      const note = this._target(loc);
      const same = notesOf(this._doc).filter((n) => n.type === note.type);
      const next = same[same.indexOf(note) + 1];
      if (!next) { if (orNull) return null; throw wordError("ItemNotFound", loc); }
      return next;
    });
  }
  getNext() { return this._next("getNext", false); }
  getNextOrNullObject() { return this._next("getNextOrNullObject", true); }
}
defineProxy(NoteItem, {
  name: "NoteItem",
  props: { type: { set: "1.5", get(loc) { return this._target(loc).type; } } },
  navs: {
    // The note's own story: children of the body act on it.
    body: { cls: "Body", set: "1.5", story: true, resolve(note) { this._story.doc = note.story; return note.story.body; } },
    // The reference mark in the main text, read fresh from the note each time (not a range that edits move).
    reference: { cls: "Range", set: "1.5", resolve(note) { return { start: note.anchor.start, end: note.anchor.end }; } },
  },
  sets: { delete: "1.5", getNext: "1.5", getNextOrNullObject: "1.5" },
});

export class NoteItemCollection extends LiveCollection {}
NoteItemCollection.itemClass = NoteItem;
defineProxy(NoteItemCollection, { name: "NoteItemCollection", sets: { getFirst: "1.5", getFirstOrNullObject: "1.5" } });

/** Notes of a type whose reference mark lies inside the object's span (a header or note body has none). */
function notesNav(kind, type) {
  return {
    cls: "NoteItemCollection",
    set: "1.5",
    resolve(ref) {
      const doc = this._doc;
      if (doc.storyType) return { items: [] };
      const s = spanOf(doc, kind, ref);
      return { items: notesOf(doc).filter((n) => n.type === type && n.anchor.start >= s.start && n.anchor.end <= Math.max(s.end, s.start)) };
    },
  };
}
for (const kind of ["Body", "Range", "Paragraph"]) {
  addNav(classes[kind], "footnotes", notesNav(kind, "Footnote"));
  addNav(classes[kind], "endnotes", notesNav(kind, "Endnote"));
}

/**
 * Range.insertFootnote/insertEndnote(text = ""): the reference mark goes after the range. Headers, footers
 * and notes take no notes in Word: GeneralException there (UNVERIFIED: no documented code).
 */
function insertNoteMethod(member, type) {
  return function (text) {
    return this._spawn(member, NoteItem, (loc) => {
      if (text !== undefined && typeof text !== "string") throw invalid(loc);
      const doc = this._doc;
      if (doc.storyType) throw wordError("GeneralException", loc);
      return insertNote(doc, this._target(loc), type, text || "");
    });
  };
}
classes.Range.prototype.insertFootnote = insertNoteMethod("insertFootnote", "Footnote");
classes.Range.prototype.insertEndnote = insertNoteMethod("insertEndnote", "Endnote");
classes.Range.sets.insertFootnote = "1.5";
classes.Range.sets.insertEndnote = "1.5";
