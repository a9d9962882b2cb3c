// The pane's WebSocket client against a scripted stand-in for the browser's WebSocket (Node 20 has none).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { createEngine } from "../../../addin/js/engine.js";
import {
  backoffDelay, createConnection, defaultSocketUrl, rememberedToken, storeOver, DEFAULT_TIMING,
} from "../../../addin/js/connection.js";

/** A scripted browser WebSocket: the test plays the server. */
class ScriptedSocket {
  /** @type {ScriptedSocket[]} */
  static all = [];
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    this.onopen = this.onmessage = this.onclose = this.onerror = null;
    ScriptedSocket.all.push(this);
  }
  static last() {
    return ScriptedSocket.all[ScriptedSocket.all.length - 1];
  }
  send(text) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  // server side
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  deliver(frame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  framesOf(type) {
    return this.sent.filter((f) => f.type === type);
  }
}

const HELLO = {
  document: { title: "Report.docx", url: "https://example/Report.docx" },
  host: { app: "Word", platform: "Simulator", version: "" },
  apiSets: { WordApi: "1.9" },
};

function memoryStore() {
  const map = new Map();
  return { get: (k) => map.get(k) ?? null, set: (k, v) => map.set(k, v), map };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(overrides = {}) {
  ScriptedSocket.all = [];
  const states = [];
  const commands = [];
  const connection = createConnection({
    url: "wss://localhost:3000/ws",
    token: "t0k",
    hello: () => HELLO,
    isPaused: () => false,
    onState: (s) => states.push(s),
    onCommand: async (cmd, onProgress) => {
      commands.push(cmd);
      onProgress({ id: cmd.id, done: 1, total: 2, message: "half" });
      return { result: { ok: true, op: cmd.op.op, data: { n: commands.length }, diagnostics: [] }, stats: { ms: 1, syncs: 1 } };
    },
    WebSocketImpl: ScriptedSocket,
    sessionStore: memoryStore(),
    timing: { heartbeatMs: 1000, idleTimeoutMs: 3000, backoffBaseMs: 10, backoffMaxMs: 40 },
    random: () => 0.5,
    ...overrides,
  });
  return { connection, states, commands };
}

test("hello carries protocol 1, no session yet, the token and the host; welcome connects", async () => {
  const { connection, states } = connect();
  connection.start();
  const socket = ScriptedSocket.last();
  assert.equal(socket.url, "wss://localhost:3000/ws");
  assert.equal(states.at(-1).status, "connecting");
  socket.accept();
  const [hello] = socket.framesOf("hello");
  assert.deepEqual(hello, { type: "hello", protocol: 1, session: null, token: "t0k", ...HELLO });
  socket.deliver({ type: "welcome", session: "doc-1", server: { version: "0.1.0" } });
  assert.equal(states.at(-1).status, "connected");
  assert.equal(states.at(-1).session, "doc-1");
  assert.deepEqual(socket.framesOf("state"), [{ type: "state", paused: false }]);
  connection.stop();
});

test("ping is answered with pong; ai-cmd runs and answers ai-result with progress on the way", async () => {
  const { connection, commands } = connect();
  connection.start();
  const socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-1" });
  socket.deliver({ type: "ping" });
  assert.deepEqual(socket.framesOf("pong"), [{ type: "pong" }]);
  const cmd = { type: "ai-cmd", id: "task-1", content: "x", op: { type: "word.op", op: "getSelection", version: "1.0", args: {} } };
  socket.deliver(cmd);
  await sleep(5);
  assert.equal(commands.length, 1);
  assert.deepEqual(socket.framesOf("progress"), [{ type: "progress", id: "task-1", done: 1, total: 2, message: "half" }]);
  assert.deepEqual(socket.framesOf("ai-result"), [{
    type: "ai-result", id: "task-1",
    result: { ok: true, op: "getSelection", data: { n: 1 }, diagnostics: [] },
    stats: { ms: 1, syncs: 1 },
  }]);
  connection.sendState(true);
  assert.deepEqual(socket.framesOf("state").at(-1), { type: "state", paused: true });
  connection.stop();
});

test("ai-refused is handed to onRefused and never answered", async () => {
  const refused = [];
  const { connection, commands } = connect({ onRefused: (call) => refused.push(call) });
  connection.start();
  const socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-1" });
  const before = socket.sent.length;
  const result = { ok: false, op: "insertText", data: {}, code: "E_PERMISSION", diagnostics: [{ level: "error", msg: "The pane is paused", field: "op" }] };
  socket.deliver({ type: "ai-refused", id: "task-9", content: "Append the summary", op: "insertText", result });
  await sleep(5);
  assert.deepEqual(refused, [{ id: "task-9", content: "Append the summary", op: "insertText", result }]);
  assert.equal(commands.length, 0, "a refused call does not run");
  assert.equal(socket.sent.length, before, "nothing is sent back");
  // A sparse frame still arrives with every field typed; without onRefused it is ignored.
  socket.deliver({ type: "ai-refused", id: 7, result: { op: "table.create", code: "E_INVALID_ARG", diagnostics: [null, { msg: "bad rows" }] } });
  assert.deepEqual(refused[1], {
    id: "", content: "", op: "table.create",
    result: { ok: false, op: "table.create", data: {}, code: "E_INVALID_ARG", diagnostics: [{ msg: "bad rows" }] },
  });
  connection.stop();
  const quiet = connect();
  quiet.connection.start();
  ScriptedSocket.last().accept();
  ScriptedSocket.last().deliver({ type: "ai-refused", id: "task-1", content: "x", op: "insertText", result });
  assert.equal(ScriptedSocket.last().framesOf("ai-result").length, 0);
  quiet.connection.stop();
});

test("a dropped connection reconnects with backoff and resends the previous session id", async () => {
  const { connection, states } = connect();
  connection.start();
  let socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-7" });
  socket.drop();
  const reconnecting = states.at(-1);
  assert.equal(reconnecting.status, "reconnecting");
  assert.ok(reconnecting.retryAt > Date.now() - 5);
  await sleep(30);
  assert.equal(ScriptedSocket.all.length, 2);
  socket = ScriptedSocket.last();
  socket.accept();
  assert.equal(socket.framesOf("hello")[0].session, "doc-7");
  socket.deliver({ type: "welcome", session: "doc-7" });
  assert.equal(states.at(-1).status, "connected");
  connection.stop();
  assert.equal(states.at(-1).status, "stopped");
});

test("E_PERMISSION from the server stops retrying", async () => {
  const { connection, states } = connect();
  connection.start();
  const socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "error", code: "E_PERMISSION", msg: "bad token" });
  assert.equal(states.at(-1).status, "refused");
  assert.equal(states.at(-1).message, "bad token");
  socket.drop();
  await sleep(60);
  assert.equal(ScriptedSocket.all.length, 1);
});

test("another error frame is shown but does not stop the connection", () => {
  const { connection, states } = connect();
  connection.start();
  const socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "error", code: "E_RUNTIME", msg: "hiccup" });
  assert.equal(states.at(-1).message, "hiccup");
  assert.notEqual(states.at(-1).status, "refused");
  connection.stop();
});

test("the heartbeat pings, and a silent server is dropped and reconnected", async () => {
  const { connection, states } = connect({ timing: { heartbeatMs: 10, idleTimeoutMs: 35, backoffBaseMs: 5, backoffMaxMs: 5 } });
  connection.start();
  const socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-2" });
  await sleep(25);
  assert.ok(socket.framesOf("ping").length >= 1);
  await sleep(60);
  assert.ok(states.some((s) => s.status === "reconnecting" && s.message === "The bridge stopped answering"));
  assert.ok(ScriptedSocket.all.length >= 2);
  connection.stop();
});

test("backoff grows from 0.5 s to at most 10 s, with jitter", () => {
  assert.equal(backoffDelay(0, DEFAULT_TIMING, () => 0.5), 500);
  assert.equal(backoffDelay(0, DEFAULT_TIMING, () => 0), 375);
  assert.equal(backoffDelay(0, DEFAULT_TIMING, () => 1), 625);
  assert.equal(backoffDelay(3, DEFAULT_TIMING, () => 0.5), 4000);
  assert.equal(backoffDelay(10, DEFAULT_TIMING, () => 1), 10000);
  assert.equal(backoffDelay(10, DEFAULT_TIMING, () => 0), 7500);
});

test("socket URL follows the page's scheme; the token comes from ?token= and is remembered", () => {
  assert.equal(defaultSocketUrl({ protocol: "https:", host: "localhost:3000" }), "wss://localhost:3000/ws");
  assert.equal(defaultSocketUrl({ protocol: "http:", host: "127.0.0.1:8080" }), "ws://127.0.0.1:8080/ws");
  const store = memoryStore();
  assert.equal(rememberedToken({ search: "" }, store), null);
  assert.equal(rememberedToken({ search: "?token=abc&x=1" }, store), "abc");
  assert.equal(rememberedToken({ search: "" }, store), "abc");
});

test("storeOver falls back to memory when storage throws", () => {
  const store = storeOver(() => { throw new Error("blocked"); });
  store.set("k", "v");
  assert.equal(store.get("k"), "v");
});

test("an op that finished while disconnected is answered from the engine's cache after reconnecting", async () => {
  const sim = createSimulator({ profile: "web" });
  sim.setText("Doc");
  const engine = createEngine({ Word: sim.Word, Office: sim.Office });
  const { connection } = connect({ onCommand: (cmd, onProgress) => engine.execute(cmd, { onProgress }) });
  connection.start();
  let socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-9" });
  const cmd = { type: "ai-cmd", id: "task-77", content: "append", op: { type: "word.op", op: "insertText", version: "1.0", args: { text: "!", scope: "document", location: "end" } } };
  socket.deliver(cmd);
  socket.drop(); // the op is running; its result cannot be sent
  await sleep(30);
  assert.equal(socket.framesOf("ai-result").length, 0);
  socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-9" });
  socket.deliver(cmd); // the server retries the same task
  await sleep(10);
  const [answer] = socket.framesOf("ai-result");
  assert.equal(answer.id, "task-77");
  assert.equal(answer.result.ok, true);
  assert.equal(answer.stats.cached, true);
  assert.deepEqual(sim.snapshot().blocks.map((b) => b.text), ["Doc!"]);
  connection.stop();
});

test("a session taken over by another pane (close 4001) is not reconnected, so two panes never fight", async () => {
  const { connection, states } = connect();
  connection.start();
  const socket = ScriptedSocket.last();
  socket.accept();
  socket.deliver({ type: "welcome", session: "doc-1" });
  socket.drop(4001);
  await sleep(80);
  assert.equal(ScriptedSocket.all.length, 1, "no new socket was opened");
  assert.equal(states.at(-1).status, "stopped");
  assert.match(states.at(-1).message, /took over/);
  connection.stop();
});
