// Boot: find Word (the playground's simulated one in the parent page, else Office.js), then wire the
// engine, the connection and the view. Exposes window.wordBridgePane = {engine, connection} for tests.

import { createEngine } from "./engine.js";
import { createTaskStore } from "./task-store.js";
import { createConnection, defaultSocketUrl, rememberedToken, storeOver } from "./connection.js";
import { describeHost } from "./host-info.js";
import { documentIdentity } from "./document-identity.js";
import { retryNotice, retryRisk } from "./retry-safety.js";
import { createView, entryForOutcome, entryForRefused } from "./ui.js";

// Tell legacy-check.js (a classic script) that the module graph parsed and runs: no "old Word" notice.
/** @type {any} */ (window).wordBridgeStarted = true;

const OFFICE_READY_TIMEOUT_MS = 15_000;

/**
 * @typedef {{ Word: typeof Word, Office: typeof Office, simulated: boolean }} WordApis
 */

/**
 * The simulated Word of the playground page that hosts this pane in an iframe, if any. Inside Office the
 * parent is another origin: reading it throws, which means "not the playground".
 * @returns {WordApis | undefined}
 */
function playgroundWord() {
  try {
    if (window.parent === window) return undefined;
    const sim = /** @type {any} */ (window.parent).wordSim;
    return sim ? { Word: sim.Word, Office: sim.Office, simulated: true } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Office.js's Word once Office is ready; rejects when office.js did not load or never gets ready.
 * @returns {Promise<WordApis>}
 */
async function officeWord() {
  if (typeof Office === "undefined") {
    throw new Error("Office.js did not load. Open this pane from Word (Home > Word Bridge > Show Task Pane) with "
      + "internet access to appsforoffice.microsoft.com, or try the simulated Word at /playground.html.");
  }
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("Office.js did not load (Office.onReady timed out)")), OFFICE_READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([Office.onReady(), timeout]);
  } finally {
    clearTimeout(timer);
  }
  if (typeof Word === "undefined") {
    throw new Error("This page is not running inside Word. Open it from Word (Home > Word Bridge > Show Task Pane), "
      + "or try the simulated Word at /playground.html.");
  }
  return { Word, Office, simulated: false };
}

async function boot() {
  const view = createView(document);
  view.showNotice(null); // legacy-check.js's "did not start", should this module have started that late
  /** @type {WordApis} */
  let apis;
  try {
    apis = playgroundWord() ?? await officeWord();
  } catch (err) {
    view.showNotice(err instanceof Error ? err.message : String(err));
    view.showConnection({ status: "stopped", session: null });
    return;
  }

  /** @type {import("./connection.js").Connection | undefined} */
  let connection;
  // The document's session is kept in the document (Office settings), so that a pane opened again on it, even in
  // a new tab or webview, resumes it and finds its taskId records
  const identity = documentIdentity({
    Office: apis.Office, fallback: storeOver(() => window.sessionStorage), onChange: () => showRetryRisk(),
  });
  // taskIds outlive a reload of the pane (and the server's cache): a retry never runs an edit twice
  const taskStore = createTaskStore({ storage: () => window.localStorage });
  const recordsScope = () => identity.recordsScope(connection?.state().session);
  // Where a retry after a reload of the pane may run an op again (storage blocked, document not recognised), the
  // pane and the results of edits say so
  const risk = (scope = recordsScope()) => retryRisk({ storageKept: taskStore.durable(scope), documentRecognised: identity.recognised() });
  const showRetryRisk = () => view.showWarning(retryNotice(risk()));
  const engine = createEngine({
    Word: apis.Word, Office: apis.Office, taskStore, documentSession: recordsScope, retryRisk: risk,
  });
  connection = createConnection({
    url: defaultSocketUrl(window.location),
    token: rememberedToken(window.location, storeOver(() => window.localStorage)),
    hello: () => ({ ...describeHost(apis.Office, { simulated: apis.simulated }), instance: engine.registry.salt }),
    isPaused: () => engine.paused,
    sessionStore: identity.sessionStore,
    onState: (state) => {
      view.showConnection(state);
      if (state.status === "connected") showRetryRisk();
    },
    onCommand: async (cmd, onProgress) => {
      const outcome = await engine.execute(cmd, { onProgress });
      view.logOp(entryForOutcome(cmd, outcome));
      showRetryRisk();
      return outcome;
    },
    onRefused: (call) => view.logOp(entryForRefused(call)),
  });

  view.onPauseToggle((paused) => engine.setPaused(paused));
  engine.onPausedChange((paused) => {
    view.showPaused(paused);
    connection.sendState(paused);
  });
  view.showPaused(engine.paused);
  /** @type {any} */ (window).wordBridgePane = { engine, connection };
  connection.start();
}

boot();
