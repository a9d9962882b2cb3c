// insertBreak: page, line and section breaks at a scope; at a table or an anchor, outside them (never in a cell).
import { oneOf } from "../args.js";
import { LOCATIONS, bodyBlockLocation, rangeBlockLocation } from "../locations.js";
import { besideRange, firstBlockOf, lastBlockOf, resolveScope } from "../registry.js";
import { atTable } from "./text.js";
import { readAnchor, readsAnchorFirst } from "./anchor-read.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** Our break types ↔ Word.BreakType. */
export const BREAK_TYPES = /** @type {const} */ ({ page: "Page", line: "Line", sectionNext: "SectionNext", sectionContinuous: "SectionContinuous" });

/**
 * A break before or after a range's table ({@link atTable}): before it, in a new paragraph of its own; after it, at
 * the start of the paragraph Word keeps after every table. Never in a cell. Before/after an anchor: next to its content
 * control, outside it (a paragraph of its own before it; its "After" point), wherever its table is now. Queues only.
 * @param {import("../registry.js").RangeTarget} target
 * @param {(typeof BREAK_TYPES)[keyof typeof BREAK_TYPES]} type
 * @param {"start" | "end" | "before" | "after"} location
 */
function breakAtTable(target, type, location) {
  if (target.control && location === "before") target.control.insertParagraph("", "Before").insertBreak(type, "Before");
  else if (target.control && location === "after") target.control.getRange("After").insertBreak(type, "Before");
  else if (location === "start" || location === "before") {
    /** @type {Word.Table} */ (firstBlockOf(target).table).insertParagraph("", "Before").insertBreak(type, "Before");
  } else {
    /** @type {Word.Table} */ (lastBlockOf(target).table).getParagraphAfter().insertBreak(type, "Before");
  }
}

/**
 * insertBreak {type, scope, location}: Body takes Start/End, a range Before/After (officejs-word.md §2), so
 * start/before are Before and end/after are After on a range; before/after an anchor outside its content control
 * ({@link besideRange}), start/end inside it. At a range's table (a table id, table.create's
 * rangeId): before the table in a paragraph of its own, after it at the start of the next paragraph, never in a
 * cell. Nothing to read (the closing sync does it) but an anchor, read first (anchor-read.js: whether it starts or
 * ends with a table now).
 * @param {HandlerEnv} env
 */
export async function insertBreak(env) {
  const { context, registry, args } = env;
  const { type, location } = insertBreakArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  await readAnchor(env, target, { change: "same" });
  if (target.kind === "document") target.body.insertBreak(BREAK_TYPES[type], bodyBlockLocation(location));
  else if (target.kind === "range" && atTable(target, location)) breakAtTable(target, BREAK_TYPES[type], location);
  else (location === "before" || location === "after" ? besideRange(target, location) : target.range).insertBreak(BREAK_TYPES[type], rangeBlockLocation(location));
  return { type, location };
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
insertBreak.firstSync = (env) => (readsAnchorFirst(env) ? "read" : "none");

/**
 * insertBreak's checks of its args (a dry run makes them too: op-checks.js): a break replaces nothing. Throws only.
 * @param {HandlerEnv} env
 */
export function insertBreakArgs({ args }) {
  return {
    type: oneOf(args, "type", /** @type {(keyof typeof BREAK_TYPES)[]} */ (Object.keys(BREAK_TYPES)), "page"),
    location: oneOf(args, "location", LOCATIONS.filter((l) => l !== "replace"), "after"),
  };
}

/** The checks of this module's op (op-checks.js). */
export const CHECKS = { insertBreak: insertBreakArgs };
