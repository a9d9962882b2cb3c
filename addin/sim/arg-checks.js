// Argument checks the text proxies share: Word rejects a wrong argument with InvalidArgument at sync.
import { wordError } from "./errors.js";

export const isStr = (v) => typeof v === "string";
export const isNum = (v) => typeof v === "number" && Number.isFinite(v);
export const invalid = (loc) => wordError("InvalidArgument", loc);
