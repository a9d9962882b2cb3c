// Formatting in the model: effective font and paragraph formatting (direct > character style > paragraph
// style), applying a format patch to a span, reading a span's font, and the format new text inherits.
import { styleDefaults, characterStyleFont } from "./styles.js";
import { HYPERLINK_STYLE } from "./model-blocks.js";
import { bumpFormat } from "./model-version.js";
import { locate, parasInSpan, unitsInSpan } from "./layout.js";

const BASE_FONT = { bold: false, italic: false, underline: "None", highlight: null, strikeThrough: false, doubleStrikeThrough: false, subscript: false, superscript: false };

/** Formatting new text takes at a position: the character before it, else after, else the mark's. */
export function inheritedFmt(para, offset) {
  const u = para.units[offset - 1] || para.units[offset];
  return withoutLink(u && !u.pic && !u.note ? u.f : para.markFmt);
}

/** Text typed next to a hyperlink is not part of it (as in Word): no address, no Hyperlink style. */
export function withoutLink(f) {
  if (!f.link) return f;
  return { ...f, link: null, charStyle: f.charStyle === HYPERLINK_STYLE ? null : f.charStyle };
}

/** Effective font of a unit format inside a paragraph (direct > character style > paragraph style). */
export function effectiveFont(fmt, para) {
  const base = { ...BASE_FONT, ...styleDefaults(para.props.style).font, ...characterStyleFont(fmt.charStyle) };
  const out = {};
  for (const k of ["bold", "italic", "underline", "name", "size", "color", "highlight", "strikeThrough", "doubleStrikeThrough", "subscript", "superscript"]) out[k] = fmt[k] ?? base[k] ?? null;
  return out;
}

/** Effective paragraph formatting (direct > style). */
export function effectivePara(para) {
  const d = styleDefaults(para.props.style).para;
  return {
    alignment: para.props.alignment ?? d.alignment ?? "Left",
    lineSpacing: para.props.lineSpacing ?? d.lineSpacing ?? 12,
    spaceBefore: para.props.spaceBefore ?? d.spaceBefore ?? 0,
    spaceAfter: para.props.spaceAfter ?? d.spaceAfter ?? 0,
    leftIndent: para.props.leftIndent, rightIndent: para.props.rightIndent, firstLineIndent: para.props.firstLineIndent,
  };
}

/** Apply a format patch to [s, e); paragraphs wholly inside also get it on their mark. */
export function applyFmt(doc, s, e, patch) {
  for (const { info, unit, index } of unitsInSpan(doc, s, e)) info.para.units[index] = { ...unit, f: { ...unit.f, ...patch } };
  for (const info of parasInSpan(doc, s, e)) if (s <= info.start && info.mark <= e) info.para.markFmt = { ...info.para.markFmt, ...patch };
  bumpFormat(doc);
}

/** Read effective font values over [s, e): one value, or null when mixed (highlight: "" when mixed). */
export function readFont(doc, s, e) {
  let items = unitsInSpan(doc, s, e).filter((x) => !x.unit.pic);
  // Units inserted together share one format object: work each (format, paragraph) pair out once.
  const seen = new Map();
  const fontOf = (x) => {
    let byPara = seen.get(x.unit.f);
    if (!byPara) seen.set(x.unit.f, (byPara = new Map()));
    let font = byPara.get(x.info.para);
    if (!font) byPara.set(x.info.para, (font = effectiveFont(x.unit.f, x.info.para)));
    return font;
  };
  let fonts = [...new Set(items.map(fontOf))];
  if (!fonts.length) {
    const info = locate(doc, s);
    fonts = [effectiveFont(inheritedFmt(info.para, s - info.start), info.para)];
  }
  const out = {};
  for (const k of Object.keys(fonts[0])) {
    const v = fonts[0][k];
    out[k] = fonts.every((f) => f[k] === v) ? v : k === "highlight" ? "" : null;
  }
  return out;
}
