// hyperlink.set: link the scope's text to an address, or insert linked text (Range.hyperlink, WordApi 1.3).
// The server admits http(s) and mailto addresses only; "" removes the links in the range.

import { PaneError } from "../errors.js";
import { oneOf, str } from "../args.js";
import { LOCATIONS, bodyTextLocation, rangeTextLocation } from "../locations.js";
import { resolveScope } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * hyperlink.set {url, scope, text?, location} → {rangeId, url, text}. With `text`: the text is inserted at the
 * scope (as insertText places it) and linked: nothing to read, one sync. Without: the scope's own text is linked;
 * one sync reads it first, because an empty range has nothing to link (E_INVALID_ARG, asking for `text`).
 * @param {HandlerEnv} env
 */
export async function set(env) {
  const { context, registry, args } = env;
  if (!env.supports("WordApi", "1.3")) {
    throw new PaneError("E_UNSUPPORTED", "Hyperlinks need WordApi 1.3 (Range.hyperlink), which this Word does not support", "args.url");
  }
  const url = str(args, "url");
  const text = str(args, "text", { optional: true, min: 1 });
  const target = resolveScope(context, registry, args.scope ?? "selection");
  if (text !== undefined) {
    const location = oneOf(args, "location", LOCATIONS, "replace");
    const inserted = target.kind === "document"
      ? target.body.insertText(text, bodyTextLocation(location))
      : target.range.insertText(text, rangeTextLocation(location));
    inserted.hyperlink = url;
    return { rangeId: registry.add("rng", inserted), url, text };
  }
  const range = target.kind === "document" ? target.body.getRange("Whole") : target.range;
  range.load("text");
  await env.sync();
  if (range.text.replace(/[\r\n\u000b\f]/g, "") === "") {
    throw new PaneError("E_INVALID_ARG", "The range has no text to link: select some text, or give args.text to insert linked text", "args.text");
  }
  range.hyperlink = url;
  return { rangeId: registry.add("rng", range), url, text: range.text };
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
set.firstSync = ({ args }) => (args.text === undefined ? "read" : "none");
