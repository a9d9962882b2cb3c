// Font: the character formatting of its parent's span (Body, Range, Paragraph).
import { ClientObject, defineProxy } from "./runtime.js";
import { readFont, applyFmt } from "./model.js";
import { spanOf } from "./inline-ops.js";
import { parseColor } from "./colors.js";
import { isStr, isNum, invalid } from "./arg-checks.js";

const fontBool = (k) => ({ get(loc) { return this._read_(loc)[k]; }, put(v, loc) { if (typeof v !== "boolean") throw invalid(loc); this._apply(loc, { [k]: v }); } });
const UNDERLINES = ["None", "Single", "Word", "Double", "Dotted", "Hidden", "Thick", "DashLine", "DashLineHeavy", "DashLineLong", "DashLineLongHeavy", "DotDashLine", "DotDashLineHeavy", "TwoDotDashLine", "TwoDotDashLineHeavy", "DottedHeavy", "Wave", "WaveHeavy", "WaveDouble"];

/** Direct character formatting Font.reset removes (highlight is not part of it, as with Ctrl+Space in Word). */
const RESET_FONT = { bold: null, italic: null, underline: null, name: null, size: null, color: null, strikeThrough: null, doubleStrikeThrough: null, subscript: null, superscript: null };

export class Font extends ClientObject {
  /** Removes manual character formatting (WordApiDesktop 1.3); character styles stay. */
  reset() {
    this._api("reset");
    this._enqueue("Font.reset", () => this._apply("Font.reset", RESET_FONT));
  }
  _span(loc) {
    const o = this._target(loc);
    return spanOf(this._doc, o.kind, o.ref);
  }
  /** The span's font, read once for all the properties a load asks for (until the document changes). */
  _read_(loc) {
    const s = this._span(loc);
    const seen = this._lastRead;
    if (seen && seen.version === this._doc.version && seen.start === s.start && seen.end === s.end) return seen.font;
    const font = readFont(this._doc, s.start, s.end);
    this._lastRead = { version: this._doc.version, start: s.start, end: s.end, font };
    return font;
  }
  _apply(loc, patch) {
    const s = this._span(loc);
    applyFmt(this._doc, s.start, s.end, patch);
  }
}
defineProxy(Font, {
  name: "Font",
  sets: { reset: "D1.3" },
  props: {
    bold: fontBool("bold"),
    italic: fontBool("italic"),
    strikeThrough: fontBool("strikeThrough"),
    doubleStrikeThrough: fontBool("doubleStrikeThrough"),
    subscript: fontBool("subscript"),
    superscript: fontBool("superscript"),
    underline: { get(loc) { return this._read_(loc).underline ?? "Mixed"; }, put(v, loc) { if (!UNDERLINES.includes(v)) throw invalid(loc); this._apply(loc, { underline: v }); } },
    name: { get(loc) { return this._read_(loc).name; }, put(v, loc) { if (!isStr(v) || !v.trim()) throw invalid(loc); this._apply(loc, { name: v }); } },
    size: { get(loc) { return this._read_(loc).size; }, put(v, loc) { if (!isNum(v) || v < 1 || v > 1638) throw invalid(loc); this._apply(loc, { size: Math.round(v * 2) / 2 }); } },
    color: { get(loc) { return this._read_(loc).color; }, put(v, loc) { const c = parseColor(v); if (!c) throw invalid(loc); this._apply(loc, { color: c }); } },
    highlightColor: {
      get(loc) { return this._read_(loc).highlight; },
      put(v, loc) { if (v === null || v === "" || v === "None" || v === "NoHighlight") return this._apply(loc, { highlight: null }); const c = parseColor(v); if (!c) throw invalid(loc); this._apply(loc, { highlight: c }); },
    },
  },
});
