// Where a tracked change's text lies in a block's markdown when the markdown does not hold it as written: formatting
// splits it ("Sales rose **12%** this year." shows the deleted "Sales rose 12% this year."). The text is looked for
// in what the markdown shows (its characters without the syntax that formats them), and the change's mark goes
// round the markdown that shows it, whole formatting included. Where the change starts or ends inside formatting,
// the formatting is closed before the mark and opened again inside it ("**1**{--**2%**--}"), so the markup stays
// well nested and reads as the document does: the changed text inside the mark, the rest outside it.

/**
 * Syntax that formats text: an emphasis or strikethrough run (`**`, `*`, `~~`, or several closing and opening
 * at once split into one delimiter each), a code span's ticks, a link's `[` and `](url)`. `partner`: the index of
 * the delimiter that closes this one or that this one closes (-1: none).
 * @typedef {{ from: number, to: number, text: string, opens: boolean, partner: number }} Delimiter
 */
/**
 * What a block's markdown shows: `text`, each of its characters written at md[starts[k], ends[k]) (an escaped
 * character with its backslash, a line break `\` + new line or `<br>` as Word's "\v"), and the delimiters.
 * @typedef {{ text: string, starts: number[], ends: number[], delimiters: Delimiter[] }} Shown
 */

/**
 * The markdown with a mark round the `skip + 1`-th place from `from` on that shows `part` (undefined: none
 * does, or it lies in formatting the markdown does not close).
 * @param {string} md
 * @param {string} part
 * @param {{ from: number, skip: number, wrap: [string, string], written: [number, number][] }} where  `written`: the
 *   marks already in md, which show nothing
 * @returns {{ md: string, mark: [number, number] } | undefined}
 */
export function markShown(md, part, { from, skip, wrap, written }) {
  const shown = shownOf(md, new Set(written.flatMap(([start, end]) => [start, end - wrap[1].length])));
  const first = shown.starts.findIndex((at) => at >= from);
  let at = first < 0 ? -1 : shown.text.indexOf(part, first);
  for (let n = 0; n < skip && at >= 0; n += 1) at = shown.text.indexOf(part, at + 1);
  if (at < 0) return undefined;
  const [start, end] = snapped(shown, shown.starts[at], shown.ends[at + part.length - 1]);
  const before = openAt(shown, start);
  const after = openAt(shown, end);
  if ([...before, ...after].some((d) => d.partner < 0)) return undefined;
  const closers = (/** @type {Delimiter[]} */ open) => [...open].reverse().map((d) => shown.delimiters[d.partner].text).join("");
  const openers = (/** @type {Delimiter[]} */ open) => open.map((d) => d.text).join("");
  const head = md.slice(0, start) + closers(before);
  const marked = `${wrap[0]}${openers(before)}${md.slice(start, end)}${closers(after)}${wrap[1]}`;
  return { md: `${head}${marked}${openers(after)}${md.slice(end)}`, mark: [head.length, head.length + marked.length] };
}

/**
 * Whether `part` is shown inside one of the marks written (the mark of an earlier change covering it shows it).
 * @param {string} md
 * @param {string} part
 * @param {[number, number][]} written
 */
export function shownInMarks(md, part, written) {
  return written.some(([start, end]) => shownOf(md.slice(start + 3, end - 3), new Set()).text.includes(part));
}

/**
 * Whether `form` occurs inside text[start, end) (as written: the mark of an earlier change there shows it).
 * @param {string} text
 * @param {string} form
 * @param {number} start
 * @param {number} end
 */
export function within(text, form, start, end) {
  const at = text.indexOf(form, start);
  return at >= 0 && at + form.length <= end;
}

/**
 * The span widened over the delimiters right round it that it closes or opens (`**12%** ` rather than `12%** `),
 * and over a pair round all of it (`**12%**`, `[report](url)`).
 * @param {Shown} shown
 * @param {number} start
 * @param {number} end
 */
function snapped(shown, start, end) {
  const { delimiters } = shown;
  for (let moved = true; moved; ) {
    moved = false;
    const opener = delimiters.find((d) => d.to === start && d.opens && d.partner >= 0 && delimiters[d.partner].from >= start
      && (delimiters[d.partner].to <= end || delimiters[d.partner].from === end));
    if (opener) {
      const closer = delimiters[opener.partner];
      [start, end, moved] = [opener.from, closer.from === end ? closer.to : end, true];
    }
    const closer = delimiters.find((d) => d.from === end && !d.opens && d.partner >= 0 && delimiters[d.partner].from >= start);
    if (closer) [end, moved] = [closer.to, true];
  }
  return [start, end];
}

/**
 * The delimiters open at a place of the markdown, outermost first.
 * @param {Shown} shown
 * @param {number} at
 */
function openAt(shown, at) {
  return shown.delimiters.filter((d) => d.opens && d.to <= at && (d.partner < 0 || shown.delimiters[d.partner].from >= at));
}

/**
 * What markdown written by readDocument shows (see {@link Shown}).
 * @param {string} md
 * @param {Set<number>} marks  where a mark already written starts or ends (its `{--`, `--}`, three characters)
 * @returns {Shown}
 */
function shownOf(md, marks) {
  /** @type {Shown} */
  const shown = { text: "", starts: [], ends: [], delimiters: [] };
  /** @type {number[]} the open delimiters */
  const open = [];
  const show = (/** @type {string} */ text, /** @type {number} */ from, /** @type {number} */ to) => {
    for (const c of text) {
      shown.text += c;
      shown.starts.push(from);
      shown.ends.push(to);
    }
  };
  /** @param {Delimiter} d  an opener, or a closer of the innermost open delimiter */
  const add = (d) => {
    shown.delimiters.push(d);
    const index = shown.delimiters.length - 1;
    if (d.opens) open.push(index);
    else {
      d.partner = /** @type {number} */ (open.pop());
      shown.delimiters[d.partner].partner = index;
    }
  };
  const top = () => shown.delimiters[open[open.length - 1]];
  let i = 0;
  while (i < md.length) {
    const c = md[i];
    if (marks.has(i)) {
      i += 3;
      continue;
    }
    const written = writtenChar(md, i);
    if (written) {
      show(written.shows, i, i + written.length);
      i += written.length;
      continue;
    }
    if (c === "`") {
      let after = i;
      while (md[after] === "`") after += 1;
      const ticks = md.slice(i, after);
      const close = closingTicks(md, after, ticks.length);
      if (close < 0) show(ticks, i, after);
      else {
        add({ from: i, to: after, text: ticks, opens: true, partner: -1 });
        for (let k = after; k < close; k += 1) show(md[k], k, k + 1);
        add({ from: close, to: close + ticks.length, text: ticks, opens: false, partner: -1 });
      }
      i = close < 0 ? after : close + ticks.length;
    } else if (c === "*" || md.startsWith("~~", i)) {
      let end = i;
      while (md[end] === "*" || md.startsWith("~~", end)) end += md[end] === "*" ? 1 : 2;
      let rest = md.slice(i, end);
      // A run closes the open delimiters it starts with ("**~~" closes "~~**"), innermost first; the rest opens.
      for (let d = top(); d && /^[*~]/.test(d.text) && rest.startsWith(reversed(d.text)); d = top()) {
        add({ from: end - rest.length, to: end - rest.length + d.text.length, text: reversed(d.text), opens: false, partner: -1 });
        rest = rest.slice(d.text.length);
      }
      if (rest) add({ from: end - rest.length, to: end, text: rest, opens: true, partner: -1 });
      i = end;
    } else if (c === "[") {
      add({ from: i, to: i + 1, text: "[", opens: true, partner: -1 });
      i += 1;
    } else if (c === "]" && md[i + 1] === "(" && top()?.text === "[" && md.indexOf(")", i) > 0) {
      const end = md.indexOf(")", i) + 1;
      add({ from: i, to: end, text: md.slice(i, end), opens: false, partner: -1 });
      i = end;
    } else {
      if (c !== "\u0002") show(c, i, i + 1); // U+0002: where a note's reference goes, not text
      i += 1;
    }
  }
  return shown;
}

/**
 * A character written with more than itself: escaped (`\*`), or a line break (`\` + new line, `<br>`: Word's "\v").
 * @param {string} md
 * @param {number} at
 * @returns {{ shows: string, length: number } | undefined}
 */
function writtenChar(md, at) {
  if (md[at] === "\\" && md[at + 1] === "\n") return { shows: "\v", length: 2 };
  if (md[at] === "\\" && /^[!-/:-@[-`{-~]$/.test(md[at + 1] ?? "")) return { shows: md[at + 1], length: 2 };
  return md.startsWith("<br>", at) ? { shows: "\v", length: 4 } : undefined;
}

/**
 * Where a code span opened by `n` ticks closes: the next run of exactly `n` ticks (-1: none, the ticks are text).
 * @param {string} md
 * @param {number} from
 * @param {number} n
 */
function closingTicks(md, from, n) {
  for (let at = md.indexOf("`", from); at >= 0; at = md.indexOf("`", at)) {
    let end = at;
    while (md[end] === "`") end += 1;
    if (end - at === n) return at;
    at = end;
  }
  return -1;
}

/** @param {string} text */
function reversed(text) {
  return [...text].reverse().join("");
}
