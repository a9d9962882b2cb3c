// The Office.js runtime: proxies (ClientObject), load/sync, ClientResult, tracking,
// request contexts and Word.run. Operations are queued and executed in order by context.sync().
// This module builds RequestContext and Word.run; the proxy machinery lives in the modules it re-exports
// (define-proxy, client-result, client-object, client-collection, tracked-objects).
import { OfficeExtensionError, wordError, Messages, isOfficeError } from "./errors.js";
import { classes } from "./define-proxy.js";
import { isProxy } from "./client-object.js";
import { TrackedObjects } from "./tracked-objects.js";

export { classes, defineProxy } from "./define-proxy.js";
export { ClientResult } from "./client-result.js";
export { ClientObject, isProxy } from "./client-object.js";
export { ClientCollection } from "./client-collection.js";

/**
 * Build RequestContext and run() bound to one simulator.
 * @param {object} sim internal simulator state ({doc, apiSets, profile, latencyMs, countSync, changed})
 */
export function createRuntime(sim) {
  class RequestContext {
    constructor() {
      this._sim = sim;
      this._queue = [];
      sim.contexts.add(new WeakRef(this));
      this._base = { alive: true, objects: [] };
      this._session = this._base;
      this.trackedObjects = new TrackedObjects(this);
      this._document = null;
    }
    get document() {
      if (!this._document) this._document = new classes.Document(this, { root: true, ref: sim.doc, path: "document" });
      return this._document;
    }
    get application() {
      return { context: this };
    }
    /**
     * Office.js keeps what was queued since the last sync in the context's pending request
     * (ClientRequestContext.m_pendingRequest, internal: null after a sync, else a ClientRequest whose hasActions
     * says whether any action was queued); a failed Word.run leaves it on the context for its next sync. Read only.
     */
    get m_pendingRequest() {
      return this._queue.length > 0 ? { hasActions: true } : null;
    }
    /** context.load(object, option) */
    load(obj, option) {
      if (!isProxy(obj)) throw wordError("InvalidArgument", "RequestContext.load");
      if (obj._ctx !== this) throw new OfficeExtensionError({ code: "InvalidRequestContext", message: Messages.InvalidRequestContext });
      return obj.load(option);
    }
    /**
     * A trace message queued with the operations: when a sync fails, the error's traceMessages are the
     * messages executed before the failure (those queued after the failing operation are not).
     */
    trace(message) {
      const text = String(message);
      this._queue.push({ location: "RequestContext.trace", trace: text, run() {} });
    }
    /** Execute the queue in order; the first failure rejects and the rest of the batch is dropped. */
    async sync(passThroughValue) {
      sim.countSync();
      const batch = this._queue;
      /** @type {string[]} */
      const traces = [];
      this._queue = [];
      if (sim.latencyMs > 0) await new Promise((r) => setTimeout(r, sim.latencyMs));
      else await Promise.resolve();
      const before = sim.stamp();
      try {
        for (const op of batch) {
          if (op.trace !== undefined) {
            traces.push(op.trace);
            continue;
          }
          try {
            op.run();
          } catch (e) {
            // Quirk for tests: a host that reports no trace messages (sim._model.quirks.reportsNoTraces).
            throw asOfficeError(e, op.location, sim.doc.quirks?.reportsNoTraces ? [] : traces);
          }
        }
      } finally {
        if (sim.stamp() !== before) sim.changed();
      }
      return passThroughValue;
    }
  }

  /** Word.run(batch) | Word.run(object|objects|context, batch) */
  async function run(arg1, arg2) {
    const batch = typeof arg1 === "function" ? arg1 : arg2;
    const target = typeof arg1 === "function" ? null : arg1;
    if (typeof batch !== "function") throw wordError("InvalidArgument", "Word.run");
    let ctx;
    if (target == null) ctx = new RequestContext();
    else if (target instanceof RequestContext) ctx = target;
    else {
      const list = Array.isArray(target) ? target : [target];
      if (!list.length || !list.every(isProxy)) throw wordError("InvalidArgument", "Word.run");
      ctx = list[0]._ctx;
      if (list.some((o) => o._ctx !== ctx)) throw new OfficeExtensionError({ code: "InvalidRequestContext", message: Messages.InvalidRequestContext });
    }
    const session = { alive: true, objects: [] };
    const previous = ctx._session;
    ctx._session = session;
    try {
      const ret = batch(ctx);
      if (!ret || typeof ret.then !== "function") throw new OfficeExtensionError({ code: "RunMustReturnPromise", message: Messages.RunMustReturnPromise });
      const value = await ret;
      await ctx.sync();
      return value;
    } finally {
      session.alive = false;
      ctx._session = previous;
      // Untracked ranges of the finished run no longer need to follow edits.
      const owners = ctx.trackedObjects._anchorOwners;
      ctx.trackedObjects._countOwners(session.objects);
      for (const o of session.objects) if (!o._tracked && o._ownedAnchors) for (const a of o._ownedAnchors()) if (!owners.has(a)) sim.release(a);
      session.objects = [];
    }
  }
  return { RequestContext, run };
}

function asOfficeError(e, location, traces) {
  if (isOfficeError(e)) {
    if (!e.debugInfo.errorLocation) e.debugInfo.errorLocation = location;
    e.debugInfo.statement = e.debugInfo.statement || location;
    e.traceMessages = traces;
    return e;
  }
  const err = new OfficeExtensionError({ code: "GeneralException", errorLocation: location, innerError: e, traceMessages: traces });
  err.debugInfo.innerMessage = String(e?.stack || e);
  return err;
}
