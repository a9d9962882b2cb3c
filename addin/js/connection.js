// The pane's WebSocket to the bridge (docs/protocol.md, protocol 1): hello/welcome, ai-cmd → ai-result,
// ai-refused (logged, never answered), progress and state frames, ping/pong heartbeat, and reconnection with
// exponential backoff + jitter.

/** @typedef {import("./types.js").AiCommand} AiCommand */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */
/** @typedef {import("./types.js").ExecuteOutcome} ExecuteOutcome */
/** @typedef {import("./engine.js").ProgressReport} ProgressReport */

export const PROTOCOL_VERSION = 1;
/** Close code the bridge uses when a newer pane connection claims this session. */
export const SESSION_TAKEN_OVER = 4001;
const SESSION_KEY = "wordBridge.session";
const TOKEN_KEY = "wordBridge.token";

/**
 * What the pane tells the server about its document and host in `hello`.
 * @typedef {object} HelloInfo
 * @property {{ title: string, url: string }} document
 * @property {{ app: "Word", platform: string, version: string }} host
 * @property {Record<string, string>} apiSets
 * @property {string} [instance]  this load of the pane (its id registry's salt): the server warns when a cached
 *   result's ids come from an earlier load
 */

/**
 * A call the server refused before sending it to the pane (`ai-refused` frame): shown in the log, not answered.
 * @typedef {object} RefusedCall
 * @property {string} id        the task id
 * @property {string} content   the call's summary
 * @property {string} op        the op name
 * @property {ResultEnvelope} result  ok false, with the server's code and diagnostics
 */

/**
 * @typedef {"connecting" | "connected" | "reconnecting" | "refused" | "stopped"} ConnectionStatus
 * @typedef {object} ConnectionState
 * @property {ConnectionStatus} status
 * @property {string | null} session   the session id the server gave the document
 * @property {number} [retryAt]        when reconnecting: the time (ms since epoch) of the next attempt
 * @property {string} [message]        the last error the server or the socket reported
 */

/**
 * @typedef {object} Timing
 * @property {number} heartbeatMs    how often to send a ping
 * @property {number} idleTimeoutMs  reconnect when no frame arrived for this long
 * @property {number} backoffBaseMs  first reconnect delay
 * @property {number} backoffMaxMs   longest reconnect delay
 */

/** @type {Timing} */
export const DEFAULT_TIMING = { heartbeatMs: 15_000, idleTimeoutMs: 45_000, backoffBaseMs: 500, backoffMaxMs: 10_000 };

/**
 * @typedef {{ get(key: string): string | null, set(key: string, value: string): void }} KeyValueStore
 */

/**
 * @typedef {object} ConnectionOptions
 * @property {string} url                  e.g. from {@link defaultSocketUrl}
 * @property {string | null} token         sent in hello (from the page URL, remembered)
 * @property {() => HelloInfo} hello
 * @property {(cmd: AiCommand, onProgress: (report: ProgressReport) => void) => Promise<ExecuteOutcome>} onCommand
 * @property {(call: RefusedCall) => void} [onRefused]  a call the server refused (never answered)
 * @property {(state: ConnectionState) => void} [onState]
 * @property {() => boolean} [isPaused]    sent as a `state` frame after each welcome
 * @property {{ new (url: string): WebSocket }} [WebSocketImpl]
 * @property {KeyValueStore} [sessionStore] where the session id survives a reload (default sessionStorage; the pane
 *   keeps it in the document: document-identity.js)
 * @property {Partial<Timing>} [timing]
 * @property {() => number} [random]        jitter source
 */

/**
 * @typedef {object} Connection
 * @property {() => void} start
 * @property {() => void} stop
 * @property {(paused: boolean) => void} sendState
 * @property {() => ConnectionState} state
 */

/**
 * `wss://<host>/ws` for an https page, `ws://<host>/ws` for an http one.
 * @param {{ protocol: string, host: string }} location
 */
export function defaultSocketUrl(location) {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`;
}

/**
 * The token from the page URL (`?token=`), remembered for later loads; else the remembered one.
 * @param {{ search: string }} location
 * @param {KeyValueStore} store
 * @returns {string | null}
 */
export function rememberedToken(location, store) {
  const fromUrl = new URLSearchParams(location.search).get("token");
  if (fromUrl) {
    store.set(TOKEN_KEY, fromUrl);
    return fromUrl;
  }
  return store.get(TOKEN_KEY);
}

/**
 * A KeyValueStore over a Web Storage object, falling back to memory where storage is unavailable
 * (privacy modes, sandboxed iframes).
 * @param {() => Storage | undefined} storage
 * @returns {KeyValueStore}
 */
export function storeOver(storage) {
  /** @type {Map<string, string>} */
  const memory = new Map();
  return {
    get(key) {
      try {
        const value = storage()?.getItem(key);
        if (value !== null && value !== undefined) return value;
      } catch { /* storage blocked */ }
      return memory.get(key) ?? null;
    },
    set(key, value) {
      memory.set(key, value);
      try {
        storage()?.setItem(key, value);
      } catch { /* storage blocked: memory keeps it for this load */ }
    },
  };
}

/**
 * @param {ConnectionOptions} options
 * @returns {Connection}
 */
export function createConnection(options) {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const WebSocketImpl = options.WebSocketImpl ?? globalThis.WebSocket;
  const sessionStore = options.sessionStore ?? storeOver(() => globalThis.sessionStorage);
  const random = options.random ?? Math.random;
  const onState = options.onState ?? (() => {});

  /** @type {ConnectionState} */
  let state = { status: "stopped", session: sessionStore.get(SESSION_KEY) };
  /** @type {WebSocket | null} */
  let socket = null;
  let attempt = 0;
  let lastFrameAt = 0;
  let running = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let reconnectTimer;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let heartbeatTimer;

  /** @param {Partial<ConnectionState>} change */
  function setState(change) {
    state = { status: state.status, session: state.session, ...change };
    onState(state);
  }

  /** @param {Record<string, unknown>} frame */
  function send(frame) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
  }

  function open() {
    clearTimeout(reconnectTimer);
    setState({ status: "connecting", message: state.message });
    const ws = new WebSocketImpl(options.url);
    socket = ws;
    ws.onopen = () => {
      lastFrameAt = Date.now();
      send({
        type: "hello",
        protocol: PROTOCOL_VERSION,
        session: state.session,
        token: options.token,
        ...options.hello(),
      });
      startHeartbeat();
    };
    ws.onmessage = (event) => {
      lastFrameAt = Date.now();
      handleFrame(ws, typeof event.data === "string" ? event.data : "");
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      if (event && event.code === SESSION_TAKEN_OVER) {
        // Another pane now holds this document's session: reconnecting would steal it back, forever.
        running = false;
        socket = null;
        stopHeartbeat();
        setState({ status: "stopped", message: "Another Word Bridge pane took over this document's session" });
        return;
      }
      lost("The connection to the bridge closed");
    };
    ws.onerror = () => { /* a close event follows */ };
  }

  /**
   * The socket is gone (closed, or silent too long): forget it and try again later.
   * @param {string} why
   */
  function lost(why) {
    const ws = socket;
    socket = null;
    stopHeartbeat();
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try { ws.close(); } catch { /* already closed */ }
    }
    if (!running || state.status === "refused") return;
    const delay = backoffDelay(attempt, timing, random);
    attempt += 1;
    setState({ status: "reconnecting", retryAt: Date.now() + delay, message: why });
    reconnectTimer = setTimeout(open, delay);
  }

  /**
   * @param {WebSocket} ws
   * @param {string} text
   */
  function handleFrame(ws, text) {
    /** @type {any} */
    let frame;
    try {
      frame = JSON.parse(text);
    } catch {
      return; // not protocol: ignore
    }
    switch (frame?.type) {
      case "welcome":
        attempt = 0;
        if (typeof frame.session === "string") sessionStore.set(SESSION_KEY, frame.session);
        setState({ status: "connected", session: typeof frame.session === "string" ? frame.session : state.session });
        if (options.isPaused) send({ type: "state", paused: options.isPaused() });
        break;
      case "error":
        if (frame.code === "E_PERMISSION") {
          running = false;
          setState({ status: "refused", message: String(frame.msg ?? "The bridge refused the pane") });
          socket = null;
          stopHeartbeat();
          ws.onclose = null;
          try { ws.close(); } catch { /* already closed */ }
        } else {
          setState({ message: String(frame.msg ?? frame.code ?? "error") });
        }
        break;
      case "ping":
        send({ type: "pong" });
        break;
      case "ai-cmd":
        runCommand(frame);
        break;
      case "ai-refused":
        // The server already answered the caller: nothing goes back, the person sees it in the log.
        options.onRefused?.(refusedCall(frame));
        break;
      default:
        break; // pong, and frames of later protocol versions
    }
  }

  /** @param {AiCommand & { id?: unknown }} cmd */
  function runCommand(cmd) {
    if (typeof cmd.id !== "string") return;
    const id = cmd.id;
    options.onCommand(cmd, (report) => send({ type: "progress", ...report }))
      // If the socket dropped meanwhile, the result is lost here but kept in the engine's cache:
      // the server's retry with the same taskId gets it.
      .then((outcome) => send({ type: "ai-result", id, result: outcome.result, stats: outcome.stats }));
  }

  function startHeartbeat() {
    stopHeartbeat();
    heartbeatTimer = setInterval(() => {
      if (Date.now() - lastFrameAt > timing.idleTimeoutMs) lost("The bridge stopped answering");
      else send({ type: "ping" });
    }, timing.heartbeatMs);
  }

  function stopHeartbeat() {
    clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      open();
    },
    stop() {
      running = false;
      clearTimeout(reconnectTimer);
      lost("stopped");
      setState({ status: "stopped" });
    },
    sendState(paused) {
      send({ type: "state", paused });
    },
    state: () => state,
  };
}

/**
 * An `ai-refused` frame with every field present and typed (the pane shows it; a malformed one still shows).
 * @param {any} frame
 * @returns {RefusedCall}
 */
export function refusedCall(frame) {
  const result = frame.result && typeof frame.result === "object" ? frame.result : {};
  const op = typeof frame.op === "string" ? frame.op : typeof result.op === "string" ? result.op : "?";
  /** @type {import("./types.js").Diagnostic[]} */
  const diagnostics = Array.isArray(result.diagnostics)
    ? result.diagnostics.filter((/** @type {any} */ d) => d && typeof d.msg === "string")
    : [];
  return {
    id: typeof frame.id === "string" ? frame.id : "",
    content: typeof frame.content === "string" ? frame.content : "",
    op,
    result: {
      ok: false,
      op,
      data: {},
      ...(typeof result.code === "string" ? { code: result.code } : {}),
      diagnostics,
    },
  };
}

/**
 * Exponential backoff from base to max, with ±25 % jitter (never above max).
 * @param {number} attempt  0 for the first retry
 * @param {Timing} timing
 * @param {() => number} random
 */
export function backoffDelay(attempt, timing, random) {
  const exponential = Math.min(timing.backoffMaxMs, timing.backoffBaseMs * 2 ** attempt);
  const jittered = exponential * (0.75 + random() * 0.5);
  return Math.round(Math.min(timing.backoffMaxMs, jittered));
}
