// Ids ↔ tracked Word objects, shared by every handler: the Registry, built on the id table (registry-ids.js), the
// retirement of ids whose content is gone (registry-retired.js) and the reads at the end of an op
// (registry-checks.js). It also re-exports what resolves a `scope` or `tableRef` (scopes.js) and a range's first
// and last blocks (blocks.js), so handlers import all of it from here.
// Ids are `rng_<salt>_<n>` / `tbl_<salt>_<n>`: the salt is new on every pane load, so an id from an
// earlier load is simply unknown (E_NOT_FOUND) instead of being mistaken for a current object.

import { PaneError } from "./errors.js";
import { wholeParagraphs } from "./blocks.js";
import { createIdTable } from "./registry-ids.js";
import { createRetirement } from "./registry-retired.js";
import { queueEmptiness, queueSameParagraphs } from "./registry-checks.js";

export { firstBlockOf, lastBlockOf } from "./blocks.js";
export { ANCHOR_TAG_PREFIX, TABLE_ANCHOR_PREFIX, anchorRange, assertTableFound, besideRange, parseRef, resolveScope, resolveScopeRange, resolveTableRef, tableEdgedScope } from "./scopes.js";

/** @typedef {import("./blocks.js").TableEdges} TableEdges */
/** @typedef {import("./scopes.js").ScopeTarget} ScopeTarget */
/** @typedef {import("./scopes.js").RangeTarget} RangeTarget */

/** @typedef {"rng" | "tbl" | "note"} IdKind  (note: a footnote/endnote, `note_<salt>_<n>`) */

/**
 * How many search hits one op tracks unless asked for more: every tracked range costs Word memory and is
 * adjusted by every later edit. (For `addAll`'s `cap`.)
 */
export const DEFAULT_TRACK_CAP = 100;

/**
 * @typedef {object} RegistryEntry
 * @property {IdKind} kind
 * @property {OfficeExtension.ClientObject} object
 * @property {OfficeExtension.ClientObject} [holds]  the collection the object came from (tracked with it, untracked
 *   with the last id it holds): a collection of the op's own (a method's result, a navigation property of a fresh
 *   object), never a navigation property of a shared or tracked object, which Office.js caches: once released it
 *   could never be tracked again, and every later op holding ids in it would fail
 * @property {number} minted  the op that created the id (a failure of that op forgets it)
 * @property {number} seq     when the id was minted (ids minted after a {@link Registry.mark} have a higher one)
 * @property {number} used    the last op that created, looked up or returned the id (never evicted during it)
 * @property {boolean} [paragraphs]  a range of whole paragraphs without the last one's mark (a readDocument block,
 *   an insertMarkdown result): replacing it with nothing removes the paragraphs, not just their text; each use
 *   widens it to the whole paragraphs it is in again (see {@link wholeParagraphs})
 * @property {TableEdges} [edges]  the range's first or last block is a table
 * @property {string} [twin]  another id of the same content (table.create's tableId and rangeId): removing the
 *   content through one retires both
 * @property {boolean} [empty]  whether the range was empty when last read (Range.isEmpty, loaded with the sync that
 *   ends the op that minted it, or given by that op): a range that had text and has none after an op that removes
 *   or replaces text lost its text to it (see {@link Registry.queueChecks})
 */

/**
 * @typedef {object} Registry
 * @property {string} salt
 * @property {number} limit
 * @property {() => number} size
 * @property {(kind: IdKind, object: OfficeExtension.ClientObject, options?: { holds?: OfficeExtension.ClientObject, paragraphs?: boolean, edges?: TableEdges, twin?: string, empty?: boolean }) => string} add
 *   the id of a tracked object: its existing id when it has one (one object, one id), else a new one (the
 *   object is tracked; the least recently used ids beyond the limit are released). `twin`: an id of the same
 *   content; `empty`: whether the range is empty, when the op knows (see RegistryEntry)
 * @property {(kind: IdKind, objects: OfficeExtension.ClientObject[], options?: { holds?: OfficeExtension.ClientObject, cap?: number, empty?: boolean }) => (string | undefined)[]} addAll
 *   ids for the first `cap` objects (as add), `undefined` for the rest, which stay untracked
 * @property {() => number} mintedThisOp  how many new ids the running op created so far
 * @property {() => string[]} releasedThisOp  the older ids the running op released to stay within the limit
 *   (least recently used first; a later use is E_NOT_FOUND saying so)
 * @property {(id: string) => RegistryEntry | undefined} lookup  the entry of an id (marks it recently used)
 * @property {(id: string, field: string) => Word.Range} range  the tracked Range of an id, or E_NOT_FOUND
 * @property {(id: string, field: string) => Word.Table} table  the tracked Table of an id, or E_NOT_FOUND
 * @property {(id: string) => boolean} isParagraphs  whether the id's range is whole paragraphs (see RegistryEntry)
 * @property {(id: string) => TableEdges | undefined} edgesOf  where the id's range starts or ends with a table (a
 *   table id: it is one table)
 * @property {(id: string) => { ids: string[], paragraphs: boolean, edges?: TableEdges } | undefined} contentOf  what a
 *   tracked id designates, without using it: the ids of that content (the id it stands for, and its twin), whether it
 *   is a block of whole paragraphs, where it starts or ends with a table (as edgesOf); undefined for an unknown id
 * @property {(id: string, why: string) => void} removing  an op queued the removal of an id's content: from now on
 *   the id is refused (E_NOT_FOUND saying why), so a later op of the same batch cannot act where the content was
 *   before the sync that removes it; `retire` makes it final, a rollback of the op takes it back
 * @property {(id: string, object: Word.Range, options?: { paragraphs?: boolean, edges?: TableEdges }) => void} retarget
 *   the id stands for `object` from now on: what an op wrote through it (a block replaced through its id covers all
 *   the paragraphs written, not the one Word's range adjustment left it on), with that content's shape (whole
 *   paragraphs, table edges). Tracked at once, so a later op of the same batch uses it; the old object is released
 *   once the op is over, or given back if the op fails. An id not tracked (retired, released) is left alone
 * @property {(id: string, why: string) => void} retire  forget an id whose content an op removed (its object is
 *   untracked): a later use is E_NOT_FOUND saying why, instead of acting where the content used to be
 * @property {(field: string) => void} requireAnchors  E_UNSUPPORTED when the host cannot find an anchor's
 *   content control (ContentControlCollection.getFirst, WordApi 1.3): checked before anything is queued
 * @property {() => void} beginOp   start of an op: ids minted from now on belong to it
 * @property {() => number} mark  a point in the running op: `rollbackOp(mark)` forgets only the ids minted (and
 *   takes back the removals queued) after it (a batch rolls back one failed op of many)
 * @property {(since?: number) => void} rollbackOp  the op failed: forget the ids it minted (never returned), or
 *   those minted after `since`, and untrack their objects; its queued removals are taken back
 * @property {(removal?: string) => () => { gone: number, reused: Map<string, string> }} queueChecks  at the end of an
 *   op that succeeded, before the sync that ends it: queue the reads that tell which ranges are empty
 *   (Range.isEmpty, WordApi 1.3; nothing below) — those minted since their last read, and, when the op removed or
 *   replaced text (`removal` says how, for the message), every range that had text and that the op did not use
 *   itself — and, when the op minted block ids, which paragraphs they and the earlier block ids are in (WordApi
 *   1.6). The function returned, called after that sync, retires the ranges that lost their text to the op (a
 *   later use is E_NOT_FOUND: "is gone: its text was " + removal; `gone` counts them), releases each new block id
 *   whose paragraph an earlier block id designates (`reused`: new id → that earlier id, which the op's result must
 *   answer instead; the new id keeps standing for it), and releases the least recently used ids beyond the limit
 */

/** @returns {string} 4 random base-36 characters */
function newSalt() {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join("");
}

/**
 * The Registry (see registry-ids.js for why one tracked object has exactly one id).
 * @param {{ limit?: number, salt?: string, supports?: (name: string, version: string) => boolean }} [options]
 *   `supports` tells which requirement sets the host offers (anchor scopes need WordApi 1.3)
 * @returns {Registry}
 */
export function createRegistry({ limit = 500, salt = newSalt(), supports = undefined } = {}) {
  const table = createIdTable({ limit, salt });
  const retirement = createRetirement(table);

  /**
   * The tracked object of an id, or E_NOT_FOUND saying why there is none.
   * @param {string} given
   * @param {IdKind} kind
   * @param {string} field
   * @returns {OfficeExtension.ClientObject}
   */
  function objectOf(given, kind, field) {
    const id = table.canonical(given);
    const removal = retirement.removedBy(id);
    if (removal !== undefined) throw new PaneError("E_NOT_FOUND", `Range id "${id}" is gone: ${removal} by an earlier op of this batch`, field);
    const entry = table.lookup(id);
    const gone = entry ? undefined : retirement.retiredFor(id);
    if (gone) throw new PaneError("E_NOT_FOUND", `Range id "${id}" is gone: ${gone}`, field);
    const what = kind === "rng" ? "range" : kind === "tbl" ? "table" : "note";
    if (!entry && table.evicted.has(id)) {
      throw new PaneError("E_NOT_FOUND", `The ${what} id "${id}" was released: the pane keeps at most ${limit} ids and releases the least recently used first. Read the document (readDocument with includeRangeIds) or search again for a fresh id`, field);
    }
    if (!entry || entry.kind !== kind) {
      throw new PaneError("E_NOT_FOUND", `Unknown or expired ${what} id "${id}" (ids are valid while the pane stays open)`, field);
    }
    return entry.object;
  }

  /** @param {string} id */
  const entryOf = (id) => table.entries.get(table.canonical(id));

  return {
    salt,
    limit,
    size: () => table.entries.size,
    add: (kind, object, options = {}) => table.add(kind, object, options),
    addAll(kind, objects, { holds, cap = Infinity, empty } = {}) {
      return objects.map((object, index) => (index < cap ? table.add(kind, object, { holds, empty }) : undefined));
    },
    mintedThisOp: table.mintedThisOp,
    releasedThisOp: table.releasedThisOp,
    lookup: table.lookup,
    requireAnchors(field) {
      if (supports && !supports("WordApi", "1.3")) {
        throw new PaneError("E_UNSUPPORTED", `${field}: anchors ("anchor:<id>") need WordApi 1.3, which this Word does not offer; use a rangeId`, field);
      }
    },
    range(given, field) {
      const range = /** @type {Word.Range} */ (objectOf(given, "rng", field));
      const id = table.canonical(given);
      const entry = table.entries.get(id);
      if (entry?.paragraphs !== true) return range;
      const whole = wholeParagraphs(range, entry.edges?.first === true);
      table.standIn(whole, id);
      return whole;
    },
    retarget(id, object, shape = {}) {
      table.retarget(table.canonical(id), object, shape);
    },
    table: (id, field) => /** @type {Word.Table} */ (objectOf(id, "tbl", field)),
    isParagraphs: (id) => entryOf(id)?.paragraphs === true,
    edgesOf: (id) => (entryOf(id)?.kind === "tbl" ? { first: true, last: true, only: true } : entryOf(id)?.edges),
    contentOf(id) {
      const entry = entryOf(id);
      if (!entry) return undefined;
      const edges = entry.kind === "tbl" ? { first: true, last: true, only: true } : entry.edges;
      return { ids: retirement.withTwin(table.canonical(id)), paragraphs: entry.paragraphs === true, ...(edges ? { edges } : {}) };
    },
    removing: retirement.removing,
    retire: retirement.retire,
    beginOp: table.beginOp,
    mark: table.mark,
    rollbackOp(since = 0) {
      table.rollbackOp(since);
      retirement.rollbackOp(since);
    },
    queueChecks(removal) {
      const emptiness = queueEmptiness(table, retirement, supports, removal);
      const sameParagraphs = queueSameParagraphs(table, retirement, supports);
      return () => {
        const gone = emptiness();
        const reused = sameParagraphs();
        table.settleRetargets();
        table.evictBeyondLimit();
        return { gone, reused };
      };
    },
  };
}
