// The args every op takes besides its own (step.js runs an op with them):
// - expectText: the op targets "rangeId:<id>" (scope, target or tableRef) and must not run if that range's
//   text is no longer the one the client saw (E_NOT_FOUND "stale range", nothing changed);
// - dryRun: resolve and check the op's targets, change nothing (see dry-run.js).
// Handlers never see either: they get the args without them.

import { acceptedReading } from "./accepted-text.js";
import { cellMarksAsTabs, hasCellMarks, looseCellOrder } from "./cell-marks.js";
import { PaneError } from "./errors.js";
import { queueTableValues, tableReadings } from "./expect-tables.js";
import { anchorRange, parseRef } from "./registry.js";

/** The fields through which an op targets a range or table. */
export const TARGET_FIELDS = /** @type {const} */ (["scope", "target", "tableRef"]);
/** Characters of a text shown in a message before it is clipped. */
const SHOWN_CHARS = 80;
/** Readings of a range's tables as readDocument shows them in which tracked deletions are looked for. */
const ACCEPTED_TABLE_READINGS = 8;

/**
 * Split the common args off an op's args (re-checked: the server validated them already).
 * @param {Record<string, any>} args
 * @returns {{ own: Record<string, any>, expectText: string | undefined, dryRun: boolean }}
 */
export function splitCommonArgs(args) {
  const { expectText, dryRun: dry, ...own } = args;
  if (expectText !== undefined && typeof expectText !== "string") {
    throw new PaneError("E_INVALID_ARG", "args.expectText must be a string", "args.expectText");
  }
  if (dry !== undefined && typeof dry !== "boolean") throw new PaneError("E_INVALID_ARG", "args.dryRun must be true or false", "args.dryRun");
  return { own, expectText, dryRun: dry === true };
}

/**
 * The range an op targets through "rangeId:<id>" (or "anchor:<id>", given the context) in scope, target or
 * tableRef (the first of them); a table id there designates the table's whole range. Unknown ids are
 * E_NOT_FOUND on their field (an unknown anchor at the sync).
 * @param {import("./registry.js").Registry} registry
 * @param {Record<string, any>} args
 * @param {Word.RequestContext} [context]  needed for anchors (their content control is found by tag)
 * @returns {{ field: string, id: string, range: Word.Range, table?: Word.Table } | undefined}
 */
export function targetRange(registry, args, context) {
  for (const name of TARGET_FIELDS) {
    const value = args[name];
    if (context && typeof value === "string" && value.startsWith("anchor:")) {
      const field = `args.${name}`;
      return { field, id: value, range: anchorRange(context, registry, value.slice(7), field) };
    }
    if (typeof value !== "string" || !value.startsWith("rangeId:")) continue;
    const field = `args.${name}`;
    const { id } = parseRef(value, field);
    if (!id.startsWith("tbl_")) return { field, id, range: registry.range(id, field) };
    const table = registry.table(id, field);
    return { field, id, range: table.getRange("Whole"), table };
  }
  return undefined;
}

/**
 * Queue the read of the targeted range's text (not synced). After the sync, `check()` throws the stale-range
 * error if the text is not the expected one.
 * @param {import("./registry.js").Registry} registry
 * @param {Record<string, any>} args  the op's own args
 * @param {string} expectText
 * @param {Word.RequestContext} [context]  for an "anchor:<id>" target
 * @param {(name: string, version: string) => boolean} [supports]  the host's requirement sets: where it lists
 *   tracked changes (WordApi 1.6; readDocument then shows a paragraph with its changes accepted), the range's text
 *   with its tracked deletions left out is accepted too (Range.text also holds the text of tracked deletions).
 *   That text is worked out from the range's changes, loaded in the same sync (accepted-text.js), never asked of
 *   Word through getReviewedText (see there why). The values of the range's tables are loaded in the same sync:
 *   the text readDocument shows for a table (a cell's paragraphs on one line) is accepted too (expect-tables.js)
 */
export function queueExpectation(registry, args, expectText, context, supports) {
  const target = targetRange(registry, args, context);
  if (!target) {
    throw new PaneError("E_INVALID_ARG", 'args.expectText needs an op that targets a range: give scope, target or tableRef as "rangeId:<id>" or "anchor:<id>"', "args.expectText");
  }
  target.range.load("text");
  const changes = supports?.("WordApi", "1.6") ? target.range.getTrackedChanges().load("items/type,items/text") : undefined;
  const tables = queueTableValues(target.range, target.table, supports);
  return {
    field: target.field,
    check() {
      const found = target.range.text;
      if (sameText(found, expectText)) return;
      const deletions = (changes?.items ?? []).filter((change) => String(change.type).toLowerCase() === "deleted").map((change) => change.text);
      const accepted = deletions.length ? acceptedReading(found, deletions, (reading) => sameText(reading, expectText)) : undefined;
      if (accepted?.matches) return;
      // Table.values holds the text of tracked deletions too: a table's reading may have them left out as well (for
      // its first few readings: each tries many placements of the deletions).
      let tries = deletions.length ? ACCEPTED_TABLE_READINGS : 0;
      const wanted = (/** @type {string} */ reading) => sameText(reading, expectText) || (tries-- > 0 && acceptedReading(reading, deletions, (text) => sameText(text, expectText)).matches);
      const shown = tableReadings(found, tables(), wanted);
      if (shown?.matches) return;
      throw staleRange(expectText, readerText(accepted?.text ?? shown?.text ?? found));
    },
  };
}

/**
 * Text as a reader sees it: without the placeholder character Word keeps for a footnote or endnote reference mark
 * (U+0002; OfficeDev/office-js#2749, #6942), which reaches the API's text on some hosts. The notes themselves are
 * listed apart (structure `notes`, markdown `[^1]`).
 * @param {string} text
 */
export function withoutNoteMarks(text) {
  return text.includes("\u0002") ? text.replace(/\u0002/g, "") : text;
}

/**
 * Paragraph text as readDocument shows it: Word's line breaks (\v) as new lines, page and section breaks (\f)
 * and note reference placeholders (U+0002) left out, Word's end-of-cell and end-of-row marks ("\r\u0007") as a
 * tab between cells and a row's end (cell-marks.js).
 * @param {string} text
 */
export function readerText(text) {
  return withoutNoteMarks(cellMarksAsTabs(text)).replace(/\v/g, "\n").replace(/\f/g, "");
}

/**
 * Texts compared as a client sees them, as readDocument shows them ({@link readerText}): Word ends paragraphs with
 * "\r", clients usually write "\n"; the mark that ends a whole paragraph's range is not in the text readDocument
 * shows for it (so one final line end may be left out); a page break put before a block is not in it either. A
 * text with Word's cell marks is compared without the order of the cell and row ends of a run ({@link looseCellOrder}):
 * Word's text cannot tell which row an empty cell next to a row's end is in.
 * @param {string} a
 * @param {string} b
 */
export function sameText(a, b) {
  const loose = hasCellMarks(a) || hasCellMarks(b);
  const plain = (/** @type {string} */ text) => {
    const shown = readerText(text).replace(/\r\n?/g, "\n").replace(/\n$/, "");
    return loose ? looseCellOrder(shown) : shown;
  };
  return plain(a) === plain(b);
}

/**
 * @param {string} expected
 * @param {string} found
 */
export function staleRange(expected, found) {
  let at = 0;
  while (at < expected.length && at < found.length && expected[at] === found[at]) at += 1;
  // Two emoji that differ only in their second half differ from the first half on.
  if (at > 0 && isHighSurrogate(expected, at - 1)) at -= 1;
  const where = expected.length > SHOWN_CHARS || found.length > SHOWN_CHARS ? ` (they differ from character ${at})` : "";
  return new PaneError("E_NOT_FOUND", `stale range: expected "${clip(expected)}", found "${clip(found)}"${where}; read it again and retry`, "args.expectText");
}

/**
 * A text for a message: at most {@link SHOWN_CHARS} characters, the middle left out, line ends shown as ¶.
 * @param {string} text
 * @param {number} [max]
 */
export function clip(text, max = SHOWN_CHARS) {
  const shown = text.replace(/\r\n?|\n/g, "¶");
  if (shown.length <= max) return shown;
  const head = Math.ceil((max - 1) * 0.6);
  return `${headOf(shown, head)}…${tailOf(shown, max - 1 - head)}`;
}

/** @param {string} text @param {number} i */
const isHighSurrogate = (text, i) => /[\uD800-\uDBFF]/.test(text[i] ?? "");
/** @param {string} text @param {number} i */
const isLowSurrogate = (text, i) => /[\uDC00-\uDFFF]/.test(text[i] ?? "");

/**
 * The start of `text`, at most `length` UTF-16 units of it, cut between whole characters: one unit less
 * where the cut would split a surrogate pair (an emoji), whose half alone JSON cannot carry as UTF-8.
 * @param {string} text
 * @param {number} length
 */
export function headOf(text, length) {
  const end = Math.max(0, Math.min(length, text.length));
  return text.slice(0, end > 0 && isHighSurrogate(text, end - 1) ? end - 1 : end);
}

/**
 * The end of `text`, at most `length` UTF-16 units of it, cut between whole characters (see {@link headOf}).
 * @param {string} text
 * @param {number} length
 */
export function tailOf(text, length) {
  const start = Math.max(0, text.length - Math.max(0, length));
  return text.slice(start < text.length && isLowSurrogate(text, start) ? start + 1 : start);
}
