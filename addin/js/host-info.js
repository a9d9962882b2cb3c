// What the pane reports about its document and host in `hello` (docs/protocol.md).

/** @typedef {import("./connection.js").HelloInfo} HelloInfo */

const WORD_API_VERSIONS = ["1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9"];
const WORD_API_DESKTOP_VERSIONS = ["1.1", "1.2", "1.3", "1.4", "1.5"];

/**
 * The highest version of a requirement set the host supports, or undefined.
 * @param {typeof Office} Office
 * @param {string} name
 * @param {string[]} versions  ascending
 */
export function highestSupported(Office, name, versions) {
  let highest;
  for (const version of versions) {
    let supported = false;
    try {
      supported = Boolean(Office.context?.requirements?.isSetSupported(name, version));
    } catch { /* an old host without requirements */ }
    if (!supported) break;
    highest = version;
  }
  return highest;
}

/**
 * "https://x/Shared%20Documents/Report.docx?web=1" → "Report.docx"; "" → "Untitled".
 * @param {string | null | undefined} url
 */
export function documentTitle(url) {
  if (!url) return "Untitled";
  const path = url.split(/[?#]/)[0];
  const last = path.split(/[\\/]/).filter(Boolean).pop();
  if (!last) return "Untitled";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * @param {typeof Office} Office
 * @param {{ simulated: boolean }} options  the playground's simulated Word reports platform "Simulator"
 * @returns {HelloInfo}
 */
export function describeHost(Office, { simulated }) {
  const context = Office.context;
  const url = context?.document?.url ?? "";
  /** @type {Record<string, string>} */
  const apiSets = {};
  const wordApi = highestSupported(Office, "WordApi", WORD_API_VERSIONS);
  const desktopApi = highestSupported(Office, "WordApiDesktop", WORD_API_DESKTOP_VERSIONS);
  if (wordApi) apiSets.WordApi = wordApi;
  if (desktopApi) apiSets.WordApiDesktop = desktopApi;
  return {
    document: { title: documentTitle(url), url },
    host: {
      app: "Word",
      platform: simulated ? "Simulator" : String(context?.platform ?? "Simulator"),
      version: String(context?.diagnostics?.version ?? ""),
    },
    apiSets,
  };
}
