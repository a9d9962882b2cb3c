// insertHtml: a small HTML reader for the basic tags (p, div, h1-h6, br, b/strong, i/em, u, s,
// span/font with inline style, ul/ol/li, sub/sup). Tables and images in HTML become their text.
import { EMPTY_FMT, textUnits } from "./model.js";
import { parseColor } from "./colors.js";

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };
const decode = (s) => s.replace(/&(#x?[0-9a-f]+|\w+);/gi, (m, e) => (e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()] ?? m));
const BLOCK = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "pre", "tr", "table", "ul", "ol"]);

function styleFmt(style) {
  const f = {};
  for (const decl of String(style || "").split(";")) {
    const [k, v] = decl.split(":").map((x) => x && x.trim().toLowerCase());
    if (!k || !v) continue;
    if (k === "font-weight") f.bold = v === "bold" || Number(v) >= 600;
    else if (k === "font-style") f.italic = v === "italic";
    else if (k === "text-decoration" && v.includes("underline")) f.underline = "Single";
    else if (k === "color") f.color = parseColor(v) ?? null;
    else if (k === "background-color" || k === "background") f.highlight = parseColor(v) ?? null;
    else if (k === "font-size" && /pt$/.test(v)) f.size = parseFloat(v);
    else if (k === "font-size" && /px$/.test(v)) f.size = parseFloat(v) * 0.75;
    else if (k === "font-family") f.name = v.split(",")[0].replace(/["']/g, "").replace(/\b\w/g, (c) => c.toUpperCase());
  }
  return f;
}

/**
 * Parse HTML into paragraph parts for insertPartsAt.
 * @param {string} html
 * @param {object} baseFmt formatting at the insertion point
 * @returns {{units: object[], props?: object, list?: string}[]}
 */
export function htmlToParts(html, baseFmt = EMPTY_FMT) {
  const parts = [{ units: [] }];
  const stack = [{ tag: "#root", fmt: baseFmt }];
  const cur = () => parts[parts.length - 1];
  const newPart = (props) => {
    if (cur().units.length || cur().props) parts.push({ units: [] });
    if (props) cur().props = props;
  };
  const re = /<!--[\s\S]*?-->|<\/?([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g;
  let m;
  while ((m = re.exec(String(html)))) {
    if (m[0].startsWith("<!--")) continue;
    if (m[3] !== undefined) {
      const text = decode(m[3].replace(/\s+/g, " "));
      if (text.trim() || cur().units.length) cur().units.push(...textUnits(text, stack[stack.length - 1].fmt));
      continue;
    }
    const tag = m[1].toLowerCase();
    const closing = m[0][1] === "/";
    if (tag === "br") { newPart(cur().props ? { ...cur().props } : undefined); continue; }
    if (closing) {
      const idx = stack.map((s) => s.tag).lastIndexOf(tag);
      if (idx > 0) stack.length = idx;
      if (tag === "td" || tag === "th") cur().units.push(...textUnits("\t", stack[stack.length - 1].fmt));
      continue;
    }
    const attrs = m[2] || "";
    const style = /style\s*=\s*"([^"]*)"|style\s*=\s*'([^']*)'/i.exec(attrs);
    const fmt = { ...stack[stack.length - 1].fmt, ...styleFmt(style && (style[1] || style[2])) };
    if (tag === "b" || tag === "strong") fmt.bold = true;
    if (tag === "i" || tag === "em") fmt.italic = true;
    if (tag === "u") fmt.underline = "Single";
    if (tag === "s" || tag === "strike" || tag === "del") fmt.strikeThrough = true;
    if (tag === "sub") fmt.subscript = true;
    if (tag === "sup") fmt.superscript = true;
    if (BLOCK.has(tag)) {
      const props = {};
      if (/^h[1-6]$/.test(tag)) props.style = "Heading " + tag[1];
      if (tag === "blockquote") props.style = "Quote";
      const align = /text-align\s*:\s*(\w+)/i.exec(attrs);
      if (align) props.alignment = { left: "Left", center: "Centered", right: "Right", justify: "Justified" }[align[1].toLowerCase()];
      if (tag === "li") props.list = stack.some((s) => s.tag === "ol") ? "Number" : "Bullet";
      if (tag !== "ul" && tag !== "ol" && tag !== "table") newPart(Object.keys(props).length ? props : undefined);
    }
    if (!/\/\s*$/.test(attrs) && !["img", "hr", "meta", "link", "input"].includes(tag)) stack.push({ tag, fmt });
  }
  while (parts.length > 1 && !parts[0].units.length && !parts[0].props) parts.shift();
  return parts;
}
