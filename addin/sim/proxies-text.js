// Document, Body, Range, Paragraph, Font and their collections: importing this module registers their proxy
// classes. Each lives in its own module; this one keeps the exports other modules import from here.
import "./proxies-document.js";
import "./proxies-body.js";
import "./proxies-range.js";
import "./proxies-paragraph.js";
import "./proxies-font.js";

export { anchorOf } from "./text-methods.js";
export { applyStyle } from "./style-props.js";
export { Document, DocumentProperties } from "./proxies-document.js";
export { Body } from "./proxies-body.js";
export { Range, RangeCollection, ListRefCollection } from "./proxies-range.js";
export { Paragraph, ParagraphCollection } from "./proxies-paragraph.js";
export { Font } from "./proxies-font.js";
