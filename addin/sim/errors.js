// Office.js error objects and the exact messages Word uses (from the Office.js runtime resources).

/** Codes of OfficeExtension.ErrorCodes (runtime-level) plus the Word ones. */
export const OfficeErrorCodes = Object.freeze({
  accessDenied: "AccessDenied",
  actionNotSupported: "ActionNotSupported",
  apiNotFound: "ApiNotFound",
  generalException: "GeneralException",
  invalidArgument: "InvalidArgument",
  invalidObjectPath: "InvalidObjectPath",
  invalidRequestContext: "InvalidRequestContext",
  itemNotFound: "ItemNotFound",
  notImplemented: "NotImplemented",
  propertyNotLoaded: "PropertyNotLoaded",
  runMustReturnPromise: "RunMustReturnPromise",
  valueNotLoaded: "ValueNotLoaded",
  connectionFailure: "ConnectionFailure",
  requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
});

export const Messages = Object.freeze({
  AccessDenied: "You cannot perform the requested operation.",
  GeneralException: "There was an internal error while processing the request.",
  InvalidArgument: "The argument is invalid or missing or has an incorrect format.",
  ItemNotFound: "The requested resource doesn't exist.",
  NotAllowed: "The operation is not allowed.",
  NotImplemented: "The requested feature isn't implemented.",
  SearchStringInvalidOrTooLong:
    "The search string is invalid or too long. The search string maximum is 255 characters.",
  InvalidRequestContext: "Cannot use the object across different request contexts.",
  RunMustReturnPromise:
    'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation. Typically, you return a promise by returning the response from "context.sync()".',
  ValueNotLoaded:
    'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
});

/** PropertyNotLoaded message for one property name. */
export function propertyNotLoadedMessage(name) {
  return `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`;
}

/** InvalidObjectPath message for one object path. */
export function invalidObjectPathMessage(path) {
  return `The object path '${path}' isn't working for what you're trying to do. If you're using the object across multiple "context.sync" calls and outside the sequential execution of a ".run" batch, please use the "context.trackedObjects.add()" and "context.trackedObjects.remove()" methods to manage the object's lifetime.`;
}

/** ApiNotFound message: member, requirement set, host. */
export function apiNotFoundMessage(member, set) {
  return `The method or property ${member} is part of the ${set} requirement set, which is not available in your version of Word.`;
}

/** OfficeExtension.Error: what every failed Office.js call produces. */
export class OfficeExtensionError extends Error {
  /**
   * @param {{code: string, message?: string, errorLocation?: string, statement?: string, traceMessages?: string[], innerError?: any}} init
   */
  constructor({ code, message, errorLocation, statement, traceMessages = [], innerError = null }) {
    const msg = message ?? Messages[code] ?? code;
    super(msg);
    this.name = "RichApi.Error";
    this.code = code;
    this.traceMessages = traceMessages;
    this.innerError = innerError;
    this.debugInfo = { code, message: msg };
    if (errorLocation) this.debugInfo.errorLocation = errorLocation;
    if (statement) this.debugInfo.statement = statement;
    this.debugInfo.surroundingStatements = [];
    this.debugInfo.fullStatements = [];
  }
  toString() {
    return `${this.name}: ${this.message}`;
  }
}

/** Shorthand constructor: wordError("ItemNotFound", "Table.getCell"). */
export function wordError(code, errorLocation, message) {
  return new OfficeExtensionError({ code, errorLocation, message });
}

/** True for values that look like our errors, across realms (no instanceof). */
export function isOfficeError(e) {
  return !!e && typeof e === "object" && e.name === "RichApi.Error" && typeof e.code === "string";
}
