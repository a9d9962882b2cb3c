// What identifies an op for the taskId checks (a repeat must be the same op with the same args): the op's
// name and a hash of each top-level arg's canonical JSON.

/** @typedef {import("./types.js").AiCommand} AiCommand */

/**
 * What identifies an op for the taskId cache: its name and a hash of each top-level arg's canonical JSON
 * (sorted keys), so big args (picture data) are not kept and the difference can be named.
 * @typedef {{ op: string, args: Map<string, string> }} Fingerprint
 */

/**
 * @param {AiCommand} cmd
 * @returns {Fingerprint}
 */
export function fingerprintOf(cmd) {
  const op = typeof cmd?.op?.op === "string" ? cmd.op.op : "unknown";
  const given = cmd?.op?.args;
  const args = new Map();
  if (typeof given === "object" && given !== null && !Array.isArray(given)) {
    for (const key of Object.keys(given).sort()) {
      if (given[key] !== undefined) args.set(key, hash(canonicalJson(given[key])));
    }
  } else if (given !== undefined) {
    args.set("", hash(canonicalJson(given)));
  }
  return { op, args };
}

/**
 * What differs between two fingerprints, in words, or "" when they are the same op.
 * @param {Fingerprint} before
 * @param {Fingerprint} now
 */
export function describeDifference(before, now) {
  if (before.op !== now.op) return `op "${before.op}", now "${now.op}"`;
  const names = new Set([...before.args.keys(), ...now.args.keys()]);
  const changed = [...names].filter((name) => before.args.get(name) !== now.args.get(name)).sort();
  if (changed.length === 0) return "";
  return `"${now.op}" with different args: ${changed.map((name) => (name ? `args.${name}` : "args")).join(", ")}`;
}

/**
 * JSON with object keys sorted at every level: equal values give equal text.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A 53-bit string hash (cyrb53): enough to tell args apart without keeping them.
 * @param {string} text
 */
export function hash(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
