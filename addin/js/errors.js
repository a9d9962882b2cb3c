// Error codes of the result envelope, the handler-raised PaneError, and the mapping of Office errors.

/** @typedef {import("./types.js").ErrorCode} ErrorCode */
/** @typedef {import("./types.js").Diagnostic} Diagnostic */
/** @typedef {import("./types.js").ResultEnvelope} ResultEnvelope */

/** An error a handler raises on purpose: it carries the envelope code and the offending field. */
export class PaneError extends Error {
  /**
   * @param {ErrorCode} code
   * @param {string} msg
   * @param {string} [field]  e.g. "args.scope"
   */
  constructor(code, msg, field) {
    super(msg);
    this.name = "PaneError";
    /** @type {ErrorCode} */
    this.code = code;
    /** @type {string | undefined} */
    this.field = field;
  }
}

/**
 * An op that failed after doing part of its work (a batch whose later op failed): its envelope keeps `data`,
 * which says what was done, and the ids that data returns stay valid.
 */
export class PartialFailure extends PaneError {
  /**
   * @param {ErrorCode} code
   * @param {Record<string, any>} data
   * @param {Diagnostic[]} diagnostics
   */
  constructor(code, data, diagnostics) {
    super(code, diagnostics[0]?.msg ?? code);
    this.name = "PartialFailure";
    /** @type {Record<string, any>} */
    this.data = data;
    /** @type {Diagnostic[]} */
    this.diagnostics = diagnostics;
  }
}

/** Office error code → envelope code. Codes absent here become E_RUNTIME. */
const OFFICE_CODE_MAP = /** @type {Record<string, ErrorCode>} */ ({
  InvalidArgument: "E_INVALID_ARG",
  SearchStringInvalidOrTooLong: "E_INVALID_ARG",
  ItemNotFound: "E_NOT_FOUND",
  ApiNotFound: "E_UNSUPPORTED",
  NotImplemented: "E_UNSUPPORTED",
  AccessDenied: "E_PERMISSION",
  NotAllowed: "E_UNSUPPORTED",
});

/**
 * What a person can do about Word's own refusals, added to the message. E_PERMISSION also means "edits paused"
 * (the pane's switch), so a refusal from Word says it is Word's; NotAllowed is mostly Word on the web declining
 * an action it does not support ("The action isn't supported by Word in a browser", e.g. content controls it
 * cannot edit such as date pickers: Office's troubleshooting guide), hence E_UNSUPPORTED.
 */
const OFFICE_HINTS = /** @type {Record<string, string>} */ ({
  AccessDenied: ": Word refused this edit — the document, or this part of it, may be read-only or protected "
    + "(Review > Restrict Editing, a locked content control); open it for editing and retry",
  NotAllowed: ": Word does not allow this here — Word on the web declines some actions (content it cannot edit, "
    + "such as date-picker content controls; try Word on Windows or Mac), and a protected document refuses edits",
  SearchDialogIsOpen: ": Word's Find and Replace dialog is open — close it and retry",
  // Word on the web's limits on one request and one answer (officejs-word.md §1; Word's exact sizes are unverified).
  RequestPayloadSizeLimitExceeded: ": Word on the web refused to take this much in one request — send less per op: a big "
    + "table as a smaller table.create then table.insertRows / table.setCellText in later ops, long text or markdown in "
    + "several inserts, a batch as several smaller batches, a smaller picture",
  ResponsePayloadSizeLimitExceeded: ": Word on the web could not answer with this much at once — ask for less per op: "
    + "search with a lower maxResults (and trackResults) or a narrower scope, readDocument with a lower limit or "
    + "maxChars (and more pages through offset), a batch of fewer reads",
});

/**
 * Hints by where Word failed, for calls whose usual cause is the place rather than the arguments: Word has notes
 * and section breaks only in the document's main text, and says no more than GeneralException/InvalidArgument.
 */
const NOT_IN_STORY = " only in the document's main text — is the scope (or the selection) in a header, footer, note or comment?";
const LOCATION_HINTS = /** @type {Record<string, string>} */ ({
  "Range.insertFootnote": `: Word puts footnotes${NOT_IN_STORY}`,
  "Range.insertEndnote": `: Word puts endnotes${NOT_IN_STORY}`,
  "Range.insertBreak": `: Word refused the break there; it puts section breaks${NOT_IN_STORY}`,
  "Body.insertBreak": `: Word refused the break there; it puts section breaks${NOT_IN_STORY}`,
  // An anchor is a content control: Word on the web fails to put one around part of a table cell's text
  // (OfficeDev/office-js#3367), around several rows of a table (#4251), or on a range that starts or ends with another
  // content control (#6103), with nothing more than GeneralException.
  "Range.insertContentControl": ": Word could not put an anchor (a content control) around this range — Word on the "
    + "web refuses one around part of a table cell's text or some of a table's rows, and on a range that starts or ends "
    + "with another anchor; anchor whole paragraphs (a readDocument block's rangeId), a whole cell or the whole table, "
    + "and not a range that starts or ends at another anchor",
});

/**
 * Hints for one code at one place, before the code's own: Word on the web answers NotAllowed to inserting a
 * paragraph next to a content control (OfficeDev/office-js-docs#1284, office-js#53), which an op on an anchor does
 * to put a paragraph or a break before or after it.
 */
const CODE_AT_LOCATION_HINTS = /** @type {Record<string, string>} */ ({
  "NotAllowed at ContentControl.insertParagraph": ": Word on the web does not insert a paragraph next to an anchor (a "
    + "content control) — target the paragraph before or after the anchor instead (its rangeId from readDocument "
    + "with includeRangeIds, location \"after\" or \"before\"), or make the edit in Word on Windows or Mac",
});

/** Where Word fails to find an anchor's content control (registry.anchorRange: getByTag(…).getFirst()). */
export const ANCHOR_LOOKUP = "ContentControlCollection.getFirst";

/**
 * An `anchor:<id>` target whose content control is not in the document: E_NOT_FOUND on the arg that named it,
 * in words, instead of Word's bare ItemNotFound.
 * @param {ErrorLike & { code: string }} err
 * @param {Record<string, unknown> | undefined} args
 * @returns {{ code: ErrorCode, diagnostics: Diagnostic[] } | undefined}
 */
function missingAnchor(err, args) {
  if (err.code !== "ItemNotFound" || err.debugInfo?.errorLocation !== ANCHOR_LOOKUP || !args) return undefined;
  const name = ["scope", "target", "tableRef", "anchorId"].find((key) => typeof args[key] === "string" && /** @type {string} */ (args[key]).startsWith("anchor:"));
  if (!name) return undefined;
  const id = /** @type {string} */ (args[name]).slice("anchor:".length);
  const msg = `No anchor "${id}" in the document: anchor.list shows the anchors it has (an anchor removed, or deleted with its text, is gone)`;
  return { code: "E_NOT_FOUND", diagnostics: [diagnostic("error", msg, `args.${name}`)] };
}

/**
 * What a table op or a scope says of a table id whose table is gone (deleted since the id was given).
 * @param {unknown} ref  the arg naming the table: `tableId:<id>`, `rangeId:tbl_…`
 * @param {string} code  Word's error code
 */
export function tableGoneMessage(ref, code) {
  return `The table of ${ref} no longer exists (${code})`;
}

/**
 * A table id used as a scope (`rangeId:tbl_…`: the table's range, scopes.js) or tableRef whose table was deleted:
 * Word fails on the first thing queued on it (ItemNotFound at Table.getRange); so does the anchor of a table whose
 * table is gone from it (`anchor:anc_tbl_…`: the first table in the anchor's control, at TableCollection.getFirst).
 * E_NOT_FOUND on the arg that named it, as the table ops say it, instead of Word's bare error with no field.
 * @param {ErrorLike & { code: string }} err
 * @param {Record<string, unknown> | undefined} args
 * @returns {{ code: ErrorCode, diagnostics: Diagnostic[] } | undefined}
 */
function missingTable(err, args) {
  const where = err.debugInfo?.errorLocation ?? "";
  const gone = err.code === "ItemNotFound" || err.code === "InvalidObjectPath";
  if (!gone || !args || !(where.startsWith("Table.") || where === "TableCollection.getFirst")) return undefined;
  const named = where.startsWith("Table.") ? /^(rangeId|tableId):tbl_/ : /^anchor:anc_tbl_/;
  const name = ["scope", "target", "tableRef"].find((key) => typeof args[key] === "string" && named.test(/** @type {string} */ (args[key])));
  if (!name) return undefined;
  return { code: "E_NOT_FOUND", diagnostics: [diagnostic("error", tableGoneMessage(args[name], err.code), `args.${name}`)] };
}

/**
 * The parts of an OfficeExtension.Error we read (also fits plain JS errors).
 * @typedef {{ code?: unknown, name?: unknown, message?: unknown, debugInfo?: { errorLocation?: string, message?: string } }} ErrorLike
 */

/**
 * Whether a value looks like an OfficeExtension.Error (it has a string code and usually debugInfo).
 * @param {unknown} err
 * @returns {err is ErrorLike & { code: string }}
 */
export function isOfficeError(err) {
  return typeof err === "object" && err !== null && typeof (/** @type {ErrorLike} */ (err).code) === "string"
    && !(err instanceof PaneError);
}

/**
 * The Office error code of an error, or undefined for other errors.
 * @param {unknown} err
 * @returns {string | undefined}
 */
export function officeCodeOf(err) {
  return isOfficeError(err) ? err.code : undefined;
}

/**
 * Map any thrown value to an envelope code and diagnostics.
 * @param {unknown} err
 * @param {string} [field]  the field to blame when the error is about an input (set by handlers that know)
 * @param {Record<string, unknown>} [args]  the op's args, to name the one a Word error is about where Word's
 *   location tells (an anchor that is not in the document)
 * @returns {{ code: ErrorCode, diagnostics: Diagnostic[] }}
 */
export function mapError(err, field, args) {
  if (err instanceof PaneError) {
    return { code: err.code, diagnostics: [diagnostic("error", err.message, err.field ?? field)] };
  }
  if (isOfficeError(err)) {
    const gone = missingAnchor(err, args) ?? missingTable(err, args);
    if (gone) return gone;
    const code = OFFICE_CODE_MAP[err.code] ?? "E_RUNTIME";
    const where = err.debugInfo?.errorLocation;
    const message = typeof err.message === "string" && err.message ? err.message : err.code;
    const hint = CODE_AT_LOCATION_HINTS[`${err.code} at ${where}`] ?? OFFICE_HINTS[err.code]
      ?? (where && err.code !== "ApiNotFound" ? LOCATION_HINTS[where] ?? "" : "");
    const msg = `Word: ${message} [${err.code}${where ? ` at ${where}` : ""}]${hint}`;
    return { code, diagnostics: [diagnostic("error", msg, field)] };
  }
  const message = err instanceof Error ? `${err.name}: ${err.message}` : `Unexpected error: ${String(err)}`;
  return { code: "E_RUNTIME", diagnostics: [diagnostic("error", message, field)] };
}

/**
 * @param {import("./types.js").DiagnosticLevel} level
 * @param {string} msg
 * @param {string} [field]
 * @returns {Diagnostic}
 */
export function diagnostic(level, msg, field) {
  return field ? { level, msg, field } : { level, msg };
}

/**
 * @param {string} op
 * @param {Record<string, any>} data
 * @param {Diagnostic[]} [diagnostics]
 * @returns {ResultEnvelope}
 */
export function okEnvelope(op, data, diagnostics = []) {
  return { ok: true, op, data, diagnostics };
}

/**
 * @param {string} op
 * @param {ErrorCode} code
 * @param {Diagnostic[]} diagnostics
 * @returns {ResultEnvelope}
 */
export function errorEnvelope(op, code, diagnostics) {
  return { ok: false, op, data: {}, code, diagnostics };
}
