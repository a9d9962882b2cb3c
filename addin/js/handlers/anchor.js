// anchor.create / list / remove: an anchor is a content control (WordApi 1.1) tagged "wordbridge:<anchorId>".
// The tag is stored in the document, so `anchor:<id>` scopes (registry.js) outlive the pane, a reload of the
// document and a restart of the server, unlike rangeIds.

import { PaneError } from "../errors.js";
import { bool, str } from "../args.js";
import { clip } from "../expect.js";
import { ANCHOR_TAG_PREFIX, TABLE_ANCHOR_PREFIX, resolveScope } from "../registry.js";
import { anchorIdPrefix } from "../scopes.js";
import { shownText } from "../shown-text.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * @param {string} prefix  `anc_`, or {@link TABLE_ANCHOR_PREFIX} for an anchor around a whole table
 * @returns {string} the prefix and 10 random base-36 characters: unique enough within one document
 */
function newAnchorId(prefix) {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}${Array.from(bytes, (b) => (b % 36).toString(36)).join("")}`;
}

/**
 * @param {HandlerEnv} env
 * @param {string} [field]
 */
function requireContentControls(env, field) {
  if (!env.supports("WordApi", "1.1")) {
    throw new PaneError("E_UNSUPPORTED", "Anchors need content controls (WordApi 1.1), which this Word does not support", field);
  }
}

/**
 * anchor.create {scope, name?} → {anchorId, scope}: the range wrapped in a tagged content control. No sync of
 * its own (Word.run's closing sync makes it) but, with a name, one that reads the anchors already named so (a name
 * names one anchor: {@link checkName}). A table (a table id, table.create's rangeId, a table's anchor) is
 * wrapped whole, and its anchor's id says so ({@link TABLE_ANCHOR_PREFIX}): `anchor:<id>` is then that table as a
 * block wherever a scope goes (before/after next to it, start/end its first/last cell, replace instead of it), and
 * a tableRef of the table ops. Any other anchor's table edges are read when it is used (anchor-read.js).
 * @param {HandlerEnv} env
 */
export async function create(env) {
  const { context, registry, args } = env;
  const { name } = createArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  if (name) await checkName(env, name);
  const control = (target.kind === "document" ? target.body.getRange("Whole") : target.range).insertContentControl();
  const anchorId = newAnchorId(anchorIdPrefix(target.kind === "range" ? target.edges : undefined));
  control.tag = ANCHOR_TAG_PREFIX + anchorId;
  if (name) {
    control.title = name;
    env.anchorNames?.set(name, anchorId); // the batch's next anchor.create with that name is refused
  }
  return { anchorId, scope: `anchor:${anchorId}`, ...(name ? { name } : {}) };
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
create.firstSync = ({ args, anchorNames }) => (typeof args.name === "string" && args.name !== "" && !anchorNames?.has(args.name) ? "read" : "none");

/**
 * E_INVALID_ARG on args.name when an anchor has the name already ({@link nameTakenError}): as its batch read it
 * up front (`env.anchorNames`, kept up to date by its anchor.create and anchor.remove ops), else read in a sync.
 * @param {HandlerEnv} env
 * @param {string} name
 */
async function checkName(env, name) {
  let holder = env.anchorNames?.get(name);
  if (holder === undefined && !env.anchorNames?.has(name)) {
    const lookup = queueNameLookup(env, name);
    await env.sync();
    holder = lookup() ?? null;
  }
  if (holder) throw nameTakenError(name, holder);
}

/**
 * Queue the read of the anchor named `name` (content controls with that title and our tag; for the caller's sync);
 * the function returned, after it, gives its id (undefined: none).
 * @param {Pick<HandlerEnv, "context">} env
 * @param {string} name
 * @returns {() => string | undefined}
 */
export function queueNameLookup({ context }, name) {
  const named = context.document.contentControls.getByTitle(name);
  named.load("items/tag");
  return () => named.items.find((c) => typeof c.tag === "string" && c.tag.startsWith(ANCHOR_TAG_PREFIX))?.tag.slice(ANCHOR_TAG_PREFIX.length);
}

/**
 * A name names one anchor: `anchor:<name's anchor>` is what a user who named an anchor later looks for by that
 * name (anchor.list), and two anchors named alike would make it a guess.
 * @param {string} name
 * @param {string} anchorId  the anchor that has it
 */
function nameTakenError(name, anchorId) {
  return new PaneError("E_INVALID_ARG", `args.name "${name}" is already the name of anchor ${anchorId} (anchor:${anchorId}): give another name, or use that anchor (anchor.list shows them all)`, "args.name");
}

/**
 * anchor.create's checks of its args and the host, in the op's order (a dry run makes them too: op-checks.js): the
 * name (the control's title), then content controls. Throws only.
 * @param {HandlerEnv} env
 */
export function createArgs(env) {
  const name = str(env.args, "name", { optional: true, max: 64 });
  requireContentControls(env);
  return { name };
}

/** The checks of this module's ops, by op (op-checks.js). */
export const CHECKS = { "anchor.create": createArgs };

/**
 * anchor.list → {anchors: [{anchorId, name, text}]}: the content controls we tagged, in document order.
 * @param {HandlerEnv} env
 */
export async function list(env) {
  requireContentControls(env);
  const controls = env.context.document.contentControls;
  controls.load("items/tag,items/title,items/text");
  await env.sync();
  const anchors = controls.items
    .filter((c) => typeof c.tag === "string" && c.tag.startsWith(ANCHOR_TAG_PREFIX))
    .map((c) => ({ anchorId: c.tag.slice(ANCHOR_TAG_PREFIX.length), name: c.title ?? "", text: shownText(c.text) }));
  return { anchors };
}
list.firstSync = /** @type {const} */ ("read");

/**
 * The lookup anchor.remove makes (dryRun makes it too): the host and the args checked at once, then (`queue`)
 * the controls with the anchor's tag loaded for the next sync, then (`find`) them, or E_NOT_FOUND when the
 * document has none.
 * @param {HandlerEnv} env
 * @returns {(fields: string) => () => { anchorId: string, keepContent: boolean, controls: Word.ContentControl[] }}
 *   queue (the controls' fields to load) → find
 */
function anchorLookup(env) {
  requireContentControls(env);
  const anchorId = str(env.args, "anchorId", { min: 1 });
  const keepContent = bool(env.args, "keepContent", true);
  return (fields) => {
    const controls = env.context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + anchorId);
    controls.load(fields);
    return () => {
      if (!controls.items.length) throw new PaneError("E_NOT_FOUND", `No anchor "${anchorId}" in the document (list them with anchor.list)`, "args.anchorId");
      return { anchorId, keepContent, controls: controls.items };
    };
  };
}

/**
 * anchor.remove {anchorId, keepContent}: delete the content control (and its content unless keepContent).
 * @param {HandlerEnv} env
 */
export async function remove(env) {
  const find = anchorLookup(env)("items/id");
  await env.sync();
  const { anchorId, keepContent, controls } = find();
  for (const control of controls) control.delete(keepContent);
  for (const [name, holder] of env.anchorNames ?? []) if (holder === anchorId) env.anchorNames?.set(name, null);
  return { anchorId, removed: true, keepContent };
}
remove.firstSync = /** @type {const} */ ("read");

/**
 * The dry runs of the ops on one anchor, by op: a new anchor's name checked as anchor.create checks it; the
 * anchor found as anchor.remove finds it, with its text.
 * @type {Record<string, import("../dry-run.js").TargetLookup>}
 */
export const DRY_RUNS = {
  "anchor.create": {
    field: "name",
    plan(env) {
      const { name } = createArgs(env);
      if (!name) return undefined;
      return () => {
        const lookup = queueNameLookup(env, name);
        return () => {
          const holder = lookup();
          if (holder) throw nameTakenError(name, holder);
          return {};
        };
      };
    },
  },
  "anchor.remove": {
    field: "anchorId",
    plan(env) {
      const queue = anchorLookup(env);
      return () => {
        const find = queue("items/id,items/text");
        return () => {
          const { anchorId, controls } = find();
          return { anchorId: { anchorId, text: clip(shownText(controls[0].text)) } };
        };
      };
    },
  },
};
