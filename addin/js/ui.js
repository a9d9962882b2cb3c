// The task pane's view: connection state, session id, the Pause switch, and the log of recent ops (the calls
// the pane ran, and the calls the server refused before they reached it), each with the call's summary.

/** @typedef {import("./connection.js").ConnectionState} ConnectionState */
/** @typedef {import("./connection.js").RefusedCall} RefusedCall */
/** @typedef {import("./types.js").AiCommand} AiCommand */
/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */

export const LOG_LIMIT = 50;
/** The longest call summary or diagnostic an entry shows. */
export const LOG_TEXT_CHARS = 160;

/**
 * @typedef {object} LoggedOp
 * @property {string} op
 * @property {boolean} ok
 * @property {string} [code]
 * @property {string} [content]   the call's summary (the `content` of ai-cmd / ai-refused)
 * @property {string} [detail]    the first diagnostic of a failed or refused call
 * @property {boolean} [refused]  the server refused the call: it never reached Word
 * @property {number} [ms]        run time in the pane (absent for refused calls)
 * @property {number} [syncs]
 * @property {boolean} [cached]
 */

/**
 * The log entry of a call the pane ran.
 * @param {AiCommand} cmd
 * @param {ExecuteOutcome} outcome
 * @returns {LoggedOp}
 */
export function entryForOutcome(cmd, outcome) {
  const { result, stats } = outcome;
  return {
    op: result.op,
    ok: result.ok,
    code: result.code,
    content: typeof cmd.content === "string" ? cmd.content : undefined,
    detail: result.ok ? undefined : result.diagnostics[0]?.msg,
    ms: stats.ms,
    syncs: stats.syncs,
    cached: stats.cached,
  };
}

/**
 * The log entry of a call the server refused (an `ai-refused` frame).
 * @param {RefusedCall} call
 * @returns {LoggedOp}
 */
export function entryForRefused(call) {
  return {
    op: call.op,
    ok: false,
    refused: true,
    code: call.result.code,
    content: call.content,
    detail: call.result.diagnostics[0]?.msg,
  };
}

/**
 * @param {string} text
 */
function clipped(text) {
  return text.length > LOG_TEXT_CHARS ? `${text.slice(0, LOG_TEXT_CHARS - 1)}…` : text;
}

/**
 * The cells of a log row, as [class name, text] in display order.
 * @param {LoggedOp} entry
 * @param {string} time  when it happened, as shown
 * @returns {[string, string][]}
 */
export function logCells(entry, time) {
  const outcome = entry.refused
    ? `refused by the server: ${entry.code ?? "error"}`
    : entry.ok ? (entry.cached ? "ok (cached)" : "ok") : entry.code ?? "failed";
  /** @type {[string, string][]} */
  const cells = [["op", entry.op], ["outcome", outcome]];
  if (entry.content) cells.push(["content", clipped(entry.content)]);
  if (entry.detail) cells.push(["detail", clipped(entry.detail)]);
  if (entry.ms !== undefined) cells.push(["ms", `${entry.ms} ms`]);
  if (entry.syncs !== undefined) cells.push(["syncs", `${entry.syncs} sync${entry.syncs === 1 ? "" : "s"}`]);
  cells.push(["time", time]);
  return cells;
}

/**
 * @typedef {object} PaneView
 * @property {(state: ConnectionState) => void} showConnection
 * @property {(paused: boolean) => void} showPaused
 * @property {(listener: (paused: boolean) => void) => void} onPauseToggle
 * @property {(entry: LoggedOp) => void} logOp
 * @property {(message: string | null) => void} showNotice  a problem to show above everything (null hides it)
 * @property {(message: string | null) => void} showWarning  a risk to know of while the pane works, such as retries
 *   that may run an op twice (null hides it)
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
  const warning = element(doc, "warning");
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
      row.className = entry.refused ? "refused" : entry.ok ? "ok" : "failed";
      const time = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
      for (const [name, text] of logCells(entry, time)) {
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
    showWarning(message) {
      warning.textContent = message ?? "";
      warning.hidden = message === null;
    },
  };
}
