// The reads at the end of an op that keep the ids honest, queued before the sync that ends the op and settled
// after it (Registry.queueChecks): which ranges lost their text to the op (retired), and which new block ids
// designate a paragraph an earlier block id already designates (released; the earlier id stands for them).

/** @typedef {import("./registry.js").RegistryEntry} RegistryEntry */
/** @typedef {import("./registry-ids.js").IdTable} IdTable */
/** @typedef {import("./registry-retired.js").Retirement} Retirement */
/** @typedef {((name: string, version: string) => boolean) | undefined} Supports */

/**
 * Queue the reads of Range.isEmpty (WordApi 1.3) that tell which ranges lost their text (see
 * Registry.queueChecks); the function returned, after the sync, retires those and says how many.
 * @param {IdTable} table
 * @param {Retirement} retirement
 * @param {Supports} supports
 * @param {string | undefined} removal
 * @returns {() => number}
 */
export function queueEmptiness(table, retirement, supports, removal) {
  if (supports && !supports("WordApi", "1.3")) return () => 0;
  const { entries } = table;
  /** @type {[string, RegistryEntry, Word.Range, boolean][]} id, entry, its range, whether it may have lost its text */
  const checks = [];
  for (const [id, entry] of entries) {
    if (entry.kind !== "rng" || retirement.removedBy(id) !== undefined) continue;
    // An id the op used is its own target: a block whose text it rewrote is still that block (it widens).
    const suspect = removal !== undefined && entry.empty === false && entry.used !== table.currentOp();
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
        retirement.retire(id, `its text was ${removal}`);
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
 * @param {IdTable} table
 * @param {Retirement} retirement
 * @param {Supports} supports
 * @returns {() => Map<string, string>}  after the sync: new id → the earlier id that stands for it
 */
export function queueSameParagraphs(table, retirement, supports) {
  /** @type {Map<string, string>} */
  const reused = new Map();
  if (supports && !supports("WordApi", "1.6")) return () => reused;
  const { entries } = table;
  const currentOp = table.currentOp();
  const isBlock = (/** @type {string} */ id, /** @type {RegistryEntry} */ entry) => entry.kind === "rng" && entry.paragraphs === true && !entry.edges && retirement.removedBy(id) === undefined;
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
      table.release(id, entry);
      table.touch(before, kept);
      reused.set(id, before);
      table.alias(id, before);
    }
    return reused;
  };
}
