// A range's text as it reads with its tracked changes accepted or rejected, and where each change lies in it, worked
// out from Range.text (or Paragraph.text) and the range's tracked changes instead of asking Word for it
// (getReviewedText): that call scrolls the view to the changes (OfficeDev/office-js#3691), has frozen (#4302) and
// crashed (#6085) Word on some documents, and whether a range has changes is known only after a sync, too late to
// decide to call it in the same one. The text holds the text of tracked deletions and insertions both (as Word shows
// them inline); Word lists a range's changes in document order, the first and last possibly reaching outside the
// range (only part of their text is in it, or none: a change that only holds the paragraph mark before the range).
// Where a change's text occurs more than once, the order of the changes decides its place; where it does not, the
// first place, left to right.

/** @typedef {{ type: string, text: string }} Change  a tracked change as Word lists it (type "Added", "Deleted", …) */
/** @typedef {[number, number]} Span  where a change's text lies in the text: [start, end) */
/** @typedef {{ current: string, original: string, spans: (Span | undefined)[] }} Reading */

/** Readings {@link placeChanges} tries before it gives up (a long text with many like changes). */
const READINGS_BUDGET = 5_000;
/** Places a change's text is looked for at before {@link placeChanges} gives up. */
const PLACES_BUDGET = 20_000;
/** A paragraph, cell or row mark in a change's text: such a change runs on outside a paragraph. */
const MARK = /[\r\n\u0007]/;

/**
 * The first placing of the changes in `text` for which `wanted` holds, each change where its text lies, one after the
 * other in document order (a change may also lie inside an earlier one: a deletion over an earlier insertion),
 * trying the places left to right; undefined when none is found.
 * @param {string} text
 * @param {Change[]} changes  in document order
 * @param {(spans: Span[]) => boolean} [wanted]
 * @returns {Span[] | undefined}
 */
export function placeChanges(text, changes, wanted = () => true) {
  let readings = READINGS_BUDGET;
  let places = PLACES_BUDGET;
  /** @type {Span[]} */
  const spans = [];
  /**
   * @param {number} k  the change to place
   * @param {number} start  where the change before it starts (none of this one may start before)
   * @param {number} end  where the changes so far end (this one starts there or after, else inside them)
   * @returns {boolean}
   */
  const place = (k, start, end) => {
    if (k === changes.length) {
      readings -= 1;
      return wanted(spans);
    }
    for (const span of spansOf(text, changes[k].text, { start, end, first: k === 0, last: k === changes.length - 1 })) {
      if (readings <= 0 || --places <= 0) return false;
      spans[k] = span;
      if (place(k + 1, span[0], Math.max(end, span[1]))) return true;
    }
    return false;
  };
  return place(0, 0, 0) ? spans.slice(0, changes.length) : undefined;
}

/**
 * Where a change's text may lie in `text`, most likely first: whole at or after `end`; the first change also as its
 * end at the text's start (it began before the range), the last as its start at the text's end (it runs on after
 * it); whole inside the earlier changes; and, for a change that holds a mark, nothing of it (it lies outside).
 * @param {string} text
 * @param {string} changed  the change's text
 * @param {{ start: number, end: number, first: boolean, last: boolean }} where
 * @returns {Generator<Span>}
 */
function* spansOf(text, changed, { start, end, first, last }) {
  if (changed === "") return yield [end, end];
  for (let at = text.indexOf(changed, end); at >= 0; at = text.indexOf(changed, at + 1)) yield [at, at + changed.length];
  if (first && end === 0) {
    for (let n = Math.min(changed.length - 1, text.length); n > 0; n -= 1) {
      if (changed.endsWith(text.slice(0, n))) yield [0, n];
    }
  }
  if (last) {
    for (let n = Math.min(changed.length - 1, text.length - end); n > 0; n -= 1) {
      if (changed.startsWith(text.slice(text.length - n))) yield [text.length - n, text.length];
    }
  }
  for (let at = text.indexOf(changed, start); at >= 0 && at < end; at = text.indexOf(changed, at + 1)) yield [at, at + changed.length];
  if (!MARK.test(changed) || !(first || last)) return;
  // Across the whole text (the paragraph between two of its marks), or only the mark before or after the text.
  const parts = changed.split(/\r\n?|[\n\u0007]/);
  if (end === 0 && text !== "" && parts.slice(1, -1).includes(text)) yield [0, text.length];
  if (first && end === 0 && parts[parts.length - 1] === "") yield [0, 0];
  if (last && parts[0] === "") yield [text.length, text.length];
}

/**
 * The text with the spans of one kind of change left out.
 * @param {string} text
 * @param {Change[]} changes
 * @param {(Span | undefined)[]} spans
 * @param {"added" | "deleted"} kind
 */
function without(text, changes, spans, kind) {
  // The spans start in order (each change at or after the one before).
  let kept = "";
  let from = 0;
  spans.forEach((span, k) => {
    if (!span || kindOf(changes[k]) !== kind) return;
    if (span[0] > from) kept += text.slice(from, span[0]);
    from = Math.max(from, span[1]);
  });
  return kept + text.slice(from);
}

/** @param {Change} change */
function kindOf(change) {
  return String(change.type).toLowerCase();
}

/**
 * A paragraph's text as it reads with its changes accepted (`current`: deletions left out) and rejected (`original`:
 * insertions left out), and where each change lies (see {@link placeChanges}; a change not found is left out, and so
 * are formatting changes, which change neither).
 * @param {string} text  Paragraph.text (Range.text)
 * @param {Change[]} changes  the paragraph's tracked changes, in document order
 * @returns {Reading}
 */
export function reviewedReading(text, changes) {
  const placed = changes.map((change, k) => ({ change, k })).filter(({ change }) => ["added", "deleted"].includes(kindOf(change)));
  const texts = placed.map(({ change }) => change);
  /** @type {(Span | undefined)[]} */
  let spans = placeChanges(text, texts) ?? [];
  if (spans.length === 0 && texts.length > 0) spans = placeEach(text, texts);
  /** @type {(Span | undefined)[]} */
  const all = changes.map(() => undefined);
  placed.forEach(({ k }, j) => { all[k] = spans[j]; });
  return { current: without(text, texts, spans, "deleted"), original: without(text, texts, spans, "added"), spans: all };
}

/**
 * Each change where it lies after those before it, those not found left out: where no placing holds every change
 * (a text that differs from Word's, a long text with many like changes).
 * @param {string} text
 * @param {Change[]} changes
 * @returns {(Span | undefined)[]}
 */
function placeEach(text, changes) {
  let start = 0;
  let end = 0;
  return changes.map((change, k) => {
    const [span] = spansOf(text, change.text, { start, end, first: k === 0, last: k === changes.length - 1 });
    if (span) [start, end] = [span[0], Math.max(end, span[1])];
    return span;
  });
}

/**
 * A reading of `text` with each deletion left out where it lies, one after the other, for which `wanted` holds,
 * else the first reading found (what the text most likely reads as, for a message).
 * @param {string} text  Range.text
 * @param {string[]} deletions  the texts of the range's Deleted changes, in document order
 * @param {(reading: string) => boolean} wanted
 * @returns {{ text: string, matches: boolean }}
 */
export function acceptedReading(text, deletions, wanted) {
  const changes = deletions.map((deleted) => ({ type: "Deleted", text: deleted }));
  /** @type {string | undefined} */
  let first;
  const found = placeChanges(text, changes, (spans) => {
    const reading = without(text, changes, spans, "deleted");
    first ??= reading;
    return wanted(reading);
  });
  return found ? { text: without(text, changes, found, "deleted"), matches: true } : { text: first ?? text, matches: false };
}
