// What the person does in Word while the pane holds tracked objects (test and playground helpers): deleting a
// table, a content control, a paragraph or a range's text outside the API, and a tracked object Word no longer
// resolves. Word documents that a deleted object's proxies are gone (ItemNotFound, as after the API's own
// Table.delete / ContentControl.delete / Paragraph.delete), and that tracked ranges follow edits (a range whose
// text is deleted collapses where the text was); a sync that uses a gone object fails as a whole.
import { wordError, invalidObjectPathMessage } from "./errors.js";
import { isProxy } from "./client-object.js";
import { layout, deleteSpan, releaseAnchor, bump } from "./model.js";

/** The codes Word answers for a tracked object it cannot resolve (the object, its path, or the host gave up). */
const LOST_CODES = ["ItemNotFound", "InvalidObjectPath", "GeneralException"];

/**
 * @param {() => void} notify  tell the simulator's listeners that the document changed
 * @returns {{ deleteInWord: (proxy: any) => void, loseTracked: (proxy: any, code?: string) => void }}
 */
export function createPersonEdits(notify) {
  /**
   * The person deletes what a proxy stands for, in Word (not through the API): a Table (the whole table), a
   * ContentControl (the control and its content), a Paragraph (its text and mark; the last paragraph of its
   * container keeps its mark, as Word's does) or a Range (its text: the range collapses, as tracked ranges do).
   * Proxies of a deleted table, control or paragraph are ItemNotFound from then on, tracked or not.
   * @param {any} proxy
   */
  function deleteInWord(proxy) {
    if (!isProxy(proxy)) throw new TypeError("sim.deleteInWord: not a proxy");
    const ref = proxy._resolveRef();
    if (!ref || ref.deleted) throw new TypeError("sim.deleteInWord: the object is already gone");
    const doc = proxy._doc;
    const L = layout(doc);
    if (ref.kind === "table") {
      const info = L.tableInfo.get(ref);
      deleteSpan(doc, info.start, info.end);
    } else if (ref.kind === "paragraph") {
      const info = L.paraInfo.get(ref);
      deleteSpan(doc, info.start, info.end);
    } else if (ref.anchor && "tag" in ref) {
      deleteSpan(doc, ref.anchor.start, ref.anchor.end);
      ref.deleted = true;
      releaseAnchor(doc, ref.anchor);
    } else if (typeof ref.start === "number" && typeof ref.end === "number") {
      deleteSpan(doc, ref.start, ref.end);
    } else {
      throw new TypeError(`sim.deleteInWord: cannot delete a ${proxy.constructor.className}`);
    }
    bump(doc);
    notify();
  }

  /**
   * Word no longer resolves a tracked object (its content was deleted in Word and the host dropped it, or the
   * host gave up on it): every later use of it, or of what is reached from it, fails its sync with `code`
   * (ItemNotFound by default; InvalidObjectPath or GeneralException as some hosts report), failing the whole
   * sync as Word does. The document itself is unchanged.
   * @param {any} proxy
   * @param {string} [code]
   */
  function loseTracked(proxy, code = "ItemNotFound") {
    if (!isProxy(proxy) || !proxy._tracked) throw new TypeError("sim.loseTracked: not a tracked proxy");
    if (!LOST_CODES.includes(code)) throw new TypeError(`sim.loseTracked: code must be one of ${LOST_CODES.join(", ")}`);
    proxy._lost = code;
    const ref = proxy._ref;
    if (ref && typeof ref.start === "number" && !ref.kind) releaseAnchor(proxy._doc, ref); // no longer follows edits
  }

  return { deleteInWord, loseTracked };
}

/**
 * The error a lost tracked object gives when an operation on it (or reached from it) runs.
 * @param {{ _lost?: string, _path: string }} proxy
 */
export function lostError(proxy) {
  const code = /** @type {string} */ (proxy._lost);
  return wordError(code, proxy._path, code === "InvalidObjectPath" ? invalidObjectPathMessage(proxy._path) : undefined);
}
