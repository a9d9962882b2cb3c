// Argument checks the text proxies share: Word rejects a wrong argument with InvalidArgument at sync.
import { wordError } from "./errors.js";

export const isStr = (v) => typeof v === "string";
export const isNum = (v) => typeof v === "number" && Number.isFinite(v);
export const invalid = (loc) => wordError("InvalidArgument", loc);

/** insertTable's sizes and values (InvalidArgument unless whole numbers ≥ 1 and rows of at most that many strings). */
export function checkTableArgs(rowCount, columnCount, values, loc) {
  if (!Number.isInteger(rowCount) || !Number.isInteger(columnCount) || rowCount < 1 || columnCount < 1) throw invalid(loc);
  if (values !== undefined && values !== null) {
    if (!Array.isArray(values) || values.length > rowCount || values.some((r) => !Array.isArray(r) || r.length > columnCount)) throw invalid(loc);
  }
}
