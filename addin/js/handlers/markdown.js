// insertMarkdown: the canonical blocks the server made from markdown, built with Word's own styles in one
// Word.run (markdown-build.js builds them, markdown-place.js finds where they go, markdown-check.js re-checks
// them). The op needs a sync of its own only to read the range it replaces, before it writes anything.

import { oneOf } from "../args.js";
import { LOCATIONS } from "../locations.js";
import { resolveScope, tableEdgedScope } from "../registry.js";
import { atTable } from "./text.js";
import { anchorRewrittenWith, readAnchor, readsAnchorFirst } from "./anchor-read.js";
import { buildBlocks } from "./markdown-build.js";
import { queueListBefore } from "./markdown-lists.js";
import { checkBlocks } from "./markdown-check.js";
import { blockEdgePlace, documentPlace, queueReplacedRangeRead, rangePlace, tablePlace } from "./markdown-place.js";
import { readsBlockEdge } from "./block-edge-spot.js";

export { buildBlocks } from "./markdown-build.js";
export { checkBlocks } from "./markdown-check.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Insert the blocks at the scope. Document: at its start or end, or instead of its whole content (replace).
 * A range or the selection: before its first paragraph (start/before), after its last (end/after), or instead
 * of it (replace): a range of whole paragraphs (or an empty one) is emptied into one paragraph that the blocks
 * take over, so no paragraph is left empty; of a range inside a paragraph only the text goes, the blocks follow
 * its paragraph. Tables go in next to their neighbours: Word adds the one paragraph it requires after a table
 * that ends the body and between two tables, and no other.
 * A range that starts or ends with a table (a table id as `rangeId:`, table.create's rangeId, an insertMarkdown
 * result beginning or ending with a table) is blocks on that side: start/before put the blocks before that table,
 * end/after after it (never in its cells), and replace puts them in place of the whole range, tables included
 * (its id is retired). Start/end of a block's id that starts/ends with page, column or section breaks put them
 * between those breaks and its text, on its page (block-edge-spot.js: the block is read first).
 * What replaced a range through its id is that id's from then on (the result's rangeId is that id), and an anchor
 * replaced keeps wrapping all of it (anchor-read.js rewrapWith).
 * A replaced range is read first (one sync, reads only; none at a table), and so is the paragraph blocks that start
 * with a list item go after (its list, which they go on with: markdown-lists.js); an anchor is read first whatever
 * the location, with those reads in the same sync (anchor-read.js: whether its content starts or ends with a
 * table now, which the cases above go by); everything else goes in Word.run's closing sync.
 * @param {HandlerEnv} env
 */
export async function insertMarkdown(env) {
  const { context, registry, args, sync } = env;
  const { blocks, location } = insertMarkdownArgs(env);
  const target = resolveScope(context, registry, args.scope ?? "selection");
  const anchor = await readAnchor(env, target, {
    alsoRead: () => {
      if (target.kind !== "range") return undefined;
      if (location === "replace") return { replaced: queueReplacedRangeRead(target.range) };
      const list = location === "after" || location === "end" ? queueListBefore(blocks, target.range.paragraphs.getLast()) : undefined;
      return list ? { list } : undefined;
    },
    change: location === "start" || location === "end" ? "unknown" : "same", // a replace says what it wrote below
  });
  // A range replaced in place (not as a table's blocks, whose id is retired; an anchor's are wrapped again).
  const inPlace = target.kind === "range" && location === "replace" && (!atTable(target, location) || target.control) ? target : undefined;
  const rewrap = inPlace?.rewrap; // an anchor's look, read by readAnchor

  // Blocks that start with a list item after one of the document's list go on with its list (one sync, reads only:
  // the read of a block's edge breaks, queued first, when there is one).
  const listBefore = !goesAfter(target, location) ? undefined : anchor ? (anchor.also && "list" in anchor.also ? anchor.also.list : undefined) : queueListBefore(blocks, /** @type {{ range: Word.Range }} */ (target).range.paragraphs.getLast());
  const { origin, keepSpare, deleteText } = target.kind === "document"
    ? documentPlace(target.body, location)
    : target.kind === "range" && atTable(target, location)
      ? await tablePlace(env, target, location, blocks)
      : (await blockEdgePlace(env, target, location)) ?? await rangePlace(target.range, location, sync, target.kind === "range" ? target.control : undefined, anchor?.also && "replaced" in anchor.also ? anchor.also.replaced : undefined);
  if (listBefore && !anchor && !readsBlockEdge(env, args.scope, location)) await sync();
  const { built, spare } = buildBlocks(blocks, origin, "Normal", listBefore?.());
  const first = built[0];
  const lastBuilt = built[built.length - 1];
  // Up to the last paragraph's text, not its mark: "end" on the id then lands in that paragraph, "replace" keeps
  // the paragraph after it out of the edit (a range ending with a mark would reach into the next paragraph).
  const from = first.table ? first.table.getRange("Whole") : first.paragraph.getRange("Content"); // its Whole has the mark
  const whole = lastBuilt.table ? from.expandTo(lastBuilt.table.getRange("Whole")) : from.expandTo(lastBuilt.paragraph.getRange("Content"));
  const edges = { first: Boolean(first.table), last: Boolean(lastBuilt.table), ...(built.length === 1 && first.table ? { only: true } : {}) };
  // Word leaves a range whose text was replaced on one paragraph of what replaced it, if any.
  if (inPlace?.id) registry.retarget(inPlace.id, whole, { paragraphs: !lastBuilt.table, edges });
  const rangeId = registry.add("rng", whole, { paragraphs: !lastBuilt.table, edges, empty: false });
  // The anchor first: Word deletes a content control with the one paragraph it holds (office-js#4975), and the
  // spare (after the blocks) may be an anchor's only paragraph.
  rewrap?.(whole);
  if (rewrap) anchorRewrittenWith(env, edges);
  if (spare && !keepSpare) spare.delete();
  deleteText?.();
  return { rangeId, blocks: blocks.length };
}
/**
 * insertMarkdown's checks of its args, in the op's order (a dry run makes them too: op-checks.js): the blocks
 * ({@link checkBlocks}), then where they go. Throws only.
 * @param {HandlerEnv} env
 */
export function insertMarkdownArgs({ args }) {
  const blocks = checkBlocks(args.blocks);
  return { blocks, location: oneOf(args, "location", LOCATIONS, "replace") };
}

/**
 * Its one sync, when it has one (replacing a range or the selection, or going after one with a list item first,
 * unless the range has a table at that edge), only reads.
 * @param {HandlerEnv} env
 * @returns {import("../types.js").SyncKind}
 */
insertMarkdown.firstSync = (env) => {
  const { args, registry } = env;
  const location = args.location ?? "replace";
  if (readsAnchorFirst(env) || readsBlockEdge(env, args.scope, location)) return "read"; // the anchor's table edges and look (anchor-read.js), a block's edge breaks (block-edge-spot.js)
  const reads = location === "replace" || ((location === "after" || location === "end") && args.blocks?.[0]?.type === "listItem");
  return args.scope !== "document" && reads && !tableEdgedScope(registry, args.scope) ? "read" : "none";
};

/**
 * Whether the blocks go right after a range's last paragraph (not after a table), where a list may go on.
 * @param {ReturnType<typeof resolveScope>} target
 * @param {string} location
 */
function goesAfter(target, location) {
  return target.kind === "range" && (location === "after" || location === "end") && !atTable(target, location);
}

