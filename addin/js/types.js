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
 * @typedef {{ ms: number, syncs: number, cached?: boolean, notRun?: boolean }} RunStats  notRun: refused without
 *   running anything (a paused pane, or a batch paused before its first op): not the taskId's answer, a retry
 *   runs the op. cached: answered for a repeated taskId without running (the first result, or the E_RUNTIME of
 *   an op an earlier load of the pane started and never finished)
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
 * @property {boolean} [resent]  the server sent this taskId's op to this document before (a retry it has no
 *   result for): the pane answers from its records and, where they no longer reach back that far, does not run it
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
 * @property {(readBack: () => void) => void} afterSync  run `readBack` once the writes the handler queued have
 *                                              been flushed (after Word.run's closing sync; in a batch, after the
 *                                              batch's next sync): values loaded together with the writes are read
 *                                              there, so an op can write and read back in one round trip. It may
 *                                              complete the returned data and add diagnostics
 * @property {Readonly<Record<string, Handler>>} handlers  the op → handler table (a batch runs the others)
 * @property {() => boolean} [isPaused]         whether the person switched on "Pause AI edits" (a running
 *                                              batch checks it before each op)
 * @property {(mapSyncError: (err: unknown) => unknown) => void} [deferSync]  given in a batch: an op may queue its
 *                                              reads with its writes and not sync, reading them in afterSync after
 *                                              the batch's next sync; `mapSyncError` turns a Word error of its actions
 *                                              there into its error (what its own sync's catch would throw)
 * @property {() => import("./handlers/block-rewrite.js").BlockRead | undefined} [blockReadBefore]  given in a
 *                                              batch: the block the op rewrites through its id, as the batch read it
 *                                              up front (batch-block-breaks.js), or undefined
 * @property {Map<string, import("./handlers/anchor-read.js").AnchorRead>} [anchorReads]  given in a batch: its anchors
 *                                              (by id) read up front (batch-anchor-reads.js), kept up to date by its
 *                                              ops (handlers/anchor-read.js readAnchor)
 * @property {Map<string, string | null>} [anchorNames]  given in a batch: the names its anchor.create ops give, read up
 *                                              front (batch-anchor-reads.js): the anchor that has each, null for none;
 *                                              kept up to date by its anchor.create and anchor.remove ops
 */

/**
 * What a handler's first `sync()` carries, so that the engine can check `expectText` without a round trip
 * of its own when the handler reads first:
 * - "none": the handler never syncs (it only queues writes, flushed by Word.run's closing sync);
 * - "read": its first sync carries reads only (it queues its writes after that sync);
 * - "write": it may queue writes before its first sync.
 * @typedef {"none" | "read" | "write"} SyncKind
 */

/**
 * A handler: the envelope's `data` from the canonical args. `firstSync` says what its first sync carries
 * (a kind, or a function of the handler's env: its args, Word, supports); absent means "write" (the safe guess).
 * `ownsCommonArgs`: the handler reads dryRun itself (batch), the engine passes it through.
 * `readsOnly`: before its one sync the handler queues only reads and mints no id; after it, it queues only id
 * tracking, registers no afterSync and cannot fail: in a batch its sync may wait for later ops' (batch-run.js).
 * @typedef {((env: HandlerEnv) => Promise<Record<string, any>>) & {
 *   firstSync?: SyncKind | ((env: HandlerEnv) => SyncKind),
 *   ownsCommonArgs?: boolean,
 *   readsOnly?: boolean,
 * }} Handler
 */

export {};
