// The Office.js runtime: proxies (ClientObject), load/sync, ClientResult, tracking,
// request contexts and Word.run. Operations are queued and executed in order by context.sync().
import { OfficeExtensionError, wordError, Messages, propertyNotLoadedMessage, invalidObjectPathMessage, isOfficeError } from "./errors.js";
import { parseLoadOption, emptyTree } from "./load-options.js";

/** Proxy classes register here so modules can refer to each other without import cycles. */
export const classes = {};

const isProxy = (v) => !!v && typeof v === "object" && typeof v._assertUsable === "function" && !!v._ctx;

/** OfficeExtension.ClientResult: a value available after the sync that computes it. */
export class ClientResult {
  constructor(ctx) {
    this._ctx = ctx;
    this._has = false;
    this._value = undefined;
  }
  get value() {
    if (!this._has) throw new OfficeExtensionError({ code: "ValueNotLoaded", message: Messages.ValueNotLoaded, errorLocation: "ClientResult.value" });
    return this._value;
  }
  _set(v) {
    this._value = v;
    this._has = true;
  }
  toJSON() {
    return this._has ? this._value : undefined;
  }
}

/**
 * Base of every proxy. A proxy is either a root (context.document), a method result (its model
 * reference is set by the queued operation that creates it), a navigation property (resolved from
 * its parent each time) or a collection item (reference fixed when the collection was loaded).
 */
export class ClientObject {
  /**
   * @param {RequestContext} ctx
   * @param {{ref?: any, parent?: ClientObject, nav?: Function, root?: boolean, collection?: ClientObject, path?: string, story?: {doc: any}|null}} [init]
   */
  constructor(ctx, init = {}) {
    this._ctx = ctx;
    // The story (header, footer, note) the proxy acts on: a holder whose `doc` is filled in when the
    // operation that reaches the story runs; children share it. None = the main document.
    this._story = init.story !== undefined ? init.story : (init.parent?._story ?? init.collection?._story ?? null);
    this._session = ctx._session;
    this._parent = init.parent || null;
    this._nav = init.nav || null;
    this._ref = init.ref;
    this._root = !!init.root;
    this._collection = init.collection || null;
    this._path = init.path || this.constructor.className;
    this._loaded = Object.create(null);
    this._local = Object.create(null);
    this._tracked = false;
    this._nullKnown = init.ref !== undefined && !init.nav;
    this._isNull = init.ref === null;
    this._navCache = new Map();
    this._ctx._session.objects.push(this);
  }
  get context() {
    return this._ctx;
  }
  get _sim() {
    return this._ctx._sim;
  }
  get _doc() {
    const story = this._story;
    // A story reached through a navigation property (NoteItem.body) is known once the path resolves.
    if (story && !story.doc && this._nav) this._resolveRef();
    return story?.doc || this._ctx._sim.doc;
  }
  get isNullObject() {
    if (!this._nullKnown) throw this._notLoaded("isNullObject");
    return this._isNull;
  }
  _notLoaded(name) {
    return new OfficeExtensionError({ code: "PropertyNotLoaded", message: propertyNotLoadedMessage(name), errorLocation: `${this.constructor.className}.${name}` });
  }

  /** The model object behind the proxy, at execution time. */
  _target(location) {
    const ref = this._resolveRef();
    if (ref === undefined) throw wordError("GeneralException", location || this._path);
    if (ref === null || ref.deleted) throw wordError("ItemNotFound", location || this._path);
    return ref;
  }
  _resolveRef() {
    // The document follows sim.setText/load, which replace the model (as a person replacing all the text
    // would): a long-lived context keeps working, ranges into the old content are ItemNotFound.
    if (this._root) return this._ctx._sim.doc;
    if (this._nav) {
      const parent = this._parent._resolveRef();
      if (parent === null || parent === undefined) return parent;
      if (parent.deleted) return null;
      return this._nav(parent);
    }
    return this._ref;
  }

  /** Object path validity (InvalidObjectPath), checked when an operation is queued. */
  _usability() {
    for (let o = this; o; o = o._nav ? o._parent : null) {
      if (o._root) return { ok: true };
      if (o._tracked) {
        // Desktop Word refuses a tracked collection item whose collection is gone (office-js #1857).
        if (!o._session.alive && o._collection && !o._collection._usability().ok && this._sim.profile === "desktop") {
          return { ok: true, deferred: wordError("GeneralException", o._path) };
        }
        return { ok: true };
      }
      if (!o._nav) return o._session.alive ? { ok: true } : { ok: false, path: o._path };
    }
    return { ok: true };
  }
  _assertUsable() {
    const u = this._usability();
    if (!u.ok) throw new OfficeExtensionError({ code: "InvalidObjectPath", message: invalidObjectPathMessage(u.path), errorLocation: u.path });
    return u.deferred || null;
  }
  /** InvalidRequestContext for a proxy argument of another context. */
  _sameContext(other) {
    if (isProxy(other) && other._ctx !== this._ctx) throw new OfficeExtensionError({ code: "InvalidRequestContext", message: Messages.InvalidRequestContext });
  }
  /** ApiNotFound for a member of a requirement set the host lacks. */
  _api(member) {
    const tag = this.constructor.sets?.[member];
    this._sim.apiSets.require(`${this.constructor.className}.${member}`, tag);
  }
  /** Queue an operation; it runs at the next context.sync(). */
  _enqueue(location, fn) {
    const deferred = this._assertUsable();
    this._ctx._queue.push({ location, run: () => { if (deferred) throw deferred; fn(); } });
  }
  /** Queue a method that creates a proxy of class Cls; `compute` returns its model reference. */
  _spawn(member, Cls, compute, extra = {}) {
    this._api(member);
    const location = `${this.constructor.className}.${member}`;
    const deferred = this._assertUsable();
    const result = new Cls(this._ctx, { path: `${this._path}.${member}()`, story: this._story, ...extra });
    this._ctx._queue.push({
      location,
      run: () => {
        if (deferred) throw deferred;
        const ref = compute(location);
        result._ref = ref;
        result._nullKnown = true;
        result._isNull = ref === null;
      },
    });
    return result;
  }
  /** Queue a method returning a ClientResult (or nothing). */
  _call(member, compute) {
    this._api(member);
    const location = `${this.constructor.className}.${member}`;
    const result = new ClientResult(this._ctx);
    this._enqueue(location, () => result._set(compute(location)));
    return result;
  }
  /** A navigation property proxy, created once per parent. */
  _navigate(name, Cls, resolve, { orNull = false, story = false } = {}) {
    this._api(name);
    let child = this._navCache.get(name);
    if (!child) {
      child = new Cls(this._ctx, { parent: this, nav: resolve, path: `${this._path}.${name}`, story: story ? { doc: null } : this._story });
      child._orNull = orNull;
      this._navCache.set(name, child);
      if (orNull) this._enqueue(`${this.constructor.className}.${name}`, () => child._probe());
    }
    return child;
  }
  _probe() {
    let ref;
    try {
      ref = this._resolveRef();
    } catch (e) {
      if (this._orNull && isOfficeError(e) && e.code === "ItemNotFound") ref = null;
      else throw e;
    }
    if (ref === undefined) throw wordError("GeneralException", this._path);
    const isNull = ref === null || !!ref.deleted;
    // Only *OrNullObject members give null objects; anything else missing is ItemNotFound.
    if (isNull && (ref !== null || (this._nav && !this._orNull))) throw wordError("ItemNotFound", this._path);
    this._nullKnown = true;
    this._isNull = isNull;
    return isNull ? null : ref;
  }

  _read(name) {
    this._api(name);
    if (name in this._local) return this._local[name];
    if (name in this._loaded) return this._loaded[name];
    throw this._notLoaded(name);
  }
  _write(name, value) {
    this._api(name);
    const spec = this.constructor.props[name];
    const location = `${this.constructor.className}.${name}`;
    this._enqueue(location, () => spec.put.call(this, value, location));
    this._local[name] = value;
  }

  /** load(option) in any of its four forms. */
  load(option) {
    const tree = parseLoadOption(option);
    this._checkLoadTree(tree);
    this._enqueue(`${this.constructor.className}.load`, () => this._applyLoad(tree));
    return this;
  }
  _checkLoadTree(tree) {
    const C = this.constructor;
    for (const name of tree.scalars) if (C.props[name] || C.navs[name]) this._api(name);
    for (const [name, sub] of tree.children) {
      if (C.navs[name]) {
        this._api(name);
        this[name]._checkLoadTree(sub);
      }
    }
  }
  _scalarNames() {
    const C = this.constructor;
    return Object.keys(C.props).filter((n) => !C.props[n].heavy && this._sim.apiSets.isSetSupportedTag(C.sets?.[n]));
  }
  _applyLoad(tree) {
    const ref = this._probe();
    const C = this.constructor;
    const names = tree.all ? this._scalarNames() : [...tree.scalars].filter((n) => !C.navs[n]);
    const navAll = [...tree.scalars].filter((n) => C.navs[n]);
    for (const n of names) {
      if (n === "isNullObject") continue;
      if (!C.props[n]) throw wordError("InvalidArgument", `${C.className}.load`, `The property '${n}' does not exist on type '${C.className}'.`);
      if (ref === null) { this._loaded[n] = null; continue; }
      this._loaded[n] = C.props[n].get.call(this, `${C.className}.${n}`);
      delete this._local[n];
    }
    if (ref === null) return;
    for (const n of navAll) this[n]._applyLoad(emptyTree(true));
    for (const [n, sub] of tree.children) {
      if (!C.navs[n]) throw wordError("InvalidArgument", `${C.className}.load`, `The property '${n}' does not exist on type '${C.className}'.`);
      this[n]._applyLoad(sub);
    }
  }

  /** set({prop: value, nav: {...}}) */
  set(values) {
    for (const [k, v] of Object.entries(values || {})) {
      const C = this.constructor;
      if (C.props[k]?.put) this[k] = v;
      else if (C.navs[k] && v && typeof v === "object") this[k].set(v);
      else throw wordError("InvalidArgument", `${C.className}.set`);
    }
  }
  track() {
    this._ctx.trackedObjects.add(this);
    return this;
  }
  untrack() {
    this._ctx.trackedObjects.remove(this);
    return this;
  }
  toJSON() {
    const out = {};
    for (const k of Object.keys(this.constructor.props)) {
      if (k in this._local) out[k] = this._local[k];
      else if (k in this._loaded) out[k] = this._loaded[k];
    }
    for (const k of Object.keys(this.constructor.navs)) {
      const c = this._navCache.get(k);
      if (c) { const j = c.toJSON(); if (j && (Array.isArray(j.items) ? j.items.length : Object.keys(j).length)) out[k] = j; }
    }
    return out;
  }
}

/**
 * Collections: `items` after a load; loading item properties loads items.
 * Subclasses set static itemClass and implement _itemRefs().
 */
export class ClientCollection extends ClientObject {
  get items() {
    if (!("items" in this._loaded)) throw this._notLoaded("items");
    return this._loaded.items;
  }
  _applyLoad(tree) {
    const ref = this._probe();
    if (ref === null) { this._loaded.items = []; return; }
    let refs = this._itemRefs(ref);
    const skip = Number(tree.skip) || 0;
    refs = refs.slice(skip, tree.top !== undefined ? skip + Number(tree.top) : undefined);
    const Item = this.constructor.itemClass;
    const items = refs.map((r, i) => new Item(this._ctx, { ref: r, collection: this, path: `${this._path}.items[${i}]`, story: this._story }));
    const itemTree = { ...tree, top: undefined, skip: undefined };
    for (const item of items) item._applyLoad(itemTree);
    this._loaded.items = items;
  }
  _checkLoadTree(tree) {
    const Item = this.constructor.itemClass;
    const probe = Object.create(Item.prototype);
    probe._ctx = this._ctx;
    for (const name of tree.scalars) if (Item.props[name] || Item.navs[name]) this._sim.apiSets.require(`${Item.className}.${name}`, Item.sets?.[name]);
  }
  /** Items as the list at execution time. */
  _items(location) {
    const ref = this._target(location);
    return this._itemRefs(ref);
  }
  _itemSpawn(member, compute, orNull) {
    return this._spawn(member, this.constructor.itemClass, (loc) => {
      const r = compute(this._items(loc), loc);
      if (r == null) {
        if (orNull) return null;
        throw wordError("ItemNotFound", loc);
      }
      return r;
    });
  }
  getFirst() { return this._itemSpawn("getFirst", (l) => l[0]); }
  getFirstOrNullObject() { return this._itemSpawn("getFirstOrNullObject", (l) => l[0], true); }
  // getLast/getLastOrNullObject: ParagraphCollection only, as in Word.
  toJSON() {
    return { items: "items" in this._loaded ? this._loaded.items.map((i) => i.toJSON()) : [] };
  }
}

/**
 * Declare a proxy class: scalar properties (get/put run at execution time with `this` = proxy),
 * navigation properties, requirement sets per member (tag "1.3" or "D1.2").
 * @param {Function} Cls
 * @param {{name: string, props?: object, navs?: object, sets?: object}} def
 */
export function defineProxy(Cls, def) {
  Cls.className = def.name;
  Cls.props = def.props || {};
  Cls.navs = def.navs || {};
  Cls.sets = def.sets || {};
  for (const [name, spec] of Object.entries(Cls.props)) {
    if (spec.set) Cls.sets[name] = spec.set;
    Object.defineProperty(Cls.prototype, name, {
      configurable: true,
      get() { return this._read(name); },
      set: spec.put ? function (v) { this._write(name, v); } : function () { throw wordError("InvalidArgument", `${def.name}.${name}`, `Cannot set the read-only property '${name}'.`); },
    });
  }
  for (const [name, spec] of Object.entries(Cls.navs)) {
    if (spec.set) Cls.sets[name] = spec.set;
    Object.defineProperty(Cls.prototype, name, {
      configurable: true,
      get() { return this._navigate(name, classes[spec.cls], spec.resolve, { orNull: !!spec.orNull, story: !!spec.story }); },
    });
  }
  classes[def.name] = Cls;
  return Cls;
}

/** The runtime's message for tracking a removed object (ResourceStrings.objectIsUntracked). */
const OBJECT_IS_UNTRACKED = "The object is untracked.";

/**
 * context.trackedObjects, as the Office.js runtime implements it (TrackedObjects._addCommon/_removeCommon):
 * adding a tracked object again does nothing (there is no reference count), one remove releases it, and a
 * removed object can never be tracked again (GeneralException "The object is untracked.", thrown by add).
 * A released object of a finished run is unusable (InvalidObjectPath) and its ranges stop following edits.
 */
class TrackedObjects {
  constructor(ctx) {
    this._ctx = ctx;
    /** @type {Map<object, number>} anchors → how many tracked objects of finished runs own them */
    this._anchorOwners = new Map();
  }
  _each(x, fn) {
    for (const o of Array.isArray(x) ? x : [x]) {
      if (!isProxy(o)) throw wordError("InvalidArgument", "TrackedObjects.add");
      if (o._ctx !== this._ctx) throw new OfficeExtensionError({ code: "InvalidRequestContext", message: Messages.InvalidRequestContext });
      fn(o);
    }
  }
  add(x) {
    this._each(x, (o) => {
      if (o._tracked) return;
      if (o._released) throw new OfficeExtensionError({ code: "GeneralException", message: OBJECT_IS_UNTRACKED });
      o._assertUsable();
      o._tracked = true;
    });
  }
  remove(x) {
    this._each(x, (o) => {
      o._tracked = false;
      o._released = true;
      if (!o._ownerCounted) return; // still in its run: Word.run's end releases it
      o._ownerCounted = false;
      for (const a of o._ownedAnchors()) {
        const owners = (this._anchorOwners.get(a) ?? 1) - 1;
        if (owners > 0) this._anchorOwners.set(a, owners);
        else { this._anchorOwners.delete(a); this._ctx._sim.release(a); }
      }
    });
  }
  /** At the end of a run: the ranges its tracked objects keep alive. */
  _countOwners(objects) {
    for (const o of objects) {
      if (!o._tracked || !o._ownedAnchors || o._ownerCounted) continue;
      o._ownerCounted = true;
      for (const a of o._ownedAnchors()) this._anchorOwners.set(a, (this._anchorOwners.get(a) ?? 0) + 1);
    }
  }
}

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

export { isProxy };
