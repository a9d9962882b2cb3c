// What an op does once Word has done its writes and that reads nothing back: a note on what it wrote ("the text went
// into a new paragraph after it") is true only then, and an id whose content the op removed is retired only then.
// Given after the sync that flushes the op's writes, so an op that fails (a scope's table gone since its id was
// given: Word fails at that sync) says nothing of having written.

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Run `action` once the op's writes are done. It reads nothing, so a batch runs it even when a later op failed in
 * the same sync (the op was applied; batch-run.js), without saying that values read back were lost.
 * @param {Pick<HandlerEnv, "afterSync">} env
 * @param {() => void} action
 */
export function afterWrites(env, action) {
  env.afterSync(Object.assign(() => action(), { readsNothing: true }));
}

/**
 * Say `msg` once the op's writes are done ({@link afterWrites}).
 * @param {Pick<HandlerEnv, "afterSync" | "note">} env
 * @param {import("../types.js").DiagnosticLevel} level
 * @param {string} msg
 * @param {string} [field]
 */
export function noteWhenDone(env, level, msg, field) {
  afterWrites(env, () => env.note(level, msg, field));
}
