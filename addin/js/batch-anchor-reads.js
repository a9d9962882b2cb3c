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
      anchors: new Map([...queued].map(([id, read]) => [id, read()])),
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
