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

/**
 * Effective fonts worked out so far, by unit format and paragraph style: a format object is never changed in place
 * (an edit puts a new one) and the styles' fonts are fixed, so each pair is worked out once; reading the fonts of a
 * paragraph's hundreds of thousands of words (getTextRanges) then stays linear.
 * @type {WeakMap<object, Map<string | undefined, Record<string, unknown>>>}
 */
const FONTS = new WeakMap();

/** {@link effectiveFont}, once per (format, paragraph style). */
function knownFont(fmt, para) {
  let byStyle = FONTS.get(fmt);
  if (!byStyle) FONTS.set(fmt, (byStyle = new Map()));
  let font = byStyle.get(para.props.style);
  if (!font) byStyle.set(para.props.style, (font = effectiveFont(fmt, para)));
  return font;
}

/** Read effective font values over [s, e): one value, or null when mixed (highlight: "" when mixed). */
export function readFont(doc, s, e) {
  // Units inserted together share one format object: each distinct one is looked up once, without a list of units.
  const found = new Set();
  for (const info of parasInSpan(doc, s, e)) {
    const to = Math.min(e, info.mark) - info.start;
    let last = null;
    for (let k = Math.max(0, Math.max(s, info.start) - info.start); k < to; k++) {
      const unit = info.para.units[k];
      if (unit.pic || unit.f === last) continue;
      last = unit.f;
      found.add(knownFont(unit.f, info.para));
    }
  }
  let fonts = [...found];
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
