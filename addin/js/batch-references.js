// References between the ops of a batch: a string arg may hold "$<i>.<path>" (e.g. "tableId:$0.tableId"),
// replaced by that value of op i's result data before the op runs (batch.js). A list item is ".n" or "[n]":
// "$0.results[0].rangeId" is "$0.results.0.rangeId".
//
// Escape: "$$" where a reference could start is one literal "$", so "$$0.length" is the text "$0.length". In a
// run of dollar signs right before "<i>.<path>", each pair is one "$" and an odd one left over starts a
// reference ("$$$0.price" is "$" then op 0's price). A "$" anywhere else is plain text ("$$", "$5", "$$x" stay
// as they are). The server's batch.py reads strings by the same rule.

/**
 * A reference to an earlier op's result with the dollar signs right before it: group 1 the dollar signs (an odd
 * count: a reference; even: escaped text), 2 the op, 3 the path (the server's batch.py uses the same pattern).
 */
export const REFERENCE = /(\$+)(\d+)\.([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)/g;

/**
 * The references a string holds (escaped ones are text, not references).
 * @param {string} text
 * @returns {{ op: number, path: string, ref: string }[]}  `ref` as written, `path` as written
 */
export function referencesOf(text) {
  return [...text.matchAll(REFERENCE)]
    .filter(([, dollars]) => dollars.length % 2 === 1)
    .map(([, , op, path]) => ({ op: Number(op), path, ref: `$${op}.${path}` }));
}

/**
 * A reference's path with its "[n]" items written ".n" ("results[0].rangeId" → "results.0.rangeId").
 * @param {string} path
 * @returns {string}
 */
export function dotted(path) {
  return path.replace(/\[(\d+)\]/g, ".$1");
}

/**
 * The ops a value's references name.
 * @param {unknown} value
 * @returns {number[]}
 */
export function referencesIn(value) {
  if (typeof value === "string") return referencesOf(value).map((ref) => ref.op);
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(referencesIn);
  return [];
}

/**
 * A copy of `value` with every reference in its strings replaced by `lookup(op, path, reference, field)`, and
 * every escaped "$$" before one written as "$".
 * @param {unknown} value
 * @param {(op: number, path: string, ref: string, field: string) => unknown} lookup
 * @param {string} [field]
 * @returns {any}
 */
export function substitute(value, lookup, field = "args") {
  if (typeof value === "string") {
    return value.replace(REFERENCE, (_, /** @type {string} */ dollars, /** @type {string} */ op, /** @type {string} */ path) => {
      const text = "$".repeat(Math.floor(dollars.length / 2));
      if (dollars.length % 2 === 0) return `${text}${op}.${path}`;
      return text + String(lookup(Number(op), dotted(path), `$${op}.${path}`, field));
    });
  }
  if (Array.isArray(value)) return value.map((item, k) => substitute(item, lookup, `${field}[${k}]`));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, lookup, `${field}.${key}`)]));
  }
  return value;
}

/**
 * A copy of `value` with the escapes written as what they stand for and the references left as written (what a
 * dry run checks: it resolves no reference).
 * @param {unknown} value
 * @returns {any}
 */
export function withoutEscapes(value) {
  return substitute(value, (_op, _path, ref) => ref);
}

/**
 * Why a reference's path gives no single value in op `j`'s result data: the path is missing, or it names a list
 * or an object, which cannot go into a string (the message shows how to name one item).
 * @param {unknown} data
 * @param {string} written the path as the reference has it
 * @param {number} j
 * @returns {string}
 */
export function whyNoValue(data, written, j) {
  const path = dotted(written);
  /** @type {unknown} */
  let value = data;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return `op ${j}'s result has no ${path}`;
    value = /** @type {Record<string, unknown>} */ (value)[key];
  }
  if (Array.isArray(value)) {
    const first = value[0];
    const example = typeof first === "object" && first !== null ? Object.keys(first)[0] : undefined;
    return `${path} in op ${j}'s result is a list of ${value.length}, not one value: name an item, e.g. $${j}.${path}.0${example ? `.${example}` : ""}`;
  }
  if (typeof value === "object" && value !== null) {
    const key = Object.keys(value)[0];
    return `${path} in op ${j}'s result is an object, not one value${key ? `: name a field, e.g. $${j}.${path}.${key}` : ""}`;
  }
  return `${path} in op ${j}'s result is ${value === null ? "null" : "not a string, number or boolean"}`;
}

/**
 * The value at a path ("results.0.rangeId" or "results[0].rangeId"); objects and arrays are no value.
 * @param {unknown} data
 * @param {string} path
 * @returns {string | number | boolean | undefined}
 */
export function valueAt(data, path) {
  let value = data;
  for (const key of dotted(path).split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = /** @type {Record<string, unknown>} */ (value)[key];
  }
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : undefined;
}
