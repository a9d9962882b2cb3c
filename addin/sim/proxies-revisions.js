// Word.TrackedChange and TrackedChangeCollection (WordApi 1.6), getTrackedChanges() (1.6) and getReviewedText() (1.4) on Body, Range and
// Paragraph, over the revisions of revisions.js. Installed on the existing proxy classes from here so the
// text proxies stay as they are.
import { ClientObject, ClientCollection, defineProxy, classes } from "./runtime.js";
import { wordError } from "./errors.js";
import { spanOf } from "./inline-ops.js";
import { anchorOf } from "./proxies-text.js";
import { applyRevision, reviewedText, revisionsIn, revisionsOf, revisionText } from "./revisions.js";

/** A revision that is gone (accepted or rejected already): Word's ItemNotFound (UNVERIFIED: no documented code). */
function live(doc, r, loc) {
  if (!revisionsOf(doc).includes(r)) throw wordError("ItemNotFound", loc);
  return r;
}

export class TrackedChange extends ClientObject {
  accept() {
    this._api("accept");
    this._enqueue("TrackedChange.accept", () => applyRevision(this._doc, live(this._doc, this._target("TrackedChange.accept"), "TrackedChange.accept"), true));
  }
  reject() {
    this._api("reject");
    this._enqueue("TrackedChange.reject", () => applyRevision(this._doc, live(this._doc, this._target("TrackedChange.reject"), "TrackedChange.reject"), false));
  }
  /** @param {string} [rangeLocation] Whole (default), Start or End */
  getRange(rangeLocation = "Whole") {
    return this._spawn("getRange", classes.Range, (loc) => {
      if (!["Whole", "Start", "End"].includes(rangeLocation)) throw wordError("InvalidArgument", loc);
      const a = live(this._doc, this._target(loc), loc).anchor;
      return anchorOf(this._doc, { start: rangeLocation === "End" ? a.end : a.start, end: rangeLocation === "Start" ? a.start : a.end });
    });
  }
}
const field = (get) => ({ set: "1.6", get(loc) { return get(this._doc, this._target(loc)); } });
defineProxy(TrackedChange, {
  name: "TrackedChange",
  props: {
    author: field((doc, r) => r.author),
    date: field((doc, r) => r.date),
    text: field((doc, r) => revisionText(doc, r)),
    type: field((doc, r) => r.type),
  },
  sets: { accept: "1.6", reject: "1.6", getRange: "1.6" },
});

export class TrackedChangeCollection extends ClientCollection {
  _itemRefs(ref) {
    return ref.items.filter((r) => revisionsOf(this._doc).includes(r));
  }
  acceptAll() {
    this._api("acceptAll");
    this._enqueue("TrackedChangeCollection.acceptAll", () => { for (const r of this._items("TrackedChangeCollection.acceptAll")) applyRevision(this._doc, r, true); });
  }
  rejectAll() {
    this._api("rejectAll");
    this._enqueue("TrackedChangeCollection.rejectAll", () => { for (const r of this._items("TrackedChangeCollection.rejectAll")) applyRevision(this._doc, r, false); });
  }
}
TrackedChangeCollection.itemClass = TrackedChange;
defineProxy(TrackedChangeCollection, { name: "TrackedChangeCollection", sets: { acceptAll: "1.6", rejectAll: "1.6", getFirst: "1.6", getFirstOrNullObject: "1.6" } });

for (const kind of ["Body", "Range", "Paragraph"]) {
  const Cls = classes[kind];
  Cls.prototype.getTrackedChanges = function getTrackedChanges() {
    return this._spawn("getTrackedChanges", TrackedChangeCollection, (loc) => {
      const s = spanOf(this._doc, kind, this._target(loc));
      return { items: revisionsIn(this._doc, s.start, s.end) };
    });
  };
  Cls.sets.getTrackedChanges = "1.6";
  // The text with every tracked change accepted (Current) or rejected (Original), whatever the view shows.
  Cls.prototype.getReviewedText = function getReviewedText(changeTrackingVersion) {
    const result = this._call("getReviewedText", (loc) => {
      if (changeTrackingVersion !== "Current" && changeTrackingVersion !== "Original") throw wordError("InvalidArgument", loc);
      const s = spanOf(this._doc, kind, this._target(loc));
      const text = reviewedText(this._doc, s.start, s.end, changeTrackingVersion);
      return kind === "Body" ? text.replace(/[\r\t]$/, "") : text; // as the object's own `text` reads
    });
    this._sim.reviewedTextCalls += 1; // sim.reviewedTextCalls: a test can tell whether a handler asked at all
    return result;
  };
  Cls.sets.getReviewedText = "1.4";
}
