// Ids ↔ tracked Word objects, shared by every handler, plus resolution of `scope` and `tableRef`.
// Ids are `rng_<salt>_<n>` / `tbl_<salt>_<n>`: the salt is new on every pane load, so an id from an
// earlier load is simply unknown (E_NOT_FOUND) instead of being mistaken for a current object.

import { PaneError } from "./errors.js";

/** @typedef {"rng" | "tbl" | "note"} IdKind  (note: a footnote/endnote, `note_<salt>_<n>`) */

/**
 * Where a range of whole blocks has a table as its first or last block (`only`: the range is one table: a table
 * id used as a range, table.create's rangeId). A table is a block of its own: what goes before, after or instead
 * of such a range goes before, after or instead of the table, never into its cells (see {@link firstBlockOf}).
 * @typedef {{ first: boolean, last: boolean, only?: boolean }} TableEdges
 */

/**
 * How many search hits one op tracks unless asked for more: every tracked range costs Word memory and is
 * adjusted by every later edit. (For `addAll`'s `cap`.)
 */
export const DEFAULT_TRACK_CAP = 100;

/** How many retired ids keep their reason (older ones become plain unknown ids). */
const RETIRED_KEPT = 1000;

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
 * @property {() => number} releasedThisOp  how many older ids the running op released to stay within the limit
 *   (least recently used first; a later use is E_NOT_FOUND saying so)
 * @property {(id: string) => RegistryEntry | undefined} lookup  the entry of an id (marks it recently used)
 * @property {(id: string, field: string) => Word.Range} range  the tracked Range of an id, or E_NOT_FOUND
 * @property {(id: string, field: string) => Word.Table} table  the tracked Table of an id, or E_NOT_FOUND
 * @property {(id: string) => boolean} isParagraphs  whether the id's range is whole paragraphs (see RegistryEntry)
 * @property {(id: string) => TableEdges | undefined} edgesOf  where the id's range starts or ends with a table (a
 *   table id: it is one table)
 * @property {(id: string, why: string) => void} removing  an op queued the removal of an id's content: from now on
 *   the id is refused (E_NOT_FOUND saying why), so a later op of the same batch cannot act where the content was
 *   before the sync that removes it; `retire` makes it final, a rollback of the op takes it back
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
 * Word tracks an object once: a second `trackedObjects.add` does nothing and one `remove` releases it for
 * good (re-adding it then throws). So each tracked object has exactly one id, and releasing that id is the
 * only thing that untracks it.
 * @param {{ limit?: number, salt?: string, supports?: (name: string, version: string) => boolean }} [options]
 *   `supports` tells which requirement sets the host offers (anchor scopes need WordApi 1.3)
 * @returns {Registry}
 */
export function createRegistry({ limit = 500, salt = newSalt(), supports = undefined } = {}) {
  /** @type {Map<string, RegistryEntry>} insertion order = least recently used first */
  const entries = new Map();
  /** @type {Map<OfficeExtension.ClientObject, string>} each tracked object's one id */
  const idOf = new Map();
  /** @type {WeakMap<OfficeExtension.ClientObject, string>} untracked stand-ins of an id for one op (a block's
   * whole paragraphs): an op that returns one answers the id it came from */
  const standIns = new WeakMap();
  /** @type {Map<OfficeExtension.ClientObject, number>} how many entries hold each tracked collection */
  const heldCollections = new Map();
  /** @type {Map<string, string>} retired ids → why (the most recent RETIRED_KEPT) */
  const retired = new Map();
  /** @type {Map<string, IdKind>} ids released to stay within the limit (the most recent RETIRED_KEPT) */
  const evicted = new Map();
  /** @type {Map<string, string>} new block ids released for an earlier id of the same paragraph → that id */
  const aliases = new Map();
  /** @type {Map<string, { why: string, op: number, seq: number }>} ids whose content a queued write removes */
  const removals = new Map();
  let counter = 0;
  /** Orders mints and removals within an op, for {@link Registry.mark}. */
  let tick = 0;
  let currentOp = 0;
  let minted = 0;
  let releasedThisOp = 0;

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

  function evictBeyondLimit() {
    for (const [id, entry] of entries) {
      if (entries.size <= limit) break;
      if (entry.used === currentOp) continue; // never what the running op uses or returns
      release(id, entry);
      releasedThisOp += 1;
      evicted.set(id, entry.kind);
      if (evicted.size > RETIRED_KEPT) evicted.delete(/** @type {string} */ (evicted.keys().next().value));
    }
  }

  /** @param {string} id @param {RegistryEntry} entry */
  function touch(id, entry) {
    entries.delete(id);
    entries.set(id, entry);
    entry.used = currentOp;
  }

  /** @param {string} id @param {string} why */
  function retire(id, why) {
    for (const each of withTwin(id)) {
      removals.delete(each);
      const entry = entries.get(each);
      if (entry) release(each, entry);
      retired.set(each, why);
      if (retired.size > RETIRED_KEPT) retired.delete(/** @type {string} */ (retired.keys().next().value));
    }
  }

  /**
   * An id and its twin, if it has one still tracked.
   * @param {string} id
   * @returns {string[]}
   */
  function withTwin(id) {
    const twin = entries.get(id)?.twin;
    return twin !== undefined && entries.get(twin)?.twin === id ? [id, twin] : [id];
  }

  /**
   * The id an id stands for: itself, or (a block id minted again for a paragraph that had one) the earlier id.
   * @param {string} id
   */
  function canonical(id) {
    return entries.has(id) ? id : aliases.get(id) ?? id;
  }

  /** @param {string} id */
  function lookup(id) {
    const entry = entries.get(canonical(id));
    if (entry) touch(canonical(id), entry);
    return entry;
  }

  /**
   * Queue the reads of Range.isEmpty (WordApi 1.3) that tell which ranges lost their text (see
   * {@link Registry.queueChecks}); the function returned, after the sync, retires those and says how many.
   * @param {string | undefined} removal
   * @returns {() => number}
   */
  function queueEmptiness(removal) {
    if (supports && !supports("WordApi", "1.3")) return () => 0;
    /** @type {[string, RegistryEntry, Word.Range, boolean][]} id, entry, its range, whether it may have lost its text */
    const checks = [];
    for (const [id, entry] of entries) {
      if (entry.kind !== "rng" || removals.has(id)) continue;
      // An id the op used is its own target: a block whose text it rewrote is still that block (it widens).
      const suspect = removal !== undefined && entry.empty === false && entry.used !== currentOp;
      if (!suspect && entry.empty !== undefined) continue;
      const range = /** @type {Word.Range} */ (entry.object);
      try {
        range.load("isEmpty");
      } catch {
        continue; // the object is no longer usable: nothing to learn from it
      }
      checks.push([id, entry, range, suspect]);
    }
    return () => {
      let gone = 0;
      for (const [id, entry, range, suspect] of checks) {
        if (entries.get(id) !== entry) continue; // retired or released meanwhile
        let empty;
        try {
          empty = range.isEmpty;
        } catch {
          continue;
        }
        if (suspect && empty) {
          retire(id, `its text was ${removal}`);
          gone += 1;
        } else entry.empty = empty;
      }
      return gone;
    };
  }

  /**
   * When the op minted block ids (ranges of whole paragraphs: readDocument, insertMarkdown), queue the reads that
   * tell which of them designate a paragraph an earlier block id designates: the uniqueLocalId (WordApi 1.6) of
   * the paragraphs each range is in, for the new ids and the earlier ones alike, read in the same sync, so both
   * are compared as the document is then. A new id whose one paragraph is the one paragraph of an earlier id is
   * released, and the earlier id stands for it (the caller answers it instead): reading a page again gives the
   * ids it gave before and does not use up the limit. Nothing is read when the op minted no block id.
   * @returns {() => Map<string, string>}  after the sync: new id → the earlier id that stands for it
   */
  function queueSameParagraphs() {
    /** @type {Map<string, string>} */
    const reused = new Map();
    if (supports && !supports("WordApi", "1.6")) return () => reused;
    const isBlock = (/** @type {string} */ id, /** @type {RegistryEntry} */ entry) => entry.kind === "rng" && entry.paragraphs === true && !entry.edges && !removals.has(id);
    const fresh = [...entries].filter(([id, entry]) => entry.minted === currentOp && isBlock(id, entry));
    if (fresh.length === 0) return () => reused;
    const earlier = [...entries].filter(([id, entry]) => entry.minted !== currentOp && isBlock(id, entry));
    /** @type {(entry: RegistryEntry) => Word.ParagraphCollection} */
    const queue = (entry) => /** @type {Word.Range} */ (entry.object).getRange("Whole").paragraphs.load("uniqueLocalId");
    const read = (/** @type {[string, RegistryEntry][]} */ list) => list.map(([id, entry]) => /** @type {const} */ ([id, entry, queue(entry)]));
    const freshRead = read(fresh);
    const earlierRead = read(earlier);
    /** @param {Word.ParagraphCollection} paragraphs @returns {string | undefined} the one paragraph's id */
    const single = (paragraphs) => {
      try {
        return paragraphs.items.length === 1 ? paragraphs.items[0].uniqueLocalId : undefined;
      } catch {
        return undefined;
      }
    };
    return () => {
      /** @type {Map<string, string>} paragraph → the earlier id used last (entries run least recently used first) */
      const byParagraph = new Map();
      for (const [id, entry, paragraphs] of earlierRead) {
        const paragraph = entries.get(id) === entry ? single(paragraphs) : undefined;
        if (paragraph) byParagraph.set(paragraph, id);
      }
      for (const [id, entry, paragraphs] of freshRead) {
        const paragraph = entries.get(id) === entry ? single(paragraphs) : undefined;
        const before = paragraph === undefined ? undefined : byParagraph.get(paragraph);
        const kept = before === undefined ? undefined : entries.get(before);
        if (before === undefined || !kept) continue;
        release(id, entry);
        touch(before, kept);
        reused.set(id, before);
        aliases.set(id, before);
        if (aliases.size > RETIRED_KEPT) aliases.delete(/** @type {string} */ (aliases.keys().next().value));
      }
      return reused;
    };
  }

  /**
   * @param {string} given
   * @param {IdKind} kind
   * @param {string} field
   * @returns {OfficeExtension.ClientObject}
   */
  function objectOf(given, kind, field) {
    const id = canonical(given);
    const removal = removals.get(id);
    if (removal) throw new PaneError("E_NOT_FOUND", `Range id "${id}" is gone: ${removal.why} by an earlier op of this batch`, field);
    const entry = lookup(id);
    const gone = entry ? undefined : retired.get(id);
    if (gone) throw new PaneError("E_NOT_FOUND", `Range id "${id}" is gone: ${gone}`, field);
    const what = kind === "rng" ? "range" : kind === "tbl" ? "table" : "note";
    if (!entry && evicted.has(id)) {
      throw new PaneError("E_NOT_FOUND", `The ${what} id "${id}" was released: the pane keeps at most ${limit} ids and releases the least recently used first. Read the document (readDocument with includeRangeIds) or search again for a fresh id`, field);
    }
    if (!entry || entry.kind !== kind) {
      throw new PaneError("E_NOT_FOUND", `Unknown or expired ${what} id "${id}" (ids are valid while the pane stays open)`, field);
    }
    return entry.object;
  }

  /**
   * @param {IdKind} kind
   * @param {OfficeExtension.ClientObject} object
   * @param {OfficeExtension.ClientObject} [holds]
   * @param {boolean} [paragraphs]
   * @param {TableEdges} [edges]
   * @param {string} [twin]
   * @param {boolean} [empty]
   */
  function add(kind, object, holds, paragraphs, edges, twin, empty) {
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
    // A new block id may turn out to be an earlier one's paragraph (queueChecks): the earlier ones stay until then.
    if (!paragraphs) evictBeyondLimit();
    return id;
  }

  return {
    salt,
    limit,
    size: () => entries.size,
    add: (kind, object, { holds, paragraphs, edges, twin, empty } = {}) => add(kind, object, holds, paragraphs, edges, twin, empty),
    addAll(kind, objects, { holds, cap = Infinity, empty } = {}) {
      return objects.map((object, index) => (index < cap ? add(kind, object, holds, undefined, undefined, undefined, empty) : undefined));
    },
    mintedThisOp: () => minted,
    releasedThisOp: () => releasedThisOp,
    lookup,
    requireAnchors(field) {
      if (supports && !supports("WordApi", "1.3")) {
        throw new PaneError("E_UNSUPPORTED", `${field}: anchors ("anchor:<id>") need WordApi 1.3, which this Word does not offer; use a rangeId`, field);
      }
    },
    range(given, field) {
      const range = /** @type {Word.Range} */ (objectOf(given, "rng", field));
      const id = canonical(given);
      const entry = entries.get(id);
      if (entry?.paragraphs !== true) return range;
      const whole = wholeParagraphs(range, entry.edges?.first === true);
      standIns.set(whole, id);
      return whole;
    },
    table: (id, field) => /** @type {Word.Table} */ (objectOf(id, "tbl", field)),
    isParagraphs: (id) => entries.get(canonical(id))?.paragraphs === true,
    edgesOf: (id) => (entries.get(canonical(id))?.kind === "tbl" ? { first: true, last: true, only: true } : entries.get(canonical(id))?.edges),
    removing(id, why) {
      for (const each of withTwin(id)) removals.set(each, { why, op: currentOp, seq: ++tick });
    },
    retire,
    beginOp() {
      currentOp += 1;
      minted = 0;
      releasedThisOp = 0;
      evictBeyondLimit();
    },
    mark: () => tick,
    rollbackOp(since = 0) {
      // Never returned, so nothing else uses them. Untracking an object whose creation never reached Word
      // only cancels its pending reference (TrackedObjects._removeCommon): it cannot fail the next op.
      for (const [id, entry] of [...entries]) {
        if (entry.minted === currentOp && entry.seq > since) {
          release(id, entry);
          minted -= 1;
        }
      }
      minted = Math.max(0, minted);
      for (const [id, removal] of [...removals]) {
        if (removal.op === currentOp && removal.seq > since) removals.delete(id);
      }
    },
    queueChecks(removal) {
      const emptiness = queueEmptiness(removal);
      const sameParagraphs = queueSameParagraphs();
      return () => {
        const gone = emptiness();
        const reused = sameParagraphs();
        evictBeyondLimit();
        return { gone, reused };
      };
    },
  };
}

/**
 * The whole paragraphs a block's range is in, up to the last one's mark (as readDocument made it). Word moves a
 * range's end back when the text at its end is replaced (the new text lands outside it, office-js#1915), so a
 * block whose last word was edited would otherwise end before that word and an edit "at its end" would land in
 * the middle of the paragraph. A range that starts with a table (an insertMarkdown result) starts with that whole
 * table (its first paragraph is a cell's). Queues only.
 * @param {Word.Range} range
 * @param {boolean} startsWithTable
 * @returns {Word.Range}
 */
function wholeParagraphs(range, startsWithTable) {
  const { paragraphs } = range;
  const start = startsWithTable ? range.getRange("Whole").tables.getFirst().getRange("Whole") : paragraphs.getFirst().getRange("Content");
  return start.expandTo(paragraphs.getLast().getRange("Content"));
}

/**
 * Split `rangeId:<id>` / `tableId:<id>`.
 * @param {unknown} ref
 * @param {string} field
 * @returns {{ kind: "rangeId" | "tableId", id: string }}
 */
export function parseRef(ref, field) {
  const match = typeof ref === "string" ? /^(rangeId|tableId):(.+)$/.exec(ref) : null;
  if (!match) throw new PaneError("E_INVALID_ARG", `${field} must be "rangeId:<id>" or "tableId:<id>"`, field);
  return { kind: /** @type {"rangeId" | "tableId"} */ (match[1]), id: match[2] };
}

/**
 * What a `scope` designates: the document body, the selection, or a tracked range.
 * `paragraphs` marks a range id of whole paragraphs (RegistryEntry.paragraphs); `edges` one whose first or last
 * block is a table, and `table` the table a table id designates.
 * @typedef {{ kind: "document", body: Word.Body } | { kind: "selection", range: Word.Range } | RangeTarget} ScopeTarget
 * @typedef {{ kind: "range", range: Word.Range, id?: string, paragraphs?: boolean, edges?: TableEdges, table?: Word.Table }} RangeTarget
 */

/**
 * Resolve `scope` ("document" | "selection" | "rangeId:<id>"). A table id in a rangeId designates the table's range.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {unknown} scope
 * @param {string} [field]
 * @returns {ScopeTarget}
 */
export function resolveScope(context, registry, scope, field = "args.scope") {
  if (scope === "document") return { kind: "document", body: context.document.body };
  if (scope === "selection") return { kind: "selection", range: context.document.getSelection() };
  if (typeof scope === "string" && scope.startsWith("anchor:")) return { kind: "range", range: anchorRange(context, registry, scope.slice(7), field) };
  const { kind, id } = parseScopeRef(scope, field);
  if (kind === "rangeId" && id.startsWith("tbl_")) {
    const table = registry.table(id, field);
    return { kind: "range", range: table.getRange("Whole"), id, table, edges: { first: true, last: true, only: true } };
  }
  const range = registry.range(id, field);
  const edges = registry.edgesOf(id);
  return { kind: "range", range, id, ...(registry.isParagraphs(id) ? { paragraphs: true } : {}), ...(edges ? { edges } : {}) };
}

/**
 * The first block of a range: the table it starts with (see {@link TableEdges}), else its first paragraph.
 * What goes "before" the range goes before it. Queues only.
 * @param {RangeTarget | { range: Word.Range, edges?: undefined, table?: undefined }} target
 * @returns {{ table: Word.Table, paragraph?: undefined } | { paragraph: Word.Paragraph, table?: undefined }}
 */
export function firstBlockOf(target) {
  if (target.table) return { table: target.table };
  if (target.edges?.first) return { table: target.range.getRange("Whole").tables.getFirst() };
  return { paragraph: target.range.paragraphs.getFirst() };
}

/**
 * The last block of a range: the table it ends with (the table of its last paragraph, a cell's: a cell ends
 * with a paragraph, so that is never a table nested in the last cell), else its last paragraph. What goes
 * "after" the range goes after it. Queues only.
 * @param {RangeTarget | { range: Word.Range, edges?: undefined, table?: undefined }} target
 * @returns {{ table: Word.Table, paragraph?: undefined } | { paragraph: Word.Paragraph, table?: undefined }}
 */
export function lastBlockOf(target) {
  if (target.table) return { table: target.table };
  if (target.edges?.last) return { table: target.range.getRange("Whole").paragraphs.getLast().parentTable };
  return { paragraph: target.range.paragraphs.getLast() };
}

/**
 * @param {unknown} scope
 * @param {string} field
 */
function parseScopeRef(scope, field) {
  if (typeof scope === "string" && scope.startsWith("rangeId:")) return parseRef(scope, field);
  throw new PaneError("E_INVALID_ARG", `${field} must be "document", "selection", "rangeId:<id>" or "anchor:<id>"`, field);
}

/** What an anchor's content control is tagged with: the prefix marks the tags we made (anchor.list). */
export const ANCHOR_TAG_PREFIX = "wordbridge:";

/**
 * The content of an anchor's content control: what `anchor:<id>` designates wherever `rangeId:<id>` may be.
 * The control is found by its tag, which lives in the document, so it outlives the pane and the server;
 * ItemNotFound (E_NOT_FOUND) at the sync when no control has the tag. `getFirst` and `getRange` are WordApi
 * 1.3 (content controls 1.1): a host below 1.3 is refused before anything is queued.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {string} id
 * @param {string} [field]
 * @returns {Word.Range}
 */
export function anchorRange(context, registry, id, field = "args.scope") {
  if (!id) throw new PaneError("E_INVALID_ARG", `${field} must be "anchor:<id>" with an id from anchor.create`, field);
  registry.requireAnchors(field);
  return context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + id).getFirst().getRange("Content");
}

/**
 * The scope as a Range (the whole body for "document"): for ops that act on a range either way.
 * @param {Word.RequestContext} context
 * @param {Registry} registry
 * @param {unknown} scope
 * @param {string} [field]
 * @returns {Word.Range}
 */
export function resolveScopeRange(context, registry, scope, field = "args.scope") {
  const target = resolveScope(context, registry, scope, field);
  return target.kind === "document" ? target.body.getRange("Whole") : target.range;
}

/**
 * Resolve `tableRef`. For a range, the table is its `parentTableOrNullObject`: the caller must load it,
 * sync, and call {@link assertTableFound} before using it.
 * @param {Registry} registry
 * @param {unknown} ref
 * @param {string} [field]
 * @param {Word.RequestContext} [context]  needed for an `anchor:<id>` ref (a table inside the anchor)
 * @returns {{ table: Word.Table, viaRange: boolean }}
 */
export function resolveTableRef(registry, ref, field = "args.tableRef", context = undefined) {
  if (context && typeof ref === "string" && ref.startsWith("anchor:")) {
    return { table: anchorRange(context, registry, ref.slice(7), field).parentTableOrNullObject, viaRange: true };
  }
  const { kind, id } = parseRef(ref, field);
  if (kind === "tableId" || id.startsWith("tbl_")) return { table: registry.table(id, field), viaRange: false };
  // Through a fresh range: Office.js caches parentTableOrNullObject on the tracked range, and once the id minted for
  // that one object was evicted (untracked for good) it could never be tracked again.
  return { table: registry.range(id, field).getRange("Whole").parentTableOrNullObject, viaRange: true };
}

/**
 * After the sync that loaded a table resolved through a range: E_NOT_FOUND when the range is not in a table.
 * @param {{ table: Word.Table, viaRange: boolean }} resolved
 * @param {string} [field]
 */
export function assertTableFound(resolved, field = "args.tableRef") {
  if (resolved.viaRange && resolved.table.isNullObject) {
    throw new PaneError("E_NOT_FOUND", "The range is not inside a table", field);
  }
}
