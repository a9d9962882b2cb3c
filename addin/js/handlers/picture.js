// insertPicture: inline pictures everywhere, floating (wrapped) pictures where the desktop shapes API exists.

import { bool, int, oneOf, positiveNumber, str } from "../args.js";
import { PaneError } from "../errors.js";
import { LOCATIONS, rangeTextLocation } from "../locations.js";
import { resolveScope } from "../registry.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** CSS pixels are 3/4 of a point. */
const POINTS_PER_PIXEL = 0.75;
const WRAP_TYPES = /** @type {const} */ (["inline", "square", "tight", "behind", "inFront"]);
/** @type {Record<string, "Square" | "Tight" | "Behind" | "Front">} */
const SHAPE_WRAP = { square: "Square", tight: "Tight", behind: "Behind", inFront: "Front" };

/**
 * The size to give the picture, in points: natural size (px × 0.75) unless given; with one side given
 * and the aspect ratio locked, the other follows the natural aspect ratio.
 * @param {{ naturalWidth: number, naturalHeight: number, width?: number, height?: number, lockAspectRatio: boolean }} size
 * @returns {{ width: number, height: number }}
 */
export function pictureSize({ naturalWidth, naturalHeight, width, height, lockAspectRatio }) {
  const natural = { width: naturalWidth * POINTS_PER_PIXEL, height: naturalHeight * POINTS_PER_PIXEL };
  const round = (/** @type {number} */ n) => Math.round(n * 100) / 100;
  if (width !== undefined && height !== undefined) return { width: round(width), height: round(height) };
  if (width !== undefined) return { width: round(width), height: round(lockAspectRatio ? width * natural.height / natural.width : natural.height) };
  if (height !== undefined) return { width: round(lockAspectRatio ? height * natural.width / natural.height : natural.width), height: round(height) };
  return { width: round(natural.width), height: round(natural.height) };
}

/**
 * @param {HandlerEnv} env
 */
export async function insertPicture(env) {
  const { args } = env;
  if (args.source !== undefined && args.source !== "base64") {
    throw new PaneError("E_INVALID_ARG", 'args.source must be "base64" (the bridge fetches URLs)', "args.source");
  }
  const data = str(args, "data", { min: 1 });
  const size = pictureSize({
    naturalWidth: int(args, "naturalWidth", { min: 1 }),
    naturalHeight: int(args, "naturalHeight", { min: 1 }),
    width: positiveNumber(args, "width"),
    height: positiveNumber(args, "height"),
    lockAspectRatio: bool(args, "lockAspectRatio", true),
  });
  const wrapType = oneOf(args, "wrapType", WRAP_TYPES, "inline");
  const picture = { data: stripDataUrl(data), size, lockAspectRatio: bool(args, "lockAspectRatio", true), altText: str(args, "altText", { optional: true }) };
  return wrapType === "inline" ? insertInline(env, picture) : insertFloating(env, picture, SHAPE_WRAP[wrapType]);
}

/**
 * @typedef {{ data: string, size: { width: number, height: number }, lockAspectRatio: boolean, altText?: string }} PictureSpec
 */

/**
 * An inline picture at the scope/location. Body takes Start/End; "replace" on the document replaces the
 * whole body's range. Nothing to read: Word.run's closing sync inserts it.
 * @param {HandlerEnv} env
 * @param {PictureSpec} picture
 */
async function insertInline({ context, registry, args }, picture) {
  const location = oneOf(args, "location", LOCATIONS, "replace");
  const target = resolveScope(context, registry, args.scope ?? "selection");
  /** @type {Word.InlinePicture} */
  let inline;
  if (target.kind === "document" && location !== "replace") {
    inline = target.body.insertInlinePictureFromBase64(picture.data, location === "start" || location === "before" ? "Start" : "End");
  } else {
    const range = target.kind === "document" ? target.body.getRange("Whole") : target.range;
    inline = range.insertInlinePictureFromBase64(picture.data, rangeTextLocation(location));
  }
  // Unlock first: with the ratio locked, setting the width would rescale the height Word already set.
  inline.lockAspectRatio = false;
  inline.width = picture.size.width;
  inline.height = picture.size.height;
  inline.lockAspectRatio = picture.lockAspectRatio;
  if (picture.altText !== undefined) {
    inline.altTextTitle = picture.altText;
    inline.altTextDescription = picture.altText;
  }
  return { rangeId: registry.add("rng", inline.getRange("Whole")), width: picture.size.width, height: picture.size.height };
}

/**
 * A floating picture (WordApiDesktop 1.2 shapes), anchored to the paragraph of the scope; the returned
 * rangeId is that anchor range. One sync, to read the shape's id.
 * @param {HandlerEnv} env
 * @param {PictureSpec} picture
 * @param {"Square" | "Tight" | "Behind" | "Front"} wrap
 */
async function insertFloating({ context, registry, args, supports, sync }, picture, wrap) {
  if (!supports("WordApiDesktop", "1.2")) {
    throw new PaneError("E_UNSUPPORTED", `wrapType "${args.wrapType}" needs floating pictures (WordApiDesktop 1.2: Word on Windows or Mac); use "inline" here`, "args.wrapType");
  }
  const location = oneOf(args, "location", LOCATIONS, "replace");
  const target = resolveScope(context, registry, args.scope ?? "selection");
  const anchor = target.kind === "document"
    ? target.body.getRange(location === "start" || location === "before" ? "Start" : "End")
    : target.range;
  const shape = anchor.insertPictureFromBase64(picture.data, { width: picture.size.width, height: picture.size.height });
  shape.lockAspectRatio = picture.lockAspectRatio;
  if (picture.altText !== undefined) shape.altTextDescription = picture.altText;
  shape.textWrap.type = wrap;
  shape.load("id");
  const rangeId = registry.add("rng", anchor);
  await sync();
  return { rangeId, width: picture.size.width, height: picture.size.height, shapeId: String(shape.id) };
}

/**
 * Accept a data: URL too; Word wants the bare base64.
 * @param {string} data
 */
function stripDataUrl(data) {
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1;
  return comma >= 0 ? data.slice(comma + 1) : data;
}
