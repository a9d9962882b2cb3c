// Tracked objects Word no longer finds. The person can delete a table, a content control or a paragraph in Word
// while the pane holds ids for them; Word then fails the whole sync that uses one (ItemNotFound, InvalidObjectPath,
// GeneralException), and nothing queued after it runs. The registry reads many ids in one sync (the checks at the
// end of an op: registry-checks.js; a batch's up-front reads), so one dead id would fail every such op.
//
// So each op probes every range id (what those reads read; a table or note id is read only by an op that names
// it, which fails on it as it always did: E_NOT_FOUND on that arg): a trace message naming it, then a cheap load on
// its range, queued when the op first reaches for Word (the document, an id's tracked object), so before anything of
// the op (an op refused before that queues none), riding the op's first sync (no sync of its own). When that sync
// fails at a probe, none of the op reached Word (a failed request runs nothing past the failing action), and the
// trace messages Word reports (OfficeExtension.Error.traceMessages) name the dead id (where the host reports none,
// the probes run again in syncs of their own, by halves). The dead ids are retired (later uses answer E_NOT_FOUND
// saying why), the op's run is given up where it stands (its sync never returns, so nothing it would queue next
// reaches Word), and the op runs again (run-op.js): one that names a dead id is refused then, on that arg, before
// it queues anything. Meeting a dead id costs the op that sync more; ops that meet none pay nothing.

import { diagnostic, tableGoneMessage } from "./errors.js";

/** @typedef {import("./registry.js").RegistryEntry} RegistryEntry */
/** @typedef {import("./registry-ids.js").IdTable} IdTable */
/** @typedef {import("./registry-retired.js").Retirement} Retirement */
/** @typedef {((name: string, version: string) => boolean) | undefined} Supports */

/** Trace messages of the probes: `${PROBE}<id>` before each, PROBED after the last. */
const PROBE = "word-bridge:probe:";
const PROBED = "word-bridge:probed";
/** What Word answers for a tracked object it cannot resolve. */
const LOST_CODES = new Set(["ItemNotFound", "InvalidObjectPath", "GeneralException"]);
/** What became of an id Word no longer finds. */
export const LOST_WHY = "Word no longer finds its content (it was deleted in Word)";
/** Why a dead id is retired (the end of its E_NOT_FOUND message). */
export const LOST_IN_WORD = `${LOST_WHY}: read or search the document again`;

/**
 * @typedef {object} ProbeGuard
 * @property {() => void} ensure  queue the probes, unless they are: called before the op first reaches for Word (the
 *   document, a tracked object of an id, the end-of-op checks), so that they come before anything it queues, and
 *   an op refused before it reaches Word queues none
 * @property {() => Promise<void>} sync  the op's sync: when it fails at a probe, the dead ids are retired and the
 *   run is stopped (`stop`), this sync never returning
 * @property {(err: unknown, atSync: boolean) => Promise<boolean>} failed  the run failed with `err` (at a sync when
 *   `atSync`: Word.run's closing one, if the probes were still in it): whether dead ids were found, which means
 *   nothing of the run reached Word
 * @property {() => string[]} dead  the ids found dead (retired)
 * @property {() => boolean} unsent  whether the probes are queued and no sync of the op sent them yet
 */

/**
 * @param {unknown} err
 * @returns {boolean} whether Word's error may come from a tracked object it cannot resolve
 */
function mayBeLost(err) {
  const code = /** @type {{ code?: unknown }} */ (err)?.code;
  return typeof code === "string" && LOST_CODES.has(code);
}

/**
 * The probe traces Word executed before the error (undefined when the host reports none).
 * @param {unknown} err
 * @returns {string[] | undefined}
 */
function probeTraces(err) {
  const traces = /** @type {{ traceMessages?: unknown }} */ (err)?.traceMessages;
  if (!Array.isArray(traces) || traces.length === 0) return undefined;
  return traces.filter((t) => typeof t === "string" && (t.startsWith(PROBE) || t === PROBED));
}

/**
 * The probes of every range id of the registry (queued by `ensure`) and the guard of an op's syncs.
 * @param {IdTable} table
 * @param {Retirement} retirement
 * @param {Supports} supports
 * @param {Word.RequestContext} context  the op's (shared) context
 * @param {() => Promise<void>} rawSync  context.sync(), counted
 * @param {(err: unknown) => void} stop  called when a sync of the op met a dead id: the op's run is given up
 *   (its sync never returns, so nothing it would queue next can reach Word)
 * @returns {ProbeGuard}
 */
export function probeTrackedIds(table, retirement, supports, context, rawSync, stop) {
  const rangeProperty = !supports || supports("WordApi", "1.3") ? "isEmpty" : "style";

  /** @param {RegistryEntry} entry */
  const load = (entry) => /** @type {Word.Range} */ (entry.object).load(rangeProperty);

  /**
   * Queue the probes of `ids`, each after a trace naming it.
   * @param {string[]} ids
   * @returns {string[]} the ids probed
   */
  function queue(ids) {
    /** @type {string[]} */
    const probed = [];
    for (const id of ids) {
      const entry = table.entries.get(id);
      if (!entry) continue;
      context.trace(`${PROBE}${id}`);
      try {
        load(entry);
      } catch (err) {
        // An object the runtime refuses at once is no longer usable (nothing reached Word): retired now. Another
        // refusal (a property the host lacks) leaves the id unprobed; its trace is harmless (a failure after it
        // comes after a later trace).
        if (/** @type {{ code?: unknown }} */ (err)?.code === "InvalidObjectPath") retirement.retire(id, LOST_IN_WORD, { lostCode: "InvalidObjectPath" });
        continue;
      }
      probed.push(id);
    }
    if (probed.length > 0) context.trace(PROBED);
    return probed;
  }

  /**
   * The dead ids among `ids`, for a host that reports no trace messages: probed in syncs that only probe (nothing
   * else is queued when this runs), by halves.
   * @param {string[]} ids
   * @returns {Promise<void>}
   */
  async function findDead(ids) {
    const probed = queue(ids);
    if (probed.length === 0) return;
    try {
      await rawSync();
    } catch (err) {
      if (!mayBeLost(err)) return;
      if (probed.length === 1) {
        lost(probed[0], err);
        return;
      }
      const half = Math.ceil(probed.length / 2);
      await findDead(probed.slice(0, half));
      await findDead(probed.slice(half));
    }
  }

  /** @param {string} id @param {unknown} err */
  function lost(id, err) {
    dead.set(id, String(/** @type {{ code?: unknown }} */ (err)?.code));
  }

  /**
   * Which probe failed: its index, "none" (they all passed: the failure is the op's own), or undefined (the host
   * reports no trace messages).
   * @param {unknown} err
   * @param {string[]} probed
   * @returns {number | "none" | undefined}
   */
  function failedProbe(err, probed) {
    const traces = probeTraces(err);
    if (traces === undefined) return undefined;
    const last = traces[traces.length - 1];
    if (last === undefined || last === PROBED) return "none";
    const at = probed.indexOf(last.slice(PROBE.length));
    return at < 0 ? "none" : at;
  }

  /**
   * The sync that ran the probes failed: which ids are dead (the one Word's traces name; ids after it are probed by
   * the op's next run), retired.
   * @param {unknown} err
   * @returns {Promise<boolean>} whether any is
   */
  async function diagnose(err) {
    if (!mayBeLost(err)) return false;
    const at = failedProbe(err, probed);
    if (at === undefined) await findDead(probed);
    else if (at !== "none") lost(probed[at], err);
    // Word cannot release what it no longer finds: the ids go without untracking their objects.
    for (const [id, code] of dead) retirement.retire(id, LOST_IN_WORD, { lostCode: code });
    return dead.size > 0;
  }

  /** @type {Map<string, string>} ids found dead → Word's error code */
  const dead = new Map();
  /** @type {string[]} the ids probed (once queued) */
  let probed = [];
  let queued = false;
  /** Whether the probes are queued and no sync sent them yet. */
  let pending = false;

  return {
    ensure() {
      if (queued) return;
      queued = true;
      probed = queue([...table.entries].filter(([, entry]) => entry.kind === "rng").map(([id]) => id));
      pending = probed.length > 0;
    },
    async sync() {
      try {
        await rawSync();
      } catch (err) {
        const wasPending = pending;
        pending = false;
        if (wasPending && (await diagnose(err))) {
          stop(err);
          return new Promise(() => {}); // the attempt stops here: nothing it would queue next reaches Word
        }
        throw err;
      }
      pending = false;
    },
    async failed(err, atSync) {
      if (pending && atSync) {
        pending = false;
        await diagnose(err);
      }
      return dead.size > 0;
    },
    dead: () => [...dead.keys()],
    unsent: () => pending,
  };
}

/** @type {WeakSet<object>} the contexts whose roots tell the registry when an op reaches for Word */
const hooked = new WeakSet();

/**
 * Call `onUse` whenever the code reaches a context's roots (`document`, `application`), where every proxy that is
 * not a tracked object of an id comes from: the registry queues the probes of an op then, before anything of it.
 * The roots stay what they are (the same objects, read through the context's own getters).
 * @param {Word.RequestContext} context
 * @param {() => void} onUse
 */
export function hookRoots(context, onUse) {
  if (hooked.has(context)) return;
  hooked.add(context);
  for (const name of ["document", "application"]) {
    let owner = Object.getPrototypeOf(context);
    while (owner && !Object.getOwnPropertyDescriptor(owner, name)) owner = Object.getPrototypeOf(owner);
    const getter = owner ? Object.getOwnPropertyDescriptor(owner, name)?.get : undefined;
    if (!getter) continue;
    Object.defineProperty(context, name, {
      configurable: true,
      get() {
        onUse();
        return getter.call(context);
      },
    });
  }
}

/**
 * What a use of an id Word no longer finds answers (E_NOT_FOUND on the arg that named it): as the table ops say it
 * of a table deleted since its id was given (errors.js), and in the same words for a range.
 * @param {string} id
 * @param {string} code  Word's error code
 * @param {string} [field]  the arg that named it ("args.tableRef" names a table by "tableId:", others by "rangeId:")
 */
export function lostMessage(id, code, field = "") {
  if (id.startsWith("tbl_")) return tableGoneMessage(`${field.endsWith("tableRef") ? "tableId" : "rangeId"}:${id}`, code);
  return `The content of ${id.startsWith("rng_") ? `rangeId:${id}` : id} no longer exists (${code}): ${LOST_IN_WORD}`;
}

/**
 * The result of an op that ran again past ids Word no longer finds, with a note that says which were retired.
 * @param {import("./types.js").ResultEnvelope} result
 * @param {string[]} lost
 * @returns {import("./types.js").ResultEnvelope}
 */
export function withLostNote(result, lost) {
  const one = lost.length === 1;
  const msg = `${one ? "An id" : `${lost.length} ids`} of earlier ops ${one ? "is" : "are"} gone (${lost.join(", ")}): ${LOST_WHY}; retired (E_NOT_FOUND from now on)`;
  return { ...result, diagnostics: [...result.diagnostics, diagnostic("info", msg)] };
}
