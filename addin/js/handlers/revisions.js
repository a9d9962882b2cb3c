// trackChanges.set / get / list / accept / reject: Word's change-tracking mode (WordApi 1.4) and its
// tracked changes (WordApi 1.6). Office.js gives a TrackedChange no id, so a changeId is derived from what
// the change is (type, author, date, text) plus its occurrence among identical ones: listing twice gives
// the same ids, and an id still finds its change after other edits.

import { PaneError } from "../errors.js";
import { oneOf } from "../args.js";
import { resolveScopeRange } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** Our mode names ↔ Word.ChangeTrackingMode. */
export const MODES = /** @type {const} */ ({ off: "Off", all: "TrackAll", mine: "TrackMineOnly" });

/** @param {string} word  a Word.ChangeTrackingMode value */
function modeName(word) {
  const found = Object.entries(MODES).find(([, value]) => value === word);
  return found ? found[0] : String(word).toLowerCase();
}

/**
 * E_UNSUPPORTED naming the set, where the host lacks it.
 * @param {HandlerEnv} env
 * @param {"1.4" | "1.6"} version
 * @param {string} what
 * @param {string} [field]
 */
export function requireWordApi(env, version, what, field) {
  if (!env.supports("WordApi", version)) {
    throw new PaneError("E_UNSUPPORTED", `${what} needs WordApi ${version}, which this Word does not support`, field);
  }
}

/**
 * The tracked changes in the scope (the whole body by default), loaded at the next sync.
 * @param {HandlerEnv} env
 */
function queueChanges(env) {
  requireWordApi(env, "1.6", "Tracked changes (getTrackedChanges)");
  const scope = env.args.scope ?? "document";
  const changes = scope === "document"
    ? env.context.document.body.getTrackedChanges()
    : resolveScopeRange(env.context, env.registry, scope).getTrackedChanges();
  changes.load("items/type,items/author,items/date,items/text");
  return changes;
}

/**
 * Ids for loaded changes: a hash of type, author, date and text, then the occurrence among equal ones.
 * @param {Word.TrackedChange[]} items
 */
export function changeIds(items) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  return items.map((change) => {
    const key = hash(`${change.type}|${change.author}|${isoDate(change.date)}|${change.text}`);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `chg_${key}_${n}`;
  });
}

/** @param {unknown} date  a Date (Office.js) or a JSON date string */
export function isoDate(date) {
  const value = date instanceof Date ? date : new Date(String(date));
  return Number.isNaN(value.getTime()) ? String(date ?? "") : value.toISOString();
}

/** @param {string} text  a short stable hash (FNV-1a, base 36) */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * trackChanges.set {mode}: one sync reads the previous mode with the change.
 * @param {HandlerEnv} env
 */
export async function setMode(env) {
  const mode = oneOf(env.args, "mode", Object.keys(MODES), undefined);
  requireWordApi(env, "1.4", "Change tracking (document.changeTrackingMode)", "args.mode");
  const doc = env.context.document;
  doc.load("changeTrackingMode");
  doc.changeTrackingMode = /** @type {Word.ChangeTrackingMode} */ (MODES[/** @type {keyof typeof MODES} */ (mode)]);
  await env.sync();
  return { mode, previousMode: modeName(doc.changeTrackingMode) };
}
setMode.firstSync = /** @type {const} */ ("write");

/**
 * trackChanges.get: the current mode.
 * @param {HandlerEnv} env
 */
export async function getMode(env) {
  requireWordApi(env, "1.4", "Change tracking (document.changeTrackingMode)");
  const doc = env.context.document;
  doc.load("changeTrackingMode");
  await env.sync();
  return { mode: modeName(doc.changeTrackingMode) };
}
getMode.firstSync = /** @type {const} */ ("read");

/**
 * trackChanges.list {scope?}: `{changes: [{changeId, type, author, date, text}]}` in document order.
 * @param {HandlerEnv} env
 */
export async function list(env) {
  const changes = queueChanges(env);
  await env.sync();
  const ids = changeIds(changes.items);
  return {
    changes: changes.items.map((change, i) => ({
      changeId: ids[i], type: String(change.type).toLowerCase(), author: change.author, date: isoDate(change.date), text: change.text,
    })),
  };
}
list.firstSync = /** @type {const} */ ("read");

/**
 * accept / reject `{changeIds | all: true, scope?}`: one sync reads the changes (unknown ids are E_NOT_FOUND
 * before anything changes), the closing sync applies them.
 * @param {boolean} accept
 */
function decide(accept) {
  /** @param {HandlerEnv} env */
  const handler = async (env) => {
    const changes = queueChanges(env);
    await env.sync();
    const key = accept ? "accepted" : "rejected";
    if (env.args.all === true) {
      if (accept) changes.acceptAll();
      else changes.rejectAll();
      return { [key]: changes.items.length };
    }
    const wanted = Array.isArray(env.args.changeIds) ? env.args.changeIds.map(String) : [];
    const ids = changeIds(changes.items);
    const missing = wanted.filter((id) => !ids.includes(id));
    if (missing.length) {
      throw new PaneError("E_NOT_FOUND", `No tracked change ${missing.map((id) => `"${id}"`).join(", ")} in the scope (list them again with trackChanges.list)`, "args.changeIds");
    }
    for (const id of wanted) {
      const change = changes.items[ids.indexOf(id)];
      if (accept) change.accept();
      else change.reject();
    }
    return { [key]: wanted.length, changeIds: wanted };
  };
  handler.firstSync = /** @type {const} */ ("read");
  return handler;
}

export const accept = decide(true);
export const reject = decide(false);
