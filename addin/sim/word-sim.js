// Word simulator entry point (a contract: docs/architecture.md): createSimulator({profile, latencyMs}) -> {Word, Office,
// OfficeExtension, syncCount, setText, snapshot, ...test and playground helpers}.
import * as Enums from "./enums.js";
import { OfficeExtensionError, OfficeErrorCodes } from "./errors.js";
import { createApiSets } from "./api-sets.js";
import { createRuntime, ClientObject, ClientResult, classes } from "./runtime.js";
import { createDocumentModel, layout, newParagraph, textUnits, releaseAnchor, spanText, EMPTY_FMT, PICTURE_CHAR, HYPERLINK_STYLE } from "./model.js";
import { newCell } from "./tables-model.js";
import { newList } from "./lists-model.js";
import { snapshotDocument } from "./snapshot.js";
import { renderDocumentHtml, domSelectionToSpan } from "./render.js";
import { createOffice, createSettings } from "./office.js";
import { decodeBase64, imageInfo, pxToPt } from "./images.js";
import "./proxies-text.js";
import "./proxies-table.js";
import "./proxies-misc.js";
import "./proxies-revisions.js";
import "./proxies-review.js";
import "./proxies-stories.js";
import { storiesStamp } from "./stories.js";
import { createPersonEdits } from "./person-edits.js";

export { OfficeExtensionError };

/**
 * Create an in-memory Word with the Office.js surface.
 * @param {{profile?: "web"|"desktop", latencyMs?: number, apiSets?: Record<string,string|null>, url?: string}} [options]
 *   apiSets overrides the profile's requirement sets, e.g. {WordApi: "1.3"} for an older host.
 */
export function createSimulator({ profile = "web", latencyMs = 0, apiSets: overrides = {}, url = "https://simulator.invalid/Document1.docx" } = {}) {
  const apiSets = createApiSets(profile, overrides);
  const listeners = new Set();
  const selectionHandlers = new Set();
  const state = {
    doc: createDocumentModel(),
    apiSets,
    profile,
    latencyMs,
    syncs: 0,
    /** getReviewedText calls queued so far (Body, Range, Paragraph): sim.reviewedTextCalls */
    reviewedTextCalls: 0,
    /** @type {Set<WeakRef<any>>} the request contexts made so far (for leftoverOperations) */
    contexts: new Set(),
    countSync() { state.syncs++; },
    stamp() { return `${state.doc.version}:${state.doc.selectionVersion}:${storiesStamp(state.doc)}`; },
    release(anchor) {
      if (anchor === state.doc.selection) return;
      if (state.doc.anchors.has(anchor)) releaseAnchor(state.doc, anchor);
      else for (const story of state.doc.stories) if (story.anchors.delete(anchor)) break;
    },
    setSelectionSpan(span) { setSelection(span); },
    changed() { for (const fn of [...listeners]) { try { fn(); } catch { /* a listener's failure is not Word's */ } } },
  };
  const { RequestContext, run } = createRuntime(state);

  const Word = { ...Enums, run, RequestContext, ...classes, Style: Enums.BuiltInStyleName };
  const OfficeExtension = {
    Error: OfficeExtensionError,
    ErrorCodes: OfficeErrorCodes,
    ClientResult,
    ClientObject,
    ClientRequestContext: RequestContext,
    config: { extendedErrorLogging: false },
    Promise,
  };
  /** The add-in's settings saved in the document (name → JSON): what a pane opened on it reads. */
  const documentSettings = new Map();
  const Office = createOffice({ platform: profile === "desktop" ? "PC" : "OfficeOnline", version: "16.0.18227.20000", url, apiSets, onSelectionHandlers: selectionHandlers, settings: documentSettings });

  function notify() {
    state.changed();
  }
  function setSelection({ start, end = start }) {
    const len = layout(state.doc).length;
    const s = Math.max(0, Math.min(start, len - 1));
    const e = Math.max(s, Math.min(end, len - 1));
    state.doc.selection.start = s;
    state.doc.selection.end = e;
    state.doc.selectionVersion++;
    for (const h of [...selectionHandlers]) { try { h({ type: "documentSelectionChanged" }); } catch { /* ignore */ } }
  }

  /** Replace the document with plain paragraphs; the selection collapses to the start. */
  function setText(text) {
    load(String(text ?? "").split(/\r\n|\r|\n/).map((t) => ({ type: "paragraph", text: t })));
  }

  /** Load a document from snapshot-like blocks (paragraph runs/pictures, tables with merges). */
  function load(blocks) {
    const old = state.doc;
    const doc = createDocumentModel();
    doc.body.blocks = [];
    const listsByKind = {};
    const paragraph = (b) => {
      const units = [];
      for (const r of b.runs || [{ text: b.text ?? "" }]) {
        if (r.type === "picture") {
          const info = imageInfo(decodeBase64(r.base64 || "")) || { format: "Png", width: 1, height: 1 };
          units.push({ ch: PICTURE_CHAR, f: EMPTY_FMT, pic: { base64: r.base64 || "", format: info.format, width: r.width ?? pxToPt(info.width), height: r.height ?? pxToPt(info.height), lockAspectRatio: r.lockAspectRatio ?? true, altTextTitle: r.altTextTitle || "", altTextDescription: r.altText || "", hyperlink: "" } });
        } else {
          const f = { ...EMPTY_FMT };
          for (const [k, v] of [["bold", r.bold], ["italic", r.italic], ["underline", r.underline], ["name", r.fontName], ["size", r.fontSize], ["color", r.color], ["highlight", r.highlight], ["strikeThrough", r.strikeThrough], ["link", r.link]]) if (v !== undefined && v !== null) f[k] = v;
          if (f.link) f.charStyle = HYPERLINK_STYLE;
          units.push(...textUnits(r.text ?? "", f));
        }
      }
      const p = newParagraph(doc, { units, props: { style: b.style || (b.list ? "List Paragraph" : "Normal"), alignment: b.alignment ?? null, lineSpacing: b.lineSpacing ?? null, spaceBefore: b.spaceBefore ?? null, spaceAfter: b.spaceAfter ?? null } });
      if (b.list) {
        const kind = b.list.kind === "number" ? "Number" : "Bullet";
        if (!listsByKind[kind] || b.list.newList) listsByKind[kind] = newList(doc, kind);
        p.list = { listId: listsByKind[kind].id, level: b.list.level || 0 };
      } else for (const k of Object.keys(listsByKind)) delete listsByKind[k];
      return p;
    };
    const table = (b) => {
      const values = b.values || [[""]];
      const rows = b.rowCount || values.length;
      const cols = b.columnCount || Math.max(...values.map((r) => r.length));
      const t = { kind: "table", id: doc.nextId++, deleted: false, merges: (b.merges || []).map((m) => ({ ...m })), rows: [], props: { style: b.style || "Table Grid", headerRowCount: b.headerRowCount || 0, styleBandedRows: b.styleBandedRows ?? true, styleBandedColumns: b.styleBandedColumns ?? false, styleFirstColumn: b.styleFirstColumn ?? true, styleLastColumn: b.styleLastColumn ?? false, styleTotalRow: b.styleTotalRow ?? false, alignment: b.alignment || "Left", horizontalAlignment: "Left", verticalAlignment: "Top", width: cols * 100, shadingColor: null } };
      for (let r = 0; r < rows; r++) t.rows.push({ kind: "row", deleted: false, props: { preferredHeight: 0, shadingColor: null, horizontalAlignment: "Left", verticalAlignment: "Top" }, cells: Array.from({ length: cols }, (_, c) => newCell(doc, values[r]?.[c] ?? "")) });
      return t;
    };
    for (const b of blocks || []) doc.body.blocks.push(b.type === "table" ? table(b) : paragraph(b));
    const last = doc.body.blocks[doc.body.blocks.length - 1];
    if (!last || last.kind !== "paragraph") doc.body.blocks.push(newParagraph(doc));
    // Proxies onto the old content now point at deleted objects (ItemNotFound), not at garbage.
    const retire = (b) => { b.deleted = true; if (b.kind === "table") for (const row of b.rows) { row.deleted = true; for (const c of row.cells) { c.deleted = true; c.body.blocks.forEach(retire); } } };
    old.body.blocks.forEach(retire);
    doc.version = old.version + 1;
    doc.selectionVersion = old.selectionVersion + 1;
    state.doc = doc;
    notify();
  }

  /** Select the n-th (1-based) occurrence of text in the document. */
  function select(text, { occurrence = 1, matchCase = true } = {}) {
    const L = layout(state.doc);
    const hay = L.chars.map((c, i) => (c === "" ? PICTURE_CHAR : c)).join("");
    const h = matchCase ? hay : hay.toLowerCase();
    const needle = matchCase ? String(text) : String(text).toLowerCase();
    let at = -1;
    for (let n = 0; n < occurrence; n++) {
      at = h.indexOf(needle, at + 1);
      if (at < 0) throw new Error(`sim.select: occurrence ${occurrence} of ${JSON.stringify(text)} not found`);
    }
    setSelection({ start: at, end: at + needle.length });
    notify();
  }

  const personEdits = createPersonEdits(notify);
  const sim = {
    Word,
    Office,
    OfficeExtension,
    profile,
    apiSets: { ...apiSets.sets },
    get latencyMs() { return state.latencyMs; },
    set latencyMs(v) { state.latencyMs = Number(v) || 0; },
    /** context.sync() calls so far (Word.run's own final sync included). */
    get syncCount() { return state.syncs; },
    resetSyncCount() { state.syncs = 0; },
    /**
     * getReviewedText calls queued so far on Body, Range or Paragraph: the call scrolls Word's view to the changes
     * (office-js#3691), has frozen (#4302) and crashed (#6085) Word, so a test can assert a handler makes none.
     */
    get reviewedTextCalls() { return state.reviewedTextCalls; },
    /**
     * Operations queued on any request context and not yet synced: what a failed batch left behind, which
     * Word keeps in the context's pending request and runs with that context's next sync.
     * @returns {string[]} their locations, e.g. "Range.insertText"
     */
    leftoverOperations() {
      const found = [];
      for (const ref of [...state.contexts]) {
        const ctx = ref.deref();
        if (!ctx) state.contexts.delete(ref);
        else for (const op of ctx._queue) if (op.trace === undefined) found.push(op.location);
      }
      return found;
    },
    setText,
    load,
    /** The person deletes a table, content control, paragraph or range's text in Word (person-edits.js). */
    deleteInWord: personEdits.deleteInWord,
    /** Word no longer resolves a tracked object: its later uses fail their sync (person-edits.js). */
    loseTracked: personEdits.loseTracked,
    snapshot: () => snapshotDocument(state.doc),
    /** Plain text of the body: paragraphs joined by "\n". */
    text: () => layout(state.doc).paras.filter((i) => !i.cell).map((i) => spanText(state.doc, i.start, i.mark)).join("\n"),
    select,
    selectAll() { setSelection({ start: 0, end: layout(state.doc).length - 1 }); notify(); },
    collapse(toEnd = false) { const s = state.doc.selection; setSelection(toEnd ? { start: s.end } : { start: s.start }); notify(); },
    /** Set the selection by document positions. */
    setSelection(span) { setSelection(span); notify(); },
    getSelection: () => ({ start: state.doc.selection.start, end: state.doc.selection.end, text: spanText(state.doc, state.doc.selection.start, state.doc.selection.end) }),
    /** Subscribe to changes (document or selection); returns an unsubscribe function. */
    onChange(fn) { listeners.add(fn); return () => listeners.delete(fn); },
    /** HTML of the document with positions, for the playground. */
    render: () => renderDocumentHtml(state.doc),
    /** Map a DOM Selection inside rendered HTML to the sim selection; returns false when outside. */
    selectFromDom(selection) { const span = domSelectionToSpan(selection); if (!span) return false; setSelection(span); notify(); return true; },
    /** Number of live range anchors (tracked objects that follow edits). */
    get liveAnchors() { let n = state.doc.anchors.size; for (const s of state.doc.stories) n += s.anchors.size; return n; },
    get _model() { return state.doc; },
    /**
     * The task pane is closed and opened again on this document (a new webview): Office.context.document.settings
     * is read afresh from the document, so what the last load set and did not save (saveAsync) is gone.
     */
    reopenPane() { Office.context.document.settings = createSettings(documentSettings); },
    /** The add-in's settings saved in the document, as Office reads them. */
    savedSettings: () => Object.fromEntries([...documentSettings].map(([k, v]) => [k, JSON.parse(v)])),
  };
  return sim;
}

