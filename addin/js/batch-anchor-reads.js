// A batch's anchors read up front, in the read-only sync batch-upfront.js makes: outside a batch an op at an anchor
// reads it first, in a sync of its own (handlers/anchor-read.js: whether its content starts or ends with a table,
// and its look), and a batch must not cost a sync per op. So every anchor a batch's ops name as their scope (or
// replace's target) is read before anything of the batch runs, and its ops take that read (HandlerEnv.anchorReads),
// kept up to date by the ops that write in its place; after one that may have put a table at its start or end (blocks,
// a table) the next op on that anchor reads it again, in a sync of its own. A reference to an earlier op's result is
// not read (nothing to read yet). So are the names its anchor.create ops give (HandlerEnv.anchorNames: which anchor
// has each already, for anchor.create's refusal of a name in use), kept up to date by its anchor.create and
// anchor.remove ops.

import { ANCHOR_TAG_PREFIX, resolveScope } from "./registry.js";
import { PaneError } from "./errors.js";
import { queueAnchorRead, readsAnchor } from "./handlers/anchor-read.js";
import { queueNameLookup } from "./handlers/anchor.js";
import { changesDocument } from "./task-store.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./handlers/anchor-read.js").AnchorRead} AnchorRead */

/**
 * Queue the read of the anchors the batch's ops name, and of the names its anchor.create ops give (reads only).
 * `settle`, after the shared sync, gives them: the anchors by id, the names' holders by name.
 * @param {HandlerEnv} env
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @returns {{ reads: boolean, settle: () => { anchors: Map<string, AnchorRead>, names: Map<string, string | null> }, refuseMissing: () => Promise<void> }}
 *   `refuseMissing`, after a shared sync that failed: see {@link refuseMissingAnchor}
 */
export function queueAnchorReads(env, ops) {
  /** @type {Map<string, () => AnchorRead>} */
  const queued = new Map();
  /** @type {Map<string, { at: number, field: string }>} the first op naming each anchor read */
  const namedBy = new Map();
  /** @type {Map<string, () => string | undefined>} */
  const names = new Map();
  ops.forEach(({ op, args }, at) => {
    const name = op === "anchor.create" ? args?.name : undefined;
    if (typeof name === "string" && name !== "" && !name.includes("$") && !names.has(name)) names.set(name, queueNameLookup(env, name));
    const scope = args?.scope ?? args?.target;
    if (!readsAnchor(scope) || scope.includes("$")) return;
    const id = scope.slice(7);
    if (!queued.has(id)) {
      const read = queueQuietly(env, scope);
      if (read) queued.set(id, read);
      if (read) namedBy.set(id, { at, field: args?.scope !== undefined ? "scope" : "target" });
    }
  });
  return {
    refuseMissing: () => refuseMissingAnchor(env, ops, namedBy),
    reads: queued.size > 0 || names.size > 0,
    settle: () => ({
      anchors: new Map([...queued].map(([id, read]) => [id, withTextAfter(read(), ops, `anchor:${id}`)])),
      names: new Map([...names].map(([name, lookup]) => [name, lookup() ?? null])),
    }),
  };
}

/**
 * After the shared read up front failed: when an anchor the batch's ops name is not in the document (its read failed
 * the sync: ItemNotFound), the batch is refused before anything of it runs, E_NOT_FOUND on the first op naming it, as
 * that op would have failed; run without its reads up front, its blocks rewritten by id would lose their breaks and
 * its anchor ops sync one by one. One more sync, that only reads (on this path alone). Returns when every anchor is
 * there (the sync failed for another reason).
 * @param {HandlerEnv} env
 * @param {{ op: string }[]} ops
 * @param {Map<string, { at: number, field: string }>} namedBy  each anchor read, and the first op naming it
 */
async function refuseMissingAnchor(env, ops, namedBy) {
  if (namedBy.size === 0) return;
  const found = [...namedBy].map(([id, by]) => ({ id, by, controls: env.context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + id).load("items") }));
  try {
    await env.sync();
  } catch {
    return; // as when every anchor is there: the batch runs without its reads up front
  }
  const missing = found.filter(({ controls }) => controls.items.length === 0).sort((a, b) => a.by.at - b.by.at)[0];
  if (!missing) return;
  const { id, by: { at, field } } = missing;
  throw new PaneError("E_NOT_FOUND", `args.ops[${at}].args.${field} of op ${at} (${ops[at].op}): No anchor "${id}" in the document: anchor.list shows the anchors it has (an anchor removed, or deleted with its text, is gone). `
    + `The batch was refused and nothing of it ran: drop op ${at}, or give it an anchor that is there`, `args.ops[${at}].args.${field}`);
}

/**
 * One anchor's read queued, or undefined when its scope cannot be resolved (its op fails as it would have).
 * @param {HandlerEnv} env
 * @param {string} scope
 * @returns {(() => AnchorRead) | undefined}
 */
function queueQuietly(env, scope) {
  let target;
  try {
    target = resolveScope(env.context, env.registry, scope);
  } catch {
    return undefined;
  }
  return target.kind === "range" && target.control ? queueAnchorRead(target.range, target.control) : undefined;
}

/**
 * An anchor's read as the batch's ops at it may take it: text after the anchor in its last paragraph (which a
 * replace of its blocks keeps, with that paragraph's mark) is taken to be there when an op at another scope that
 * changes the document runs before the batch's last op at the anchor: it may have written there since the read (a
 * replace then keeps that paragraph, even if empty, rather than lose what is in it). An op at the anchor itself
 * that writes after it says so (anchor-read.js).
 * @param {AnchorRead} read
 * @param {{ op: string, args: Record<string, any> }[]} ops
 * @param {string} scope  the anchor's
 */
function withTextAfter(read, ops, scope) {
  const at = (/** @type {{ args: Record<string, any> }} */ { args }) => (args?.scope ?? args?.target) === scope;
  const last = ops.map(at).lastIndexOf(true);
  const elsewhere = ops.slice(0, last).some((item) => !at(item) && changesDocument(item.op, item.args));
  return read.textAfter || !elsewhere ? read : { ...read, textAfter: true };
}
