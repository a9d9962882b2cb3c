// table.deleteRows/deleteColumns of every row or column deletes the table (table.js), and with it whatever is in
// it: a later op of the same batch on that table (its id, its twin, its anchor) or on a range or anchor inside it
// would fail once the ops before it were applied (a half-done batch). Whether an op deletes every row is known only
// against the table's size, so the size is read up front, before anything of the batch runs, in one sync that only
// reads: the table's rows (rowCount) or columns (its widest row, as table.js counts them), and where each later
// target lies against the table (Range.compareLocationWith). That sync is made only for a batch with such a deletion
// followed by a later op on a tracked id or an anchor; a table.create of the same batch gives its size from its args,
// with no sync. The table ops between them on the same table count (insertRows adds rows, deleteRows takes some).
// What is found goes to batch-removals.js as a known removal, which refuses the later op (E_NOT_FOUND, nothing run).
// A read that fails (a target already gone) leaves the batch to run as it would have: its ops fail where they fail.

import { TARGET_FIELDS } from "./expect.js";
import { contentOf, targetKey } from "./batch-removals.js";
import { ANCHOR_TAG_PREFIX, TABLE_ANCHOR_PREFIX, resolveTableRef } from "./scopes.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */
/** @typedef {import("./batch-removals.js").KnownRemovals} KnownRemovals */
/** @typedef {{ op: string, args: Record<string, any> }} BatchOp */

/** The deletions that remove the table when they take all of it, by the size they take from. */
const DELETIONS = /** @type {Record<string, "rows" | "cols">} */ ({ "table.deleteRows": "rows", "table.deleteColumns": "cols" });

/** How a range inside the table (or the table itself) compares with the table's range. */
const INSIDE = new Set(["Equal", "Inside", "InsideStart", "InsideEnd"]);

/**
 * One deletion whose table may go, with what is read of it.
 * @typedef {object} Candidate
 * @property {number} at  the op
 * @property {"rows" | "cols"} takes
 * @property {string} key  its tableRef's key (batch-removals.js targetKey)
 * @property {() => number | undefined} size  the table's rows or columns before the batch (after the sync)
 * @property {{ key: string, relation: OfficeExtension.ClientResult<string> }[]} located  later targets placed
 *   against the table
 */

/**
 * The deletions of the batch that take every row or column of their table, with the ids they remove: the table's and
 * those of the later targets inside it. At most one sync, that only reads; none for most batches.
 * @param {HandlerEnv} env
 * @param {BatchOp[]} ops
 * @returns {Promise<KnownRemovals>}
 */
export async function tableDeletions(env, ops) {
  /** @type {Candidate[]} */
  const candidates = [];
  let reads = false;
  ops.forEach(({ op, args }, at) => {
    const takes = DELETIONS[op];
    const key = takes && Array.isArray(args.indexes) ? targetKey("tableRef", args.tableRef) : undefined;
    if (!takes || !key) return;
    const own = new Set(contentOf(key, ops, env.registry).ids);
    const later = laterKeys(ops, at).filter((each) => !own.has(each));
    const onTable = laterKeys(ops, at).some((each) => own.has(each));
    const created = createdSize(ops, key, takes);
    if (created !== undefined) {
      if (onTable) candidates.push({ at, takes, key, size: () => created, located: [] });
      return;
    }
    if (key.startsWith("$")) return; // made by an op of the batch that gives no size: nothing to read before it runs
    const read = queueTableRead(env, args.tableRef, takes, later);
    if (!read || (!onTable && read.located.length === 0)) return;
    candidates.push({ at, takes, key, ...read });
    reads = true;
  });
  if (reads) {
    try {
      await env.sync();
    } catch {
      return new Map();
    }
  }
  /** @type {KnownRemovals} */
  const known = new Map();
  for (const { at, takes, key, size, located } of candidates) {
    const before = size();
    const left = before === undefined ? undefined : sizeBefore(ops, at, contentOf(key, ops, env.registry).ids, takes, before);
    const deleted = new Set(ops[at].args.indexes).size;
    if (left === undefined || deleted < left) continue;
    const inside = located.filter(({ relation }) => INSIDE.has(relation.value)).map(({ key: each }) => each);
    known.set(at, { ids: [key, ...inside], says: `deletes every ${takes === "rows" ? "row" : "column"} of its table, which deletes the table` });
  }
  return known;
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
  const located = whole ? later.flatMap((key) => {
    const range = rangeOfKey(env, key);
    return range ? [{ key, relation: range.compareLocationWith(whole) }] : [];
  }) : [];
  const size = () => {
    if (table.isNullObject) return undefined;
    return takes === "rows" ? table.rowCount : table.values.reduce((widest, row) => Math.max(widest, row.length), 0);
  };
  return { size, located };
}

/**
 * The range a later target's key designates, to place it against the table: a tracked range or table, an anchor's
 * control (an anchor made on a table: that table); undefined for a reference or an id the registry does not hold.
 * @param {HandlerEnv} env
 * @param {string} key
 * @returns {Word.Range | undefined}
 */
function rangeOfKey({ context, registry }, key) {
  if (key.startsWith("anchor:")) {
    try {
      registry.requireAnchors("args.scope");
    } catch {
      return undefined;
    }
    const id = key.slice("anchor:".length);
    const control = context.document.contentControls.getByTag(ANCHOR_TAG_PREFIX + id).getFirst();
    return id.startsWith(TABLE_ANCHOR_PREFIX) ? control.getRange("Content").tables.getFirst().getRange("Whole") : control.getRange("Whole");
  }
  if (key.startsWith("$") || key.startsWith("comment:")) return undefined;
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
