// The registry's id table: which id stands for which tracked Word object, minted per op, released least recently
// used first beyond the limit, and forgotten again when the op that minted them fails. registry.js builds the
// Registry on it; registry-retired.js (ids whose content is gone) and registry-checks.js (the reads at the end of
// an op) share its entries.

/** @typedef {import("./registry.js").IdKind} IdKind */
/** @typedef {import("./registry.js").RegistryEntry} RegistryEntry */
/** @typedef {import("./blocks.js").TableEdges} TableEdges */

/** How many released (and retired, aliased) ids keep what became of them (older ones become plain unknown ids). */
export const RETIRED_KEPT = 1000;

/**
 * Forget the oldest key of a map kept to RETIRED_KEPT entries.
 * @param {Map<string, unknown>} map
 */
export function keepRecent(map) {
  if (map.size > RETIRED_KEPT) map.delete(/** @type {string} */ (map.keys().next().value));
}

/**
 * @typedef {object} IdTable
 * @property {string} salt
 * @property {number} limit
 * @property {Map<string, RegistryEntry>} entries  insertion order = least recently used first
 * @property {Map<string, IdKind>} evicted  ids released to stay within the limit (the most recent RETIRED_KEPT)
 * @property {() => number} currentOp  the running op (ops are numbered from 1)
 * @property {() => number} nextTick  a new point in the running op (mints and removals are ordered by it)
 * @property {() => number} mark  the last point so far (see Registry.mark)
 * @property {() => number} mintedThisOp
 * @property {() => string[]} releasedThisOp  the ids the running op released to stay within the limit, oldest first
 * @property {(kind: IdKind, object: OfficeExtension.ClientObject, options: { holds?: OfficeExtension.ClientObject, paragraphs?: boolean, edges?: TableEdges, twin?: string, empty?: boolean }) => string} add
 * @property {(id: string, entry: RegistryEntry) => void} release  untrack an id's object (and its collection with
 *   the last id it holds)
 * @property {(id: string, entry: RegistryEntry) => void} touch  mark an id used by the running op
 * @property {(id: string) => string} canonical  the id an id stands for (see {@link IdTable.alias})
 * @property {(id: string) => RegistryEntry | undefined} lookup  an id's entry, marked used
 * @property {(id: string, earlier: string) => void} alias  a new block id was released for an earlier id of the
 *   same paragraph: from now on it stands for that id
 * @property {(object: OfficeExtension.ClientObject, id: string) => void} standIn  an untracked object stands for
 *   an id during the running op: adding it answers that id
 * @property {(id: string, object: OfficeExtension.ClientObject, options: { paragraphs?: boolean, edges?: TableEdges }) => void} retarget
 *   the id stands for another object from now on (what the running op wrote through it), tracked in its place; the
 *   old object stays tracked until the op is over (a rollback of the op gives the id back its old object)
 * @property {() => void} settleRetargets  the running op is over: the objects its retargeted ids stood for before are
 *   released
 * @property {() => void} evictBeyondLimit  release the least recently used ids beyond the limit (never those of
 *   the running op)
 * @property {() => void} beginOp
 * @property {(since: number) => void} rollbackOp  forget the ids the running op minted after `since`
 */

/**
 * Word tracks an object once: a second `trackedObjects.add` does nothing and one `remove` releases it for
 * good (re-adding it then throws). So each tracked object has exactly one id, and releasing that id is the
 * only thing that untracks it.
 * @param {{ limit: number, salt: string }} options
 * @returns {IdTable}
 */
export function createIdTable({ limit, salt }) {
  /** @type {Map<string, RegistryEntry>} */
  const entries = new Map();
  /** @type {Map<OfficeExtension.ClientObject, string>} each tracked object's one id */
  const idOf = new Map();
  /** @type {WeakMap<OfficeExtension.ClientObject, string>} untracked stand-ins of an id for one op (a block's
   * whole paragraphs): an op that returns one answers the id it came from */
  const standIns = new WeakMap();
  /** @type {Map<OfficeExtension.ClientObject, number>} how many entries hold each tracked collection */
  const heldCollections = new Map();
  /** @type {Map<string, IdKind>} */
  const evicted = new Map();
  /** @type {Map<string, string>} new block ids released for an earlier id of the same paragraph → that id */
  const aliases = new Map();
  /**
   * Ids that stand for another object since an op (retarget): what they stood for before, untracked once that op
   * is over, or given back if it fails.
   * @type {{ id: string, entry: RegistryEntry, before: Pick<RegistryEntry, "object" | "paragraphs" | "edges">, op: number, seq: number }[]}
   */
  let retargets = [];
  let counter = 0;
  /** Orders mints and removals within an op, for Registry.mark. */
  let tick = 0;
  let currentOp = 0;
  let minted = 0;
  /** @type {string[]} */
  let releasedThisOp = [];

  /** @param {OfficeExtension.ClientObject} object */
  function untrack(object) {
    // Queued; flushed by the next sync. A failure here must not fail the op that caused the release.
    try {
      object.context.trackedObjects.remove(object);
    } catch {
      /* the object is already invalid in Word: nothing left to release */
    }
  }

  /** @param {string} id @param {RegistryEntry} entry */
  function release(id, entry) {
    entries.delete(id);
    idOf.delete(entry.object);
    untrack(entry.object);
    if (entry.holds) {
      const left = (heldCollections.get(entry.holds) ?? 1) - 1;
      if (left <= 0) {
        heldCollections.delete(entry.holds);
        untrack(entry.holds);
      } else {
        heldCollections.set(entry.holds, left);
      }
    }
  }

  /** The retargets of ops that are over: their old objects are released (queued, like every untrack). */
  function settleRetargets() {
    for (const { before } of retargets) untrack(before.object);
    retargets = [];
  }

  /**
   * @param {RegistryEntry} entry
   * @param {Pick<RegistryEntry, "paragraphs" | "edges">} shape
   */
  function reshape(entry, { paragraphs, edges }) {
    if (paragraphs) entry.paragraphs = true;
    else delete entry.paragraphs;
    if (edges && (edges.first || edges.last)) entry.edges = edges;
    else delete entry.edges;
  }

  /** @type {IdTable["retarget"]} */
  function retarget(id, object, { paragraphs, edges }) {
    const entry = entries.get(id);
    if (!entry || entry.object === object || idOf.has(object)) return;
    object.context.trackedObjects.add(object);
    retargets.push({ id, entry, before: { object: entry.object, paragraphs: entry.paragraphs, edges: entry.edges }, op: currentOp, seq: ++tick });
    idOf.delete(entry.object);
    idOf.set(object, id);
    entry.object = object;
    reshape(entry, { paragraphs, edges });
    touch(id, entry);
  }

  /**
   * Give the ids the running op retargeted after `since` their old objects back (latest first).
   * @param {number} since
   */
  function undoRetargets(since) {
    const undone = retargets.filter((r) => r.op === currentOp && r.seq > since).reverse();
    for (const { id, entry, before } of undone) {
      if (entries.get(id) === entry) {
        untrack(entry.object);
        idOf.delete(entry.object);
        idOf.set(before.object, id);
        entry.object = before.object;
        reshape(entry, before);
      } else {
        untrack(before.object); // released meanwhile (its new object with it): nothing stands for the old one
      }
    }
    retargets = retargets.filter((r) => !undone.includes(r));
  }

  function evictBeyondLimit() {
    for (const [id, entry] of entries) {
      if (entries.size <= limit) break;
      if (entry.used === currentOp) continue; // never what the running op uses or returns
      release(id, entry);
      releasedThisOp.push(id);
      evicted.set(id, entry.kind);
      keepRecent(evicted);
    }
  }

  /** @param {string} id @param {RegistryEntry} entry */
  function touch(id, entry) {
    entries.delete(id);
    entries.set(id, entry);
    entry.used = currentOp;
  }

  /** @param {string} id */
  function canonical(id) {
    return entries.has(id) ? id : aliases.get(id) ?? id;
  }

  /** @type {IdTable["add"]} */
  function add(kind, object, { holds, paragraphs, edges, twin, empty }) {
    const known = idOf.get(object) ?? standIns.get(object);
    const entry = known === undefined ? undefined : entries.get(known);
    if (known !== undefined && entry) {
      if (entry.kind !== kind) throw new TypeError(`registry: ${known} is a ${entry.kind}, not a ${kind}`);
      touch(known, entry);
      return known;
    }
    object.context.trackedObjects.add(object);
    if (holds) {
      const count = heldCollections.get(holds) ?? 0;
      if (count === 0) holds.context.trackedObjects.add(holds);
      heldCollections.set(holds, count + 1);
    }
    const id = `${kind}_${salt}_${++counter}`;
    entries.set(id, { kind, object, holds, minted: currentOp, seq: ++tick, used: currentOp, ...(paragraphs ? { paragraphs } : {}), ...(edges && (edges.first || edges.last) ? { edges } : {}), ...(empty !== undefined ? { empty } : {}) });
    const other = twin === undefined ? undefined : entries.get(twin);
    if (other) {
      other.twin = id;
      /** @type {RegistryEntry} */ (entries.get(id)).twin = twin;
    }
    idOf.set(object, id);
    minted += 1;
    // A new block id may turn out to be an earlier one's paragraph (registry-checks.js): the earlier ones stay until then.
    if (!paragraphs) evictBeyondLimit();
    return id;
  }

  return {
    salt,
    limit,
    entries,
    evicted,
    currentOp: () => currentOp,
    nextTick: () => ++tick,
    mark: () => tick,
    mintedThisOp: () => minted,
    releasedThisOp: () => [...releasedThisOp],
    add,
    release,
    touch,
    canonical,
    lookup(id) {
      const entry = entries.get(canonical(id));
      if (entry) touch(canonical(id), entry);
      return entry;
    },
    alias(id, earlier) {
      aliases.set(id, earlier);
      keepRecent(aliases);
    },
    standIn: (object, id) => standIns.set(object, id),
    retarget,
    settleRetargets,
    evictBeyondLimit,
    beginOp() {
      settleRetargets(); // what an earlier op retargeted is final (also when it ended in a partial failure)
      currentOp += 1;
      minted = 0;
      releasedThisOp = [];
      evictBeyondLimit();
    },
    rollbackOp(since) {
      undoRetargets(since);
      // Never returned, so nothing else uses them. Untracking an object whose creation never reached Word
      // only cancels its pending reference (TrackedObjects._removeCommon): it cannot fail the next op.
      for (const [id, entry] of [...entries]) {
        if (entry.minted === currentOp && entry.seq > since) {
          release(id, entry);
          minted -= 1;
        }
      }
      minted = Math.max(0, minted);
    },
  };
}
