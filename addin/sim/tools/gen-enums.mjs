// Regenerates ../enums.js from @types/office-js: `node addin/sim/tools/gen-enums.mjs`.
import fs from "node:fs";
const src = fs.readFileSync(new URL("../../node_modules/@types/office-js/index.d.ts", import.meta.url), "utf8").split("\n");
function grab(from, to, names) {
  const out = {};
  let cur = null;
  for (let i = from; i < to; i++) {
    const l = src[i];
    let m = l.match(/^    enum (\w+) \{/);
    if (m) { cur = names.includes(m[1]) ? (out[m[1]] = {}) : null; continue; }
    if (cur && /^    \}/.test(l)) { cur = null; continue; }
    if (cur) { m = l.match(/^\s+(\w+) = "([^"]*)",?/); if (m) cur[m[1]] = m[2]; }
  }
  return out;
}
const start = src.findIndex((l) => l.startsWith("declare namespace Word {"));
const end = src.findIndex((l, i) => i > start && l.startsWith("declare namespace Word {"));
const word = grab(start, end, ["ChangeTrackingMode","UnderlineType","BreakType","InsertLocation","Alignment","HeaderFooterType","SelectionMode","ImageFormat","RangeLocation","LocationRelation","BorderLocation","VerticalAlignment","ListLevelType","ListBullet","ListNumbering","BuiltInStyleName","StyleType","ShapeTextWrapType","ShapeType","ErrorCodes","TrackedChangeType","CellPaddingLocation","BodyType","OutlineLevel"]);
const office = {};
// The Word namespace is the first "declare namespace Word" block: find it instead of hard-coding lines.
let js = "// Generated from @types/office-js (index.d.ts) enum declarations: the string values Office.js uses.\n// Keys as in Office.js (Word.InsertLocation.end === 'End'). Regenerate rather than edit by hand.\n\n";
for (const [k,v] of Object.entries(word)) js += `/** Word.${k} */\nexport const ${k} = Object.freeze(${JSON.stringify(v, null, 2)});\n\n`;
for (const [k,v] of Object.entries(office)) js += `/** Office.${k} */\nexport const Office${k} = Object.freeze(${JSON.stringify(v, null, 2)});\n\n`;
fs.writeFileSync(new URL("../enums.js", import.meta.url), js);
console.log(Object.keys(word), Object.keys(office), Object.keys(word.BuiltInStyleName).length);
