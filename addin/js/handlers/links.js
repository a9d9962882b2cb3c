// hyperlink.set: link the scope's text to an address, or insert linked text (Range.hyperlink, WordApi 1.3).
// The server admits http(s) and mailto addresses only; "" removes the links in the range.

import { PaneError } from "../errors.js";
import { oneOf, str } from "../args.js";
import { LOCATIONS, bodyTextLocation, rangeTextLocation } from "../locations.js";
import { resolveScope } from "../registry.js";
import { insertionRange } from "../scopes.js";
import { shownText } from "../shown-text.js";
import { queueAnchorEdges, readAnchor, readsAnchorFirst } from "./anchor-read.js";
import { spotAtTable } from "./table-edges.js";
import { atTable } from "./text.js";
import { blockEdgeSpot, readsBlockEdge } from "./block-edge-spot.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * hyperlink.set {url, scope, text?, location} → {rangeId, url, text} (the linked text, as readDocument shows it). With `text`: the text is inserted at the
 * scope (as insertText places it: before/after an anchor outside it, {@link insertionRange}) and linked: nothing
 * to read, one sync. Without: the scope's own text is linked;
 * one sync reads it first, because an empty range has nothing to link (E_INVALID_ARG, asking for `text`). An
 * anchor is read first either way, in that sync (anchor-read.js: whether it starts or ends with a table now).
 *
 * A scope that is a table (a table id, table.create's rangeId) or starts or ends with one: linked `text` goes
 * where insertText puts text there (before/after: a paragraph of its own next to the table; start/end: its
 * first/last cell; replace: a paragraph instead of the table, which an anchor keeps around it). Its own text is never linked: a Word hyperlink is
 * a field, which cannot span table cells (E_INVALID_ARG before anything is done, naming both ways that work);
 * url "" still removes the links in it.
 * @param {HandlerEnv} env
 */
export async function set(env) {
  const { context, registry, args } = env;
  const { url, text, location } = linkArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  if (text !== undefined && location !== undefined) {
    await readAnchor(env, target, { change: location === "replace" ? "noTables" : "same" });
    /** @type {Word.Range} */
    let inserted;
    if (target.kind === "document") inserted = target.body.insertText(text, bodyTextLocation(location));
    else if (target.kind === "range" && atTable(target, location)) {
      const spot = spotAtTable(env, target, location, "the linked text");
      inserted = spot.host.insertText(text, spot.at);
      spot.placed?.();
    } else inserted = ((await blockEdgeSpot(env, target, location)) ?? insertionRange(target, location)).insertText(text, rangeTextLocation(location));
    inserted.hyperlink = url;
    return { rangeId: registry.add("rng", inserted), url, text };
  }
  const range = ownTextRange(target, url);
  if (await readAnchor(env, target, { alsoRead: () => range.load("text"), change: "same" })) ownTextRange(target, url);
  else {
    range.load("text");
    await env.sync();
  }
  refuseNoText(range.text);
  range.hyperlink = url;
  return { rangeId: registry.add("rng", range), url, text: shownText(range.text) };
}

/**
 * set's checks before it touches Word: the host, the url, and the text to insert with its location (when given).
 * @param {HandlerEnv} env
 */
function linkArgs(env) {
  const { args } = env;
  if (!env.supports("WordApi", "1.3")) {
    throw new PaneError("E_UNSUPPORTED", "Hyperlinks need WordApi 1.3 (Range.hyperlink), which this Word does not support", "args.url");
  }
  const url = str(args, "url");
  const text = str(args, "text", { optional: true, min: 1 });
  const location = text === undefined ? undefined : oneOf(args, "location", LOCATIONS, "replace");
  return { url, text, location };
}

/**
 * The range whose own text set links (no `text`). A scope at a table is refused before anything is queued.
 * @param {ReturnType<typeof resolveScope>} target
 * @param {string} url
 */
function ownTextRange(target, url) {
  if (target.kind === "range" && target.edges && url !== "") {
    const what = target.edges.only ? "is a table" : `${target.edges.first ? "starts" : "ends"} with a table`;
    throw new PaneError("E_INVALID_ARG", `The scope ${what}: a hyperlink cannot span table cells. Give args.text to insert linked text (location "before" or "after" puts it next to the table), or link text inside one cell (search for it to get its rangeId)`, "args.scope");
  }
  return target.kind === "document" ? target.body.getRange("Whole") : target.range;
}

/**
 * E_INVALID_ARG when the scope's text (as read from Word) has nothing to link: none but paragraph marks and breaks.
 * @param {string} text
 */
function refuseNoText(text) {
  if (text.replace(/[\r\n\u000b\f]/g, "") === "") {
    throw new PaneError("E_INVALID_ARG", "The range has no text to link: select some text, or give args.text to insert linked text", "args.text");
  }
}

/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
set.firstSync = (env) => (env.args.text === undefined || readsAnchorFirst(env) || readsBlockEdge(env, env.args.scope, env.args.location) ? "read" : "none");

/**
 * The dry run of set without `text`: the scope's own text read and checked as set checks it.
 * @type {Record<string, import("../dry-run.js").TargetLookup>}
 */
export const DRY_RUNS = {
  "hyperlink.set": {
    field: "scope",
    plan(env) {
      const { url, text } = linkArgs(env);
      if (text !== undefined) return undefined;
      return () => {
        const target = resolveScope(env.context, env.registry, env.args.scope ?? "selection");
        const range = ownTextRange(target, url);
        range.load("text");
        const edges = queueAnchorEdges(target);
        return () => {
          edges?.();
          ownTextRange(target, url);
          refuseNoText(range.text);
          return {};
        };
      };
    },
  },
};

/**
 * set's checks of the host and its args, made before it touches Word: a dry run makes them too (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = { "hyperlink.set": linkArgs };
