// ClientObject, the base of every proxy: queued operations, load, the usability of its object path
// (InvalidObjectPath, InvalidRequestContext, ApiNotFound), navigation properties, set, track and toJSON.
import { OfficeExtensionError, wordError, Messages, propertyNotLoadedMessage, invalidObjectPathMessage, isOfficeError } from "./errors.js";
import { parseLoadOption, emptyTree } from "./load-options.js";
import { ClientResult } from "./client-result.js";
import { lostError } from "./person-edits.js";

/** Whether a value is a proxy (of any request context). */
export const isProxy = (v) => !!v && typeof v === "object" && typeof v._assertUsable === "function" && !!v._ctx;

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
    if (this._lost) throw lostError(this);
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
      // A tracked object Word no longer resolves (sim.loseTracked): what uses it fails when its sync runs.
      if (o._lost) return { ok: true, deferred: lostError(o) };
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
