// Where inline content (a picture, linked text) goes at the side of a range that is a table: a table id as
// `rangeId:`, table.create's rangeId, an insertMarkdown result that starts or ends with a table. As insertText
// does it (text.js): never into the table's cells unless start/end ask for the table's own text.

import { firstBlockOf, lastBlockOf } from "../registry.js";
import { removeBlocks, retireScope } from "./text.js";
import { noteWhenDone } from "./done-notes.js";
import { anchorReplaceSide } from "./anchor-read.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/**
 * Where the content goes: inserted into `host` at `at` (Paragraph and Body both take Start/End for text and
 * inline pictures; `host.getRange(at)` is the spot as a range). `placed`, when there, is to be called once the
 * content is in (queued after it): it finishes a replace of an anchor's blocks.
 * @typedef {{ host: Word.Paragraph | Word.Body, at: "Start" | "End", placed?: () => void }} EdgeSpot
 */

/**
 * The spot for `location` on a range whose side it is at is a table (text.js `atTable`). Queues only:
 * - before / after → a new empty paragraph before / after that table (an info diagnostic says so once Word did it:
 *   nothing joins a table);
 * - start / end → the start of the first cell / the end of the last cell (the table's own content, as start/end of
 *   a paragraph block are that paragraph's);
 * - replace → a new paragraph in place of the range's blocks, tables included; the range's id is retired. An
 *   anchor's blocks (read first: anchor-read.js): the paragraph goes next to its content control, outside it
 *   (anchorReplaceSide), and once the content is in (`placed`) the anchor is made again around it and its old
 *   blocks go, as insertText's replace of them does (text.js): the anchor keeps what replaced its content.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").RangeTarget} target
 * @param {import("../locations.js").Location} location
 * @param {string} what  what is inserted, for the diagnostic ("the picture")
 * @returns {EdgeSpot}
 */
export function spotAtTable(env, target, location, what) {
  if (location === "replace" && target.control) {
    const paragraph = target.control.insertParagraph("", anchorReplaceSide(target));
    return { host: paragraph, at: "Start", placed: () => replaceAnchorBlocks(target, paragraph) };
  }
  if (location === "replace") {
    const first = firstBlockOf(target);
    const paragraph = (first.table ?? first.paragraph).insertParagraph("", "Before");
    removeBlocks(target);
    const whole = target.edges?.only ? "table was" : "blocks were";
    retireScope(env, target.id, `its ${whole} replaced`);
    return { host: paragraph, at: "Start" };
  }
  const atStart = location === "start" || location === "before";
  if (location === "start") return { host: /** @type {Word.Table} */ (firstBlockOf(target).table).getCell(0, 0).body, at: "Start" };
  // A cell always ends with a paragraph: the range's last paragraph is its last cell's.
  if (location === "end") return { host: target.range.getRange("Whole").paragraphs.getLast(), at: "End" };
  const table = /** @type {Word.Table} */ ((atStart ? firstBlockOf(target) : lastBlockOf(target)).table);
  noteWhenDone(env, "info", `The scope ${atStart ? "starts" : "ends"} with a table: ${what} went into a new paragraph ${location} it (nothing joins a table; start/end put it into its ${atStart ? "first" : "last"} cell)`, "args.location");
  return { host: table.insertParagraph("", atStart ? "Before" : "After"), at: "Start" };
}

/**
 * The end of a replace of an anchor's blocks ({@link spotAtTable}): the anchor made again around the paragraph that
 * took their place (its look read before: target.rewrap), then the blocks removed. Queues only.
 * @param {import("../registry.js").RangeTarget} target
 * @param {Word.Paragraph} paragraph
 */
function replaceAnchorBlocks(target, paragraph) {
  target.rewrap?.(paragraph.getRange("Content"));
  removeBlocks(target);
}
