// The checks each op makes of its args and of the host's requirement sets before it touches Word, by op. Each is
// the op's own function, exported by its handler, which makes them first; a dry run makes them too (dry-run.js),
// so it refuses what the op would refuse, with the same code, field and message. Checks only throw (some note a
// warning): nothing is queued on the context.

import { CHECKS as ANCHOR_CHECKS } from "./handlers/anchor.js";
import { CHECKS as BREAK_CHECKS } from "./handlers/breaks.js";
import { CHECKS as COMMENT_CHECKS } from "./handlers/comment.js";
import { CHECKS as HEADER_FOOTER_CHECKS } from "./handlers/header-footer.js";
import { CHECKS as LINK_CHECKS } from "./handlers/links.js";
import { insertMarkdownArgs } from "./handlers/markdown.js";
import { CHECKS as NOTE_CHECKS } from "./handlers/notes.js";
import { CHECKS as PICTURE_CHECKS } from "./handlers/picture.js";
import { readArgs } from "./handlers/read.js";
import { CHECKS as REVISION_CHECKS } from "./handlers/revisions.js";
import { CHECKS as SEARCH_CHECKS } from "./handlers/search.js";
import { listArgs } from "./handlers/style-list.js";
import { CHECKS as STYLE_CHECKS } from "./handlers/style.js";
import { CHECKS as TABLE_CHECKS } from "./handlers/table.js";
import { CHECKS as TEXT_CHECKS } from "./handlers/text.js";
import { tableStyleArgs, tableStyleName } from "./handlers/table-style.js";

/** @typedef {import("./types.js").HandlerEnv} HandlerEnv */

/**
 * table.applyStyle's checks, as the op makes them (table-style.js): `args.style`, and a built-in name must be a
 * table style's. `builtIn`: the name's built-in value; `custom`: a name that is not built in.
 * @param {HandlerEnv} env
 * @returns {{ name?: string, builtIn?: string, custom?: string }}
 */
export function tableStyleChecks({ args, Word }) {
  const { name } = tableStyleArgs(args);
  return { name, ...(name === undefined ? {} : tableStyleName(Word, name)) };
}

/** @type {Readonly<Record<string, (env: HandlerEnv) => unknown>>} */
export const OP_CHECKS = Object.freeze({
  ...ANCHOR_CHECKS, ...COMMENT_CHECKS, ...HEADER_FOOTER_CHECKS, ...LINK_CHECKS, ...NOTE_CHECKS, ...PICTURE_CHECKS,
  ...REVISION_CHECKS, ...SEARCH_CHECKS, ...STYLE_CHECKS, ...TABLE_CHECKS, ...TEXT_CHECKS, ...BREAK_CHECKS,
  "table.applyStyle": tableStyleChecks,
  insertMarkdown: insertMarkdownArgs,
  readDocument: (env) => readArgs(env.args),
  listStyles: (env) => listArgs(env.args),
});

/**
 * Make op's checks of its args and the host (throwing its error); ops without any pass.
 * @param {string} op
 * @param {HandlerEnv} env  with the op's own args
 * @returns {unknown}  what the checks return (replace's: the search it would make)
 */
export function checkOp(op, env) {
  return Object.hasOwn(OP_CHECKS, op) ? OP_CHECKS[op](env) : undefined;
}
