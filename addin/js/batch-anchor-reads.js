// A batch's anchors read up front, in the read-only sync batch-upfront.js makes: outside a batch an op at an anchor
// reads it first, in a sync of its own (handlers/anchor-read.js: whether its content starts or ends with a table,
// and its look), and a batch must not cost a sync per op. So every anchor a batch's ops name as their scope (or
// replace's target) is read before anything of the batch runs, and its ops take that read (HandlerEnv.anchorReads),
// kept up to date by the ops that write in its place; after one that may have put a table at its start or end (blocks,
// a table) the next op on that anchor reads it again, in a sync of its own. A reference to an earlier op's result is
// not read (nothing to read yet). So are the names its anchor.create ops give (HandlerEnv.anchorNames: which anchor
// has each already, for anchor.create's refusal of a name in use), kept up to date by its anchor.create and
// anchor.remove ops.

import { resolveScope } from "./registry.js";
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
 * @returns {{ reads: boolean, settle: () => { anchors: Map<string, AnchorRead>, names: Map<string, string | null> } }}
 */
export function queueAnchorReads(env, ops) {
  /** @type {Map<string, () => AnchorRead>} */
  const queued = new Map();
  /** @type {Map<string, () => string | undefined>} */
  const names = new Map();
  for (const { op, args } of ops) {
    const name = op === "anchor.create" ? args?.name : undefined;
    if (typeof name === "string" && name !== "" && !name.includes("$") && !names.has(name)) names.set(name, queueNameLookup(env, name));
    const scope = args?.scope ?? args?.target;
    if (!readsAnchor(scope) || scope.includes("$")) continue;
    const id = scope.slice(7);
    if (!queued.has(id)) {
      const read = queueQuietly(env, scope);
      if (read) queued.set(id, read);
    }
  }
  return {
    reads: queued.size > 0 || names.size > 0,
    settle: () => ({
      anchors: new Map([...queued].map(([id, read]) => [id, withTextAfter(read(), ops, `anchor:${id}`)])),
      names: new Map([...names].map(([name, lookup]) => [name, lookup() ?? null])),
    }),
  };
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
