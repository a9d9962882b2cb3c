// A target made by a reference to an earlier op of the batch ("rangeId:$0.results[0].rangeId", "anchor:$1.anchorId")
// exists only once that op ran, so no read before the batch can tell whether it lies in what a later op replaces
// (batch-table-removals.js does that for the ids the registry already tracks). When an op between the two replaced
// or removed a block, a table or an anchor's content (batch-removals.js replacedContainer, removedWithAnchor, a
// deletion of table rows or columns), the target may have gone with it: a range's text collapses to a point (often
// the start of the next paragraph), an anchor loses its content control. Writing there would put the text somewhere
// the caller never named and answer ok.
// So, before such an op is queued, the batch reads what the target is now, in the sync that flushes the ops before
// it (the reads queue after their writes): a range that had text and is empty, an anchor that is no longer in the
// document, fails the op (E_NOT_FOUND on its field, naming the ops that replaced what held it) before it writes
// anything; with stopOnError the batch stops there (the ops before it stay applied: they reached Word before the
// target existed to be checked). The later ops whose targets can be resolved by then are read in the same sync, so
// a batch costs at most one such sync per op that replaces what holds other content, never one per op; a batch
// without such a replacement between a reference and its op reads nothing.

import { PaneError } from "./errors.js";
import { TARGET_FIELDS } from "./expect.js";
import { referencesOf, substitute, valueAt } from "./batch-references.js";
import { removedWithAnchor, replacedContainer } from "./batch-removals.js";
import { ANCHOR_TAG_PREFIX } from "./scopes.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-result.js").OpState} OpState */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/** The deletions that may take a whole table (table.js), and with it what was in it. */
const TABLE_DELETIONS = new Set(["table.deleteRows", "table.deleteColumns"]);

/** Op states whose writes were queued or applied. */
const RAN = new Set(["queued", "ok"]);

/**
 * One target read before its op runs: the field, the target as written and as resolved, and after the sync
 * whether it is gone.
 * @typedef {{ field: string, written: string, resolved: string, what: string, gone: () => boolean }} TargetRead
 */

/**
 * The checks of one batch run (batch-run.js): `queue` before op i is queued (whether it queued reads that need the
 * batch's sync first), `refuse` after that sync (throws when op i's target is gone).
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 */
export function createStaleTargetChecks(env, ops, states) {
  /** The ops that replace or remove what holds other content. */
  const replacing = ops.map(({ op, args }) => replacedContainer(op, args, ops, env.registry) !== undefined
    || removedWithAnchor(op, args) !== undefined || TABLE_DELETIONS.has(op));
  /** @type {Map<number, number>} op → the op before which its target was last read (the replacements before it count) */
  const readBefore = new Map();
  /** @type {Map<number, { reads: TargetRead[], since: number, at: number }>} op → its reads, waiting for a sync */
  const pending = new Map();
  /** @type {Map<number, PaneError>} op → its refusal: its target is gone (it does not come back) */
  const gone = new Map();

  /**
   * The ops that replace what holds other content, from `from` to before `to`, that ran.
   * @param {number} from @param {number} to
   */
  const replacementsBetween = (from, to) => {
    /** @type {number[]} */
    const found = [];
    for (let m = Math.max(from, 0); m < to; m += 1) if (replacing[m] && RAN.has(states[m].state)) found.push(m);
    return found;
  };

  /**
   * Op j's targets that reference an op before a replacement that ran before op `now`, resolved; [] when none
   * (or when a reference cannot be resolved yet: read when op j runs).
   * @param {number} j @param {number} now
   * @returns {{ field: string, written: string, resolved: string, since: number }[]}
   */
  function suspects(j, now) {
    const args = ops[j].args;
    return [...TARGET_FIELDS, "anchorId"].flatMap((field) => {
      const written = args[field];
      if (typeof written !== "string") return [];
      const refs = referencesOf(written);
      if (refs.length === 0) return [];
      const since = Math.max(...refs.map((ref) => ref.op + 1), readBefore.get(j) ?? 0);
      if (replacementsBetween(since, Math.min(now, j)).length === 0) return [];
      let resolvable = true;
      const resolved = substitute(written, (k, path) => {
        const value = k < j && RAN.has(states[k].state) ? valueAt(states[k].data, path) : undefined;
        if (value === undefined) resolvable = false;
        return value;
      });
      return resolvable ? [{ field, written, resolved: String(resolved), since }] : [];
    });
  }

  /**
   * Queue the read of what a resolved target is now; undefined when there is nothing to tell (not a tracked range
   * nor an anchor, or a range not known to have had text).
   * @param {{ field: string, written: string, resolved: string }} target
   * @returns {TargetRead | undefined}
   */
  function queueRead({ field, written, resolved }) {
    const key = field === "anchorId" ? `anchor:${resolved.replace(/^anchor:/, "")}` : resolved;
    if (key.startsWith("anchor:")) {
      const control = env.context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + key.slice("anchor:".length)).getFirstOrNullObject();
      control.load("text");
      // An anchor that had text and has none lost it (Word may keep the emptied control where the text was).
      const emptied = hadText(written);
      return { field, written, resolved, what: "the anchor is no longer in the document or has lost its text", gone: () => control.isNullObject || (emptied && control.text === "") };
    }
    const id = /^rangeId:(.+)$/.exec(key)?.[1];
    const entry = id === undefined ? undefined : env.registry.lookup(id);
    // A range that is or edges a table may be emptied and stay (its rows deleted but one): the table ops and the
    // up-front checks answer for tables.
    if (!id || entry?.kind !== "rng" || entry.edges || !(entry.empty === false || hadText(written))) return undefined;
    const range = /** @type {Word.Range} */ (entry.object);
    range.load("isEmpty");
    return { field, written, resolved, what: "the range has no text now", gone: () => range.isEmpty };
  }

  /**
   * Whether a target written as a reference had text when the op it names made it: a range whose op says so (a
   * search hit's text, an insert's length, a block's text), an anchor an anchor.create of the batch made on one
   * (or on a range the registry read with text).
   * @param {string} written
   * @returns {boolean}
   */
  function hadText(written) {
    const [ref] = referencesOf(written);
    if (!ref) return false;
    const maker = ops[ref.op];
    if (/^anchor:/.test(written) && ref.path === "anchorId" && maker?.op === "anchor.create") {
      const scope = typeof maker.args.scope === "string" ? maker.args.scope : "";
      const id = /^rangeId:([^$]+)$/.exec(scope)?.[1];
      return id !== undefined ? env.registry.lookup(id)?.empty === false : hadText(scope);
    }
    if (!/(^|\.|\])rangeId$/.test(ref.path)) return false;
    const sibling = (/** @type {string} */ name) => valueAt(states[ref.op].data, ref.path.replace(/rangeId$/, name));
    const text = sibling("text");
    const length = sibling("length");
    return (typeof text === "string" && text !== "") || (typeof length === "number" && length > 0);
  }

  /**
   * The refusal of op j whose target is gone.
   * @param {{ reads: TargetRead[], since: number, at: number }} waiting
   * @param {TargetRead} read
   */
  function goneError({ since, at }, { field, written, resolved, what }) {
    const by = replacementsBetween(since, at).map((m) => `op ${m} (${ops[m].op})`).join(" or ");
    const now = resolved === written ? `"${written}"` : `"${written}" (${resolved})`;
    return new PaneError("E_NOT_FOUND", `args.${field}: ${now} is gone: it lay in what ${by} replaced or removed (${what}). `
      + "This op wrote nothing; target what is there now (the replacing op's rangeId, a new search), or put this op "
      + "before the replacement", `args.${field}`);
  }

  return {
    /**
     * Before op i is queued: queue the reads of its targets that may lie in what an earlier op replaced, and of the
     * later ops' that can be resolved already. Whether op i must wait for the batch's sync first.
     * @param {number} i
     */
    queue(i) {
      pending.clear(); // reads of a sync that failed: Word returned nothing
      if (gone.has(i) || !env.supports("WordApi", "1.3")) return false; // Range.isEmpty, getFirstOrNullObject: 1.3
      for (let j = i; j < ops.length; j += 1) {
        if (j > i && (states[j].state !== "pending" || gone.has(j))) continue;
        const found = suspects(j, i);
        const reads = found.map((target) => queueRead(target)).filter((read) => read !== undefined);
        if (reads.length) pending.set(j, { reads, since: Math.min(...found.map((target) => target.since)), at: i });
        if (j === i && reads.length === 0) return false; // nothing to read for op i: the later ones wait for theirs
      }
      return true;
    },

    /**
     * After the sync (or with no read): E_NOT_FOUND when op i's target is gone. Settles every read of that sync.
     * @param {number} i
     */
    refuse(i) {
      for (const [j, waiting] of pending) {
        for (const read of waiting.reads) {
          try {
            if (read.gone()) gone.set(j, goneError(waiting, read));
          } catch {
            // not read (Word answered nothing for it): the op runs as it would have
          }
        }
        readBefore.set(j, waiting.at);
      }
      pending.clear();
      const error = gone.get(i);
      if (error) throw error;
    },
  };
}
