// A target made by a reference to an earlier op of the batch ("rangeId:$0.results[0].rangeId", "anchor:$1.anchorId")
// exists only once that op ran, so no read before the batch can tell whether it lies in what a later op replaces
// (batch-table-removals.js does that for the ids the registry already tracks). When an op between the two replaces
// or removes a block, a table or an anchor's content (batch-removals.js replacedContainer, removedWithAnchor, a
// deletion of table rows or columns), the target may go with it: a range's text collapses to a point (often the start
// of the next paragraph), an anchor loses its content control. Writing there would put the text somewhere the caller
// never named and answer ok. Two checks:
// - before the replacing op runs, the later targets it can resolve are placed against what it replaces
//   (batch-ref-placement.js): one inside, and with stopOnError the replacing op does not run (E_INVALID_ARG naming the
//   later op and its target: the document keeps what it had); without it the later op fails when it comes;
// - before an op on such a target is queued, when a replacement ran since its reference's op and the target was not
//   placed against it first (a deletion of rows, a target resolved only later), what the target is now is read in
//   the sync that flushes the ops before it: a range that had text and is empty, an anchor that is no longer in the
//   document (or has lost its text), fails the op (E_NOT_FOUND on its field, naming the replacing ops) before it
//   writes anything; the ops before it stay applied.
// The second also covers the ids the registry tracks after a table op that takes part of a table (rows or columns
// deleted, a cell's text set): which cells go is known only to the table, so no read before the batch places them.
// Each check reads every later op it can resolve then in the same sync, so a batch costs at most a sync or two per op
// that replaces what holds other content, never one per op; a batch without such a replacement between a reference
// and its op reads nothing.

import { PaneError } from "./errors.js";
import { TARGET_FIELDS } from "./expect.js";
import { referencesOf, valueAt } from "./batch-references.js";
import { placeBefore, placesBefore, replacedBy, resolvedNow } from "./batch-ref-placement.js";
import { ANCHOR_TAG_PREFIX } from "./scopes.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-result.js").OpState} OpState */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/** The deletions that may take a whole table (table.js), and with it what was in it. */
const TABLE_DELETIONS = new Set(["table.deleteRows", "table.deleteColumns"]);

/**
 * Table ops that take the text of part of a table (rows, columns, a cell's text): no read before the batch places
 * the ids the registry tracks against them (batch-table-removals.js places them against whole tables, blocks and
 * anchors), so an op on such an id after one of them is read as one made by a reference is.
 */
const TABLE_PART_CHANGES = new Set([...TABLE_DELETIONS, "table.setCellText"]);

/** Op states whose writes were queued or applied. */
const RAN = new Set(["queued", "ok"]);

/**
 * One target read before its op runs: the field, the target as written and as resolved, and after the sync
 * whether it is gone.
 * @typedef {{ field: string, written: string, resolved: string, what: string, gone: () => boolean }} TargetRead
 */

/**
 * A target as written, and as resolved when that differs.
 * @param {string} written @param {string} resolved
 */
function shown(written, resolved) {
  return resolved === written ? `"${written}"` : `"${written}" (${resolved})`;
}

/**
 * The checks of one batch run (batch-run.js): `placeBefore` before an op that replaces what holds other content is
 * queued (batch-ref-placement.js), `queue` before any op is queued (whether it queued reads that need the batch's
 * sync first), `refuse` after that sync (throws when op i's target is gone, or op i would take a later op's).
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {OpState[]} states
 * @param {boolean} stopOnError
 */
export function createStaleTargetChecks(env, ops, states, stopOnError) {
  /** The ops that replace or remove what holds other content. */
  const replacing = ops.map(({ op, args }) => replacedBy(ops, op, args, env.registry) !== undefined || TABLE_PART_CHANGES.has(op));
  /** @type {Set<string>} "j:m": op j's targets were placed against what op m replaces before it ran, outside it */
  const placedBefore = new Set();
  /** @type {Map<number, PaneError>} op → why it does not run: it would take what a later op targets (stopOnError) */
  const blocked = new Map();
  /** @type {Map<number, number>} op → the op before which its target was last read (the replacements before it count) */
  const readBefore = new Map();
  /** @type {Map<number, { reads: TargetRead[], since: number, at: number }>} op → its reads, waiting for a sync */
  const pending = new Map();
  /** @type {Map<number, PaneError>} op → its refusal: its target is gone (it does not come back) */
  const gone = new Map();

  /**
   * The ops that replace what holds other content, from `from` to before `to`, that ran and may have taken op j's
   * targets (not placed outside them before they ran).
   * @param {number} from @param {number} to @param {number} j
   */
  const replacementsBetween = (from, to, j, tablePartsOnly = false) => {
    /** @type {number[]} */
    const found = [];
    for (let m = Math.max(from, 0); m < to; m += 1) {
      const counts = tablePartsOnly ? TABLE_PART_CHANGES.has(ops[m].op) : replacing[m] && !placedBefore.has(`${j}:${m}`);
      if (counts && RAN.has(states[m].state)) found.push(m);
    }
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
      // A tracked id: only the table ops that no read before the batch answers for.
      const since = Math.max(...refs.map((ref) => ref.op + 1), readBefore.get(j) ?? 0);
      if (replacementsBetween(since, Math.min(now, j), j, refs.length === 0).length === 0) return [];
      const resolved = resolvedNow(written, states, j);
      return resolved !== undefined ? [{ field, written, resolved, since }] : [];
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
   * The refusal of op j whose target is gone: it lay in what `by` replaced.
   * @param {number[]} by  the replacing ops
   * @param {{ field: string, written: string, resolved: string }} target
   * @param {string} [what]  what the read found
   */
  function goneError(by, { field, written, resolved }, what) {
    const ops_ = by.map((m) => `op ${m} (${ops[m].op})`).join(" or ");
    return new PaneError("E_NOT_FOUND", `args.${field}: ${shown(written, resolved)} is gone: it lay in what ${ops_} replaced or removed${what ? ` (${what})` : ""}. `
      + "This op wrote nothing; target what is there now (the replacing op's rangeId, a new search), or put this op "
      + "before the replacement", `args.${field}`);
  }

  /**
   * The refusal of op i, which would take what later ops target (with stopOnError: it does not run, nor the rest).
   * @param {number} i
   * @param {import("./batch-ref-placement.js").Replaced} replaced
   * @param {import("./batch-ref-placement.js").Taken[]} taken
   */
  function blockError(i, { field, says }, taken) {
    const named = taken.map(({ j, field: each, written, resolved }) => `op ${j}'s args.${each} ${shown(written, resolved)}`).join(", ");
    const later = [...new Set(taken.map(({ j }) => `op ${j}`))].join(" and ");
    return new PaneError("E_INVALID_ARG", `args.${field}: op ${i} (${ops[i].op}) did not run: it ${says}, and that holds ${named}, which `
      + `${later} would then write where its text collapsed to. Nothing of this op or the ones after it ran (the ones `
      + `before it stay applied): put ${later} before op ${i}, or target what op ${i} leaves`, `args.${field}`);
  }

  return {
    /**
     * Before op i, when it replaces what holds other content: place the later ops' targets that are references to
     * ops before it against what it replaces (batch-ref-placement.js), after the batch's sync when they need one
     * (`syncFirst`: true when an earlier op's failure stops op i; `unflushed`: whether ops wait to be flushed). A
     * target inside: op i does not run (stopOnError), or the later op fails when it comes. Whether op i stopped.
     * @param {number} i
     * @param {Record<string, any>} args  op i's, resolved
     * @param {() => Promise<boolean>} syncFirst
     * @param {() => boolean} unflushed
     */
    async placeBefore(i, args, syncFirst, unflushed) {
      const done = (/** @type {number} */ j, /** @type {number} */ m) => placedBefore.has(`${j}:${m}`) || blocked.has(m) || gone.has(j);
      const { places, waiting } = blocked.has(i) ? { places: false, waiting: false } : placesBefore(env, ops, states, i, args, done);
      if (!places) return false;
      if ((waiting || unflushed()) && await syncFirst()) return true;
      const found = await placeBefore(env, ops, states, i, args, done);
      if (!found) return false;
      for (const { target, m } of found.placed) placedBefore.add(`${target.j}:${m}`);
      for (const m of new Set(found.taken.map((pair) => pair.m))) {
        const taken = found.taken.filter((pair) => pair.m === m);
        if (stopOnError) blocked.set(m, blockError(m, taken[0].replaced, taken.map((pair) => pair.target)));
        else for (const { target } of taken) gone.set(target.j, goneError([m], target));
      }
      return false;
    },

    /**
     * Before op i is queued: queue the reads of its targets that may lie in what an earlier op replaced, and of the
     * later ops' that can be resolved already. Whether op i must wait for the batch's sync first.
     * @param {number} i
     */
    queue(i) {
      pending.clear(); // reads of a sync that failed: Word returned nothing
      if (gone.has(i) || blocked.has(i) || !env.supports("WordApi", "1.3")) return false; // Range.isEmpty, getFirstOrNullObject: 1.3
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
            const tablePartsOnly = referencesOf(read.written).length === 0;
            if (read.gone()) gone.set(j, goneError(replacementsBetween(waiting.since, waiting.at, j, tablePartsOnly), read, read.what));
          } catch {
            // not read (Word answered nothing for it): the op runs as it would have
          }
        }
        readBefore.set(j, waiting.at);
      }
      pending.clear();
      const error = blocked.get(i) ?? gone.get(i);
      if (error) throw error;
    },
  };
}
