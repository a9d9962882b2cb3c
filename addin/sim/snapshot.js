// snapshot(): the document as JSON in the shape docs/architecture.md names as contract (extra fields allowed).
import { layout, effectiveFont, effectivePara, spanText } from "./model.js";
import { columnCount, cellText } from "./tables-model.js";
import { revisionsJSON } from "./revisions.js";
import { contentControlsJSON } from "./content-controls.js";
import { sectionsOf, notesOf, noteStoryText, storyText, HEADER_FOOTER_TYPES } from "./stories.js";

const RUN_KEYS = ["bold", "italic", "underline", "name", "size", "color", "highlight", "strikeThrough", "link"];

/** Runs of a paragraph: adjacent characters with equal effective formatting, pictures apart. */
export function paragraphRuns(para) {
  const runs = [];
  let cur = null;
  for (const u of para.units) {
    if (u.note) continue; // a note reference mark shows in snapshot().notes, not in the text
    if (u.pic) {
      runs.push({ type: "picture", width: u.pic.width, height: u.pic.height, altText: u.pic.altTextDescription || u.pic.altTextTitle || "", lockAspectRatio: u.pic.lockAspectRatio, format: u.pic.format });
      cur = null;
      continue;
    }
    const f = { ...effectiveFont(u.f, para), link: u.f.link || null };
    if (cur && RUN_KEYS.every((k) => cur._f[k] === f[k])) { cur.text += u.ch; continue; }
    cur = { text: u.ch, bold: f.bold, italic: f.italic, underline: f.underline, fontName: f.name, fontSize: f.size, color: f.color, highlight: f.highlight || null, _f: f };
    // Only when set, so runs without them keep their shape.
    if (f.strikeThrough) cur.strikeThrough = true;
    if (f.link) cur.link = f.link;
    runs.push(cur);
  }
  for (const r of runs) delete r._f;
  return runs;
}

function listInfo(doc, para) {
  if (!para.list) return null;
  const list = doc.lists.get(para.list.listId);
  const type = list?.levelTypes[para.list.level] || "Bullet";
  return { kind: type === "Number" ? "number" : "bullet", level: para.list.level, listId: para.list.listId };
}

function paragraphJSON(doc, para) {
  const p = effectivePara(para);
  return {
    type: "paragraph",
    text: para.units.filter((u) => !u.pic && !u.note).map((u) => u.ch).join(""),
    style: para.props.style,
    alignment: p.alignment,
    list: listInfo(doc, para),
    runs: paragraphRuns(para),
    lineSpacing: p.lineSpacing, spaceBefore: p.spaceBefore, spaceAfter: p.spaceAfter,
  };
}

function tableJSON(doc, t) {
  return {
    type: "table",
    rowCount: t.rows.length,
    columnCount: columnCount(t),
    values: t.rows.map((row) => row.cells.map((c) => cellText(c, "\n"))),
    style: t.props.style,
    headerRowCount: t.props.headerRowCount,
    merges: t.merges.map((m) => ({ row: m.row, col: m.col, rowSpan: m.rowSpan, colSpan: m.colSpan })),
    styleBandedRows: t.props.styleBandedRows, styleBandedColumns: t.props.styleBandedColumns,
    styleFirstColumn: t.props.styleFirstColumn, styleLastColumn: t.props.styleLastColumn, styleTotalRow: t.props.styleTotalRow,
    alignment: t.props.alignment,
    cells: t.rows.map((row) => row.cells.map((c) => ({ blocks: c.body.blocks.map((b) => blockJSON(doc, b)) }))),
  };
}

function blockJSON(doc, b) {
  return b.kind === "paragraph" ? paragraphJSON(doc, b) : tableJSON(doc, b);
}

/** The whole document as plain JSON. */
export function snapshotDocument(doc) {
  const sel = doc.selection;
  return {
    blocks: doc.body.blocks.map((b) => blockJSON(doc, b)),
    selection: { text: spanText(doc, sel.start, sel.end), start: sel.start, end: sel.end },
    comments: doc.comments.map((c) => ({ id: c.id, content: c.content, author: c.authorName, resolved: c.resolved, text: spanText(doc, c.anchor.start, c.anchor.end), replies: c.replies.map((r) => r.content) })),
    shapes: doc.shapes.map((s) => ({ id: s.id, type: s.type, left: s.left, top: s.top, width: s.width, height: s.height, wrapType: s.textWrap.type, altText: s.altTextDescription })),
    changeTrackingMode: doc.changeTrackingMode,
    revisions: revisionsJSON(doc),
    contentControls: contentControlsJSON(doc),
    length: layout(doc).length,
    ...storiesJSON(doc),
  };
}

const lowerFirst = (t) => t[0].toLowerCase() + t.slice(1);

/**
 * `sections` (header/footer texts per section, linked ones resolved) once the document has more than one
 * section or any header/footer; `notes` ({type, text, reference: position of the mark}) once it has notes.
 */
function storiesJSON(doc) {
  const out = {};
  const sections = sectionsOf(doc);
  const hasHeaderFooter = [...doc.stories].some((s) => s.storyType === "Header" || s.storyType === "Footer");
  if (sections.length > 1 || hasHeaderFooter) {
    const text = (i, kind, type) => { for (let j = i; j >= 0; j--) { const st = sections[j].data[kind][type]; if (st) return storyText(st); } return ""; };
    out.sections = sections.map((_, i) => {
      const side = (kind) => Object.fromEntries(HEADER_FOOTER_TYPES.map((t) => [lowerFirst(t), text(i, kind, t)]));
      return { headers: side("headers"), footers: side("footers") };
    });
  }
  const notes = notesOf(doc);
  if (notes.length) out.notes = notes.map((n) => ({ type: n.type, text: noteStoryText(n.story), reference: n.anchor.start }));
  return out;
}
