// Re-checks of the canonical args the pane relies on. The server validated them already; anything
// malformed that still arrives is refused with E_INVALID_ARG naming the field.

import { PaneError } from "./errors.js";

/**
 * @param {string} name
 * @param {string} expected
 * @returns {never}
 */
function invalid(name, expected) {
  throw new PaneError("E_INVALID_ARG", `args.${name} must be ${expected}`, `args.${name}`);
}

/**
 * @param {Record<string, any>} args
 * @param {string} name
 * @param {{ min?: number, max?: number, optional?: boolean }} [rules]
 * @returns {string}
 */
export function str(args, name, rules = {}) {
  const value = args[name];
  if (value === undefined && rules.optional) return /** @type {any} */ (undefined);
  if (typeof value !== "string") invalid(name, "a string");
  if (rules.min !== undefined && value.length < rules.min) invalid(name, `at least ${rules.min} characters long`);
  if (rules.max !== undefined && value.length > rules.max) invalid(name, `at most ${rules.max} characters long`);
  return value;
}

/**
 * @param {Record<string, any>} args
 * @param {string} name
 * @param {boolean} fallback  used when the field is absent
 * @returns {boolean}
 */
export function bool(args, name, fallback) {
  const value = args[name];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") invalid(name, "true or false");
  return value;
}

/**
 * @param {Record<string, any>} args
 * @param {string} name
 * @param {{ min?: number, max?: number, fallback?: number }} [rules]  fallback: used when the field is absent
 * @returns {number}
 */
export function int(args, name, rules = {}) {
  const value = args[name] === undefined && rules.fallback !== undefined ? rules.fallback : args[name];
  if (typeof value !== "number" || !Number.isInteger(value)) invalid(name, "an integer");
  if (rules.min !== undefined && value < rules.min) invalid(name, `≥ ${rules.min}`);
  if (rules.max !== undefined && value > rules.max) invalid(name, `≤ ${rules.max}`);
  return value;
}

/**
 * An optional positive number (sizes in points).
 * @param {Record<string, any>} args
 * @param {string} name
 * @returns {number | undefined}
 */
export function positiveNumber(args, name) {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) invalid(name, "a positive number");
  return value;
}

/**
 * @template {string} T
 * @param {Record<string, any>} args
 * @param {string} name
 * @param {readonly T[]} allowed
 * @param {T} [fallback]  used when the field is absent; without it the field is required
 * @returns {T}
 */
export function oneOf(args, name, allowed, fallback) {
  const value = args[name];
  if (value === undefined && fallback !== undefined) return fallback;
  if (!allowed.includes(value)) invalid(name, `one of ${allowed.join(", ")}`);
  return value;
}

/**
 * An optional nested object (e.g. `char`, `para`, `style`).
 * @param {Record<string, any>} args
 * @param {string} name
 * @returns {Record<string, any> | undefined}
 */
export function object(args, name) {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) invalid(name, "an object");
  return value;
}

/**
 * A `#RRGGBB` colour.
 * @param {Record<string, any>} args
 * @param {string} name
 * @returns {string | undefined}
 */
export function colour(args, name) {
  const value = args[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^#[0-9A-Fa-f]{6}$/.test(value)) invalid(name, "a #RRGGBB colour");
  return value.toUpperCase();
}

/**
 * Prefix the field names of errors raised while checking a nested object (e.g. "char.").
 * @template T
 * @param {string} prefix
 * @param {() => T} check
 * @returns {T}
 */
export function nested(prefix, check) {
  try {
    return check();
  } catch (err) {
    if (err instanceof PaneError && err.field?.startsWith("args.")) {
      const inner = err.field.slice("args.".length);
      throw new PaneError(err.code, err.message.replace(`args.${inner}`, `args.${prefix}.${inner}`), `args.${prefix}.${inner}`);
    }
    throw err;
  }
}
