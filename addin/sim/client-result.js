// OfficeExtension.ClientResult.
import { OfficeExtensionError, Messages } from "./errors.js";

/** OfficeExtension.ClientResult: a value available after the sync that computes it. */
export class ClientResult {
  constructor(ctx) {
    this._ctx = ctx;
    this._has = false;
    this._value = undefined;
  }
  get value() {
    if (!this._has) throw new OfficeExtensionError({ code: "ValueNotLoaded", message: Messages.ValueNotLoaded, errorLocation: "ClientResult.value" });
    return this._value;
  }
  _set(v) {
    this._value = v;
    this._has = true;
  }
  toJSON() {
    return this._has ? this._value : undefined;
  }
}
