// dryRun: what an op would do, checked against the document without changing anything. The op's own checks of its
// args and of the host come first (op-checks.js): a dry run refuses what the op would refuse. One sync reads
// what the checks need: the targeted ranges and tables (ids must be known to the registry and their
// objects still valid in Word), table bounds (the same checks the table ops make), named styles (from
// document.getStyles where the host has it), the hits of a search to replace, and the targets that are no
// ranges (a comment, tracked changes, an anchor, sections), looked up by the op's own code. Nothing is
// written and no id is minted.

import { ANCHOR_LOOKUP, PaneError, officeCodeOf } from "./errors.js";
import { clip, headOf, queueExpectation, TARGET_FIELDS } from "./expect.js";
import { parseRef, resolveScope } from "./registry.js";
import { shownText } from "./shown-text.js";
import { DRY_RUNS as ANCHOR_DRY_RUNS } from "./handlers/anchor.js";
import { DRY_RUNS as COMMENT_DRY_RUNS } from "./handlers/comment.js";
import { DRY_RUNS as HEADER_FOOTER_DRY_RUNS } from "./handlers/header-footer.js";
import { DRY_RUNS as LINK_DRY_RUNS } from "./handlers/links.js";
import { DRY_RUNS as REVISION_DRY_RUNS } from "./handlers/revisions.js";
import { startSearch, wordSearch } from "./handlers/search.js";
import { formatArgs } from "./handlers/style.js";
import { findTextStyle } from "./handlers/style-names.js";
import { COLUMN_OPS, TABLE_CHECKS, queueTableLoad, tableLoadError } from "./handlers/table.js";
import { findTableStyle } from "./handlers/table-style.js";
import { checkOp, tableStyleChecks } from "./op-checks.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */

/** Strings longer than this are shortened in `wouldRun` (picture data, long texts). */
const LONG_STRING = 200;

/**
 * The dry run of an op whose target is no range or table, made by the op's own code: `plan` (after the op's
 * checks, op-checks.js) makes the lookup's own checks at once (throwing its error); the function it returns
 * queues the op's lookup (reads only); the function that one returns runs after the sync and throws the op's
 * error (E_NOT_FOUND for a target the document does not have) or gives the `targets` entries that describe what
 * was found. `plan`
 * returns undefined when these args need no lookup. `field` is the arg naming the target: one that refers
 * to an earlier op of a batch is not looked up.
 * @typedef {{ field: string, plan: (env: HandlerEnv) => (() => () => Record<string, unknown>) | undefined }} TargetLookup
 */

/** @type {Readonly<Record<string, TargetLookup>>} */
const TARGET_LOOKUPS = Object.freeze({
  ...COMMENT_DRY_RUNS, ...REVISION_DRY_RUNS, ...ANCHOR_DRY_RUNS, ...HEADER_FOOTER_DRY_RUNS, ...LINK_DRY_RUNS,
});

/**
 * @typedef {object} DryRunPlan
 * @property {boolean} reads  whether the plan queued reads (else no sync is needed)
 * @property {() => Record<string, any>} finish  after the sync: run the checks (throwing the op's error) and
 *   return `{dryRun: true, wouldRun: {op, args}, targets}`
 * @property {(err: unknown) => unknown} syncError  the op's error for a failed sync (a target gone from Word)
 */

/**
 * Queue the reads a dry run of `op` needs (not synced).
 * @param {string} op
 * @param {HandlerEnv} env  with the op's own args (no expectText, no dryRun)
 * @param {string | undefined} expectText
 * @param {(value: unknown) => string | undefined} [createdBy]  in a batch: "created by op <i>" for a value
 *   that refers to an earlier op's result (that target does not exist yet and is not resolved)
 * @returns {DryRunPlan}
 */
export function planDryRun(op, env, expectText, createdBy = () => undefined) {
  const { context, registry, args, supports } = env;
  /** @type {Record<string, any>} */
  const targets = {};
  /** @type {(() => void)[]} run after the sync, in order */
  const checks = [];
  let reads = false;

  // The op's own checks of its args and the host come first, as in the op: a refusal must leave nothing queued on
  // the shared context.
  const checked = /** @type {{ query?: import("./handlers/search.js").WordSearch } | undefined} */ (checkOp(op, env));
  const lookup = planTargetLookup(op, env, targets, createdBy);

  if (expectText !== undefined) {
    const made = TARGET_FIELDS.map((name) => createdBy(args[name])).find(Boolean);
    if (made) {
      targets.expectText = `not checked: the range is ${made}`;
    } else {
      const expectation = queueExpectation(registry, args, expectText, context, supports);
      reads = true;
      checks.push(() => expectation.check());
    }
  }

  for (const name of /** @type {const} */ (["scope", "target"])) {
    if (!readsArg(op, args, name)) continue;
    const value = args[name];
    // replace's target has no default: a missing one is refused as the op refuses it (resolveScope).
    if (value === undefined && !(name === "target" && op === "replace")) continue;
    const made = createdBy(value);
    if (made) {
      targets[name] = made;
    } else if (name === "target" && value === "searchQuery") {
      const hits = startSearch(env, checked?.query ?? wordSearch(env));
      hits.load("text");
      reads = true;
      checks.push(() => {
        const count = args.mode === "replaceFirst" ? Math.min(1, hits.items.length) : hits.items.length;
        targets.target = { kind: "searchQuery", hits: count };
      });
    } else {
      const resolved = resolveTarget(context, registry, value, `args.${name}`);
      reads ||= resolved.reads;
      checks.push(() => { targets[name] = resolved.describe(); });
    }
  }
  if (args.tableRef !== undefined) {
    const made = createdBy(args.tableRef);
    if (made) {
      targets.tableRef = made;
    } else {
      const queued = queueTableLoad(env, { uniformity: COLUMN_OPS.has(op) });
      reads = true;
      checks.push(() => {
        const loaded = queued.finish({ mint: false });
        TABLE_CHECKS[op]?.(args, loaded);
        targets.tableRef = { ...(loaded.tableId ? { tableId: loaded.tableId } : {}), rows: loaded.rows, cols: loaded.cols };
      });
    }
  }

  const style = styleToCheck(op, env);
  if (style) {
    if (style.builtIn) {
      targets[style.key] = { name: style.name, builtIn: style.builtIn };
    } else if (supports("WordApi", "1.5")) {
      const styles = context.document.getStyles();
      styles.load(["nameLocal", "type"]);
      reads = true;
      checks.push(() => { targets[style.key] = { name: style.find(styles) }; });
    } else {
      targets[style.key] = { name: style.name, checked: false };
      env.note("info", "This Word does not list its styles (WordApi 1.5): whether the style exists is known only when the op runs", style.field);
    }
  }

  // Queued last: nothing above may throw once it is queued.
  if (lookup) {
    const find = lookup();
    reads = true;
    checks.push(() => { Object.assign(targets, find()); });
  }

  return {
    reads,
    finish() {
      for (const check of checks) check();
      const shown = expectText === undefined ? args : { ...args, expectText };
      return { dryRun: true, wouldRun: { op, args: shorten(shown) }, targets };
    },
    syncError(err) {
      if (args.tableRef !== undefined && !createdBy(args.tableRef)) {
        const mapped = tableLoadError(err, args.tableRef);
        if (mapped !== err) return mapped;
      }
      const code = officeCodeOf(err);
      if (/** @type {{ debugInfo?: { errorLocation?: string } }} */ (err)?.debugInfo?.errorLocation === ANCHOR_LOOKUP) return err; // said by mapError
      if (code === "ItemNotFound" || code === "GeneralException" || code === "InvalidObjectPath") {
        const field = TARGET_FIELDS.find((name) => typeof args[name] === "string" && args[name].startsWith("rangeId:"));
        return new PaneError("E_NOT_FOUND", `A target of this op no longer exists in the document (${code})`, field ? `args.${field}` : undefined);
      }
      return err;
    },
  };
}

/**
 * The lookup of an op's target that is no range (see TargetLookup), its checks made: undefined when the op has
 * none, or when its target is made by an earlier op of the batch (then `targets` says so).
 * @param {string} op
 * @param {HandlerEnv} env
 * @param {Record<string, any>} targets
 * @param {(value: unknown) => string | undefined} createdBy
 * @returns {(() => () => Record<string, unknown>) | undefined}  queue → find
 */
function planTargetLookup(op, env, targets, createdBy) {
  const lookup = Object.hasOwn(TARGET_LOOKUPS, op) ? TARGET_LOOKUPS[op] : undefined;
  if (!lookup) return undefined;
  const value = env.args[lookup.field];
  const made = (Array.isArray(value) ? value : [value]).map(createdBy).find(Boolean);
  if (made) {
    targets[lookup.field] = made;
    return undefined;
  }
  return lookup.plan(env);
}

/**
 * Whether the op looks `scope` / `target` up, as a dry run must too: replace reads its scope only to search in
 * (target "searchQuery"); replacing a range, the selection or the document, it never does.
 * @param {string} op
 * @param {Record<string, any>} args
 * @param {"scope" | "target"} name
 */
function readsArg(op, args, name) {
  return !(op === "replace" && name === "scope" && args.target !== "searchQuery");
}

/**
 * dryRun of one op: at most one sync (none when nothing needs reading); Word.run's closing sync has nothing
 * to do.
 * @param {string} op
 * @param {HandlerEnv} env  with the op's own args
 * @param {string | undefined} expectText
 */
export async function dryRun(op, env, expectText) {
  const plan = planDryRun(op, env, expectText);
  if (plan.reads) {
    try {
      await env.sync();
    } catch (err) {
      throw plan.syncError(err);
    }
  }
  return plan.finish();
}

/**
 * A scope or target to resolve: the document, the selection (its text is read) or a tracked range.
 * @param {Word.RequestContext} context
 * @param {import("./registry.js").Registry} registry
 * @param {unknown} value
 * @param {string} field
 * @returns {{ reads: boolean, describe: () => Record<string, any> }}
 */
function resolveTarget(context, registry, value, field) {
  const target = resolveScope(context, registry, value, field);
  if (target.kind === "document") return { reads: false, describe: () => ({ kind: "document" }) };
  target.range.load("text");
  if (target.kind === "selection") return { reads: true, describe: () => ({ kind: "selection", text: clip(shownText(target.range.text)) }) };
  if (typeof value === "string" && value.startsWith("anchor:")) {
    return { reads: true, describe: () => ({ kind: "anchor", anchorId: value.slice(7), text: clip(shownText(target.range.text)) }) };
  }
  const { id } = parseRef(value, field);
  const whole = target.kind === "range" && target.paragraphs ? { wholeParagraphs: true } : {};
  return { reads: true, describe: () => ({ kind: id.startsWith("tbl_") ? "table" : "range", rangeId: id, text: clip(shownText(target.range.text)), ...whole }) };
}

/**
 * The style name an op would apply, if any: built-in names need no read; other names are looked up in the
 * document's styles (paragraph and character styles for applyStyle, table styles for table.applyStyle).
 * @param {string} op
 * @param {HandlerEnv} env
 * @returns {{ key: string, field: string, name: string, builtIn?: string, find: (styles: Word.StyleCollection) => string } | undefined}
 */
function styleToCheck(op, env) {
  if (op === "applyStyle") {
    const { namedStyle: name, builtIn } = formatArgs(env);
    if (name === undefined) return undefined;
    return { key: "namedStyle", field: "args.namedStyle", name, builtIn, find: (styles) => findTextStyle(name, styles, env.args.scope) };
  }
  if (op === "table.applyStyle") {
    const { name, builtIn } = tableStyleChecks(env);
    if (name === undefined) return undefined;
    return { key: "style", field: "args.style.name", name, builtIn, find: (styles) => findTableStyle(name, styles) };
  }
  return undefined;
}

/**
 * The args as `wouldRun` shows them: long strings (picture data) shortened.
 * @param {unknown} value
 * @returns {any}
 */
function shorten(value) {
  if (typeof value === "string") return value.length > LONG_STRING ? `${headOf(value, 40)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map(shorten);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}
