// A table that an op of the batch removes takes with it whatever is in it, and a later op of the same batch on any of
// that would fail once the ops before it were applied (a half-done batch), or write where it was. batch-removals.js
// knows, with no sync, what an op removes through the ids it names; what else is the table (its anchor, its id
// when the op names its anchor) or in it (a range, an anchor) is known only by reading where it lies, and:
// - table.deleteRows/deleteColumns of every row or column deletes the table (table.js), which is known only against
//   the table's size: its rows (rowCount) or columns (its widest row, as table.js counts them); a table.create of
//   the same batch gives its size from its args, with no sync, and the table ops between them on the same table
//   count (insertRows adds rows, deleteRows takes some);
// - an op that puts content in place of a table (or of blocks that start or end with one) removes it, and a later
//   op may name it otherwise (its anchor, or its id when the op named the anchor), or name a table nested in it;
//   so does anchor.remove with keepContent: false of the table's anchor (or of an anchor around a table);
// - an op that puts content in place of a block or an anchor's content (or removes the anchor with it) takes what
//   lies inside: a later op on a search hit, a range or an anchor in it would write where that text collapsed to.
// That is read up front, before anything of the batch runs, in one sync that only reads: the sizes, and where each
// later target that is a tracked id or an anchor lies against the table, block or anchor (Range.compareLocationWith).
// The sync is made only for a batch with such a removal followed by an op on another tracked id or an anchor, and
// shared with the read of the blocks the batch rewrites (batch-upfront.js). What is found goes to batch-removals.js
// as known removals, which refuse the later op (E_NOT_FOUND, nothing run). A read that fails (a target already
// gone) leaves the batch to run as it would have: its ops fail where they fail.

import { TARGET_FIELDS } from "./expect.js";
import { contentOf, removedWithAnchor, replacedContainer, targetKey } from "./batch-removals.js";
import { ANCHOR_TAG_PREFIX, TABLE_ANCHOR_PREFIX, resolveTableRef } from "./scopes.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-removals.js").KnownRemovals} KnownRemovals */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/** The deletions that remove the table when they take all of it, by the size they take from. */
const DELETIONS = /** @type {Record<string, "rows" | "cols">} */ ({ "table.deleteRows": "rows", "table.deleteColumns": "cols" });

/** How a range inside the table (or the table itself) compares with the table's range. */
export const INSIDE = new Set(["Equal", "Inside", "InsideStart", "InsideEnd"]);

/** How a range strictly inside a block or an anchor compares with it: what an op rewriting it takes. */
export const STRICTLY_INSIDE = new Set(["Inside", "InsideStart", "InsideEnd"]);

/**
 * At most this many later targets are placed against what earlier ops replace: Word answers each in the one read
 * sync, and a batch rewriting hundreds of blocks by id would ask for tens of thousands. Beyond it a later target is
 * not checked up front (the batch runs as it would have).
 */
const MAX_LOCATED = 5000;

/**
 * One deletion whose table may go, with what is read of it.
 * @typedef {object} Candidate
 * @property {number} at  the op
 * @property {"rows" | "cols"} [takes]  a deletion's (absent: the op removes the table whatever its size)
 * @property {string} key  its tableRef's key (batch-removals.js targetKey)
 * @property {() => number | undefined} size  the table's rows or columns before the batch (after the sync)
 * @property {{ key: string, relation: OfficeExtension.ClientResult<string> }[]} located  later targets placed
 *   against the table
 * @property {string} [says]  how a placing op removes it (batch-removals.js)
 * @property {Set<string>} [inside]  the relations of a later target it takes (default {@link INSIDE})
 * @property {string} [hint]  what the refusal advises instead (default: batch-removals.js afterRemoval)
 * @property {boolean} reads  whether it needs the read sync
 */

/**
 * The ops of the batch that remove a table or replace what holds other ids, with the ids they remove that
 * batch-removals.js cannot know without a read: a deletion of every row or column (the table's ids, and those of
 * the later targets inside it), an op that puts content in place of a table, a block or an anchor's content, or
 * removes an anchor with its content (the later targets inside it). Queues the reads; `reads` says whether they need
 * the sync (batch-upfront.js makes it, shared with the batch's other reads up front), after which `settle` tells.
 * None for most batches.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @returns {{ reads: boolean, settle: () => KnownRemovals }}
 */
export function queueTableRemovals(env, ops) {
  /** @type {Candidate[]} */
  const candidates = [];
  const budget = { left: MAX_LOCATED };
  ops.forEach(({ op, args }, at) => {
    const replaced = replacedContainer(op, args, ops, env.registry);
    const gone = replaced ?? removedWithAnchor(op, args);
    const candidate = gone ? placedCandidate(env, ops, at, gone, budget) : DELETIONS[op] ? deletionCandidate(env, ops, at) : undefined;
    if (candidate) candidates.push(candidate);
  });
  return { reads: candidates.some((candidate) => candidate.reads), settle: () => settle(env, ops, candidates) };
}

/**
 * What the candidates remove, once their reads came back.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {Candidate[]} candidates
 * @returns {KnownRemovals}
 */
function settle(env, ops, candidates) {
  /** @type {KnownRemovals} */
  const known = new Map();
  for (const { at, takes, key, size, located, says, inside: taken = INSIDE, hint } of candidates) {
    const inside = located.filter(({ relation }) => taken.has(relation.value)).map(({ key: each }) => each);
    if (!takes) {
      if (inside.length) known.set(at, { ids: inside, says: says ?? "removes its table", ...(hint ? { hint } : {}) });
      continue;
    }
    const before = size();
    const left = before === undefined ? undefined : sizeBefore(ops, at, contentOf(key, ops, env.registry).ids, takes, before);
    if (left === undefined || new Set(ops[at].args.indexes).size < left) continue;
    known.set(at, { ids: [key, ...inside], says: `deletes every ${takes === "rows" ? "row" : "column"} of its table, which deletes the table` });
  }
  return known;
}

/**
 * An op that puts content in place of a table, a block or an anchor's content, or removes an anchor with its
 * content: where the later targets other than its own ids (tracked ranges and tables, anchors) lie against it, as
 * the document is before the batch. A target inside what it removes is gone with it (a table's id, its anchor, a
 * search hit in it), one strictly inside what it rewrites (a hit in a block given new text) lost its text: a later op
 * on it would write where its text collapsed to. Costs the batch a read sync (shared with the blocks it rewrites).
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {number} at
 * @param {{ key: string, content: { ids: string[] }, says: string, removes?: boolean }} placed  batch-removals.js
 *   replacedContainer or removedWithAnchor
 * @param {{ left: number }} budget  the later targets the batch may still place ({@link MAX_LOCATED})
 * @returns {Candidate | undefined}
 */
function placedCandidate(env, ops, at, placed, budget) {
  const later = [...new Set(laterKeys(ops, at))].filter((each) => !placed.content.ids.includes(each) && locatable(env, each)).slice(0, Math.max(budget.left, 0));
  const whole = later.length && locatable(env, placed.key) ? rangeOfKey(env, placed.key) : undefined;
  if (!whole) return undefined;
  budget.left -= later.length;
  const written = placed.key.startsWith("anchor:") ? placed.key : `rangeId:${placed.key}`;
  const says = placed.removes === false ? `${placed.says}, which holds it` : `${placed.says}, and "${written}" holds it`;
  const hint = `run it before op ${at}`;
  return { at, key: placed.key, size: () => undefined, located: locate(env, later, whole), says, hint, reads: true, ...(placed.removes === false ? { inside: STRICTLY_INSIDE } : {}) };
}

/**
 * A deletion of rows or columns followed by an op that may be on its table: its table's size (read, or a
 * table.create's of the batch) and where the later targets lie against it.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @param {number} at
 * @returns {Candidate | undefined}
 */
function deletionCandidate(env, ops, at) {
  const { op, args } = ops[at];
  const takes = DELETIONS[op];
  const key = Array.isArray(args.indexes) ? targetKey("tableRef", args.tableRef) : undefined;
  if (!key) return undefined;
  const own = new Set(contentOf(key, ops, env.registry).ids);
  const later = laterKeys(ops, at).filter((each) => !own.has(each) && locatable(env, each));
  const onTable = laterKeys(ops, at).some((each) => own.has(each));
  const created = createdSize(ops, key, takes);
  if (created !== undefined) return onTable ? { at, takes, key, size: () => created, located: [], reads: false } : undefined;
  if (key.startsWith("$")) return undefined; // made by an op of the batch that gives no size: nothing to read before it runs
  if (!onTable && later.length === 0) return undefined; // nothing after it that its table may hold: nothing to read
  const read = queueTableRead(env, args.tableRef, takes, later);
  return read && { at, takes, key, ...read, reads: true };
}

/**
 * The keys of the targets of the ops after `at`.
 * @param {BatchOp[]} ops
 * @param {number} at
 * @returns {string[]}
 */
function laterKeys(ops, at) {
  return ops.slice(at + 1).flatMap(({ args }) => [...TARGET_FIELDS, "anchorId"]
    .map((field) => targetKey(field, args[field]))
    .filter((key) => key !== undefined));
}

/**
 * The size of a table that a table.create of the batch makes (its rows/cols args), when `key` is a reference to it.
 * @param {BatchOp[]} ops
 * @param {string} key
 * @param {"rows" | "cols"} takes
 * @returns {number | undefined}
 */
function createdSize(ops, key, takes) {
  const ref = /^\$(\d+)\.(tableId|rangeId)$/.exec(key);
  const maker = ref ? ops[Number(ref[1])] : undefined;
  const size = maker?.op === "table.create" ? maker.args[takes] : undefined;
  return Number.isInteger(size) ? size : undefined;
}

/**
 * Queue the read of the table `tableRef` designates (its size) and of where each later target that is a tracked id
 * or an anchor lies against it; undefined when the table cannot be resolved without running anything (an unknown
 * id: the op fails as it would have).
 * @param {HandlerEnv} env
 * @param {unknown} tableRef
 * @param {"rows" | "cols"} takes
 * @param {string[]} later  the later targets' keys
 * @returns {Pick<Candidate, "size" | "located"> | undefined}
 */
function queueTableRead(env, tableRef, takes, later) {
  const { context, registry } = env;
  // Tables and Range.compareLocationWith are WordApi 1.3: below it, a table op fails before writing anything.
  if (!env.supports("WordApi", "1.3")) return undefined;
  let resolved;
  try {
    resolved = resolveTableRef(registry, tableRef, "args.tableRef", context);
  } catch {
    return undefined;
  }
  const { table, viaRange } = resolved;
  table.load(takes === "rows" ? "rowCount" : "values");
  // A table reached through a range may be none (a null object): placing targets against it would fail the sync.
  const exact = !viaRange || String(tableRef).startsWith(`anchor:${TABLE_ANCHOR_PREFIX}`);
  const whole = exact ? table.getRange("Whole") : undefined;
  const located = whole ? locate(env, later, whole) : [];
  const size = () => {
    if (table.isNullObject) return undefined;
    return takes === "rows" ? table.rowCount : table.values.reduce((widest, row) => Math.max(widest, row.length), 0);
  };
  return { size, located };
}

/**
 * Queue where each later target that is a tracked id or an anchor lies against `whole`.
 * @param {HandlerEnv} env
 * @param {string[]} later  the later targets' keys
 * @param {Word.Range} whole
 * @returns {Candidate["located"]}
 */
function locate(env, later, whole) {
  return later.flatMap((key) => {
    const range = rangeOfKey(env, key);
    return range ? [{ key, relation: range.compareLocationWith(whole) }] : [];
  });
}

/**
 * Whether a key designates something whose place can be read before the batch runs: an anchor, or an id the registry
 * tracks (not a reference to an op of the batch, nor a comment). Queues nothing.
 * @param {HandlerEnv} env
 * @param {string} key
 */
export function locatable({ registry, supports }, key) {
  if (!supports("WordApi", "1.3")) return false; // Range.compareLocationWith, tables, anchors
  if (key.startsWith("anchor:")) return true;
  const kind = key.startsWith("$") || key.startsWith("comment:") ? undefined : registry.lookup(key)?.kind;
  return kind === "rng" || kind === "tbl";
}

/**
 * The range a {@link locatable} key designates, to place it against the table: a tracked range or table, an anchor's
 * control (an anchor made on a table: that table).
 * @param {HandlerEnv} env
 * @param {string} key
 * @returns {Word.Range | undefined}
 */
export function rangeOfKey({ context, registry }, key) {
  if (key.startsWith("anchor:")) {
    const id = key.slice("anchor:".length);
    const control = context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + id).getFirst();
    return id.startsWith(TABLE_ANCHOR_PREFIX) ? control.getRange("Content").tables.getFirst().getRange("Whole") : control.getRange("Whole");
  }
  const entry = registry.lookup(key);
  if (entry?.kind === "rng") return /** @type {Word.Range} */ (entry.object);
  if (entry?.kind === "tbl") return /** @type {Word.Table} */ (entry.object).getRange("Whole");
  return undefined;
}

/**
 * The table's rows or columns when op `at` runs: its size before the batch with the inserts and deletions of the
 * ops before `at` on the same table; undefined when one of them makes it unknown (a merge of cells, for columns).
 * @param {BatchOp[]} ops
 * @param {number} at
 * @param {string[]} ids  the table's keys
 * @param {"rows" | "cols"} takes
 * @param {number} size
 * @returns {number | undefined}
 */
function sizeBefore(ops, at, ids, takes, size) {
  let left = size;
  for (const { op, args } of ops.slice(0, at)) {
    const key = targetKey("tableRef", args.tableRef);
    if (key === undefined || !ids.includes(key)) continue;
    const count = Number.isInteger(args.count) ? args.count : 1;
    if (op === (takes === "rows" ? "table.insertRows" : "table.insertColumns")) left += count;
    else if (op === ops[at].op && Array.isArray(args.indexes)) left -= new Set(args.indexes).size;
    else if (op === "table.mergeCells" && takes === "cols") return undefined;
  }
  return left;
}
