// readDocument's review layer: the comments and tracked changes on a page's blocks. Structure entries list them
// (`comments`, `changes`); markdown shows them as CriticMarkup: {++added++}, {--deleted--}, {>>comment<<}.
//
// Both cost no round trip of their own. The handler's first sync also loads the ids of the scope's comments and
// every tracked change of the document (type, author, date, text): when there are none, nothing more is asked.
// Otherwise the closing sync carries each page block's comments and changes, and the changes of the document
// before the page. A changeId must be the one trackChanges.list gives (a hash of what the change is, plus its
// occurrence among identical changes in the document), so a block's change is numbered by where it falls in the
// document's list: after the changes before the page and the page's earlier ones.

import { shownText } from "../shown-text.js";
import { markShown, shownInMarks, within } from "./read-review-shown.js";
import { changeKey as keyOf, documentIdsOf, isoDate } from "./revisions.js";
import { reviewedReading } from "../accepted-text.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./read.js").Block} Block */
/**
 * @typedef {{ comments?: Word.CommentCollection, changes?: Word.TrackedChangeCollection, relation?: OfficeExtension.ClientResult<Word.LocationRelation | "Unrelated"> }} ReviewCounts
 * @typedef {{ comments: (Word.CommentCollection | undefined)[], changes: (Word.TrackedChangeCollection | undefined)[], before?: Word.TrackedChangeCollection, all?: Word.TrackedChangeCollection, places?: boolean }} ReviewLoad
 *   `places`: tell where in each paragraph its changes lie (markdown)
 * @typedef {{ commentId: string, text: string, author: string, date: string, resolved: boolean, replies: number }} CommentEntry
 * @typedef {{ changeId?: string, type: string, author: string, date: string, text: string }} ChangeEntry
 * @typedef {{ comments?: CommentEntry[], changes?: ChangeEntry[] }} BlockReview
 * @typedef {{ type: string, parts: string[], skip?: boolean, occurrence?: number }} ChangeMark  a change's text in one block,
 *   between its marks; where its place in a paragraph is known, `skip` (it lies inside an earlier change, whose mark
 *   shows its text) or `occurrence` (how many times its text occurs between the earlier change and it)
 * @typedef {{ blocks: BlockReview[], marks: ChangeMark[][] }} PageReview
 * @typedef {{ text: string, table: boolean }} BlockText  a page block as Word's text reads (a table's cells joined)
 * @typedef {{ key: string, at: number, listed: boolean }} Carried  a change running on into the next block: the
 *   part it reached and whether it is listed already
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
 * Queue, for the closing sync, each page block's comments and changes (only the kinds the scope has). `places`
 * (markdown): where in each paragraph its changes lie is then worked out from the paragraph's text and its changes
 * in document order (see {@link placed}), never asked of Word through getReviewedText (accepted-text.js says why).
 * Word gives a change's place only through its range, and a block's changes are known only after this sync: ranges
 * would cost a third round trip (or, from the document's list, a range per change of the whole document on every
 * page).
 * @param {HandlerEnv} env
 * @param {ReviewCounts} counts  loaded by the first sync
 * @param {Block[]} page
 * @param {{ places?: boolean }} [options]
 * @returns {ReviewLoad | undefined}
 */
export function queueReview(env, counts, page, { places = false } = {}) {
  const hasComments = (counts.comments?.items.length ?? 0) > 0;
  const hasChanges = (counts.changes?.items.length ?? 0) > 0;
  if (page.length === 0 || (!hasComments && !hasChanges)) return undefined;
  const ranges = page.map((block) => (block.kind === "paragraph" ? block.paragraph.getRange("Whole") : block.table.getRange("Whole")));
  /** @type {ReviewLoad} */
  const load = {
    comments: ranges.map((range) => (hasComments ? range.getComments().load(COMMENT_FIELDS) : undefined)),
    changes: ranges.map((range) => (hasChanges ? range.getTrackedChanges().load(CHANGE_FIELDS) : undefined)),
  };
  if (hasChanges && places) load.places = true;
  if (hasChanges && counts.relation?.value !== "Unrelated") {
    load.all = counts.changes;
    load.before = env.context.document.body.getRange("Start").expandTo(ranges[0].getRange("Start")).getTrackedChanges().load("items/type");
  }
  return load;
}

/**
 * The review of each page block, from what the closing sync loaded: the comments and changes structure lists (a
 * comment on several blocks on the first; a change across blocks see {@link shareChanges}), and for markdown the
 * part of each change's text that lies in the block.
 * @param {ReviewLoad} load
 * @param {BlockText[]} texts  the page's blocks as Word's text of them reads
 * @returns {PageReview}
 */
export function reviewOf(load, texts) {
  const shared = shareChanges(load, texts);
  const ids = numberChanges(load, shared.listed.flat());
  const seenComments = new Set();
  let changeIndex = 0;
  const blocks = load.comments.map((commentCollection, i) => {
    /** @type {BlockReview} */
    const review = {};
    const comments = (commentCollection?.items ?? []).filter((c) => !seenComments.has(c.id));
    comments.forEach((c) => seenComments.add(c.id));
    if (comments.length) {
      review.comments = comments.map((c) => ({
        commentId: c.id, text: c.content, author: c.authorName, date: isoDate(c.creationDate), resolved: c.resolved, replies: c.replies.items.length,
      }));
    }
    const entries = shared.listed[i].map((change) => {
      /** @type {ChangeEntry} */
      const entry = { type: typeOf(change), author: change.author, date: isoDate(change.date), text: shownText(change.text) };
      const id = ids[changeIndex++];
      return id ? { changeId: id, ...entry } : entry;
    });
    if (entries.length) review.changes = entries;
    return review;
  });
  const marks = shared.marks.map((blockMarks, i) => (load.places && texts[i] && !texts[i].table ? placed(blockMarks, texts[i].text) : blockMarks));
  return { blocks, marks };
}

/**
 * A paragraph's marks with their places (see {@link ChangeMark}): each change's part in the paragraph placed in its
 * text in document order (accepted-text.js: where a text occurs more than once and the order of the changes does not
 * tell which, the first place); a part not found whole keeps no place.
 * @param {ChangeMark[]} marks
 * @param {string} text  the paragraph's text as Word reads it (with its deleted text)
 * @returns {ChangeMark[]}
 */
function placed(marks, text) {
  const plain = withoutMarks(text);
  const changes = marks.filter((mark) => CRITIC[mark.type] && mark.parts[0]);
  const { spans } = reviewedReading(plain, changes.map((mark) => ({ type: mark.type, text: mark.parts[0] })));
  let end = 0;
  return marks.map((mark) => {
    const k = changes.indexOf(mark);
    const part = mark.parts[0];
    const span = k < 0 ? undefined : spans[k];
    if (!span || span[1] - span[0] !== part.length) return mark;
    const [at] = span;
    if (at < end) return { ...mark, skip: true };
    let occurrence = 0;
    for (let found = plain.indexOf(part, end); found >= 0 && found < at; found = plain.indexOf(part, found + 1)) occurrence += 1;
    end = at + part.length;
    return { ...mark, occurrence };
  });
}

/** @param {string} text  without control characters, paragraph, cell and row marks */
function withoutMarks(text) {
  return text.replace(/[\u0000-\u0006\u0008\u000e-\u001f\r\n\u0007]/g, "");
}

/**
 * How the page's tracked changes fall on its blocks. A change across blocks (its text holds paragraph or cell
 * marks) is in the list of every block it touches. Structure lists it once, on the first page block where some of
 * its text lies (on the next page when that is past the page's end): a tracked new paragraph, whose change Word
 * records from the paragraph mark before it ("\rNew para"), is listed on the new paragraph, not on the one before. Markdown marks in each block the part of its
 * text between the marks that lies there, so no mark character reaches the markdown.
 * @param {ReviewLoad} load
 * @param {BlockText[]} texts
 * @returns {{ listed: Word.TrackedChange[][], marks: ChangeMark[][] }}
 */
function shareChanges(load, texts) {
  /** @type {Word.TrackedChange[][]} */
  const listed = [];
  /** @type {ChangeMark[][]} */
  const marks = [];
  /** @type {Carried | undefined} the change the previous block ended with, running on into this one */
  let carried;
  load.changes.forEach((collection, i) => {
    const items = collection?.items ?? [];
    const nextFirst = load.changes[i + 1]?.items[0];
    const table = texts[i]?.table ?? false;
    /** @type {Carried | undefined} */
    let carry;
    listed.push([]);
    marks.push([]);
    items.forEach((change, k) => {
      const key = keyOf(change);
      const parts = partsOf(change.text);
      const continued = k === 0 && carried?.key === key && spansBlocks(change) ? carried : undefined;
      const at = continued ? continued.at + 1 : k === 0 && i === 0 && spansBlocks(change) ? partAtPageStart(parts, texts[0]?.text ?? "") : 0;
      const last = k === items.length - 1 && spansBlocks(change);
      const runsOn = last && nextFirst !== undefined && keyOf(nextFirst) === key;
      // A table holds many marks: it takes every part up to the one the next block starts with.
      const here = table ? parts.slice(at, runsOn ? -1 : undefined) : parts.slice(at, at + 1);
      const hasText = here.some(Boolean);
      // Past the page's last block, its text is on the next page, which lists it.
      const textAfterPage = last && i === load.changes.length - 1 && parts.slice(at + 1).some(Boolean);
      const listedHere = !continued?.listed && (hasText || !(runsOn || textAfterPage));
      if (listedHere) listed[i].push(change);
      if (hasText) marks[i].push({ type: typeOf(change), parts: here });
      if (runsOn) carry = { key, at: table ? parts.length - 2 : at, listed: Boolean(continued?.listed) || listedHere };
    });
    carried = carry;
  });
  return { listed, marks };
}

/**
 * Which part of a change's text lies in the page's first block when the change is the first in its list and runs
 * across blocks: a later part when the block's text starts with it (the change began before the page), else the
 * first (it begins in this block).
 * @param {string[]} parts
 * @param {string} text
 */
function partAtPageStart(parts, text) {
  const later = parts.findIndex((part, j) => j > 0 && part !== "" && text.startsWith(part));
  return later > 0 ? later : 0;
}

/**
 * A change's text split at its paragraph, cell and row marks, without other control characters (a note
 * reference's placeholder): the parts that lie in successive blocks.
 * @param {string} text
 */
function partsOf(text) {
  return text.replace(/[\u0000-\u0006\u0008\u000e-\u001f]/g, "").split(/\r\n?|[\n\u0007]/);
}

/** @param {Word.TrackedChange} change */
function typeOf(change) {
  return String(change.type).toLowerCase();
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
 * A block's markdown with its review as CriticMarkup: each change's part in the block wraps its text after the
 * previous one ({++…++}, {--…--}): the occurrence its place gives (see {@link ChangeMark}), else the first; where
 * formatting splits its text, round the markdown that shows it (see read-review-shown.js). A change inside an
 * earlier one's mark is left to that mark (its text is there); one whose text is not found is appended. Unresolved
 * comments follow the block ({>>author: text<<}, their line ends as spaces).
 * @param {string} md
 * @param {BlockReview | undefined} review
 * @param {ChangeMark[]} marks
 * @param {(text: string) => string} escape  how the markdown writer escapes text
 */
export function criticMarkup(md, review, marks, escape) {
  let out = md;
  let from = 0;
  /** @type {[number, number][]} where the marks written so far are */
  const written = [];
  for (const mark of marks) {
    const wrap = CRITIC[mark.type];
    if (!wrap || mark.skip) continue;
    for (const part of mark.parts) {
      if (!part) continue;
      const found = [escape(part), part].map((form) => ({ form, at: nthIndex(out, form, from, mark.occurrence ?? 0) })).find((hit) => hit.at >= 0);
      if (!found && [escape(part), part].some((form) => written.some(([start, end]) => within(out, form, start, end)))) continue;
      // Not as written: formatting in it ("Sales rose **12%**"), its mark goes round the markdown that shows it.
      const shown = found ? undefined : markShown(out, part, { from, skip: mark.occurrence ?? 0, wrap, written });
      if (shown) {
        [out, from] = [shown.md, shown.mark[1]];
        written.push(shown.mark);
        continue;
      }
      if (!found && shownInMarks(out, part, written)) continue;
      if (!found) {
        out = `${out}${out ? " " : ""}${wrap[0]}${escape(part)}${wrap[1]}`;
        from = out.length;
        continue;
      }
      // A backslash escaping the text's first character (a line start written "\-") goes inside with it.
      const at = escapedAt(out, found.at) ? found.at - 1 : found.at;
      const inner = out.slice(at, found.at + found.form.length);
      out = `${out.slice(0, at)}${wrap[0]}${inner}${wrap[1]}${out.slice(at + inner.length)}`;
      from = at + wrap[0].length + inner.length + wrap[1].length;
      written.push([at, from]);
    }
  }
  const notes = (review?.comments ?? []).filter((c) => !c.resolved)
    .map((c) => `{>>${escape((c.author ? `${c.author}: ${c.text}` : c.text).replace(/\r\n?|\n/g, " "))}<<}`);
  return notes.length ? `${out}${out ? " " : ""}${notes.join(" ")}` : out;
}

/**
 * Where `form` occurs in `text` from `from` on after passing over `skip` occurrences (-1: it does not).
 * @param {string} text
 * @param {string} form
 * @param {number} from
 * @param {number} skip
 */
function nthIndex(text, form, from, skip) {
  let at = text.indexOf(form, from);
  for (let n = 0; n < skip && at >= 0; n += 1) at = text.indexOf(form, at + 1);
  return at;
}

/** @type {Record<string, [string, string]>} */
const CRITIC = { added: ["{++", "++}"], deleted: ["{--", "--}"] };

/**
 * Whether the character at `at` is escaped: an odd run of backslashes before it.
 * @param {string} md
 * @param {number} at
 */
function escapedAt(md, at) {
  let run = 0;
  while (at - run - 1 >= 0 && md[at - run - 1] === "\\") run += 1;
  return run % 2 === 1;
}
