// Notes that say what an op wrote ("the text went into a new paragraph after it") are true only once Word has
// done it: they are given after the sync that flushes the op's writes, so an op that fails (a scope's table gone
// since its id was given: Word fails at that sync) says nothing of having written.

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Say `msg` once the op's writes are done. The read-back reads nothing, so a batch runs it even when a later op
 * failed in the same sync (the op was applied; batch-run.js).
 * @param {Pick<HandlerEnv, "afterSync" | "note">} env
 * @param {import("../types.js").DiagnosticLevel} level
 * @param {string} msg
 * @param {string} [field]
 */
export function noteWhenDone(env, level, msg, field) {
  env.afterSync(Object.assign(() => env.note(level, msg, field), { readsNothing: true }));
}
