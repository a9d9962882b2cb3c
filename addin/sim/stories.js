// Stories other than the main text: headers and footers (per section) and footnotes/endnotes. Each story is
// a document-like model of its own (its own body, character stream, layout and anchors) that shares the
// main document's styles, lists, properties, ids and change-tracking mode, so the model functions of
// model.js work on it unchanged. Sections come from section-break units in the main text.
import { newContainer, newParagraph, layout, textUnits, insertPartsAt, EMPTY_FMT } from "./model.js";

/** The character a footnote/endnote reference mark holds in the units (Word's VBA reads it as Chr(2)). */
export const NOTE_CHAR = "\u0002";

export const HEADER_FOOTER_TYPES = Object.freeze(["Primary", "FirstPage", "EvenPages"]);

/** Break types that end a section ("Next" is the deprecated name of SectionNext). */
export const SECTION_BREAKS = Object.freeze(["SectionNext", "SectionContinuous", "SectionEven", "SectionOdd", "Next"]);

/** A section's own headers and footers: null means "linked to the previous section" (Word's default for a new section). */
export function newSectionData(breakType = null) {
  const none = () => ({ Primary: null, FirstPage: null, EvenPages: null });
  return { kind: "section", breakType, headers: none(), footers: none(), deleted: false };
}

/**
 * A story model: own body/anchors/layout/version, everything else read through to the main document.
 * @param {object} main the main document model
 * @param {"Header"|"Footer"|"Footnote"|"Endnote"} type Word.BodyType of its body
 */
export function createStory(main, type) {
  const story = { storyType: type, main, version: 0, anchors: new Set(), comments: [], shapes: [], selectionVersion: 0 };
  for (const k of ["nextId", "saved", "styles", "lists", "properties", "quirks", "changeTrackingMode"]) {
    Object.defineProperty(story, k, { enumerable: true, get: () => main[k], set: (v) => { main[k] = v; } });
  }
  story.body = newContainer(null);
  story.body.storyType = type;
  story.body.blocks.push(newParagraph(story, { props: { style: type === "Header" || type === "Footer" ? type : type === "Footnote" ? "Footnote Text" : type === "Endnote" ? "Endnote Text" : "Normal" } }));
  story.selection = { start: 0, end: 0 };
  main.stories.add(story);
  return story;
}

/** Every story's version, so a change in a header or note counts as a document change. */
export function storiesStamp(doc) {
  let n = 0;
  for (const s of doc.stories) n += s.version;
  return n;
}

/**
 * The sections of the main document in order: {data, start, end} where [start, end) is the section's
 * span (a section break belongs to the section it ends). Section breaks live in body paragraphs only.
 */
export function sectionsOf(doc) {
  const L = layout(doc);
  const out = [];
  let start = 0;
  for (const info of L.paras) {
    if (info.cell) continue;
    info.para.units.forEach((u, i) => {
      if (!u.section) return;
      const end = info.start + i + 1;
      out.push({ data: u.section, start, end });
      start = end;
    });
  }
  out.push({ data: doc.finalSection, start, end: L.length });
  return out;
}

/**
 * The story behind section `index`'s header or footer of `type`: a linked (null) entry resolves to the
 * previous section's, the first section's is created empty on first use.
 * @param {"headers"|"footers"} kind
 */
export function headerFooterStory(doc, index, kind, type) {
  const sections = sectionsOf(doc);
  for (let j = index; j >= 0; j--) {
    const own = sections[j].data[kind][type];
    if (own) return own;
  }
  const story = createStory(doc, kind === "headers" ? "Header" : "Footer");
  sections[0].data[kind][type] = story;
  return story;
}

/**
 * Insert a section-break unit at pos: the text before it becomes a new section that takes over the
 * headers/footers of the section it was cut from; the part after the break is linked to it.
 */
export function sectionBreakUnits(doc, pos, breakType) {
  const sections = sectionsOf(doc);
  const cut = sections.find((s) => pos < s.end) || sections[sections.length - 1];
  const data = newSectionData(breakType);
  data.headers = { ...cut.data.headers };
  data.footers = { ...cut.data.footers };
  for (const t of HEADER_FOOTER_TYPES) { cut.data.headers[t] = null; cut.data.footers[t] = null; }
  return [{ ch: "\f", f: EMPTY_FMT, section: data }];
}

/** Text of a story's body: paragraphs joined by "\n" (as sim.text() does for the body). */
export function storyText(story) {
  const L = layout(story);
  return L.paras.filter((i) => !i.cell).map((i) => i.para.units.filter((u) => !u.pic && !u.note).map((u) => u.ch).join("")).join("\n");
}

/** A note's text as a person reads it: its body without the note's own mark and the space after it. */
export function noteStoryText(story) {
  return storyText(story).replace(/^\u0002 ?/, "");
}

/** The live notes (footnotes and endnotes) in reference order. */
export function notesOf(doc) {
  pruneNotes(doc);
  return (doc.notes || []).filter((n) => !n.deleted).sort((a, b) => a.anchor.start - b.anchor.start);
}

/** A note whose reference mark was deleted with its text is gone (Word removes the note with its mark). */
export function pruneNotes(doc) {
  for (const n of doc.notes || []) if (!n.deleted && n.anchor.end <= n.anchor.start) n.deleted = true;
}

/**
 * Insert a footnote/endnote: its reference mark goes right after the span (Office.js: "The footnote
 * reference is placed after the range"), its body holds the note's own mark, a space and `text`, as Word's
 * does: NoteItem.body.text starts with the mark's placeholder character U+0002 (OfficeDev/office-js#6942).
 */
export function insertNote(doc, span, type, text) {
  const story = createStory(doc, type);
  const note = { type, story, anchor: null, deleted: false };
  insertPartsAt(story, 0, [{ units: [{ ch: NOTE_CHAR, f: EMPTY_FMT, noteMark: type }, ...textUnits(` ${text || ""}`, EMPTY_FMT)] }]);
  const at = insertPartsAt(doc, span.end, [{ units: [{ ch: NOTE_CHAR, f: EMPTY_FMT, note }] }]);
  note.anchor = { start: at.start, end: at.start + 1 };
  doc.anchors.add(note.anchor);
  (doc.notes ||= []).push(note);
  return note;
}
