// context.trackedObjects: which objects outlive their Word.run, and which ranges keep following edits.
import { OfficeExtensionError, wordError, Messages } from "./errors.js";
import { isProxy } from "./client-object.js";

/** The runtime's message for tracking a removed object (ResourceStrings.objectIsUntracked). */
const OBJECT_IS_UNTRACKED = "The object is untracked.";

/**
 * context.trackedObjects, as the Office.js runtime implements it (TrackedObjects._addCommon/_removeCommon):
 * adding a tracked object again does nothing (there is no reference count), one remove releases it, and a
 * removed object can never be tracked again (GeneralException "The object is untracked.", thrown by add).
 * A released object of a finished run is unusable (InvalidObjectPath) and its ranges stop following edits.
 */
export class TrackedObjects {
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
