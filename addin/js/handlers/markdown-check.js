// insertMarkdown's blocks as the pane receives them, re-checked: the server made them from markdown
// (bridge/word/markdown_blocks.py) and validated them; the pane still refuses a shape it cannot build.

import { PaneError } from "../errors.js";
import { MAX_COLUMNS } from "./table-create.js";

/** @typedef {{ text: string, bold?: boolean, italic?: boolean, code?: boolean, strike?: boolean, link?: string }} Run */
/**
 * A heading with `title: true` (level 1 only: the server's setext `===` heading, the way readDocument writes a
 * Title paragraph) is built in the Title style rather than Heading 1.
 * @typedef {{ type: "heading", level: number, title?: boolean, runs: Run[] } | { type: "paragraph" | "quote", runs: Run[] }
 *   | { type: "listItem", kind: "bullet" | "number", level: number, runs: Run[] } | { type: "code", text: string }
 *   | { type: "table", header: boolean, rows: string[][] }} Block
 */

const MAX_BLOCKS = 5000;

/**
 * The blocks, re-checked (the server validated them): a non-empty array of known block shapes.
 * @param {unknown} value
 * @returns {Block[]}
 */
export function checkBlocks(value) {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_BLOCKS) {
    throw new PaneError("E_INVALID_ARG", `args.blocks must be a list of 1 to ${MAX_BLOCKS} blocks`, "args.blocks");
  }
  value.forEach((block, i) => {
    const field = `args.blocks[${i}]`;
    const bad = (/** @type {string} */ why) => new PaneError("E_INVALID_ARG", `${field} ${why}`, field);
    if (typeof block !== "object" || block === null) throw bad("must be an object");
    const isInt = (/** @type {unknown} */ n, /** @type {number} */ lo, /** @type {number} */ hi) => Number.isInteger(n) && /** @type {number} */ (n) >= lo && /** @type {number} */ (n) <= hi;
    switch (block.type) {
      case "heading":
        if (!isInt(block.level, 1, 6)) throw bad("level must be 1-6");
        if (block.title !== undefined && typeof block.title !== "boolean") throw bad("title must be true or false");
        if (block.title && block.level !== 1) throw bad("is a title, which must be level 1");
        break;
      case "listItem":
        if (!isInt(block.level, 0, 8)) throw bad("level must be 0-8");
        if (block.kind !== "bullet" && block.kind !== "number") throw bad('kind must be "bullet" or "number"');
        break;
      case "paragraph":
      case "quote":
        break;
      case "code":
        if (typeof block.text !== "string") throw bad("text must be a string");
        return;
      case "table":
        if (!Array.isArray(block.rows) || block.rows.length === 0 || !block.rows.every((/** @type {unknown} */ row) => Array.isArray(row) && row.every((cell) => typeof cell === "string"))) {
          throw bad("rows must be rows of strings");
        }
        if (block.rows.some((/** @type {string[]} */ row) => row.length > MAX_COLUMNS)) {
          const cols = Math.max(...block.rows.map((/** @type {string[]} */ row) => row.length));
          throw bad(`is a table of ${cols} columns; a Word table has at most ${MAX_COLUMNS}`);
        }
        return;
      default:
        throw bad("has an unknown type");
    }
    if (!Array.isArray(block.runs) || !block.runs.every((/** @type {any} */ run) => typeof run?.text === "string")) throw bad("runs must be a list of {text}");
  });
  return value;
}
