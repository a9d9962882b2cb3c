// render() builds the playground page's HTML from document content, which a model or a person can set
// to anything: no value may break out of an attribute, open an element, or add a CSS declaration
// (font names, colours, sizes, style names, alt text, list markers, picture formats, shapes, shading).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator, PNG_2x1 } from "./helpers.js";

const ATTRS = new Set(["data-pos", "data-para-start", "data-mark", "class", "style", "src", "width", "height", "alt", "title",
  "contenteditable", "data-style", "rowspan", "colspan", "data-wrap"]);
const TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "img", "sup", "br", "table", "tr", "td", "th", "div", "html", "body"]);
const CSS_PROPS = new Set(["font-weight", "font-style", "text-decoration", "font-family", "font-size", "color", "background-color", "background",
  "vertical-align", "text-align", "margin", "margin-left", "line-height", "text-indent", "padding-left", "left", "top", "width", "height"]);

const decode = (s) => s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#39;/g, "'").replace(/&amp;/g, "&");

/** Every tag of the HTML with its attributes (decoded); fails on anything that is not a well-formed, known tag. */
function tags(html) {
  const found = [];
  let rest = html;
  for (;;) {
    const lt = rest.indexOf("<");
    if (lt < 0) break;
    assert.ok(!rest.slice(0, lt).includes(">"), `a stray ">" in text: ${rest.slice(0, lt)}`);
    const m = /^<(\/?)([a-z0-9]+)((?:\s+[a-z-]+="[^"<>]*")*)\s*>/.exec(rest.slice(lt));
    assert.ok(m, `not a well-formed tag: ${rest.slice(lt, lt + 160)}`);
    assert.ok(TAGS.has(m[2]), `unexpected element <${m[2]}>`);
    const attrs = {};
    for (const a of m[3].matchAll(/([a-z-]+)="([^"]*)"/g)) {
      assert.ok(ATTRS.has(a[1]), `unexpected attribute ${a[1]} on <${m[2]}>`);
      attrs[a[1]] = decode(a[2]);
    }
    found.push({ tag: m[2], close: m[1] === "/", attrs });
    rest = rest.slice(lt + m[0].length);
  }
  return found;
}

/** Declarations of a style attribute: only known properties, no url(), quoted strings kept whole. */
function declarations(style) {
  const strings = [];
  const bare = style.replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, (s) => `\u0001${strings.push(s) - 1}\u0001`);
  assert.ok(!/["'\\]/.test(bare), `an unbalanced quote or escape in style: ${style}`);
  assert.ok(!/url\(|expression|@import/i.test(bare), `a resource or expression in style: ${style}`);
  return bare.split(";").filter(Boolean).map((d) => {
    const i = d.indexOf(":");
    const prop = d.slice(0, i).trim();
    assert.ok(CSS_PROPS.has(prop), `unexpected CSS property "${prop}" in: ${style}`);
    return [prop, d.slice(i + 1).replace(/\u0001(\d+)\u0001/g, (_, n) => strings[Number(n)])];
  });
}

function checkAll(html) {
  const all = tags(html);
  for (const t of all) if (t.attrs.style !== undefined) declarations(t.attrs.style);
  for (const t of all) if (t.attrs.src !== undefined) assert.match(t.attrs.src, /^data:image\/[a-z0-9+.-]+;base64,[A-Za-z0-9+/=]*$/);
  return all;
}

/** The CSS string of a font-family value, unescaped. */
function firstFamily(style) {
  const decl = declarations(style).find(([p]) => p === "font-family");
  const m = /^'((?:[^'\\]|\\.)*)'/.exec(decl[1]);
  return m[1].replace(/\\([0-9a-f]{1,6}) ?|\\(.)/gi, (_, hex, ch) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
}

const XSS_FONT = 'Calibri" onmouseover="window.__xss2=location.origin" x="';
const CSS_FONT = "Evil'; background:url(https://example.com/leak) ;x:'\\";

test("render: a font name set through the API stays inside the font-family value", async () => {
  for (const name of [XSS_FONT, CSS_FONT, "A</span><img src=x onerror=alert(1)>", "Line\nbreak"]) {
    const sim = createSimulator();
    sim.setText("Hello world");
    await sim.Word.run(async (ctx) => {
      ctx.document.body.font.name = name;
      await ctx.sync();
    });
    const html = sim.render();
    const spans = checkAll(html).filter((t) => t.tag === "span" && t.attrs["data-pos"] !== undefined && t.attrs.style);
    assert.ok(spans.length > 0, html);
    assert.equal(firstFamily(spans[0].attrs.style), name.replace(/\n/g, " "), html);
    assert.ok(html.includes(">Hello world</span>"), html);
  }
});

test("render: loaded values that Word would refuse still cannot leave their attribute", () => {
  const sim = createSimulator();
  const bad = '"><img src=x onerror=alert(1)>';
  sim.load([
    { type: "paragraph", style: `Normal${bad}`, text: "styled" },
    { type: "paragraph", spaceBefore: `0${bad}`, spaceAfter: "1;background:url(x)", lineSpacing: `x${bad}`, runs: [
      { text: `<b>${bad}</b>`, fontName: bad, fontSize: `12pt${bad}`, color: `red;background:url(https://example.com/)`, highlight: bad },
      { text: "link", link: `javascript:alert(1)${bad}` },
      { type: "picture", base64: PNG_2x1, width: `1${bad}`, height: 2, altText: bad },
    ] },
    { type: "paragraph", text: "item", list: { kind: "bullet", level: 0 } },
    { type: "table", values: [[bad, "b"]], headerRowCount: 1, style: `Grid${bad}`, merges: [{ row: 0, col: 0, rowSpan: `1${bad}`, colSpan: 2 }] },
  ]);
  const doc = sim._model;
  const para = doc.body.blocks[1];
  const pic = para.units.find((u) => u.pic).pic;
  pic.format = `png;base64,AAAA" onerror="alert(1)`;
  pic.base64 = `${PNG_2x1}${bad}`;
  para.props.leftIndent = `1${bad}`;
  para.props.firstLineIndent = `1;background:url(x)`;
  doc.body.blocks[3].rows[0].props.shadingColor = `red${bad}`;
  doc.body.blocks[3].rows[0].cells[1].props.shadingColor = `red;background:url(x)`;
  doc.shapes.push({ id: 99, type: "Picture", anchorPara: para, base64: bad, left: `0${bad}`, top: 0, width: 10, height: `1;background:url(x)`, altTextDescription: bad, textWrap: { type: bad, side: "Both" }, deleted: false });
  const html = sim.render();
  const all = checkAll(html);
  assert.ok(all.some((t) => t.tag === "img" && t.attrs.alt === bad), "the alt text is kept, escaped");
  assert.ok(html.includes("&lt;b&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/b&gt;"), "text is escaped");
  assert.ok(!all.some((t) => t.tag === "a"), "hyperlinks are not rendered as links");
});

test("render: getHtml of a range is escaped the same way", async () => {
  const sim = createSimulator();
  sim.setText("Hello world");
  const html = await sim.Word.run(async (ctx) => {
    ctx.document.body.font.name = XSS_FONT;
    const h = ctx.document.body.getRange("Whole").getHtml();
    await ctx.sync();
    return h.value;
  });
  checkAll(html);
});
