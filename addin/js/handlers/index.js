// The op → handler dispatch table.

import { insertText, getSelection } from "./text.js";
import { insertBreak } from "./breaks.js";
import { search, replace } from "./search.js";
import { insertPicture } from "./picture.js";
import * as table from "./table.js";
import * as tableStyle from "./table-style.js";
import { applyStyle } from "./style.js";
import { listStyles } from "./style-list.js";
import { batch } from "../batch.js";
import { readDocument } from "./read.js";
import { insertMarkdown } from "./markdown.js";
import * as revisions from "./revisions.js";
import * as comment from "./comment.js";
import * as anchor from "./anchor.js";
import * as links from "./links.js";
import * as headerFooter from "./header-footer.js";
import { insertFootnote, insertEndnote } from "./notes.js";

/** @typedef {import("../types.js").Handler} Handler */

/** @type {Readonly<Record<string, Handler>>} */
export const HANDLERS = Object.freeze({
  insertText,
  insertBreak,
  "hyperlink.set": links.set,
  getSelection,
  search,
  replace,
  insertPicture,
  "table.create": table.create,
  "table.insertRows": table.insertRows,
  "table.insertColumns": table.insertColumns,
  "table.deleteRows": table.deleteRows,
  "table.deleteColumns": table.deleteColumns,
  "table.setCellText": table.setCellText,
  "table.mergeCells": table.mergeCells,
  "table.applyStyle": tableStyle.applyStyle,
  applyStyle,
  listStyles,
  readDocument,
  insertMarkdown,
  "trackChanges.set": revisions.setMode,
  "trackChanges.get": revisions.getMode,
  "trackChanges.list": revisions.list,
  "trackChanges.accept": revisions.accept,
  "trackChanges.reject": revisions.reject,
  "comment.add": comment.add,
  "comment.list": comment.list,
  "comment.reply": comment.reply,
  "comment.resolve": comment.resolve,
  "comment.delete": comment.remove,
  "anchor.create": anchor.create,
  "anchor.list": anchor.list,
  "anchor.remove": anchor.remove,
  "headerFooter.get": headerFooter.get,
  "headerFooter.set": headerFooter.set,
  "footnote.insert": insertFootnote,
  "endnote.insert": insertEndnote,
  batch,
});
