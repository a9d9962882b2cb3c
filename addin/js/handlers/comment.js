// comment.add / list / reply / resolve / delete: Word's comments (WordApi 1.4). A commentId is Word's own
// Comment.id, which lives in the document: it stays valid across pane reloads. Office.js has no lookup by id,
// so an op on one comment reads the body's comments (one sync) and queues its change for the closing sync.

import { PaneError } from "../errors.js";
import { bool, str } from "../args.js";
import { clip } from "../expect.js";
import { shownText } from "../shown-text.js";
import { reviewedReading } from "../accepted-text.js";
import { DEFAULT_TRACK_CAP, resolveScope, resolveScopeRange } from "../registry.js";
import { isoDate } from "./revisions.js";
import { readAnchor, readsAnchorFirst } from "./anchor-read.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

const COMMENT_FIELDS = "items/id,items/content,items/authorName,items/creationDate,items/resolved";
const REPLY_FIELDS = "items/replies/items/id,items/replies/items/content,items/replies/items/authorName,items/replies/items/creationDate";

/**
 * E_UNSUPPORTED naming the set, where the host lacks comments.
 * @param {HandlerEnv} env
 * @param {string} [field]
 */
function requireComments(env, field) {
  if (!env.supports("WordApi", "1.4")) {
    throw new PaneError("E_UNSUPPORTED", "Comments need WordApi 1.4, which this Word does not support", field);
  }
}

/**
 * comment.add's checks before it touches Word: its text and the host.
 * @param {HandlerEnv} env
 */
function addArgs(env) {
  const text = str(env.args, "text", { min: 1 });
  requireComments(env);
  return { text };
}

/**
 * comment.add {scope, text} → {commentId, rangeId}: the rangeId is the commented range. No sync of its own: the
 * comment's id is read back with Word.run's closing sync, which inserts it (so expectText costs one sync, not two);
 * an anchor is read first (anchor-read.js), so that a rangeId over one that starts or ends with a table says so.
 * A table (a table id, table.create's rangeId) is commented as a whole, as Word comments a selected table, and the
 * rangeId is that table as a block: content placed before or after it goes next to the table, not into its cells
 * (likewise a range that starts or ends with a table).
 * @param {HandlerEnv} env
 */
export async function add(env) {
  const { context, registry, args } = env;
  const { text } = addArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  await readAnchor(env, target, { change: "same" });
  const comment = (target.kind === "document" ? target.body.getRange("Whole") : target.range).insertComment(text);
  comment.load("id");
  const edges = target.kind === "range" ? target.edges : undefined;
  const rangeId = registry.add("rng", comment.getRange(), edges ? { edges } : {});
  /** @type {{ commentId: string | undefined, rangeId: string }} commentId undefined until read back (a batch's reference to it waits for it) */
  const data = { commentId: undefined, rangeId };
  env.afterSync(() => { data.commentId = comment.id; });
  return data;
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
add.firstSync = (env) => (readsAnchorFirst(env) ? "read" : "none");

/**
 * comment.list's checks before it touches Word: the host and includeResolved.
 * @param {HandlerEnv} env
 */
function listArgs(env) {
  requireComments(env);
  return { includeResolved: bool(env.args, "includeResolved", false) };
}

/**
 * comment.list {scope?, includeResolved} → {comments: [{commentId, text, author, date, resolved, anchoredText,
 * rangeId, replies}]}. One sync reads the comments; the anchored texts ride on the closing sync. An anchored text
 * reads as readDocument shows it: Range.text holds the text of tracked deletions too ("sharplyCosts were flat"), so
 * where the host lists tracked changes (WordApi 1.6) the range's changes ride on the same sync and the text is
 * worked out with them accepted (accepted-text.js; never getReviewedText, which scrolls, freezes or crashes Word).
 * @param {HandlerEnv} env
 */
export async function list(env) {
  const { context, registry, args } = env;
  const { includeResolved } = listArgs(env);
  const scope = args.scope ?? "document";
  const comments = scope === "document" ? context.document.body.getComments() : resolveScopeRange(context, registry, scope).getComments();
  comments.load(`${COMMENT_FIELDS},${REPLY_FIELDS}`);
  await env.sync();
  const shown = comments.items.filter((c) => includeResolved || !c.resolved);
  const withChanges = env.supports("WordApi", "1.6");
  const out = shown.map((c, i) => {
    const range = c.getRange();
    range.load("text");
    const changes = withChanges ? range.getTrackedChanges().load("items/type,items/text") : undefined;
    const entry = {
      commentId: c.id, text: c.content, author: c.authorName, date: isoDate(c.creationDate), resolved: c.resolved,
      anchoredText: "", rangeId: i < DEFAULT_TRACK_CAP ? registry.add("rng", range) : undefined,
      replies: c.replies.items.map((r) => ({ replyId: r.id, text: r.content, author: r.authorName, date: isoDate(r.creationDate) })),
    };
    env.afterSync(() => { entry.anchoredText = shownText(changes?.items.length ? reviewedReading(range.text, changes.items).current : range.text); });
    return entry;
  });
  return { comments: out };
}
list.firstSync = /** @type {const} */ ("read");

/**
 * The lookup of `args.commentId` as every op on one comment makes it: the host and the id checked at once, then
 * (`queue`) the body's comments loaded for the next sync, then (`find`) the comment, or E_NOT_FOUND when the
 * body has none with that id. dryRun makes the same lookup.
 * @param {HandlerEnv} env
 * @param {string} [extra]  more fields to load
 * @returns {() => () => Word.Comment}  queue → find
 */
function commentLookup(env, extra = "") {
  const id = commentIdArg(env);
  return () => {
    const comments = env.context.document.body.getComments();
    comments.load(`items/id${extra}`);
    return () => {
      const found = comments.items.find((c) => c.id === id);
      if (!found) throw new PaneError("E_NOT_FOUND", `No comment "${id}" in the document (list them with comment.list)`, "args.commentId");
      return found;
    };
  };
}

/**
 * The checks of every op on one comment before it touches Word: the host and `args.commentId`.
 * @param {HandlerEnv} env
 */
function commentIdArg(env) {
  requireComments(env);
  return str(env.args, "commentId", { min: 1 });
}

/**
 * The comment with `args.commentId`, after one sync.
 * @param {HandlerEnv} env
 * @param {string} [extra]  more fields to load
 * @returns {Promise<Word.Comment>}
 */
async function findComment(env, extra = "") {
  const find = commentLookup(env, extra)();
  await env.sync();
  return find();
}

/** @param {Record<string, any>} args  reply's text */
const replyText = (args) => str(args, "text", { min: 1 });
/** @param {Record<string, any>} args  resolve's resolved */
const resolvedArg = (args) => bool(args, "resolved", true);

/**
 * comment.reply {commentId, text} → {commentId, replyId}. Two syncs: find, then reply (closing sync).
 * @param {HandlerEnv} env
 */
export async function reply(env) {
  const text = replyText(env.args);
  const comment = await findComment(env);
  const added = comment.reply(text);
  added.load("id");
  /** @type {{ commentId: string, replyId: string | undefined }} replyId undefined until read back (a batch's reference to it waits for it) */
  const data = { commentId: comment.id, replyId: undefined };
  env.afterSync(() => { data.replyId = added.id; });
  return data;
}
reply.firstSync = /** @type {const} */ ("read");

/**
 * comment.resolve {commentId, resolved}: mark resolved, or open again.
 * @param {HandlerEnv} env
 */
export async function resolve(env) {
  const resolved = resolvedArg(env.args);
  const comment = await findComment(env, ",items/resolved");
  const previous = comment.resolved;
  comment.resolved = resolved;
  return { commentId: comment.id, resolved, previous };
}
resolve.firstSync = /** @type {const} */ ("read");

/**
 * comment.delete {commentId}: the comment and its replies.
 * @param {HandlerEnv} env
 */
export async function remove(env) {
  const comment = await findComment(env);
  comment.delete();
  return { commentId: comment.id, deleted: true };
}
remove.firstSync = /** @type {const} */ ("read");

/**
 * dryRun of the ops on one comment: the comment looked up as the op looks it up (its checks are made first, by
 * CHECKS), reported with its text and state.
 * @type {import("../dry-run.js").TargetLookup}
 */
const commentDryRun = {
  field: "commentId",
  plan(env) {
    const queue = commentLookup(env, ",items/content,items/resolved");
    return () => {
      const find = queue();
      return () => {
        const comment = find();
        return { commentId: { commentId: comment.id, text: clip(comment.content), resolved: comment.resolved } };
      };
    };
  },
};

/** The dry runs of the ops on one comment, by op. */
export const DRY_RUNS = { "comment.reply": commentDryRun, "comment.resolve": commentDryRun, "comment.delete": commentDryRun };

/**
 * Each op's checks of its args and the host, made before it touches Word (in the op's order), by op: a dry run
 * makes them too (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = {
  "comment.add": addArgs,
  "comment.list": listArgs,
  "comment.reply": (env) => { replyText(env.args); commentIdArg(env); },
  "comment.resolve": (env) => { resolvedArg(env.args); commentIdArg(env); },
  "comment.delete": commentIdArg,
};
