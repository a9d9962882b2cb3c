// Which document this pane serves, kept in the document itself, so that a pane opened again on it (after a reload,
// in a new tab or a new webview, where sessionStorage starts empty) asks the bridge for the document's session
// again, and finds the taskId records kept under it (task-store.js).
//
// Office.context.document.settings (the Settings requirement set: Word on the web, Windows, Mac and iPad) holds
// the add-in's name/value pairs in the document: set() changes this load's copy, saveAsync() writes it into the
// document, where every later load of the pane finds it (and the file keeps it once saved). The pane keeps there
// the session the bridge gave it and the document's URL at that time: a document whose URL is another one now is
// a copy (Save As, a duplicated file, a new document made from it) and gets a session of its own, so two files
// never claim one session.
// Where Office has no settings or cannot save them, the session lives in this tab's sessionStorage with the URL
// (as before), and the taskId records are kept by the document's URL when it has one.

import { hash } from "./fingerprint.js";

/** @typedef {import("./connection.js").KeyValueStore} KeyValueStore */

/** The setting's name: its value is {@link KeptSession}. */
export const SETTING = "wordBridge.document";

/**
 * @typedef {{ session: string, url: string }} KeptSession  the bridge's session for the document, and its URL then
 */

/**
 * @typedef {object} DocumentIdentity
 * @property {KeyValueStore} sessionStore  the session a pane asks for in hello (createConnection's sessionStore)
 * @property {(session: string | null | undefined) => string} recordsScope  where the document's taskId records go
 * @property {() => boolean} recognised  whether a pane opened again on this document finds its records: its
 *   session is saved in the document, or the document has a URL
 */

/**
 * @param {object} options
 * @param {typeof Office} options.Office
 * @param {KeyValueStore} options.fallback  this tab's storage (sessionStorage) for where the document has no settings
 * @param {() => void} [options.onChange]   whether the document is {@link DocumentIdentity.recognised} changed
 * @returns {DocumentIdentity}
 */
export function documentIdentity({ Office, fallback, onChange = () => {} }) {
  /** Office could not save the settings (or has none): the session is not in the document. */
  let unsaved = !settingsOf(Office);

  /** @returns {string} */
  function url() {
    try {
      return String(Office.context?.document?.url ?? "");
    } catch {
      return "";
    }
  }

  /** @param {boolean} value */
  function setUnsaved(value) {
    if (unsaved === value) return;
    unsaved = value;
    onChange();
  }

  /** @param {string} key */
  function storedSession(key) {
    const here = url();
    const settings = settingsOf(Office);
    /** @type {unknown} */
    let value;
    try {
      value = settings?.get(SETTING);
    } catch { /* unreadable: as none */ }
    const kept = keptSession(value);
    // kept without a URL: a new document saved since; with another URL, or none now: a copy (Save As, a new
    // document made from this one), which must not claim this one's session
    if (kept && (!kept.url || kept.url === here)) return kept.session;
    const inTab = keptSession(parsed(fallback.get(key)));
    return inTab && inTab.url === here ? inTab.session : null;
  }

  /**
   * Keep the session the bridge gave: in this tab, and in the document unless it holds it already (a save writes
   * into the document, so it is not repeated at each reconnect; one that failed is tried again at the next welcome).
   * @param {string} key @param {string} session
   */
  function keepSession(key, session) {
    /** @type {KeptSession} */
    const kept = { session, url: url() };
    fallback.set(key, JSON.stringify(kept));
    const settings = settingsOf(Office);
    if (!settings) return;
    try {
      const held = keptSession(settings.get(SETTING));
      if (!unsaved && held && held.session === kept.session && held.url === kept.url) return;
      settings.set(SETTING, kept);
      const failed = Office.AsyncResultStatus?.Failed;
      settings.saveAsync((result) => setUnsaved(result?.status === failed));
    } catch {
      setUnsaved(true);
    }
  }

  return {
    sessionStore: {
      get: (key) => storedSession(key),
      set: (key, value) => keepSession(key, value),
    },
    recordsScope(session) {
      const here = url();
      if (unsaved && here) return `url_${hash(here)}`; // a short key: the URL's 53-bit hash
      return session || "none";
    },
    recognised: () => !unsaved || url() !== "",
  };
}

/**
 * Office's settings of this document, when the host has them.
 * @param {typeof Office} Office
 * @returns {Office.Settings | undefined}
 */
function settingsOf(Office) {
  try {
    const settings = Office.context?.document?.settings;
    const usable = settings && typeof settings.get === "function" && typeof settings.set === "function"
      && typeof settings.saveAsync === "function";
    return usable ? settings : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {unknown} value
 * @returns {KeptSession | undefined}
 */
function keptSession(value) {
  const kept = /** @type {Partial<KeptSession> | null} */ (value);
  return typeof kept === "object" && kept !== null && typeof kept.session === "string" && kept.session !== ""
    && typeof kept.url === "string" ? { session: kept.session, url: kept.url } : undefined;
}

/** @param {string | null} text */
function parsed(text) {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
