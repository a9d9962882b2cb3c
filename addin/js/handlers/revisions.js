// trackChanges.set / get / list / accept / reject: Word's change-tracking mode (WordApi 1.4) and its
// tracked changes (WordApi 1.6). A changeId is derived from what the change is and its place among identical
// ones (change-ids.js): listing twice gives the same ids, an id names the same change after others were accepted
// or rejected by id, and a list of one range gives the ids the whole document's list gives; an id whose change
// cannot be told for certain any more is refused (E_NOT_FOUND), never applied to another change.

import { PaneError } from "../errors.js";
import { oneOf } from "../args.js";
import { clip } from "../expect.js";
import { shownText } from "../shown-text.js";
import { resolveScopeRange } from "../registry.js";
import { changeIds, decidedAlready, documentIdsOf, forgetGroupsOf, isoDate, numberChanges, rememberDecided } from "../change-ids.js";

export { changeIds, changeKey, documentIdsOf, isoDate } from "../change-ids.js";

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
 * E_UNSUPPORTED where the host has no change-tracking mode.
 * @param {HandlerEnv} env
 * @param {string} [field]
 */
const requireTrackingMode = (env, field) => requireWordApi(env, "1.4", "Change tracking (document.changeTrackingMode)", field);
/** @param {HandlerEnv} env  E_UNSUPPORTED where the host lists no tracked changes */
const requireTrackedChanges = (env) => requireWordApi(env, "1.6", "Tracked changes (getTrackedChanges)");

const CHANGE_FIELDS = "items/type,items/author,items/date,items/text";

/**
 * The document's tracked changes, loaded at the next sync.
 * @param {HandlerEnv} env
 */
function queueDocumentChanges(env) {
  requireTrackedChanges(env);
  return env.context.document.body.getTrackedChanges().load(CHANGE_FIELDS);
}

/**
 * The tracked changes of a scope other than the document, loaded at the next sync, and with `counted` where the
 * scope lies against the document body: a scope in a header, footer, note or comment is "Unrelated" (Word has no
 * range from the body's start to it: Range.expandTo would throw ItemNotFound).
 * @param {HandlerEnv} env
 * @param {string} scope
 * @param {boolean} counted
 */
function queueScopeChanges(env, scope, counted) {
  requireTrackedChanges(env);
  const range = resolveScopeRange(env.context, env.registry, scope);
  const changes = range.getTrackedChanges().load(CHANGE_FIELDS);
  const relation = counted ? range.compareLocationWith(env.context.document.body.getRange("Whole")) : undefined;
  return { range, changes, relation };
}

/**
 * Queue, for the closing sync, the changes from the document's start to `range`'s start: how many come before it.
 * @param {HandlerEnv} env
 * @param {Word.Range} range  a range in the document body
 */
function queueChangesBefore(env, range) {
  return env.context.document.body.getRange("Start").expandTo(range.getRange("Start")).getTrackedChanges().load("items/type");
}

/**
 * trackChanges.set's checks before it touches Word: the mode and the host.
 * @param {HandlerEnv} env
 */
function setArgs(env) {
  const mode = oneOf(env.args, "mode", Object.keys(MODES), undefined);
  requireTrackingMode(env, "args.mode");
  return { mode };
}

/**
 * trackChanges.set {mode}: one sync reads the previous mode with the change.
 * @param {HandlerEnv} env
 */
export async function setMode(env) {
  const { mode } = setArgs(env);
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
  requireTrackingMode(env);
  const doc = env.context.document;
  doc.load("changeTrackingMode");
  await env.sync();
  return { mode: modeName(doc.changeTrackingMode) };
}
getMode.firstSync = /** @type {const} */ ("read");

/**
 * trackChanges.list {scope?}: `{changes: [{changeId, type, author, date, text}]}` in document order. A scope's
 * changes carry the ids the document's list gives them (see documentIdsOf; where they cannot be told apart the
 * changeId is left out, with a warning).
 * @param {HandlerEnv} env
 */
export async function list(env) {
  const scope = env.args.scope ?? "document";
  // The scope first: an unknown id throws before anything is queued.
  const scoped = scope === "document" ? undefined : queueScopeChanges(env, scope, true);
  const all = queueDocumentChanges(env);
  await env.sync();
  const items = scoped ? scoped.changes.items : all.items;
  const changes = items.map((change) => ({
    type: String(change.type).toLowerCase(), author: change.author, date: isoDate(change.date), text: shownText(change.text),
  }));
  /** @param {(string | undefined)[]} ids */
  const name = (ids) => changes.map((change, i) => (ids[i] ? { changeId: ids[i], ...change } : change));
  if (!scoped) return { changes: name(changeIds(items)) };
  if (scoped.relation?.value === "Unrelated") {
    if (items.length) {
      env.note("warn", "The scope is outside the document body (a header, footer, note or comment): its changes have no changeId; accept or reject them with this scope and all: true", "args.scope");
    }
    return { changes };
  }
  // The changes before the scope come with Word.run's closing sync; the ids follow from them.
  const before = queueChangesBefore(env, scoped.range);
  const data = { changes };
  env.afterSync(() => {
    const ids = documentIdsOf(all.items, before.items.length, items);
    if (ids.some((id) => id === undefined)) {
      env.note("warn", "Identical tracked changes on both sides of the scope's start: their changeIds are left out here; list the whole document (no scope) for them", "args.scope");
    }
    data.changes = name(ids);
  });
  return data;
}
list.firstSync = /** @type {const} */ ("read");

/**
 * @typedef {import("../change-ids.js").Numbered} Numbered
 * @typedef {{ changes: Word.TrackedChangeCollection, all: true, whole: boolean } | { changes: Word.TrackedChangeCollection,
 *   all: false, wanted: string[], positions: number[], picked: Numbered[] }} Decision  every change of `changes`
 *   (`whole`: they are the document's), or those at `positions` (`picked`: with their ids)
 */

/**
 * The lookup accept and reject make (dryRun makes it too): the host checked at once, then (`queue`) the changes
 * read for the next sync (the document's; with all: true, the scope's), then (`find`) what to decide: all of
 * them, or the changes with the ids asked for (E_NOT_FOUND for an id the document does not have). changeIds are
 * the document's (as every list gives them), so they are looked up in the whole document; `scope` narrows
 * `all: true`.
 * @param {HandlerEnv} env
 * @returns {() => () => Decision}  queue → find
 */
function decisionLookup(env) {
  requireTrackedChanges(env);
  const scope = env.args.scope ?? "document";
  const all = env.args.all === true;
  return () => {
    const whole = !all || scope === "document";
    const where = whole ? env.context.document.body : resolveScopeRange(env.context, env.registry, scope);
    const changes = where.getTrackedChanges().load(CHANGE_FIELDS);
    return () => {
      if (all) return { changes, all, whole };
      if (scope !== "document") {
        env.note("info", "changeIds name changes anywhere in the document: scope only narrows all: true", "args.scope");
      }
      const wanted = [...new Set(Array.isArray(env.args.changeIds) ? env.args.changeIds.map(String) : [])];
      const numbered = numberChanges(changes.items);
      const ids = numbered.map((change) => change.id);
      const missing = wanted.filter((id) => !ids.includes(id));
      if (missing.length) throw notFound(env, missing);
      const positions = wanted.map((id) => ids.indexOf(id));
      return { changes, all, wanted, positions, picked: positions.map((position) => numbered[position]) };
    };
  };
}

/**
 * E_NOT_FOUND for ids the document's changes do not have now: decided already by this pane, or the changes moved.
 * @param {HandlerEnv} env
 * @param {string[]} missing
 */
function notFound(env, missing) {
  const named = missing.map((id) => {
    const why = decidedAlready(env.context, id);
    return why ? `"${id}" (${why})` : `"${id}"`;
  });
  const moved = missing.some((id) => !decidedAlready(env.context, id))
    ? ": the tracked changes moved since they were listed (accepted, rejected or made in Word, or before the pane was reloaded), so an id from that list no longer names one change for certain; list them again with trackChanges.list"
    : " (list them again with trackChanges.list)";
  return new PaneError("E_NOT_FOUND", `No tracked change ${named.join(", ")} in the document${moved}`, "args.changeIds");
}

/**
 * accept / reject `{changeIds | all: true, scope?}`: one sync reads the changes (unknown ids are E_NOT_FOUND
 * before anything changes, see decisionLookup), the closing sync applies them.
 * @param {boolean} accept
 */
function decide(accept) {
  /** @param {HandlerEnv} env */
  const handler = async (env) => {
    const find = decisionLookup(env)();
    await env.sync();
    const decision = find();
    const key = accept ? "accepted" : "rejected";
    const { changes } = decision;
    if (decision.all) {
      if (accept) changes.acceptAll();
      else changes.rejectAll();
      // The ids of the document's changes are known, not those of a scope's (see forgetGroupsOf).
      const numbered = decision.whole ? numberChanges(changes.items) : [];
      env.afterSync(() => {
        if (decision.whole) rememberDecided(env.context, numbered, key);
        else forgetGroupsOf(env.context, changes.items);
      });
      return { [key]: changes.items.length };
    }
    // Last in the document first. A TrackedChange has no id, so Office.js addresses a loaded item by its index in
    // the collection; if Word resolves those indexes as the request runs, each accept or reject leaves the indexes
    // before it unchanged, so none names another change.
    for (const position of [...decision.positions].sort((a, b) => b - a)) {
      const change = changes.items[position];
      if (accept) change.accept();
      else change.reject();
    }
    // Once Word applied them: the others of their groups keep their numbers (see change-ids.js).
    env.afterSync(() => rememberDecided(env.context, decision.picked, key));
    return { [key]: decision.wanted.length, changeIds: decision.wanted };
  };
  handler.firstSync = /** @type {const} */ ("read");
  return handler;
}

export const accept = decide(true);
export const reject = decide(false);

/**
 * The dry run of accept and reject: the changes they would decide, looked up as they look them up.
 * @type {import("../dry-run.js").TargetLookup}
 */
const decisionDryRun = {
  field: "changeIds",
  plan(env) {
    const queue = decisionLookup(env);
    return () => {
      const find = queue();
      return () => {
        const decision = find();
        if (decision.all) return { all: { changes: decision.changes.items.length } };
        const described = decision.positions.map((position, k) => {
          const change = decision.changes.items[position];
          return { changeId: decision.wanted[k], type: String(change.type).toLowerCase(), text: clip(shownText(change.text)) };
        });
        return { changeIds: described };
      };
    };
  },
};

/** The dry runs of accept and reject, by op. */
export const DRY_RUNS = { "trackChanges.accept": decisionDryRun, "trackChanges.reject": decisionDryRun };

/**
 * Each op's checks of the host and its args, made before it touches Word, by op: a dry run makes them too
 * (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = {
  "trackChanges.set": setArgs,
  "trackChanges.get": (env) => requireTrackingMode(env),
  "trackChanges.list": requireTrackedChanges,
  "trackChanges.accept": requireTrackedChanges,
  "trackChanges.reject": requireTrackedChanges,
};
