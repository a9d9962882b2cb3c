// readDocument's review layer: the comments and tracked changes on a page's blocks. Structure entries list them
// (`comments`, `changes`); markdown shows them as CriticMarkup: {++added++}, {--deleted--}, {>>comment<<}.
//
// Both cost no round trip of their own. The handler's first sync also loads the ids of the scope's comments and
// every tracked change of the document (type, author, date, text): when there are none, nothing more is asked.
// Otherwise the closing sync carries each page block's comments and changes, and the changes of the document
// before the page. A changeId must be the one trackChanges.list gives (a hash of what the change is, plus its
// occurrence among identical changes in the document), so a block's change is numbered by where it falls in the
// document's list: after the changes before the page and the page's earlier ones.

import { changeKey as keyOf, documentIdsOf, isoDate } from "./revisions.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./read.js").Block} Block */
/**
 * @typedef {{ comments?: Word.CommentCollection, changes?: Word.TrackedChangeCollection, relation?: OfficeExtension.ClientResult<Word.LocationRelation | "Unrelated"> }} ReviewCounts
 * @typedef {{ comments: (Word.CommentCollection | undefined)[], changes: (Word.TrackedChangeCollection | undefined)[], before?: Word.TrackedChangeCollection, all?: Word.TrackedChangeCollection }} ReviewLoad
 * @typedef {{ commentId: string, text: string, author: string, date: string, resolved: boolean, replies: number }} CommentEntry
 * @typedef {{ changeId?: string, type: string, author: string, date: string, text: string }} ChangeEntry
 * @typedef {{ comments?: CommentEntry[], changes?: ChangeEntry[] }} BlockReview
 */

const COMMENT_FIELDS = "items/id,items/content,items/authorName,items/creationDate,items/resolved,items/replies/items/id";
const CHANGE_FIELDS = "items/type,items/author,items/date,items/text";

/**
 * Queue, for the handler's first sync, whether the scope has comments and the document tracked changes, where the
 * host has them (comments WordApi 1.4, tracked changes 1.6).
 * @param {HandlerEnv} env
 * @param {Word.Body | Word.Range} holder  the scope
 * @returns {ReviewCounts}
 */
export function queueReviewCounts(env, holder) {
  /** @type {ReviewCounts} */
  const counts = {};
  if (env.supports("WordApi", "1.4")) counts.comments = holder.getComments().load("items/id");
  if (env.supports("WordApi", "1.6")) {
    counts.changes = env.context.document.body.getTrackedChanges().load(CHANGE_FIELDS);
    // A scope outside the body (a header, footer, note) is "Unrelated" to it: no range runs from the body's start
    // to its blocks (Range.expandTo would throw ItemNotFound), so its changes are listed without changeIds.
    if ("compareLocationWith" in holder) counts.relation = holder.compareLocationWith(env.context.document.body.getRange("Whole"));
  }
  return counts;
}

/**
 * Queue, for the closing sync, each page block's comments and changes (only the kinds the scope has).
 * @param {HandlerEnv} env
 * @param {ReviewCounts} counts  loaded by the first sync
 * @param {Block[]} page
 * @returns {ReviewLoad | undefined}
 */
export function queueReview(env, counts, page) {
  const hasComments = (counts.comments?.items.length ?? 0) > 0;
  const hasChanges = (counts.changes?.items.length ?? 0) > 0;
  if (page.length === 0 || (!hasComments && !hasChanges)) return undefined;
  const ranges = page.map((block) => (block.kind === "paragraph" ? block.paragraph.getRange("Whole") : block.table.getRange("Whole")));
  /** @type {ReviewLoad} */
  const load = {
    comments: ranges.map((range) => (hasComments ? range.getComments().load(COMMENT_FIELDS) : undefined)),
    changes: ranges.map((range) => (hasChanges ? range.getTrackedChanges().load(CHANGE_FIELDS) : undefined)),
  };
  if (hasChanges && counts.relation?.value !== "Unrelated") {
    load.all = counts.changes;
    load.before = env.context.document.body.getRange("Start").expandTo(ranges[0].getRange("Start")).getTrackedChanges().load("items/type");
  }
  return load;
}

/**
 * The review of each page block, from what the closing sync loaded. A comment on several blocks is listed on the
 * first; a change across blocks too.
 * @param {ReviewLoad} load
 * @returns {BlockReview[]}
 */
export function reviewOf(load) {
  const perBlock = pageChanges(load);
  const ids = numberChanges(load, perBlock.flat());
  const seenComments = new Set();
  let changeIndex = 0;
  return load.comments.map((commentCollection, i) => {
    /** @type {BlockReview} */
    const review = {};
    const comments = (commentCollection?.items ?? []).filter((c) => !seenComments.has(c.id));
    comments.forEach((c) => seenComments.add(c.id));
    if (comments.length) {
      review.comments = comments.map((c) => ({
        commentId: c.id, text: c.content, author: c.authorName, date: isoDate(c.creationDate), resolved: c.resolved, replies: c.replies.items.length,
      }));
    }
    const entries = perBlock[i].map((change) => {
      /** @type {ChangeEntry} */
      const entry = { type: String(change.type).toLowerCase(), author: change.author, date: isoDate(change.date), text: change.text };
      const id = ids[changeIndex++];
      return id ? { changeId: id, ...entry } : entry;
    });
    if (entries.length) review.changes = entries;
    return review;
  });
}

/**
 * Each page block's tracked changes, a change across blocks only on the first (the next block's list starts with
 * it again).
 * @param {ReviewLoad} load
 * @returns {Word.TrackedChange[][]}
 */
function pageChanges(load) {
  /** @type {string | undefined} */
  let previousKey;
  return load.changes.map((collection) => {
    const items = collection?.items ?? [];
    const own = items.filter((change, k) => !(k === 0 && keyOf(change) === previousKey && spansBlocks(change)));
    if (items.length) previousKey = keyOf(items[items.length - 1]);
    return own;
  });
}

/**
 * The trackChanges.list ids of the page's changes in order: the document's ids from the position after the changes
 * before the page, checked change by change (left out rather than guessed when they disagree).
 * @param {ReviewLoad} load
 * @param {Word.TrackedChange[]} page  the page's changes in order, each once
 * @returns {(string | undefined)[]}
 */
function numberChanges(load, page) {
  if (!load.all || !load.before) return [];
  return documentIdsOf(load.all.items, load.before.items.length, page);
}

/** @param {Word.TrackedChange} change  whether its text holds a paragraph or cell end */
function spansBlocks(change) {
  return /[\r\n\u0007]/.test(change.text);
}

/**
 * A block's markdown with its review as CriticMarkup: each change wraps the first occurrence of its text after the
 * previous one ({++…++}, {--…--}; appended when the text is not found as written), unresolved comments follow
 * the block ({>>author: text<<}).
 * @param {string} md
 * @param {BlockReview | undefined} review
 * @param {(text: string) => string} escape  how the markdown writer escapes text
 */
export function criticMarkup(md, review, escape) {
  if (!review) return md;
  let out = md;
  let from = 0;
  for (const change of review.changes ?? []) {
    const marks = change.type === "added" ? ["{++", "++}"] : change.type === "deleted" ? ["{--", "--}"] : undefined;
    if (!marks) continue;
    const text = change.text.replace(/[\r\n\u0007]+$/, "");
    if (!text) continue;
    const written = [escape(text), text].find((form) => out.indexOf(form, from) >= 0);
    if (written === undefined) {
      out = `${out}${out ? " " : ""}${marks[0]}${escape(text)}${marks[1]}`;
      from = out.length;
      continue;
    }
    const at = out.indexOf(written, from);
    out = `${out.slice(0, at)}${marks[0]}${written}${marks[1]}${out.slice(at + written.length)}`;
    from = at + marks[0].length + written.length + marks[1].length;
  }
  const notes = (review.comments ?? []).filter((c) => !c.resolved).map((c) => `{>>${escape(c.author ? `${c.author}: ${c.text}` : c.text)}<<}`);
  return notes.length ? `${out}${out ? " " : ""}${notes.join(" ")}` : out;
}
