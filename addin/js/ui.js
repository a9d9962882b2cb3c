// The task pane's view: connection state, session id, the Pause switch, and the log of recent ops.

/** @typedef {import("./connection.js").ConnectionState} ConnectionState */

export const LOG_LIMIT = 50;

/**
 * @typedef {object} LoggedOp
 * @property {string} op
 * @property {boolean} ok
 * @property {string} [code]
 * @property {number} ms
 * @property {number} syncs
 * @property {boolean} [cached]
 */

/**
 * @typedef {object} PaneView
 * @property {(state: ConnectionState) => void} showConnection
 * @property {(paused: boolean) => void} showPaused
 * @property {(listener: (paused: boolean) => void) => void} onPauseToggle
 * @property {(entry: LoggedOp) => void} logOp
 * @property {(message: string | null) => void} showNotice  a problem to show above everything (null hides it)
 */

/**
 * @param {Document} doc
 * @param {string} id
 * @returns {HTMLElement}
 */
function element(doc, id) {
  const found = doc.getElementById(id);
  if (!found) throw new Error(`taskpane.html lacks #${id}`);
  return found;
}

/**
 * Bind the view to taskpane.html's elements.
 * @param {Document} doc
 * @returns {PaneView}
 */
export function createView(doc) {
  const status = element(doc, "status");
  const statusText = element(doc, "status-text");
  const session = element(doc, "session");
  const pause = /** @type {HTMLInputElement} */ (element(doc, "pause"));
  const log = element(doc, "log");
  const logEmpty = element(doc, "log-empty");
  const notice = element(doc, "notice");
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let countdown;

  /** @param {ConnectionState} state */
  function statusLabel(state) {
    switch (state.status) {
      case "connecting": return "Connecting…";
      case "connected": return "Connected";
      case "reconnecting": {
        const seconds = Math.max(0, Math.ceil(((state.retryAt ?? Date.now()) - Date.now()) / 1000));
        return `Reconnecting in ${seconds} s`;
      }
      case "refused": return "Refused";
      default: return "Not connected";
    }
  }

  return {
    showConnection(state) {
      clearInterval(countdown);
      status.dataset.status = state.status;
      statusText.textContent = statusLabel(state);
      status.title = state.message ?? "";
      session.textContent = state.session ?? "—";
      if (state.status === "reconnecting") {
        countdown = setInterval(() => { statusText.textContent = statusLabel(state); }, 500);
      }
      if (state.status === "refused") {
        notice.textContent = `The bridge refused this pane: ${state.message ?? "permission denied"}. If the bridge runs with --token, open the pane once with ?token=<token> in its URL.`;
        notice.hidden = false;
      }
    },
    showPaused(paused) {
      pause.checked = paused;
      doc.body.classList.toggle("paused", paused);
    },
    onPauseToggle(listener) {
      pause.addEventListener("change", () => listener(pause.checked));
    },
    logOp(entry) {
      logEmpty.hidden = true;
      const row = doc.createElement("li");
      row.className = entry.ok ? "ok" : "failed";
      const time = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
      /** @type {[string, string][]} */
      const cells = [
        ["op", entry.op],
        ["outcome", entry.ok ? (entry.cached ? "ok (cached)" : "ok") : entry.code ?? "failed"],
        ["ms", `${entry.ms} ms`],
        ["syncs", `${entry.syncs} sync${entry.syncs === 1 ? "" : "s"}`],
        ["time", time],
      ];
      for (const [name, text] of cells) {
        const cell = doc.createElement("span");
        cell.className = name;
        cell.textContent = text;
        row.append(cell);
      }
      log.prepend(row);
      while (log.children.length > LOG_LIMIT) log.lastElementChild?.remove();
    },
    showNotice(message) {
      notice.textContent = message ?? "";
      notice.hidden = message === null;
    },
  };
}
