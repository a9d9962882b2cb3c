// References between the ops of a batch: a string arg may hold "$<i>.<path>" (e.g. "tableId:$0.tableId"),
// replaced by that value of op i's result data before the op runs (batch.js). A list item is ".n" or "[n]":
// "$0.results[0].rangeId" is "$0.results.0.rangeId".

/** A reference to an earlier op's result (the server's batch.py uses the same pattern). */
export const REFERENCE = /\$(\d+)\.([A-Za-z_]\w*(?:\.\w+|\[\d+\])*)/g;

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
  if (typeof value === "string") return [...value.matchAll(REFERENCE)].map((m) => Number(m[1]));
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(referencesIn);
  return [];
}

/**
 * A copy of `value` with every reference in its strings replaced by `lookup(op, path, reference, field)`.
 * @param {unknown} value
 * @param {(op: number, path: string, ref: string, field: string) => unknown} lookup
 * @param {string} [field]
 * @returns {any}
 */
export function substitute(value, lookup, field = "args") {
  if (typeof value === "string") {
    return value.replace(REFERENCE, (ref, op, path) => String(lookup(Number(op), dotted(path), ref, field)));
  }
  if (Array.isArray(value)) return value.map((item, k) => substitute(item, lookup, `${field}[${k}]`));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, lookup, `${field}.${key}`)]));
  }
  return value;
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
