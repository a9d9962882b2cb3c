// A range's text with its tracked deletions left out, worked out from Range.text and the texts of the range's
// "Deleted" changes instead of asking Word for it (Range.getReviewedText): that call scrolls the view to the changes
// (OfficeDev/office-js#3691), has frozen (#4302) and crashed (#6085) Word on some documents, and whether a range
// has changes is known only after a sync, too late to decide to call it in the same one. Range.text holds the text
// of tracked deletions (as Word shows them inline); Word lists a range's changes in document order, the first and
// last possibly reaching outside the range (only part of their text is in it).

/** Readings {@link acceptedReading} tries before it gives up (a long text with many like deletions). */
const READINGS_BUDGET = 5_000;

/**
 * A reading of `text` with each deletion left out where it lies, one after the other, for which `wanted` holds,
 * else the first reading found (what the text most likely reads as, for a message).
 * @param {string} text  Range.text
 * @param {string[]} deletions  the texts of the range's Deleted changes, in document order
 * @param {(reading: string) => boolean} wanted
 * @returns {{ text: string, matches: boolean }}
 */
export function acceptedReading(text, deletions, wanted) {
  let budget = READINGS_BUDGET;
  /** @type {string | undefined} */
  let first;
  /**
   * @param {number} k  the deletion to place
   * @param {number} from  where in `text` it may start
   * @param {string} kept  the text kept before `from`
   * @returns {string | undefined}  a wanted reading
   */
  const place = (k, from, kept) => {
    if (budget <= 0) return undefined;
    if (k === deletions.length) {
      budget -= 1;
      const reading = kept + text.slice(from);
      first ??= reading;
      return wanted(reading) ? reading : undefined;
    }
    for (const [start, end] of spansOf(text, deletions[k], from, k === 0, k === deletions.length - 1)) {
      const found = place(k + 1, end, kept + text.slice(from, start));
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const found = place(0, 0, "");
  return found !== undefined ? { text: found, matches: true } : { text: first ?? text, matches: false };
}

/**
 * Where a deletion's text may lie in `text` at or after `from`: each place it occurs whole; the first deletion also
 * as its end at the text's start (it began before the range), the last also as its start at the text's end.
 * @param {string} text
 * @param {string} deleted
 * @param {number} from
 * @param {boolean} first
 * @param {boolean} last
 * @returns {Generator<[number, number]>}
 */
function* spansOf(text, deleted, from, first, last) {
  if (deleted === "") return yield [from, from];
  for (let at = text.indexOf(deleted, from); at >= 0; at = text.indexOf(deleted, at + 1)) yield [at, at + deleted.length];
  if (first && from === 0) {
    for (let n = Math.min(deleted.length - 1, text.length); n > 0; n -= 1) {
      if (deleted.endsWith(text.slice(0, n))) yield [0, n];
    }
  }
  if (last) {
    for (let n = Math.min(deleted.length - 1, text.length - from); n > 0; n -= 1) {
      if (deleted.startsWith(text.slice(text.length - n))) yield [text.length - n, text.length];
    }
  }
}
