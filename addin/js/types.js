// Shared JSDoc types of the task pane. This module has no runtime content.

/**
 * @typedef {"info" | "warn" | "error"} DiagnosticLevel
 * @typedef {{ level: DiagnosticLevel, msg: string, field?: string }} Diagnostic
 * @typedef {"E_INVALID_ARG" | "E_NOT_FOUND" | "E_UNSUPPORTED" | "E_PERMISSION" | "E_RUNTIME" | "E_TIMEOUT"} ErrorCode
 */

/**
 * The result envelope of every op (DESIGN §4).
 * @typedef {object} ResultEnvelope
 * @property {boolean} ok
 * @property {string} op
 * @property {Record<string, any>} data
 * @property {ErrorCode} [code]
 * @property {Diagnostic[]} diagnostics
 */

/**
 * @typedef {{ ms: number, syncs: number, cached?: boolean }} RunStats
 * @typedef {{ result: ResultEnvelope, stats: RunStats }} ExecuteOutcome
 */

/**
 * The `word.op` envelope inside an `ai-cmd`.
 * @typedef {object} WordOp
 * @property {string} type
 * @property {string} op
 * @property {string} [version]
 * @property {Record<string, any>} args
 */

/**
 * The `ai-cmd` frame the server sends (DESIGN §4).
 * @typedef {object} AiCommand
 * @property {string} [type]
 * @property {string} [id]
 * @property {string} [content]
 * @property {WordOp} op
 */

/**
 * What a handler receives: the shared context and the engine's services for one op.
 * @typedef {object} HandlerEnv
 * @property {Word.RequestContext} context      the one shared request context
 * @property {Record<string, any>} args         the canonical args (already validated by the server)
 * @property {typeof Word} Word
 * @property {typeof Office} Office
 * @property {import("./registry.js").Registry} registry
 * @property {() => Promise<void>} sync         context.sync(), counted. A handler syncs at most once, to read
 *                                              what it needs; Word.run's closing sync flushes the writes it
 *                                              queued after that (so an op costs at most 2 round trips)
 * @property {(name: string, version: string) => boolean} supports  requirement-set check
 * @property {(level: DiagnosticLevel, msg: string, field?: string) => void} note  add a diagnostic to the result
 * @property {(done: number, total: number, message: string) => void} progress  report progress of a long op
 */

/**
 * @callback Handler
 * @param {HandlerEnv} env
 * @returns {Promise<Record<string, any>>}  the envelope's `data`
 */

export {};
