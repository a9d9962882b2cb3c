// Shared helpers for the simulator tests.
import assert from "node:assert/strict";
export { createSimulator } from "../../../addin/sim/word-sim.js";

/** Assert that a promise rejects (or a function throws) an Office.js error with this code. */
export async function rejectsWith(promiseOrFn, code, message) {
  let error;
  try {
    await (typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn);
  } catch (e) {
    error = e;
  }
  assert.ok(error, `expected ${code}, nothing was thrown`);
  assert.equal(error.name, "RichApi.Error", `not an Office error: ${error && error.stack}`);
  assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message} ${error.debugInfo?.innerMessage || ""}`);
  if (message !== undefined) assert.equal(error.message, message);
  return error;
}

/** Assert that a function throws synchronously with this code. */
export function throwsWith(fn, code, message) {
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  assert.ok(error, `expected ${code} thrown synchronously`);
  assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
  if (message !== undefined) assert.equal(error.message, message);
  return error;
}

export const PNG_2x1 = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwH4QBEfcD/ePF9e8AAAAASUVORK5CYII=";
export const PNG_40x20 = "iVBORw0KGgoAAAANSUhEUgAAACgAAAAUCAYAAAD/Rn+7AAAAL0lEQVR4nO3OMQ0AAAjAsPk3DSrIOHb0LwPzGXagYEE7ULCgHShY0A4ULGgHCl5biXs6G0TdvUkAAAAASUVORK5CYII=";

export const NOT_LOADED = (name) => `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`;
