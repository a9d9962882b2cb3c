// Rendering the model to HTML (formatting visible; every text run carries its document position in
// data-pos so a DOM selection can be mapped back), and DOM selection -> document positions.
import { sectionsOf, storyText } from "./stories.js";
import { layout, effectiveFont, effectivePara } from "./model.js";
import { mergeAt } from "./tables-model.js";
import { listString } from "./lists-model.js";

// Document content is untrusted (a model or a person sets it) and this HTML goes into the playground
// page, the origin of /mcp and /rpc: every value is escaped where it lands. Text and attribute values go
// through esc (every attribute is written in double quotes); values inside a style attribute are
// first made valid CSS on their own: names as CSS strings, colours and numbers only when they are one.
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
/** A CSS string in single quotes: quotes and backslashes escaped, line breaks as spaces, other control characters dropped. */
const cssString = (s) => `'${String(s).replace(/[\\']/g, "\\$&").replace(/[\n\r\f\t]/g, " ").replace(/[\u0000-\u001f\u007f]/g, "")}'`;
/** A colour CSS can take as it is ("#RRGGBB" or a name), else null. */
const cssColor = (v) => (typeof v === "string" && (/^#[0-9a-f]{3,8}$/i.test(v) || /^[a-z]{1,30}$/i.test(v)) ? v : null);
/** A finite number, else null. */
const num = (v) => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** A data: URL for a picture: a format of letters only, base64 characters only. */
function imageSrc(format, base64) {
  const f = /^[a-z]{1,10}$/i.test(String(format)) ? String(format).toLowerCase() : "png";
  return `data:image/${f === "svg" ? "svg+xml" : f};base64,${String(base64 ?? "").replace(/[^A-Za-z0-9+/=]/g, "")}`;
}
/** A value in pt for a style attribute, 0 when it is not a number. */
const pt = (v) => `${num(v) ?? 0}pt`;
const ALIGN = { Left: "left", Centered: "center", Right: "right", Justified: "justify" };
const TAG = { Title: "h1", "Heading 1": "h1", "Heading 2": "h2", "Heading 3": "h3", "Heading 4": "h4", "Heading 5": "h5", "Heading 6": "h6" };
const UNDERLINE = { Single: "underline", Double: "underline double", Dotted: "underline dotted", Wave: "underline wavy", Thick: "underline", Word: "underline" };

function runStyle(f) {
  const css = [];
  if (f.bold) css.push("font-weight:bold");
  if (f.italic) css.push("font-style:italic");
  const deco = [UNDERLINE[f.underline] || "", f.strikeThrough || f.doubleStrikeThrough ? "line-through" : ""].filter(Boolean).join(" ");
  if (deco) css.push(`text-decoration:${deco}`);
  if (f.name) css.push(`font-family:${cssString(f.name)},Calibri,'Segoe UI',sans-serif`);
  if (num(f.size)) css.push(`font-size:${f.size}pt`);
  if (cssColor(f.color)) css.push(`color:${f.color}`);
  if (cssColor(f.highlight)) css.push(`background-color:${f.highlight}`);
  if (f.subscript) css.push("vertical-align:sub;font-size:smaller");
  if (f.superscript) css.push("vertical-align:super;font-size:smaller");
  return css.join(";");
}

/**
 * Two unit formats render alike: the same object, or the same direct values (the API gives every
 * character it formats its own format object, so identity alone split runs into single characters).
 * @param {Record<string, unknown>} a
 * @param {Record<string, unknown>} b
 */
function sameFmt(a, b) {
  if (a === b) return true;
  // for…in without arrays: this runs once per character of the document.
  for (const k in a) if (a[k] !== b[k]) return false;
  for (const k in b) if (!(k in a)) return false;
  return true;
}

/**
 * CSS of a format inside a paragraph, memoised per render: effectiveFont builds objects, and the
 * same few formats repeat over thousands of runs.
 * @param {Map<string, string>} cache
 */
function cachedRunStyle(cache, f, para) {
  const key = `${para.props.style}\u0000${JSON.stringify(f)}`;
  let css = cache.get(key);
  if (css === undefined) {
    css = esc(runStyle(effectiveFont(f, para)));
    cache.set(key, css);
  }
  return css;
}

/** A unit that renders as its own element (picture, line or page break, note mark), never inside a run. */
const isSpecial = (u) => Boolean(u.pic) || Boolean(u.note) || u.ch === "\v" || u.ch === "\f";

/**
 * End (exclusive offset) of the text run starting at offset k: same format, same comment coverage.
 * @param {{start: number, end: number}[]} comments comment spans touching this paragraph
 */
function runEnd(info, k, to, comments) {
  const units = info.para.units;
  const covered = (off) => comments.some((c) => info.start + off >= c.start && info.start + off < c.end);
  const commented = covered(k);
  let j = k + 1;
  while (j < to && !isSpecial(units[j]) && sameFmt(units[j].f, units[k].f) && (!comments.length || covered(j) === commented)) j++;
  return j;
}

/** One picture, line break or page break element. */
function specialHtml(u, attr) {
  if (u.pic) {
    const w = num(u.pic.width) ?? 0, h = num(u.pic.height) ?? 0;
    return `<img${attr} class="ws-picture" src="${esc(imageSrc(u.pic.format, u.pic.base64))}" width="${Math.round(w / 0.75)}" height="${Math.round(h / 0.75)}" alt="${esc(u.pic.altTextDescription || u.pic.altTextTitle || "")}" style="width:${w}pt;height:${h}pt">`;
  }
  if (u.note) return `<sup${attr} class="ws-note-ref" title="${esc(u.note.type)}">${u.note.type === "Footnote" ? "*" : "†"}</sup>`;
  return u.ch === "\v" ? `<br${attr}>` : `<span${attr} class="ws-page-break${u.section ? " ws-section-break" : ""}"></span>`;
}

/**
 * HTML of one paragraph's content between offsets [from, to): one span per run of equal
 * formatting, whose data-pos is the run's first position (selectFromDom adds the text offset).
 */
function paragraphInner(info, from, to, ctx) {
  const para = info.para;
  const comments = ctx.commentSpans.filter((c) => c.start < info.start + to && c.end > info.start + from);
  let html = "";
  let k = from;
  while (k < to) {
    const u = para.units[k];
    const attr = ctx.withPositions ? ` data-pos="${info.start + k}"` : "";
    if (isSpecial(u)) {
      html += specialHtml(u, attr);
      k++;
      continue;
    }
    const j = runEnd(info, k, to, comments);
    const commented = comments.some((c) => info.start + k >= c.start && info.start + k < c.end);
    let text = "";
    for (let i = k; i < j; i++) text += para.units[i].ch;
    const style = cachedRunStyle(ctx.styles, u.f, para);
    html += `<span${attr}${commented ? ' class="ws-comment"' : ""}${style ? ` style="${style}"` : ""}>${esc(text)}</span>`;
    k = j;
  }
  return html;
}

/**
 * Everything a render pass shares.
 * @typedef {{doc: any, L: any, commentSpans: {start: number, end: number}[], withPositions: boolean, styles: Map<string, string>}} RenderCtx
 */

/** @returns {RenderCtx} */
function renderCtx(doc, commentSpans, withPositions) {
  return { doc, L: layout(doc), commentSpans, withPositions, styles: new Map() };
}

/** @param {RenderCtx} ctx */
function paragraphHtml(info, ctx, from = 0, to = info.para.units.length) {
  const para = info.para;
  const p = effectivePara(para);
  const tag = TAG[para.props.style] || "p";
  const css = [`text-align:${ALIGN[p.alignment] || "left"}`, `margin:${pt(p.spaceBefore)} 0 ${pt(p.spaceAfter)} 0`, `line-height:${Math.max(1, (num(p.lineSpacing) ?? 12) / 12).toFixed(2)}`];
  if (num(p.leftIndent)) css.push(`margin-left:${p.leftIndent}pt`);
  if (num(p.firstLineIndent)) css.push(`text-indent:${p.firstLineIndent}pt`);
  let marker = "";
  if (para.list) {
    css.push(`padding-left:${18 + (num(para.list.level) ?? 0) * 18}pt`);
    marker = `<span class="ws-list-marker" contenteditable="false">${esc(listString(ctx.doc, para))}</span>`;
  }
  const cls = `ws-p ws-style-${String(para.props.style).replace(/[^A-Za-z0-9]+/g, "-")}`;
  const attr = ctx.withPositions ? ` data-para-start="${info.start}" data-mark="${info.mark}"` : "";
  const inner = paragraphInner(info, from, to, ctx) || (ctx.withPositions ? `<span data-pos="${info.start}"></span><br>` : "");
  return `<${tag} class="${cls}"${attr} style="${esc(css.join(";"))}">${marker}${inner}</${tag}>`;
}

/** @param {RenderCtx} ctx */
function tableHtml(t, ctx) {
  const cls = ["ws-table", `ws-tstyle-${String(t.props.style).replace(/[^A-Za-z0-9]+/g, "-")}`];
  if (t.props.styleBandedRows) cls.push("ws-banded-rows");
  if (t.props.styleBandedColumns) cls.push("ws-banded-cols");
  if (t.props.styleFirstColumn) cls.push("ws-first-col");
  if (t.props.styleLastColumn) cls.push("ws-last-col");
  if (t.props.styleTotalRow) cls.push("ws-total-row");
  let html = `<table class="${cls.join(" ")}" data-style="${esc(t.props.style)}">`;
  t.rows.forEach((row, r) => {
    const header = r < t.props.headerRowCount;
    html += `<tr${header ? ' class="ws-header-row"' : ""}>`;
    row.cells.forEach((cell, c) => {
      const m = mergeAt(t, r, c);
      if (m && (m.row !== r || m.col !== c)) return;
      const tag = header ? "th" : "td";
      const span = m ? `${num(m.rowSpan) > 1 ? ` rowspan="${m.rowSpan}"` : ""}${num(m.colSpan) > 1 ? ` colspan="${m.colSpan}"` : ""}` : "";
      const shade = cssColor(cell.props.shadingColor) ? ` style="background:${cell.props.shadingColor}"` : "";
      html += `<${tag}${span}${shade}>${blocksHtml(cell.body.blocks, ctx)}</${tag}>`;
    });
    html += "</tr>";
  });
  return html + "</table>";
}

/** @param {RenderCtx} ctx */
function blocksHtml(blocks, ctx) {
  return blocks.map((b) => (b.kind === "paragraph" ? paragraphHtml(ctx.L.paraInfo.get(b), ctx) : tableHtml(b, ctx))).join("");
}

/**
 * The whole document as HTML for the playground: positions in data-pos / data-para-start,
 * floating shapes after the body.
 */
export function renderDocumentHtml(doc) {
  const ctx = renderCtx(doc, doc.comments.map((c) => c.anchor), true);
  let html = blocksHtml(doc.body.blocks, ctx);
  // The first section's primary header and footer, as plain text outside the positioned runs (not selectable).
  const first = doc.stories?.size ? sectionsOf(doc)[0].data : null;
  const header = first?.headers.Primary, footer = first?.footers.Primary;
  if (header) html = `<div class="ws-header" contenteditable="false">${esc(storyText(header)).replace(/\n/g, "<br>")}</div>${html}`;
  if (footer) html += `<div class="ws-footer" contenteditable="false">${esc(storyText(footer)).replace(/\n/g, "<br>")}</div>`;
  for (const s of doc.shapes) html += `<img class="ws-shape" data-wrap="${esc(s.textWrap.type)}" src="${esc(imageSrc("png", s.base64))}" style="left:${pt(s.left)};top:${pt(s.top)};width:${pt(s.width)};height:${pt(s.height)}" alt="${esc(s.altTextDescription ?? "")}">`;
  return html;
}

/** getHtml(): HTML of [s, e) (paragraphs clipped to the span). */
export function renderSpanHtml(doc, s, e) {
  const ctx = renderCtx(doc, [], false);
  const parts = [];
  for (const info of ctx.L.paras) {
    if (!(info.start < Math.max(e, s + 1) && s <= info.mark)) continue;
    const from = Math.max(s, info.start) - info.start;
    const to = Math.min(e, info.mark) - info.start;
    parts.push(paragraphHtml(info, ctx, from, Math.max(from, to)));
  }
  return `<html><body>${parts.join("")}</body></html>`;
}

// ---------------------------------------------------------------- DOM selection -> positions

/**
 * Document span of a selection given as two run points: each is a run's first position (its
 * data-pos) plus a character offset inside the run. Anchor and focus may come in either order
 * (a backwards drag), so the span is ordered. Pure, so Node tests need no DOM.
 * @param {number} anchorPos @param {number} anchorOffset
 * @param {number} focusPos @param {number} focusOffset
 * @returns {{start: number, end: number}}
 */
export function spanFromRunPoints(anchorPos, anchorOffset, focusPos, focusOffset) {
  const a = anchorPos + anchorOffset;
  const b = focusPos + focusOffset;
  return { start: Math.min(a, b), end: Math.max(a, b) };
}

/** Characters before (node, offset) inside its parent: the browser may split a span's text node. */
function textOffsetInParent(node, offset) {
  let n = offset;
  for (let sib = node.previousSibling; sib; sib = sib.previousSibling) if (sib.nodeType === 3) n += sib.nodeValue?.length ?? 0;
  return n;
}

/**
 * A DOM point as a run point {pos, offset}: pos is the data-pos of the run (or picture) it is in,
 * offset the characters before it inside that run. Points between elements use the next element;
 * points in a paragraph outside any run (the list marker, the end) use its start or its mark.
 * @param {Node} node @param {number} offset
 * @returns {{pos: number, offset: number}|null}
 */
export function domPointToRunPoint(node, offset) {
  const isText = node.nodeType === 3;
  const el = /** @type {Element|null} */ (isText ? node.parentElement : node);
  const child = isText ? null : node.childNodes?.[offset];
  if (child && child.nodeType === 1) {
    const c = /** @type {Element} */ (child);
    const withPos = c.hasAttribute?.("data-pos") ? c : c.querySelector?.("[data-pos]");
    if (withPos) return { pos: Number(withPos.getAttribute("data-pos")), offset: 0 };
  }
  const run = el?.closest?.("[data-pos]");
  if (run) {
    const inRun = isText ? textOffsetInParent(node, offset) : run.tagName === "IMG" && offset > 0 ? 1 : 0;
    return { pos: Number(run.getAttribute("data-pos")), offset: inRun };
  }
  const para = el?.closest?.("[data-para-start]");
  if (para) return { pos: Number(para.getAttribute(offset > 0 ? "data-mark" : "data-para-start")), offset: 0 };
  return null;
}

/**
 * Map a DOM Selection inside the rendered document to {start, end} document positions.
 * @param {Selection} selection window.getSelection()
 * @returns {{start: number, end: number}|null}
 */
export function domSelectionToSpan(selection) {
  if (!selection || selection.rangeCount === 0 || !selection.anchorNode || !selection.focusNode) return null;
  const a = domPointToRunPoint(selection.anchorNode, selection.anchorOffset);
  const b = domPointToRunPoint(selection.focusNode, selection.focusOffset);
  if (!a || !b) return null;
  return spanFromRunPoints(a.pos, a.offset, b.pos, b.offset);
}
