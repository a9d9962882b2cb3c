// search and replace, sharing one way to turn the args into a Word search.

import { bool, int, oneOf, str } from "../args.js";
import { PaneError, officeCodeOf } from "../errors.js";
import { regexToWildcards } from "../regex-to-wildcards.js";
import { DEFAULT_TRACK_CAP, resolveScope } from "../registry.js";
import { shownText } from "../shown-text.js";
import { readsBlock, replaceText } from "./text.js";
import { readsAnchorFirst } from "./anchor-read.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

const CONTEXT_CHARS = 40;
/** The longest search string Word takes (as it receives it: special characters escaped). */
const MAX_WORD_QUERY = 255;
/** Report progress for replacements above this many hits. */
const PROGRESS_THRESHOLD = 50;

/**
 * The search as Word must receive it. A plain query: '^' starts Word's special codes (^p, ^t…), so a
 * literal caret is doubled; a line end ("\n", as readDocument shows paragraph breaks and line breaks; "\r", "\r\n")
 * becomes ^p, a paragraph mark, and "\v" (U+000B) ^l, a line break: Word's hit then runs across paragraphs, as its
 * Find does. A regex (\n and \r are ^13 there, \v ^11): translated to wildcards, with the case and word-boundary options
 * folded into the pattern (Word's wildcard mode ignores them). Greedy runs (.* .+ .{n,}) are searched with
 * Word's lazy '*' and a warn diagnostic on args.query says how the hits can differ (always: no position makes
 * lazy and greedy agree on every text). Refusing them instead would refuse the most common patterns.
 * `ifNoHits`: the warning to give when nothing matches a query with line ends or carets, which say how they were
 * searched.
 * @param {HandlerEnv} env
 * @returns {{ text: string, options: Word.SearchOptions | { matchCase?: boolean, matchWholeWord?: boolean, matchPrefix?: boolean, matchSuffix?: boolean, matchWildcards?: boolean }, ifNoHits?: string }}
 */
export function wordSearch({ args, note }) {
  const query = str(args, "query", { min: 1, max: MAX_WORD_QUERY });
  const options = {
    matchCase: bool(args, "matchCase", false),
    matchWholeWord: bool(args, "matchWholeWord", false),
    matchPrefix: bool(args, "matchPrefix", false),
    matchSuffix: bool(args, "matchSuffix", false),
  };
  if (!bool(args, "useRegex", false)) {
    const text = query.replaceAll("^", "^^").replace(/\r\n?|\n/g, "^p").replace(/\v/g, "^l");
    if (text.length > MAX_WORD_QUERY) {
      throw new PaneError("E_INVALID_ARG", `args.query is ${query.length} characters, but Word receives it as ${text.length} (each "^" doubled: Word reads "^" as the start of a special character; a line end is ^p, a line break ^l), more than the ${MAX_WORD_QUERY} Word's search takes`, "args.query");
    }
    return { text, options: { ...options, matchWildcards: false }, ...unmatchedHint(query, "^p") };
  }
  let translation = regexToWildcards(query, options);
  if (!translation.ok && translation.code === "E_INVALID_ARG" && !options.matchCase) {
    // Spelling out both cases made the pattern too long for Word: search case-sensitively instead.
    const caseSensitive = regexToWildcards(query, { ...options, matchCase: true });
    if (caseSensitive.ok) {
      note("warn", "The pattern is too long to match both cases in Word's wildcard search: it was searched case-sensitively", "args.matchCase");
      translation = caseSensitive;
    }
  }
  if (!translation.ok) throw new PaneError(translation.code, translation.msg, "args.query");
  for (const warning of translation.warnings) note("warn", warning, "args.query");
  const hint = translation.paragraphMarks ? unmatchedHint("\n", "^13") : {};
  return { text: translation.pattern, options: { matchCase: true, matchWildcards: true }, ...hint };
}

/**
 * What to say when nothing matches a query with a line end (searched as a paragraph mark, `mark`: readDocument shows
 * a line break as a line end too, and Word's search needs to be told which) or, in a plain query, a caret before a
 * letter or digit (a literal caret: Word's codes such as ^p are not taken from clients).
 * @param {string} query
 * @param {"^p" | "^13"} mark
 * @returns {{ ifNoHits?: string }}
 */
function unmatchedHint(query, mark) {
  if (/[\r\n]/.test(query)) {
    const lineBreak = mark === "^p" ? '"\\v" (U+000B)' : "\\v";
    return { ifNoHits: `Nothing matched: each line end of args.query was searched as a paragraph break (Word's ${mark}). readDocument shows a line break (Shift+Enter) as a line end too: where the text has one, write it as ${lineBreak}` };
  }
  if (mark === "^p" && /\^[A-Za-z0-9]/.test(query)) {
    return { ifNoHits: 'Nothing matched: a "^" in args.query is searched as a caret (Word\'s ^-codes are not taken): write a paragraph break as "\\n", a line break as "\\v" and a tab as "\\t"' };
  }
  return {};
}

/** @typedef {ReturnType<typeof wordSearch>} WordSearch */

/**
 * Queue a search in the args' scope (not synced).
 * @param {HandlerEnv} env
 * @param {WordSearch} query  the args' search, checked ({@link wordSearch})
 * @returns {Word.RangeCollection}
 */
export function startSearch(env, query) {
  return queueSearch(env, query).hits;
}

/**
 * Queue a search in the args' scope (not synced). `noHits` (once synced, when nothing matched): the warn diagnostic
 * of a query with line ends or carets ({@link unmatchedHint}).
 * @param {HandlerEnv} env
 * @param {WordSearch} query  the args' search, checked ({@link wordSearch})
 * @returns {{ hits: Word.RangeCollection, noHits: () => void }}
 */
function queueSearch(env, query) {
  const { context, registry, args } = env;
  const target = resolveScope(context, registry, args.scope ?? "document");
  const searchable = target.kind === "document" ? target.body : target.range;
  const { ifNoHits } = query;
  return { hits: searchable.search(query.text, query.options), noHits: () => { if (ifNoHits) env.note("warn", ifNoHits, "args.query"); } };
}

/**
 * The sync that runs a search: Word's verdict on the pattern is about args.query (Word on the web answers
 * InvalidArgument for patterns it refuses, desktop SearchStringInvalidOrTooLong).
 * @param {() => Promise<void>} sync
 */
async function searchSync(sync) {
  try {
    await sync();
  } catch (err) {
    const code = officeCodeOf(err);
    if (code === "SearchStringInvalidOrTooLong" || code === "InvalidArgument") {
      throw new PaneError("E_INVALID_ARG", `Word refused the search: ${/** @type {Error} */ (err).message}`, "args.query");
    }
    throw err;
  }
}

/**
 * Find the hits and track the first `trackResults` of the first `maxResults` ({@link trackHits}); hits beyond
 * trackResults come back without a rangeId (an info diagnostic counts them): every tracked range costs Word memory
 * and is adjusted by every later edit. One sync loads at most maxResults + 1
 * hits (the extra one tells whether there are more) with their paragraphs' text, which gives each hit its
 * surrounding context.
 * @param {HandlerEnv} env
 */
export async function search(env) {
  const { args, supports, sync, note } = env;
  const { maxResults, trackResults, query } = searchArgs(env);
  const { hits, noHits } = queueSearch(env, query);
  const withOffsets = supports("WordApiDesktop", "1.4");
  hits.load({ select: withOffsets ? ["text", "start", "end", "paragraphs/text"] : ["text", "paragraphs/text"], top: maxResults + 1 });
  await searchSync(sync);
  if (hits.items.length === 0) noHits();

  const kept = hits.items.slice(0, maxResults);
  const ids = trackHits(env, hits, kept, trackResults);
  const locator = contextLocator(bool(args, "matchCase", false));
  const results = kept.map((hit, index) => {
    const text = shownText(hit.text);
    const context = locator(hit.paragraphs.items.map((paragraph) => shownText(paragraph.text)), text);
    const rangeId = ids[index];
    return {
      ...(rangeId !== undefined ? { rangeId } : {}),
      text,
      ...(context !== undefined ? { context } : {}),
      ...(withOffsets ? { start: hit.start, end: hit.end } : {}),
    };
  });
  const untracked = kept.length - Math.min(kept.length, trackResults);
  if (untracked > 0) {
    note("info", `${untracked} of ${kept.length} hits have no rangeId: only the first ${trackResults} are tracked (raise trackResults, up to 10000, to edit more of them by id)`, "args.trackResults");
  }
  return hits.items.length > maxResults ? { results, truncated: true } : { results };
}
search.firstSync = /** @type {const} */ ("read");
/** Its sync only reads, it mints ids after it and cannot fail there: in a batch, searches share a sync (batch-run.js). */
search.readsOnly = true;

/**
 * Ids for the first `cap` hits, and nothing else left tracked in Word. Desktop Word refuses a tracked collection
 * item in a later run unless its collection is tracked too (office-js #1857, #2436), and a tracked collection keeps
 * every hit's range tracked (and adjusted by every edit) while any of its ids lives: searching "the" ten times kept
 * 10,000 ranges for 10 ids (QA). So each hit with an id is tracked as a range of its own, `getRange("Whole")` (as
 * readDocument tracks a paragraph's range, not the paragraph), queued with no sync; the collection dies with the op.
 * Below WordApi 1.3 (no getRange) the hits are tracked with their collection.
 * @param {HandlerEnv} env
 * @param {Word.RangeCollection} hits
 * @param {Word.Range[]} kept  the hits returned
 * @param {number} cap  how many of them get ids (trackResults)
 * @returns {(string | undefined)[]}
 */
function trackHits({ registry, supports }, hits, kept, cap) {
  if (!supports("WordApi", "1.3")) return registry.addAll("rng", kept, { holds: hits, cap, empty: false });
  return kept.slice(0, cap).map((hit) => registry.add("rng", hit.getRange("Whole"), { empty: false }));
}

/**
 * search's checks of its args, in the op's order (a dry run makes them too: op-checks.js): how many hits to return
 * and to track, then the query ({@link wordSearch}, which may note warnings). Throws only.
 * @param {HandlerEnv} env
 */
export function searchArgs(env) {
  const { args } = env;
  const maxResults = int(args, "maxResults", { min: 1, max: 10000, fallback: 100 });
  const trackResults = int(args, "trackResults", { min: 0, max: 10000, fallback: DEFAULT_TRACK_CAP });
  return { maxResults, trackResults, query: wordSearch(env) };
}

/**
 * A function giving each hit (in document order) the clipped text of its paragraphs around it (a hit across a
 * paragraph mark has two: their texts joined by "\n", as the hit's text shows the mark). Hits in the same paragraph
 * are located one after the other. Texts as clients see them ({@link shownText}).
 * @param {boolean} matchCase
 * @returns {(paragraphs: string[], hit: string) => string | undefined}
 */
function contextLocator(matchCase) {
  let lastParagraph = "";
  let searchFrom = 0;
  return (paragraphs, hit) => {
    if (paragraphs.length === 0) return undefined;
    // Each paragraph ends with its mark, which a hit may take ("two^p").
    const paragraph = `${paragraphs.join("\n")}\n`;
    if (paragraph !== lastParagraph) {
      lastParagraph = paragraph;
      searchFrom = 0;
    }
    let at = indexIn(paragraph, hit, searchFrom, matchCase);
    if (at < 0) at = indexIn(paragraph, hit, 0, matchCase);
    const context = at < 0 ? clip(paragraph, 0, 0) : clip(paragraph, at, at + hit.length);
    if (at >= 0) searchFrom = at + Math.max(hit.length, 1);
    return context.endsWith("\n") ? context.slice(0, -1) : context;
  };
}

/**
 * Where `needle` is in `text` from `from` on (-1: nowhere), as a position in `text` itself: case-insensitively
 * without lower-casing the text, whose length that can change ("İ" lower-cases to two code units).
 * @param {string} text
 * @param {string} needle
 * @param {number} from
 * @param {boolean} matchCase
 */
function indexIn(text, needle, from, matchCase) {
  if (matchCase) return text.indexOf(needle, from);
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}

/**
 * The text around [start, end), CONTEXT_CHARS on each side, cut between whole characters: never between the two
 * halves of a character beyond U+FFFF (an emoji), whose lone half would make the answer invalid Unicode.
 * @param {string} text
 * @param {number} start
 * @param {number} end
 */
function clip(text, start, end) {
  let from = Math.max(0, start - CONTEXT_CHARS);
  let to = Math.min(text.length, end + CONTEXT_CHARS);
  if (from > 0 && isLowSurrogate(text.charCodeAt(from)) && isHighSurrogate(text.charCodeAt(from - 1))) from -= 1;
  if (to < text.length && isHighSurrogate(text.charCodeAt(to - 1)) && isLowSurrogate(text.charCodeAt(to))) to += 1;
  return `${from > 0 ? "…" : ""}${text.slice(from, to)}${to < text.length ? "…" : ""}`;
}

/** @param {number} code */
const isHighSurrogate = (code) => code >= 0xd800 && code <= 0xdbff;
/** @param {number} code */
const isLowSurrogate = (code) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Replace the target's text. For "searchQuery": search (one sync), then replace the first hit or every
 * hit; otherwise the document, the selection or the range is replaced as a whole (a block's id is read first, one
 * sync, and keeps the breaks it starts with; by "" it loses its paragraphs, as in insertText). Word.run's closing
 * sync applies the replacements.
 * @param {HandlerEnv} env
 */
export async function replace(env) {
  const { context, registry, args, sync, progress } = env;
  const { replaceWith, mode, query } = replaceArgs(env);
  const targetArg = args.target;

  if (targetArg !== "searchQuery") {
    const target = resolveScope(context, registry, targetArg, "args.target");
    if (target.kind === "document") target.body.insertText(replaceWith, "Replace");
    else await replaceText(env, target, replaceWith, "args.target");
    return { replaced: 1 };
  }

  const { hits, noHits } = queueSearch(env, /** @type {WordSearch} */ (query));
  hits.load(mode === "replaceFirst" ? { select: "text", top: 1 } : { select: "text" });
  await searchSync(sync);
  if (hits.items.length === 0) noHits();
  const chosen = mode === "replaceFirst" ? hits.items.slice(0, 1) : hits.items;
  if (chosen.length > PROGRESS_THRESHOLD) progress(0, chosen.length, `Replacing ${chosen.length} matches`);
  for (const hit of chosen) hit.insertText(replaceWith, "Replace");
  return { replaced: chosen.length };
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
replace.firstSync = (env) => (env.args.target === "searchQuery" || readsBlock(env, env.args.target) || readsAnchorFirst(env) ? "read" : "none");

/**
 * replace's checks of its args, in the op's order (a dry run makes them too: op-checks.js): the replacement, the
 * mode, and the query when the target is "searchQuery" (`query`; {@link wordSearch}, which may note warnings).
 * Throws only.
 * @param {HandlerEnv} env
 * @returns {{ replaceWith: string, mode: "replaceAll" | "replaceFirst", query?: WordSearch }}
 */
export function replaceArgs(env) {
  const { args } = env;
  const replaceWith = str(args, "replaceWith");
  const mode = oneOf(args, "mode", /** @type {const} */ (["replaceAll", "replaceFirst"]), "replaceAll");
  return { replaceWith, mode, ...(args.target === "searchQuery" ? { query: wordSearch(env) } : {}) };
}

/** The checks of this module's ops, by op (op-checks.js); what they return, the dry run's search uses. */
export const CHECKS = { search: searchArgs, replace: replaceArgs };
