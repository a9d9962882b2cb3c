// Rendering the model to HTML (formatting visible; every text run carries its document position in
// data-pos so a DOM selection can be mapped back), and DOM selection -> document positions.
import { layout, effectiveFont, effectivePara } from "./model.js";
import { mergeAt } from "./tables-model.js";
import { listString } from "./lists-model.js";

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const ALIGN = { Left: "left", Centered: "center", Right: "right", Justified: "justify" };
const TAG = { Title: "h1", "Heading 1": "h1", "Heading 2": "h2", "Heading 3": "h3", "Heading 4": "h4", "Heading 5": "h5", "Heading 6": "h6" };
const UNDERLINE = { Single: "underline", Double: "underline double", Dotted: "underline dotted", Wave: "underline wavy", Thick: "underline", Word: "underline" };

function runStyle(f) {
  const css = [];
  if (f.bold) css.push("font-weight:bold");
  if (f.italic) css.push("font-style:italic");
  const deco = [UNDERLINE[f.underline] || "", f.strikeThrough || f.doubleStrikeThrough ? "line-through" : ""].filter(Boolean).join(" ");
  if (deco) css.push(`text-decoration:${deco}`);
  if (f.name) css.push(`font-family:'${f.name.replace(/'/g, "")}',Calibri,'Segoe UI',sans-serif`);
  if (f.size) css.push(`font-size:${f.size}pt`);
  if (f.color) css.push(`color:${f.color}`);
  if (f.highlight) css.push(`background-color:${f.highlight}`);
  if (f.subscript) css.push("vertical-align:sub;font-size:smaller");
  if (f.superscript) css.push("vertical-align:super;font-size:smaller");
  return css.join(";");
}

/** HTML of one paragraph's content between offsets [from, to). */
function paragraphInner(doc, info, from, to, commentSpans, withPositions) {
  const para = info.para;
  let html = "";
  let k = from;
  while (k < to) {
    const u = para.units[k];
    const pos = info.start + k;
    const attr = withPositions ? ` data-pos="${pos}"` : "";
    if (u.pic) {
      html += `<img${attr} class="ws-picture" src="data:image/${u.pic.format.toLowerCase()};base64,${esc(u.pic.base64)}" width="${Math.round(u.pic.width / 0.75)}" height="${Math.round(u.pic.height / 0.75)}" alt="${esc(u.pic.altTextDescription || u.pic.altTextTitle)}" style="width:${u.pic.width}pt;height:${u.pic.height}pt">`;
      k++;
      continue;
    }
    if (u.ch === "\v" || u.ch === "\f") {
      html += u.ch === "\v" ? `<br${attr}>` : `<span${attr} class="ws-page-break"></span>`;
      k++;
      continue;
    }
    // A run: same format object and the same comment coverage.
    const commented = commentSpans.some((c) => pos >= c.start && pos < c.end);
    let j = k + 1;
    while (j < to && para.units[j].f === u.f && !para.units[j].pic && para.units[j].ch !== "\v" && para.units[j].ch !== "\f" && commentSpans.some((c) => info.start + j >= c.start && info.start + j < c.end) === commented) j++;
    const text = para.units.slice(k, j).map((x) => x.ch).join("");
    const style = runStyle(effectiveFont(u.f, para));
    html += `<span${attr}${commented ? ' class="ws-comment"' : ""}${style ? ` style="${style}"` : ""}>${esc(text)}</span>`;
    k = j;
  }
  return html;
}

function paragraphHtml(doc, info, commentSpans, withPositions, from = 0, to = info.para.units.length) {
  const para = info.para;
  const p = effectivePara(para);
  const tag = TAG[para.props.style] || "p";
  const css = [`text-align:${ALIGN[p.alignment] || "left"}`, `margin:${p.spaceBefore}pt 0 ${p.spaceAfter}pt 0`, `line-height:${Math.max(1, p.lineSpacing / 12).toFixed(2)}`];
  if (p.leftIndent) css.push(`margin-left:${p.leftIndent}pt`);
  if (p.firstLineIndent) css.push(`text-indent:${p.firstLineIndent}pt`);
  let marker = "";
  if (para.list) {
    css.push(`padding-left:${18 + para.list.level * 18}pt`);
    marker = `<span class="ws-list-marker" contenteditable="false">${esc(listString(doc, para))}</span>`;
  }
  const cls = `ws-p ws-style-${para.props.style.replace(/[^A-Za-z0-9]+/g, "-")}`;
  const attr = withPositions ? ` data-para-start="${info.start}" data-mark="${info.mark}"` : "";
  const inner = paragraphInner(doc, info, from, to, commentSpans, withPositions) || (withPositions ? `<span data-pos="${info.start}"></span><br>` : "");
  return `<${tag} class="${cls}"${attr} style="${css.join(";")}">${marker}${inner}</${tag}>`;
}

function tableHtml(doc, t, L, commentSpans, withPositions) {
  const cls = ["ws-table", `ws-tstyle-${t.props.style.replace(/[^A-Za-z0-9]+/g, "-")}`];
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
      const span = m ? `${m.rowSpan > 1 ? ` rowspan="${m.rowSpan}"` : ""}${m.colSpan > 1 ? ` colspan="${m.colSpan}"` : ""}` : "";
      const shade = cell.props.shadingColor ? ` style="background:${cell.props.shadingColor}"` : "";
      html += `<${tag}${span}${shade}>${blocksHtml(doc, cell.body.blocks, L, commentSpans, withPositions)}</${tag}>`;
    });
    html += "</tr>";
  });
  return html + "</table>";
}

function blocksHtml(doc, blocks, L, commentSpans, withPositions) {
  return blocks.map((b) => (b.kind === "paragraph" ? paragraphHtml(doc, L.paraInfo.get(b), commentSpans, withPositions) : tableHtml(doc, b, L, commentSpans, withPositions))).join("");
}

/**
 * The whole document as HTML for the playground: positions in data-pos / data-para-start,
 * floating shapes after the body.
 */
export function renderDocumentHtml(doc) {
  const L = layout(doc);
  const comments = doc.comments.map((c) => c.anchor);
  let html = blocksHtml(doc, doc.body.blocks, L, comments, true);
  for (const s of doc.shapes) html += `<img class="ws-shape" data-wrap="${esc(s.textWrap.type)}" src="data:image/png;base64,${esc(s.base64)}" style="left:${s.left}pt;top:${s.top}pt;width:${s.width}pt;height:${s.height}pt" alt="${esc(s.altTextDescription)}">`;
  return html;
}

/** getHtml(): HTML of [s, e) (paragraphs clipped to the span). */
export function renderSpanHtml(doc, s, e) {
  const L = layout(doc);
  const parts = [];
  for (const info of L.paras) {
    if (!(info.start < Math.max(e, s + 1) && s <= info.mark)) continue;
    const from = Math.max(s, info.start) - info.start;
    const to = Math.min(e, info.mark) - info.start;
    parts.push(paragraphHtml(doc, info, [], false, from, Math.max(from, to)));
  }
  return `<html><body>${parts.join("")}</body></html>`;
}

/** Comment count per position is not needed by callers; positions of a DOM point instead. */
function domPointToPos(node, offset) {
  let el = node.nodeType === 3 ? node.parentElement : node;
  if (node.nodeType !== 3 && node.childNodes[offset]) {
    // Element boundary: use the child at the offset.
    const child = node.childNodes[offset];
    const withPos = child.nodeType === 1 ? (child.hasAttribute?.("data-pos") ? child : child.querySelector?.("[data-pos]")) : null;
    if (withPos) return Number(withPos.getAttribute("data-pos"));
  }
  const posEl = el?.closest?.("[data-pos]");
  if (posEl) return Number(posEl.getAttribute("data-pos")) + (node.nodeType === 3 ? offset : posEl.tagName === "IMG" && offset > 0 ? 1 : 0);
  const para = el?.closest?.("[data-para-start]");
  if (para) return offset > 0 ? Number(para.getAttribute("data-mark")) : Number(para.getAttribute("data-para-start"));
  return null;
}

/**
 * Map a DOM Selection inside the rendered document to {start, end} document positions.
 * @param {Selection} selection window.getSelection()
 * @returns {{start: number, end: number}|null}
 */
export function domSelectionToSpan(selection) {
  if (!selection || selection.rangeCount === 0) return null;
  const r = selection.getRangeAt(0);
  const a = domPointToPos(r.startContainer, r.startOffset);
  const b = domPointToPos(r.endContainer, r.endOffset);
  if (a === null || b === null) return null;
  return { start: Math.min(a, b), end: Math.max(a, b) };
}
