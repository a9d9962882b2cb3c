// Tracked-change ids (trackChanges.list, readDocument, accept and reject by id). Office.js gives a TrackedChange no
// id, and one cannot be found again in a later request, so a changeId is derived from what the change is (type,
// author, date, text: its key) and its place among the changes with the same key. Identical changes are common:
// Word keeps a change's time to the minute, and a tracked replaceAll makes many. An id is `chg_<group>_<n>`: the
// group's hash covers the key and how many changes had it when the group was first seen, n is the change's
// occurrence among them.
//
// Deciding one change of a group shifts the places of the rest, so the pane remembers, per document (its shared
// request context, which lives as long as this load of the pane), the occurrences it accepted or rejected: while a
// group holds as many changes as it expects (the ones seen less the ones decided), they keep their numbers, and ids
// from an earlier list still name the changes they named. When a group holds any other number (changes made,
// accepted or rejected in Word itself, or by an earlier load of the pane), it is numbered afresh under a hash not
// given before in this load: ids from earlier lists are refused with E_NOT_FOUND rather than name another change.
// What no count can tell: in one group, as many identical changes made (in the same minute) as others decided in
// Word itself between a list and its use.

/**
 * A group of identical changes as the pane last numbered it.
 * @typedef {{ key: string, hash: string, numbers: number[], stale: boolean }} Group  numbers: the occurrence
 *   numbers of the changes it holds, ascending; stale: some were decided unseen (all: true on a scope)
 * @typedef {{ groups: Map<string, Group>, issued: Set<string>, decided: Map<string, string> }} Memory
 *   groups: those the document holds, by key; issued: every group hash given in this load; decided: the ids this
 *   load accepted or rejected (id → "accepted" | "rejected")
 * @typedef {{ id: string, key: string, group: Group, number: number }} Numbered
 */

/** @type {WeakMap<object, Memory>} */
const memories = new WeakMap();

/**
 * The pane's memory of the document `context` belongs to (none without a context: plain numbering).
 * @param {unknown} context
 * @returns {Memory | undefined}
 */
function memoryOf(context) {
  if (!context || typeof context !== "object") return undefined;
  let memory = memories.get(context);
  if (!memory) {
    memory = { groups: new Map(), issued: new Set(), decided: new Map() };
    memories.set(context, memory);
  }
  return memory;
}

/** @param {Word.TrackedChange} change  what a change is: type, author, date and text */
export function changeKey(change) {
  return `${change.type}|${change.author}|${isoDate(change.date)}|${change.text}`;
}

/** @param {unknown} date  a Date (Office.js) or a JSON date string */
export function isoDate(date) {
  const value = date instanceof Date ? date : new Date(String(date));
  return Number.isNaN(value.getTime()) ? String(date ?? "") : value.toISOString();
}

/** @param {string} text  a short stable hash (FNV-1a, base 36) */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * The changes of the whole document (in order) with their ids, as the pane numbers them now.
 * @param {Word.TrackedChange[]} items  the document body's changes, each once, in order
 * @returns {Numbered[]}
 */
export function numberChanges(items) {
  const memory = memoryOf(items[0]?.context);
  /** @type {Map<string, number[]>} key → positions */
  const positions = new Map();
  items.forEach((change, i) => {
    const key = changeKey(change);
    const at = positions.get(key);
    if (at) at.push(i);
    else positions.set(key, [i]);
  });
  const issued = memory?.issued ?? new Set();
  /** @type {Numbered[]} */
  const numbered = new Array(items.length);
  for (const [key, at] of positions) {
    const group = groupOf(memory, issued, key, at.length);
    at.forEach((i, k) => {
      const number = group.numbers[k];
      numbered[i] = { id: `chg_${group.hash}_${number}`, key, group, number };
    });
  }
  // A group the document no longer holds is forgotten (its texts could be long): if one comes back, it is new,
  // and its hash is one not issued before.
  for (const key of memory?.groups.keys() ?? []) if (!positions.has(key)) memory?.groups.delete(key);
  return numbered;
}

/**
 * The group `count` changes with `key` form: the one remembered when it holds as many as expected, else a new one
 * under a hash not given before (so no earlier id names one of its changes).
 * @param {Memory | undefined} memory
 * @param {Set<string>} issued
 * @param {string} key
 * @param {number} count
 */
function groupOf(memory, issued, key, count) {
  const known = memory?.groups.get(key);
  if (known && !known.stale && known.numbers.length === count) return known;
  let groupHash = hash(`${key}|${count}`);
  for (let epoch = 1; issued.has(groupHash); epoch += 1) groupHash = hash(`${key}|${count}|${epoch}`);
  issued.add(groupHash);
  /** @type {Group} */
  const group = { key, hash: groupHash, numbers: Array.from({ length: count }, (_, i) => i + 1), stale: false };
  memory?.groups.set(key, group);
  return group;
}

/**
 * Ids for the document's changes (see {@link numberChanges}).
 * @param {Word.TrackedChange[]} items  the document's changes in order
 */
export function changeIds(items) {
  return numberChanges(items).map((change) => change.id);
}

/**
 * The document-wide ids of a run of changes (a scope's or a page's, each once, in order): they follow the changes
 * before it, which number `before`, or one fewer when the first of those runs into the scope and is counted on
 * both sides. Each position is checked change by change; when neither fits, or both do (identical changes on
 * both sides of the edge), the ids are left out rather than guessed.
 * @param {Word.TrackedChange[]} all  the document's changes
 * @param {number} before  how many changes the range from the document's start to the run's start holds
 * @param {Word.TrackedChange[]} run
 * @returns {(string | undefined)[]}
 */
export function documentIdsOf(all, before, run) {
  const fits = [before, before - 1].filter((start) =>
    start >= 0 && start + run.length <= all.length && run.every((change, k) => changeKey(all[start + k]) === changeKey(change)));
  if (run.length === 0 || fits.length !== 1) return run.map(() => undefined);
  const ids = changeIds(all);
  return run.map((_, k) => ids[fits[0] + k]);
}

/**
 * Once Word applied them: these changes, numbered by {@link numberChanges}, were accepted or rejected by this
 * pane. Their groups keep the numbers of the others.
 * @param {unknown} context  the request context they were read with
 * @param {Numbered[]} changes
 * @param {"accepted" | "rejected"} verb
 */
export function rememberDecided(context, changes, verb) {
  const memory = memoryOf(context);
  if (!memory) return;
  for (const { id, key, group, number } of changes) {
    memory.decided.set(id, verb);
    // A group numbered afresh since: its count tells.
    if (memory.groups.get(key) === group) group.numbers = group.numbers.filter((n) => n !== number);
  }
}

/**
 * Once Word applied it: some changes with these keys were decided without their ids (all: true on a scope), so
 * their groups are numbered afresh when next seen.
 * @param {unknown} context
 * @param {Word.TrackedChange[]} changes
 */
export function forgetGroupsOf(context, changes) {
  const memory = memoryOf(context);
  if (!memory) return;
  for (const change of changes) {
    const group = memory.groups.get(changeKey(change));
    if (group) group.stale = true;
  }
}

/**
 * Why an id is not among the document's: "accepted already" when this load of the pane decided it.
 * @param {unknown} context
 * @param {string} id
 */
export function decidedAlready(context, id) {
  const verb = memoryOf(context)?.decided.get(id);
  return verb ? `${verb} already` : undefined;
}
