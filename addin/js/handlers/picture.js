// insertPicture: inline pictures everywhere, floating (wrapped) pictures where the desktop shapes API exists;
// the size reported is the one Word gave the picture.

import { bool, int, oneOf, positiveNumber, str } from "../args.js";
import { PaneError } from "../errors.js";
import { LOCATIONS, rangeTextLocation } from "../locations.js";
import { resolveScope } from "../registry.js";
import { insertionRange } from "../scopes.js";
import { readAnchor, readsAnchorFirst } from "./anchor-read.js";
import { spotAtTable } from "./table-edges.js";
import { atTable } from "./text.js";
import { blockEdgeSpot, readsBlockEdge } from "./block-edge-spot.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** CSS pixels are 3/4 of a point. */
const POINTS_PER_PIXEL = 0.75;
/**
 * The text width of Word's Normal template (Letter, 8.5 in with 1 in margins = 6.5 in). Office.js gives the
 * page setup only in newer desktop sets and not within the op's sync budget, so natural sizes are capped to it.
 */
export const DEFAULT_TEXT_WIDTH = 468;
/** How far Word's size may be from the one asked for before the result says so (rounding to 0.05 pt and so on). */
const SIZE_TOLERANCE = 0.5;
const WRAP_TYPES = /** @type {const} */ (["inline", "square", "tight", "behind", "inFront"]);
/** @type {Record<string, "Square" | "Tight" | "Behind" | "Front">} */
const SHAPE_WRAP = { square: "Square", tight: "Tight", behind: "Behind", inFront: "Front" };

/** @param {number} n */
const round = (n) => Math.round(n * 100) / 100;

/**
 * The size to give the picture, in points: natural size (px × 0.75) unless given; with one side given
 * and the aspect ratio locked, the other follows the natural aspect ratio. `capped` is set when the natural
 * size was wider than {@link DEFAULT_TEXT_WIDTH} and was scaled down to it (only when no size is given).
 * @param {{ naturalWidth: number, naturalHeight: number, width?: number, height?: number, lockAspectRatio: boolean }} size
 * @returns {{ width: number, height: number, capped?: { width: number, height: number } }}
 */
export function pictureSize({ naturalWidth, naturalHeight, width, height, lockAspectRatio }) {
  const natural = { width: naturalWidth * POINTS_PER_PIXEL, height: naturalHeight * POINTS_PER_PIXEL };
  if (width !== undefined && height !== undefined) return { width: round(width), height: round(height) };
  if (width !== undefined) return { width: round(width), height: round(lockAspectRatio ? width * natural.height / natural.width : natural.height) };
  if (height !== undefined) return { width: round(lockAspectRatio ? height * natural.width / natural.height : natural.width), height: round(height) };
  if (natural.width > DEFAULT_TEXT_WIDTH) {
    const scale = DEFAULT_TEXT_WIDTH / natural.width;
    return { width: DEFAULT_TEXT_WIDTH, height: round(natural.height * scale), capped: { width: round(natural.width), height: round(natural.height) } };
  }
  return { width: round(natural.width), height: round(natural.height) };
}

/**
 * Insert a picture and read back the size Word gave it (Word on the web may ignore a size), all in Word.run's
 * closing sync: the handler queues the insertion, the sizing and the load, and reads the size after that
 * sync (afterSync). No sync of its own but at an anchor, which is read first (anchor-read.js: whether it starts or ends
 * with a table now).
 * @param {HandlerEnv} env
 */
export async function insertPicture(env) {
  const { picture, wrapType } = pictureArgs(env);
  const { size } = picture;
  const target = resolveScope(env.context, env.registry, env.args.scope ?? "selection");
  await readAnchor(env, target, { change: picture.location === "replace" ? "noTables" : "same" });
  if (size.capped) {
    env.note("info", `The picture's natural size (${size.capped.width} × ${size.capped.height} pt) is wider than the page: it was scaled to ${size.width} × ${size.height} pt, the text width of Word's default page (Letter, 1-inch margins; Office.js does not give this document's page setup). Give width or height to choose the size.`, "args.width");
  }
  // At the start or end of a block's id: inside the breaks it starts or ends with (block-edge-spot.js).
  const edgeSpot = await blockEdgeSpot(env, target, picture.location);
  const placed = wrapType === "inline" ? insertInline(env, target, picture, edgeSpot) : insertFloating(env, target, picture, SHAPE_WRAP[wrapType], edgeSpot);
  /** @type {Record<string, any>} */
  const result = { rangeId: placed.rangeId };
  env.afterSync(() => {
    const actual = { width: round(placed.sized.width), height: round(placed.sized.height) };
    if (Math.abs(actual.width - size.width) > SIZE_TOLERANCE || Math.abs(actual.height - size.height) > SIZE_TOLERANCE) {
      env.note("warn", `Word made the picture ${actual.width} × ${actual.height} pt, not the ${size.width} × ${size.height} pt asked for (this host may ignore picture sizes)`, "args.width");
    }
    Object.assign(result, placed.data(), actual);
  });
  return result;
}
/** @param {HandlerEnv} env @returns {import("../types.js").SyncKind} */
insertPicture.firstSync = (env) => (readsAnchorFirst(env) || readsBlockEdge(env, env.args.scope, env.args.location) ? "read" : "none");

/**
 * insertPicture's checks before it touches Word: its args, and the host for a floating picture.
 * @param {HandlerEnv} env
 * @returns {{ picture: PictureSpec & { size: { capped?: { width: number, height: number } } }, wrapType: (typeof WRAP_TYPES)[number] }}
 */
function pictureArgs({ args, supports }) {
  if (args.source !== undefined && args.source !== "base64") {
    throw new PaneError("E_INVALID_ARG", 'args.source must be "base64" (the bridge fetches URLs)', "args.source");
  }
  const data = str(args, "data", { min: 1 });
  const lockAspectRatio = bool(args, "lockAspectRatio", true);
  const size = pictureSize({
    naturalWidth: int(args, "naturalWidth", { min: 1 }),
    naturalHeight: int(args, "naturalHeight", { min: 1 }),
    width: positiveNumber(args, "width"),
    height: positiveNumber(args, "height"),
    lockAspectRatio,
  });
  const wrapType = oneOf(args, "wrapType", WRAP_TYPES, "inline");
  const location = oneOf(args, "location", LOCATIONS, "replace");
  const altText = str(args, "altText", { optional: true });
  if (wrapType !== "inline" && !supports("WordApiDesktop", "1.2")) {
    throw new PaneError("E_UNSUPPORTED", `wrapType "${wrapType}" needs floating pictures (WordApiDesktop 1.2: Word on Windows or Mac); use "inline" here`, "args.wrapType");
  }
  return { picture: { data: stripDataUrl(data), size, lockAspectRatio, altText, location }, wrapType };
}

/**
 * @typedef {{ data: string, size: { width: number, height: number }, lockAspectRatio: boolean, altText?: string, location: import("../locations.js").Location }} PictureSpec
 * @typedef {{ sized: { width: number, height: number }, rangeId: string, data: () => Record<string, string> }} Placed
 *   `sized`: the inserted picture, its width and height loaded; `data()`: the result's ids (after the sync that
 *   inserted it)
 */

/**
 * An inline picture at the scope/location. Body takes Start/End; "replace" on the document replaces the
 * whole body's range. Before/after an anchor go outside its content control ({@link insertionRange}). At a
 * range's table (a table id, table.create's rangeId): before/after in a paragraph of its own next to the table,
 * start/end in its first/last cell, replace in a paragraph instead of the table (table-edges.js; an anchor's
 * blocks: the anchor keeps the picture).
 * @param {HandlerEnv} env
 * @param {import("../registry.js").ScopeTarget} target
 * @param {PictureSpec} picture
 * @param {Word.Range} [edgeSpot]  where start/end of a block's id go, inside its breaks (block-edge-spot.js)
 * @returns {Placed}
 */
function insertInline(env, target, picture, edgeSpot = undefined) {
  const { registry } = env;
  const { location } = picture;
  /** @type {Word.InlinePicture} */
  let inline;
  if (target.kind === "range" && atTable(target, location)) {
    const spot = spotAtTable(env, target, location, "the picture");
    inline = spot.host.insertInlinePictureFromBase64(picture.data, spot.at);
    spot.placed?.();
  } else if (target.kind === "document" && location !== "replace") {
    inline = target.body.insertInlinePictureFromBase64(picture.data, location === "start" || location === "before" ? "Start" : "End");
  } else {
    const range = target.kind === "document" ? target.body.getRange("Whole") : edgeSpot ?? insertionRange(target, location);
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
  inline.load(["width", "height"]);
  const rangeId = registry.add("rng", inline.getRange("Whole"));
  return { sized: inline, rangeId, data: () => ({ rangeId }) };
}

/**
 * A floating picture (WordApiDesktop 1.2 shapes: the host was checked by pictureArgs), anchored where `location` says in the scope: start/before
 * at its start, end/after at its end (before/after an anchor: outside it), replace in place of its content (which
 * is deleted). The returned rangeId is that anchor. Its position is set explicitly: the top left of the anchor paragraph's column. At a
 * range's table the anchor is where an inline picture would go (table-edges.js): never a cell for before/after.
 * @param {HandlerEnv} env
 * @param {import("../registry.js").ScopeTarget} target
 * @param {PictureSpec} picture
 * @param {"Square" | "Tight" | "Behind" | "Front"} wrap
 * @param {Word.Range} [edgeSpot]  where start/end of a block's id go, inside its breaks (block-edge-spot.js)
 * @returns {Placed}
 */
function insertFloating(env, target, picture, wrap, edgeSpot = undefined) {
  const { registry } = env;
  const { location } = picture;
  const whole = target.kind === "document" ? target.body : target.range;
  /** @type {Word.Range} */
  let anchor;
  const spot = target.kind === "range" && atTable(target, location) ? spotAtTable(env, target, location, "the picture") : undefined;
  if (spot) {
    anchor = spot.host.getRange(spot.at);
  } else if (location === "replace") {
    if (target.kind === "document") {
      target.body.clear();
      anchor = target.body.getRange("Start");
    } else {
      target.range.delete();
      anchor = target.range;
    }
  } else {
    const edge = location === "start" || location === "before" ? "Start" : "End";
    anchor = (target.kind === "document" ? whole : edgeSpot ?? insertionRange(target, location)).getRange(edge);
  }
  const shape = anchor.insertPictureFromBase64(picture.data, { width: picture.size.width, height: picture.size.height, left: 0, top: 0 });
  spot?.placed?.();
  shape.lockAspectRatio = picture.lockAspectRatio;
  if (picture.altText !== undefined) shape.altTextDescription = picture.altText;
  shape.textWrap.type = wrap;
  shape.relativeHorizontalPosition = "Column";
  shape.relativeVerticalPosition = "Paragraph";
  shape.left = 0;
  shape.top = 0;
  shape.load(["id", "width", "height"]);
  const rangeId = registry.add("rng", anchor);
  return { sized: shape, rangeId, data: () => ({ rangeId, shapeId: String(shape.id) }) };
}

/**
 * Accept a data: URL too; Word wants the bare base64.
 * @param {string} data
 */
function stripDataUrl(data) {
  const comma = data.startsWith("data:") ? data.indexOf(",") : -1;
  return comma >= 0 ? data.slice(comma + 1) : data;
}

/**
 * insertPicture's checks of its args and the host, made before it touches Word: a dry run makes them too
 * (op-checks.js).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = { insertPicture: pictureArgs };
