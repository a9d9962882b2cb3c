// The pane's taskId records, kept in the browser's storage (localStorage) so that a retry after the pane was
// reloaded, or after the server restarted, does not run an edit twice. One storage key per document session
// (two documents never share taskIds), each a bounded list: the newest `limit` records within `maxChars`
// (verdicts alone may take up to `maxVerdictChars`).
// A record is the op's fingerprint and, for an op that changes the document, its result once it finished.
// Short of room, older results shrink to their verdict (succeeded or not) long before a record goes: losing an
// edit's record runs it twice on a retry, losing its data only loses what it answered.
// Where storage is missing or throws, records live in memory for this load only.

/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */

/** Storage keys of the records: PREFIX + the document's session id. */
export const PREFIX = "wordBridge.tasks.";
const FORMAT = 1;

/**
 * @typedef {object} TaskRecord
 * @property {string} op
 * @property {[string, string][]} args   the fingerprint: each top-level arg's name and hash
 * @property {string} instance           the pane load (its id registry's salt) that ran the op
 * @property {boolean} [readOnly]        the op changes nothing: its result is not kept, a repeat runs it again
 * @property {ResultEnvelope} [result]   the op's result (ops that change the document), once it finished;
 *                                       absent: the op was started and never finished in that load
 * @property {boolean} [dataDropped]     the result's data was too large to keep: only its verdict is
 * @property {boolean} [diagnosticsDropped]  room was short: only whether it succeeded (and its code) is kept
 */

/**
 * @typedef {object} TaskStore
 * @property {(scope: string, taskId: string) => TaskRecord | undefined} get
 * @property {(scope: string, taskId: string, record: TaskRecord) => void} put  written as the newest record
 * @property {(scope: string, taskId: string) => void} remove
 * @property {(scope: string) => boolean} durable  whether the scope's records reach storage (else memory only)
 * @property {(scope: string) => boolean} forgotEdits  whether records of edits went for lack of room (the limit):
 *   a taskId the server sent before and no record knows may then have run, long ago
 */

/**
 * @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">} StorageLike
 */

/**
 * @typedef {object} ScopeState
 * @property {Map<string, { record: TaskRecord, text: string }>} records  oldest first; text: the record's JSON
 * @property {string | null} raw   what this store last read or wrote under the scope's key
 * @property {boolean} memoryOnly  storage failed for this scope: keep records in memory
 * @property {boolean} forgot  whole records of edits were dropped (kept in storage with the records)
 */

/**
 * @param {object} [options]
 * @param {() => StorageLike | undefined} [options.storage]  localStorage; absent or throwing: memory only
 * @param {number} [options.limit]           records kept per document
 * @param {number} [options.maxChars]        characters kept per document (localStorage counts UTF-16 units)
 * @param {number} [options.totalChars]      characters kept for all documents: older documents' records go first
 * @param {number} [options.maxRecordChars]  a bigger result keeps only its verdict (ok, code, diagnostics)
 * @param {number} [options.maxVerdictChars] characters that bare verdicts may take per document before whole
 *   records go (about 1000 characters each for the promised 1000: a 200-character taskId, a dozen args)
 * @returns {TaskStore}
 */
export function createTaskStore({
  storage = () => undefined, limit = 1000, maxChars = 500_000, totalChars = 1_000_000, maxRecordChars = 100_000,
  maxVerdictChars = 1_000_000,
} = {}) {
  /** @type {Map<string, ScopeState>} */
  const scopes = new Map();

  /** @returns {StorageLike | undefined} */
  function backend() {
    try {
      return storage() ?? undefined;
    } catch {
      return undefined; // e.g. a SecurityError reading window.localStorage in a sandboxed frame
    }
  }

  /**
   * The scope's records, read again when another load or pane wrote them since.
   * @param {string} scope
   * @returns {ScopeState}
   */
  function open(scope) {
    let state = scopes.get(scope);
    if (!state) {
      state = { records: new Map(), raw: null, memoryOnly: false, forgot: false };
      scopes.set(scope, state);
      pruneOtherScopes(scope, totalChars);
    }
    if (state.memoryOnly) return state;
    const store = backend();
    if (!store) {
      state.memoryOnly = true;
      return state;
    }
    let raw;
    try {
      raw = store.getItem(PREFIX + scope);
    } catch {
      state.memoryOnly = true;
      return state;
    }
    if (raw !== state.raw) {
      ({ records: state.records, forgot: state.forgot } = parseRecords(raw));
      state.raw = raw;
    }
    return state;
  }

  /**
   * Trim the scope to its bounds and write it; on a full storage, drop other documents' records, then make
   * room in this one's (older data first: trim), before giving up on storage for this scope.
   * @param {string} scope
   * @param {ScopeState} state
   */
  function save(scope, state) {
    if (trim(state.records, limit, maxChars, maxVerdictChars)) state.forgot = true;
    if (state.memoryOnly) return;
    const store = backend();
    const untrimmed = new Map(state.records);
    const forgotBefore = state.forgot;
    for (;;) {
      const raw = serialize(state.records, state.forgot);
      try {
        if (!store) throw new Error("no storage");
        store.setItem(PREFIX + scope, raw);
        state.raw = raw;
        return;
      } catch {
        if (store && pruneOtherScopes(scope, 0, 1)) continue;
        const chars = charsOf(state.records);
        const room = Math.floor((chars * 3) / 4);
        if (trim(state.records, limit, room, room)) state.forgot = true;
        if (charsOf(state.records) < chars) continue;
        state.records = untrimmed; // storage refuses even one bare record: this load keeps them in memory
        state.forgot = forgotBefore;
        state.memoryOnly = true;
        return;
      }
    }
  }

  /**
   * Remove other documents' record lists, least recently written first, until all of them fit `budget`
   * characters (or `most` lists were removed). Returns how many were removed.
   * @param {string} keep  this document's scope
   * @param {number} budget
   * @param {number} [most]
   */
  function pruneOtherScopes(keep, budget, most = Infinity) {
    const store = backend();
    if (!store) return 0;
    try {
      /** @type {{ key: string, chars: number, at: number }[]} */
      const lists = [];
      let total = 0;
      for (let i = 0; i < store.length; i += 1) {
        const key = store.key(i);
        if (key === null || !key.startsWith(PREFIX)) continue;
        const raw = store.getItem(key) ?? "";
        total += raw.length;
        if (key !== PREFIX + keep) lists.push({ key, chars: raw.length, at: writtenAt(raw) });
      }
      lists.sort((a, b) => a.at - b.at);
      let removed = 0;
      for (const list of lists) {
        if (total <= budget || removed >= most) break;
        store.removeItem(list.key);
        total -= list.chars;
        removed += 1;
      }
      return removed;
    } catch {
      return 0;
    }
  }

  return {
    get(scope, taskId) {
      return open(scope).records.get(taskId)?.record;
    },
    put(scope, taskId, record) {
      const state = open(scope);
      const kept = fitted(record, maxRecordChars);
      state.records.delete(taskId); // the record becomes the newest: the last to be dropped
      state.records.set(taskId, { record: kept, text: JSON.stringify([taskId, kept]) });
      save(scope, state);
    },
    remove(scope, taskId) {
      const state = open(scope);
      if (state.records.delete(taskId)) save(scope, state);
    },
    durable(scope) {
      return !open(scope).memoryOnly;
    },
    forgotEdits(scope) {
      return open(scope).forgot;
    },
  };
}

/**
 * A record whose result fits `maxRecordChars`: a bigger one keeps its verdict without its data.
 * @param {TaskRecord} record
 * @param {number} maxRecordChars
 * @returns {TaskRecord}
 */
function fitted(record, maxRecordChars) {
  const { result } = record;
  if (!result || JSON.stringify(result).length <= maxRecordChars) return record;
  return verdictOf(record);
}

/**
 * The record's verdict: whether it succeeded, its code and (at most 20) diagnostics, without its data.
 * @param {TaskRecord} record
 * @returns {TaskRecord}
 */
function verdictOf(record) {
  const { result } = record;
  if (!result) return record;
  const verdict = { ok: result.ok, op: result.op, data: {}, ...(result.code ? { code: result.code } : {}), diagnostics: result.diagnostics.slice(0, 20) };
  return { ...record, result: verdict, dataDropped: true };
}

/**
 * The bare verdict: whether it succeeded and its code, without data or diagnostics.
 * @param {TaskRecord} record
 * @returns {TaskRecord}
 */
function bareVerdictOf(record) {
  const verdict = verdictOf(record);
  return verdict.result ? { ...verdict, result: { ...verdict.result, diagnostics: [] }, diagnosticsDropped: true } : verdict;
}

/**
 * Ways to make room, in order: older results shrink to their verdict, read-only records (their taskId only
 * names their op) go, verdicts shrink to bare ones, then whole records go. Within each the oldest go first; the
 * newest record is never dropped. A verdict must outlive its data: losing it runs an edit twice on a retry;
 * so whole records (`lastResort`) go only beyond the verdicts' own budget.
 * @type {{ applies: (record: TaskRecord) => boolean, shrink?: (record: TaskRecord) => TaskRecord, lastResort?: boolean }[]}
 */
const ROOM_MAKERS = [
  { applies: (r) => Boolean(r.result && !r.dataDropped), shrink: verdictOf },
  { applies: (r) => Boolean(r.readOnly) },
  { applies: (r) => Boolean(r.result && r.result.diagnostics.length > 0), shrink: bareVerdictOf },
  { applies: () => true, lastResort: true },
];

/**
 * Fit the records into `limit` records and `maxChars` characters, shrinking them (see ROOM_MAKERS); whole
 * records go only beyond `maxVerdictChars`. Beyond `limit`, read-only records go first, then the oldest.
 * @param {ScopeState["records"]} records
 * @param {number} limit
 * @param {number} maxChars
 * @param {number} maxVerdictChars
 * @returns {boolean}  whether a record of an edit went
 */
function trim(records, limit, maxChars, maxVerdictChars) {
  const newest = [...records.keys()].pop();
  let forgot = false;
  for (const readOnlyFirst of [true, false]) {
    for (const [taskId, { record }] of records) {
      if (records.size <= limit) break;
      if (taskId !== newest && (!readOnlyFirst || record.readOnly)) {
        records.delete(taskId);
        forgot ||= !record.readOnly;
      }
    }
  }
  let chars = charsOf(records);
  for (const maker of ROOM_MAKERS) {
    for (const [taskId, entry] of records) {
      if (chars <= (maker.lastResort ? Math.max(maxChars, maxVerdictChars) : maxChars)) break;
      if (!maker.applies(entry.record)) continue;
      if (maker.shrink) {
        const record = maker.shrink(entry.record);
        const text = JSON.stringify([taskId, record]);
        records.set(taskId, { record, text });
        chars += text.length - entry.text.length;
      } else if (taskId !== newest) {
        records.delete(taskId);
        chars -= entry.text.length + 1;
        forgot ||= !entry.record.readOnly;
      }
    }
  }
  return forgot;
}

/**
 * Characters of the records' stored form (about: the header counts 40).
 * @param {ScopeState["records"]} records
 */
function charsOf(records) {
  let chars = 40;
  for (const { text } of records.values()) chars += text.length + 1;
  return chars;
}

/**
 * The stored form: `{"v":1,"at":<ms>,"forgot":true,"records":[[taskId, record], …]}`, oldest first (`forgot`
 * only once edits' records went); `at` leads, so that pruning can read it without parsing the rest.
 * @param {ScopeState["records"]} records
 * @param {boolean} forgot
 */
function serialize(records, forgot) {
  return `{"v":${FORMAT},"at":${Date.now()},${forgot ? '"forgot":true,' : ""}"records":[${[...records.values()].map((r) => r.text).join(",")}]}`;
}

/**
 * @param {string | null} raw
 * @returns {{ records: ScopeState["records"], forgot: boolean }}
 */
function parseRecords(raw) {
  /** @type {ScopeState["records"]} */
  const records = new Map();
  if (!raw) return { records, forgot: false };
  try {
    const parsed = JSON.parse(raw);
    if (parsed?.v !== FORMAT || !Array.isArray(parsed.records)) return { records, forgot: false };
    for (const item of parsed.records) {
      if (!Array.isArray(item) || typeof item[0] !== "string" || !isRecord(item[1])) continue;
      records.set(item[0], { record: item[1], text: JSON.stringify(item) });
    }
    return { records, forgot: parsed.forgot === true };
  } catch { /* unreadable (another version, cut short): start afresh */ }
  return { records, forgot: false };
}

/**
 * @param {unknown} value
 * @returns {value is TaskRecord}
 */
function isRecord(value) {
  const record = /** @type {Partial<TaskRecord> | null} */ (value);
  return typeof record === "object" && record !== null && typeof record.op === "string" && Array.isArray(record.args)
    && typeof record.instance === "string" && (record.result === undefined || typeof record.result?.ok === "boolean");
}

/** @param {string} raw */
function writtenAt(raw) {
  const match = /^\{"v":\d+,"at":(\d+)/.exec(raw);
  return match ? Number(match[1]) : 0;
}

/** Ops that read and never change the document (with dryRun: true, every op). */
const READ_ONLY_OPS = new Set([
  "getSelection", "search", "listStyles", "readDocument", "trackChanges.get", "trackChanges.list", "comment.list",
  "anchor.list", "headerFooter.get",
]);

/**
 * Whether running the op again could change the document: then its result is kept, and a repeat answers it
 * instead of running the op again. Unknown ops count as changing it.
 * @param {string} op
 * @param {unknown} args
 * @returns {boolean}
 */
export function changesDocument(op, args) {
  const given = /** @type {Record<string, unknown>} */ (typeof args === "object" && args !== null ? args : {});
  if (given.dryRun === true) return false;
  if (op === "batch") {
    const ops = Array.isArray(given.ops) ? given.ops : [];
    return ops.length === 0 || ops.some((item) => changesDocument(item?.op, item?.args));
  }
  return !READ_ONLY_OPS.has(op);
}
