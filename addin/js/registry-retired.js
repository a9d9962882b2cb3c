// Ids whose content an op removed: refused from the moment the removal is queued (a later op of the same batch
// cannot act where the content was before the sync that removes it), retired for good once it reached Word, and
// remembered with the reason, so a later use is E_NOT_FOUND saying why instead of acting where the content was.

import { keepRecent } from "./registry-ids.js";

/** @typedef {import("./registry-ids.js").IdTable} IdTable */

/**
 * @typedef {object} Retirement
 * @property {(id: string, why: string) => void} removing  an op queued the removal of an id's content (and its
 *   twin's): refused from now on; `retire` makes it final, `rollbackOp` takes it back
 * @property {(id: string, why: string) => void} retire  forget an id (and its twin) whose content an op removed:
 *   its object is untracked, a later use says why
 * @property {(id: string) => string | undefined} removedBy  why an id's content is being removed by an earlier op
 *   of the running batch, if it is
 * @property {(id: string) => string | undefined} retiredFor  why an id was retired, if it was (the most recent
 *   RETIRED_KEPT)
 * @property {(since: number) => void} rollbackOp  take back the removals the running op queued after `since`
 * @property {(id: string) => string[]} withTwin  an id and its twin, if it has one still tracked (removing either
 *   removes both)
 */

/**
 * @param {IdTable} table
 * @returns {Retirement}
 */
export function createRetirement(table) {
  const { entries } = table;
  /** @type {Map<string, string>} retired ids → why (the most recent RETIRED_KEPT) */
  const retired = new Map();
  /** @type {Map<string, { why: string, op: number, seq: number }>} ids whose content a queued write removes */
  const removals = new Map();

  /**
   * An id and its twin, if it has one still tracked.
   * @param {string} id
   * @returns {string[]}
   */
  function withTwin(id) {
    const twin = entries.get(id)?.twin;
    return twin !== undefined && entries.get(twin)?.twin === id ? [id, twin] : [id];
  }

  return {
    removing(id, why) {
      for (const each of withTwin(id)) removals.set(each, { why, op: table.currentOp(), seq: table.nextTick() });
    },
    retire(id, why) {
      for (const each of withTwin(id)) {
        removals.delete(each);
        const entry = entries.get(each);
        if (entry) table.release(each, entry);
        retired.set(each, why);
        keepRecent(retired);
      }
    },
    removedBy: (id) => removals.get(id)?.why,
    withTwin,
    retiredFor: (id) => retired.get(id),
    rollbackOp(since) {
      for (const [id, removal] of [...removals]) {
        if (removal.op === table.currentOp() && removal.seq > since) removals.delete(id);
      }
    },
  };
}
