// Parsing the four forms of load(): "a, b/c" strings, string arrays, {select, expand, top, skip},
// and strict nested objects ({text: true, font: {bold: true}}), into one tree.

/** @typedef {{scalars: Set<string>, children: Map<string, LoadTree>, all: boolean, top?: number, skip?: number}} LoadTree */

/** @returns {LoadTree} */
export function emptyTree(all = false) {
  return { scalars: new Set(), children: new Map(), all };
}

function addPath(tree, path) {
  const segs = String(path).split("/").map((s) => s.trim()).filter((s) => s && s !== "items");
  if (!segs.length) return;
  let node = tree;
  for (let i = 0; i < segs.length - 1; i++) {
    if (!node.children.has(segs[i])) node.children.set(segs[i], emptyTree());
    node = node.children.get(segs[i]);
  }
  node.scalars.add(segs[segs.length - 1]);
}

const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function strict(obj) {
  const tree = emptyTree();
  for (const [k, v] of Object.entries(obj)) {
    if (k === "$all") tree.all = !!v;
    else if (k === "$top") tree.top = v;
    else if (k === "$skip") tree.skip = v;
    else if (v === true) addPath(tree, k);
    else if (isPlainObject(v)) tree.children.set(k, strict(v));
  }
  if (!tree.scalars.size && !tree.children.size) tree.all = true;
  return tree;
}

/**
 * Normalise any load() argument to a tree; no argument means "all scalar properties".
 * @returns {LoadTree}
 */
export function parseLoadOption(option) {
  if (option === undefined || option === null || option === "") return emptyTree(true);
  if (typeof option === "string") {
    const tree = emptyTree();
    option.split(",").forEach((p) => addPath(tree, p));
    if (!tree.scalars.size && !tree.children.size) tree.all = true;
    return tree;
  }
  if (Array.isArray(option)) return parseLoadOption(option.join(","));
  if (isPlainObject(option)) {
    const keys = Object.keys(option);
    if (keys.some((k) => k === "select" || k === "expand" || k === "top" || k === "skip")) {
      const sel = option.select;
      const tree = sel ? parseLoadOption(Array.isArray(sel) ? sel.join(",") : sel) : emptyTree(true);
      const exp = option.expand;
      for (const p of exp ? (Array.isArray(exp) ? exp : String(exp).split(",")) : []) {
        const segs = String(p).split("/").map((s) => s.trim()).filter((s) => s && s !== "items");
        let node = tree;
        for (const s of segs) {
          if (!node.children.has(s)) node.children.set(s, emptyTree(true));
          node = node.children.get(s);
        }
        node.all = true;
      }
      if (option.top !== undefined) tree.top = option.top;
      if (option.skip !== undefined) tree.skip = option.skip;
      return tree;
    }
    return strict(option);
  }
  return emptyTree(true);
}
