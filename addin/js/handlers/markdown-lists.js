// insertMarkdown's lists, planned before they are built: which Word list each list item goes in. In Word a list has
// one kind (bullets or numbers) per level, so a sublist whose kind differs from what its parent's list has at that
// level is a Word list of its own (still indented at its level), and the parent's list goes on after it. A sublist
// with a start number other than 1 is its own list too (a level's start number is the whole list's), and so is a
// markdown list the server says is a new one (`newList`: after a `<!-- -->` or a change of marker), at any level.
// No list id is read: a list is continued through List.insertParagraph at its end, and when it goes on after a
// sublist of another list, its next item is made before that sublist is (see ListStep.resumes). Blocks that start
// with a list item right after an item of the document's list (read first: queueListBefore) go on with that list,
// as Word does, when the kinds match and an ordered list's first number is the next one there (else as written).

import { ordinal } from "./read-markdown.js";

/** @typedef {import("./markdown-check.js").Block} Block */

/**
 * How one list item is built.
 * @typedef {object} ListStep
 * @property {number} slot  the Word list it goes in (numbered in the order they start)
 * @property {boolean} starts  it starts that list (startNewList)
 * @property {{ level: number, kind: "bullet" | "number", start?: number }[]} levels  the list's level kinds (and
 *   start number) this item is the first to use, to set when it is built
 * @property {number} [resumes]  the index of a later item of the list before this one, which goes on after this
 *   item's list: it is made first (at that list's end), and this item before it
 */

/**
 * The document's list item the blocks go after: its list's id and level kinds, and its number (level 0 only).
 * @typedef {{ listId: number, kinds: ("bullet" | "number")[], number?: number }} ListBefore
 */

/**
 * Queue the read of the paragraph the blocks go after (read by the caller's sync), when they start with a list
 * item: its list, if it is an item at the list's first level.
 * @param {Block[]} blocks
 * @param {Word.Paragraph} paragraph
 * @returns {(() => ListBefore | undefined) | undefined}  after the sync
 */
export function queueListBefore(blocks, paragraph) {
  if (blocks[0]?.type !== "listItem") return undefined;
  const item = paragraph.listItemOrNullObject.load("level, listString, siblingIndex");
  const list = paragraph.listOrNullObject.load("id, levelTypes");
  return () => {
    if (item.isNullObject || list.isNullObject || item.level !== 0) return undefined;
    const kinds = list.levelTypes.map((type) => (type === "Number" ? "number" : "bullet"));
    return { listId: list.id, kinds, ...(kinds[0] === "number" ? { number: ordinal(item.listString, item.siblingIndex + 1) ?? item.siblingIndex + 1 } : {}) };
  };
}

/**
 * @param {Block[]} blocks
 * @param {ListBefore} [before]  the document's list item they go after
 * @returns {(ListStep | undefined)[]}  a step for each list item (slot 0 is `before`'s list when it goes on)
 */
export function planLists(blocks, before) {
  /** @type {(ListStep | undefined)[]} */
  const plan = [];
  /** @type {{ kinds: Map<number, string>, last: number }[]} each list of the run: its level kinds, its last item */
  let slots = [];
  /** @type {({ slot: number, kind: string } | undefined)[]} the open item at each level */
  let open = [];
  const first = /** @type {{ start?: unknown }} */ (blocks[0]);
  if (before && (before.number === undefined || (first.start ?? 1) === before.number + 1)) {
    slots = [{ kinds: new Map(before.kinds.map((kind, level) => [level, kind])), last: -1 }];
    open = [{ slot: 0, kind: before.kinds[0] }];
  }
  blocks.forEach((block, i) => {
    if (block.type !== "listItem") {
      [slots, open] = [[], []];
      plan.push(undefined);
      return;
    }
    const { level, kind } = block;
    // From the server's markdown (bridge/word/markdown_blocks.py): an ordered list's first number, a new list.
    const { start: given, newList } = /** @type {{ start?: unknown, newList?: unknown }} */ (block);
    const start = kind === "number" && typeof given === "number" && Number.isInteger(given) && given !== 1 ? given : undefined;
    const sibling = open[level];
    const parent = open.slice(0, level).reverse().find(Boolean);
    /** @type {number | undefined} */
    let slot;
    if (sibling) {
      if (newList !== true && sibling.kind === kind) slot = sibling.slot;
    } else if (parent && start === undefined) {
      const kinds = slots[parent.slot].kinds;
      if ((kinds.get(level) ?? kind) === kind) slot = parent.slot;
    }
    // Going on with a list after items of others: its next item is made before the first of them, which must
    // start a list of its own (it is then made before that item).
    if (slot !== undefined && slots[slot].last !== i - 1 && !plan[slots[slot].last + 1]?.starts) slot = undefined;
    /** @type {ListStep} */
    let step;
    if (slot === undefined) {
      slots.push({ kinds: new Map([[level, kind]]), last: i });
      step = { slot: slots.length - 1, starts: true, levels: [{ level, kind, ...(start === undefined ? {} : { start }) }] };
    } else {
      const { kinds, last } = slots[slot];
      step = { slot, starts: false, levels: kinds.has(level) ? [] : [{ level, kind }] };
      kinds.set(level, kind);
      if (last !== i - 1) /** @type {ListStep} */ (plan[last + 1]).resumes = i;
      slots[slot].last = i;
    }
    plan.push(step);
    open = open.slice(0, level);
    open[level] = { slot: step.slot, kind };
  });
  return plan;
}
