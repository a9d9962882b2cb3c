// The style and styleBuiltIn properties of Body, Range and Paragraph, and applying a named style to a span.
import { wordError } from "./errors.js";
import { parasInSpan, forEachUnit, applyFmt, bumpFormat } from "./model.js";
import { spanOf } from "./inline-ops.js";
import { LIST_STYLES, DEFAULT_CHARACTER_STYLE } from "./styles.js";
import { joinOrStartList } from "./lists-model.js";
import { isStr, invalid } from "./arg-checks.js";

/** Style name of a span: the common character style, else the first paragraph's style. */
function readStyle(doc, span) {
  // Scanned one unit at a time, stopping at the first without it: a paragraph of millions of characters is cheap.
  let cs = null;
  const mixed = forEachUnit(doc, span.start, span.end, (unit) => {
    const own = unit.f.charStyle;
    if (!own || (cs !== null && own !== cs)) return true;
    cs = own;
    return false;
  });
  if (mixed) cs = null;
  return cs || parasInSpan(doc, span.start, span.end)[0].para.props.style;
}

/** Apply a named style to a span: paragraph styles to its paragraphs, character styles to its text. */
export function applyStyle(doc, span, style, loc) {
  if (!style) throw wordError("ItemNotFound", loc);
  if (style.type === "Character") applyFmt(doc, span.start, span.end, { charStyle: style.builtIn && style.nameLocal === DEFAULT_CHARACTER_STYLE ? null : style.nameLocal });
  else if (style.type === "Paragraph") {
    for (const info of parasInSpan(doc, span.start, span.end)) {
      info.para.props = { ...info.para.props, style: style.nameLocal, alignment: null, lineSpacing: null, spaceBefore: null, spaceAfter: null };
      const listType = LIST_STYLES[style.nameLocal];
      if (listType && !info.para.list) joinOrStartList(doc, info.para, listType);
    }
    // Paragraph styles move no text: keep the layout (applyStyle on many ranges).
    bumpFormat(doc);
  } else throw invalid(loc);
}

/** The style and styleBuiltIn property specs of a text-holding object of `kind`. */
export function styleProps(kind) {
  return {
    style: {
      get(loc) { return readStyle(this._doc, spanOf(this._doc, kind, this._target(loc))); },
      put(v, loc) { if (!isStr(v)) throw invalid(loc); applyStyle(this._doc, spanOf(this._doc, kind, this._target(loc)), this._doc.styles.find(v), loc); },
    },
    styleBuiltIn: {
      set: "1.3",
      get(loc) { const s = this._doc.styles.find(readStyle(this._doc, spanOf(this._doc, kind, this._target(loc)))); return s?.builtInKey || "Other"; },
      put(v, loc) { if (!isStr(v) || v === "Other") throw invalid(loc); const s = this._doc.styles.findBuiltIn(v); if (!s) throw invalid(loc); applyStyle(this._doc, spanOf(this._doc, kind, this._target(loc)), s, loc); },
    },
  };
}

