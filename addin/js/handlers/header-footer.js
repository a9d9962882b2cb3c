// headerFooter.get / headerFooter.set: the headers and footers of the document's sections (WordApi 1.1).
// Office.js reaches them through document.sections → Section.getHeader/getFooter(type), each a Body. Both ops
// load the sections once (one sync, reads only), then queue every header/footer body's read or write for
// Word.run's closing sync: two round trips whatever the number of sections.
//
// Word links a new section's header to the previous section's ("Link to Previous"): both show one header, so
// setting either changes both. Office.js (WordApi) can neither read the link nor unlink: set reads the other
// sections' texts before and after its writes, in the same closing sync, and names those that changed with it.

import { PaneError } from "../errors.js";
import { oneOf, str } from "../args.js";
import { shownText } from "../shown-text.js";
import { buildBlocks, checkBlocks } from "./markdown.js";

/** @typedef {import("../types.js").HandlerEnv} HandlerEnv */

/** The op's type names → Word.HeaderFooterType. */
const TYPES = /** @type {const} */ ({ primary: "Primary", firstPage: "FirstPage", evenPages: "EvenPages" });
/** @typedef {keyof typeof TYPES} TypeName */
const TYPE_NAMES = /** @type {TypeName[]} */ (Object.keys(TYPES));
const KINDS = /** @type {const} */ (["header", "footer"]);

/**
 * E_UNSUPPORTED naming the set, where the host lacks sections (every Word with Office.js has WordApi 1.1).
 * @param {HandlerEnv} env
 */
function requireSections(env) {
  if (!env.supports("WordApi", "1.1")) {
    throw new PaneError("E_UNSUPPORTED", "Headers and footers need WordApi 1.1, which this Word does not support");
  }
}

/** @typedef {{ index: number, section: Word.Section }} IndexedSection */

/**
 * The lookup of the sections `args.section` names ("all" or an index), as both ops make it (dryRun too): the
 * arg checked at once, then (`queue`) the sections loaded for the next sync, then (`pick`) those named, or
 * E_NOT_FOUND for an index beyond the document.
 * @param {HandlerEnv} env
 * @returns {() => () => { picked: IndexedSection[], others: IndexedSection[], count: number }}  queue → pick; others:
 *   the document's sections not picked
 */
function sectionsLookup(env) {
  const wanted = env.args.section ?? "all";
  if (wanted !== "all" && !(Number.isInteger(wanted) && wanted >= 0)) {
    throw new PaneError("E_INVALID_ARG", 'args.section must be a section index (0-based) or "all"', "args.section");
  }
  return () => {
    const sections = env.context.document.sections;
    sections.load("items");
    return () => {
      const count = sections.items.length;
      if (wanted !== "all" && wanted >= count) {
        const has = count === 1 ? "has 1 section (index 0)" : `has ${count} sections (indexes 0-${count - 1})`;
        throw new PaneError("E_NOT_FOUND", `args.section ${wanted} is beyond the document: it ${has}`, "args.section");
      }
      const all = sections.items.map((section, index) => ({ index, section }));
      const picked = all.filter(({ index }) => wanted === "all" || index === wanted);
      return { picked, others: all.filter(({ index }) => !(wanted === "all" || index === wanted)), count };
    };
  };
}

/**
 * The sections `args.section` names, after one sync that loads them.
 * @param {HandlerEnv} env
 */
async function pickSections(env) {
  const pick = sectionsLookup(env)();
  await env.sync();
  return pick();
}

/**
 * @param {Word.Section} section
 * @param {"header" | "footer"} kind
 * @param {TypeName} type
 * @returns {Word.Body}
 */
const storyBody = (section, kind, type) => (kind === "header" ? section.getHeader(TYPES[type]) : section.getFooter(TYPES[type]));

/**
 * headerFooter.get {section="all", kind="both", type="all"} → {sections: [{index, headers?: {primary?,
 * firstPage?, evenPages?}, footers?: {...}}]}: the texts asked for. Two syncs: sections, then every body's text.
 * @param {HandlerEnv} env
 */
export async function get(env) {
  const { kind, type } = getArgs(env);
  const kinds = kind === "both" ? KINDS : [kind];
  const types = type === "all" ? TYPE_NAMES : [type];
  const { picked } = await pickSections(env);
  const out = picked.map(({ index, section }) => {
    /** @type {Record<string, any>} */
    const entry = { index };
    for (const k of kinds) {
      /** @type {Record<string, string>} */
      const texts = {};
      entry[k === "header" ? "headers" : "footers"] = texts;
      for (const t of types) {
        const body = storyBody(section, k, t);
        body.load("text");
        texts[t] = "";
        env.afterSync(() => { texts[t] = shownText(body.text); });
      }
    }
    return entry;
  });
  return { sections: out };
}
get.firstSync = /** @type {const} */ ("read");

/**
 * get's checks before it reads the sections: the host, kind and type.
 * @param {HandlerEnv} env
 */
function getArgs(env) {
  requireSections(env);
  const kind = oneOf(env.args, "kind", [...KINDS, "both"], "both");
  const type = oneOf(env.args, "type", [...TYPE_NAMES, "all"], "all");
  return { kind, type };
}

/**
 * headerFooter.set {section="all", kind="header", type="primary", text | blocks}: replace the content of each
 * selected section's header or footer (text: "\n" starts a paragraph, "" empties it; blocks: the canonical
 * markdown blocks, built as insertMarkdown builds them, plain paragraphs in the Header/Footer style).
 * → {sections: [indexes], sectionCount, kind, type, text | blocks}: `sections` names every section whose header or
 * footer changed, those linked to a picked one too (a warn diagnostic on args.section says so). Two syncs.
 * @param {HandlerEnv} env
 */
export async function set(env) {
  const { kind, type, blocks, text } = setArgs(env);
  const { picked, others, count } = await pickSections(env);
  const linked = watchLinked(env, others, kind, type);
  for (const { section } of picked) {
    const body = storyBody(section, kind, type);
    body.clear();
    // The cleared body's empty paragraph is its last: kept after a table that ends the blocks.
    if (blocks) buildBlocks(blocks, { spare: body.paragraphs.getFirst() }, kind === "header" ? "Header" : "Footer");
    else if (text) body.insertText(text, "Start");
  }
  noteHiddenType(env, kind, type);
  const data = { sections: picked.map(({ index }) => index), sectionCount: count, kind, type };
  linked((changed) => {
    // In place: the engine already holds the returned data.
    data.sections.push(...changed);
    data.sections.sort((a, b) => a - b);
    noteLinked(env, kind, type, picked.map(({ index }) => index), changed);
  });
  return blocks ? { ...data, blocks: blocks.length } : { ...data, text };
}

/**
 * Watch the sections set does not write, whose header/footer changes only where it is linked to one it writes
 * (Office.js cannot read the link): their texts are loaded now, before set queues its writes, and again once
 * `linked` is called after them; the closing sync reads both, so this costs no sync.
 * @param {HandlerEnv} env
 * @param {IndexedSection[]} others
 * @param {"header" | "footer"} kind
 * @param {TypeName} type
 * @returns {(report: (changed: number[]) => void) => void}  call after the writes: `report` gets the changed ones
 */
function watchLinked(env, others, kind, type) {
  const load = () => others.map(({ section }) => {
    const body = storyBody(section, kind, type);
    body.load("text");
    return body;
  });
  const before = load();
  return (report) => {
    const after = load();
    env.afterSync(() => {
      const changed = others.filter((_, i) => before[i].text !== after[i].text).map(({ index }) => index);
      if (changed.length) report(changed);
    });
  };
}

/**
 * The warning that set changed linked sections too, and how to avoid it.
 * @param {HandlerEnv} env
 * @param {"header" | "footer"} kind
 * @param {TypeName} type
 * @param {number[]} picked
 * @param {number[]} changed
 */
function noteLinked(env, kind, type, picked, changed) {
  const what = type === "primary" ? kind : `${type === "firstPage" ? "first-page" : "even-page"} ${kind}`;
  const sections = (/** @type {number[]} */ list) => `section${list.length === 1 ? "" : "s"} ${list.join(", ")}`;
  env.note("warn", `The ${what} of ${sections(picked)} is linked to that of ${sections(changed)} (Word's "Link to Previous", on for every new section: a section shows the previous section's ${kind}), so it changed there too. To give a section a ${kind} of its own, switch off "Link to Previous" for its ${what} in Word (Header & Footer tab), then set it again: Office.js cannot unlink ${kind}s`, "args.section");
}
set.firstSync = /** @type {const} */ ("read");

/**
 * set's checks before it reads the sections: the host, kind, type, and the text or blocks.
 * @param {HandlerEnv} env
 */
function setArgs(env) {
  requireSections(env);
  const { args } = env;
  const kind = oneOf(args, "kind", KINDS, "header");
  const type = oneOf(args, "type", TYPE_NAMES, "primary");
  const blocks = args.blocks === undefined ? undefined : checkBlocks(args.blocks);
  const text = blocks ? undefined : str(args, "text", { max: 32767 });
  return { kind, type, blocks, text };
}

/**
 * A warning that a first-page or even-pages header/footer may not show.
 * @param {HandlerEnv} env
 * @param {"header" | "footer"} kind
 * @param {TypeName} type
 */
function noteHiddenType(env, kind, type) {
  if (type === "primary") return;
  // The sections' "Different First Page" / "Different Odd & Even Pages" options decide whether Word shows these;
  // WordApi cannot read or set them (only WordApiDesktop 1.3's PageSetup can), so say so rather than imply it shows.
  const option = type === "firstPage" ? "Different First Page" : "Different Odd & Even Pages";
  env.note("warn", `Word shows this ${kind} only in sections where "${option}" is on (Header & Footer > Options); the add-in cannot switch it on, so where it is off the text is kept but not shown`, "args.type");
}

/**
 * The dry run of get or set: its checks, and the sections it would read or write, picked as it picks them.
 * @param {(env: HandlerEnv) => (() => void) | void} checkArgs  the op's checks; what it returns runs once the
 *   sections are picked (set's warning)
 * @returns {import("../dry-run.js").TargetLookup}
 */
function sectionsDryRun(checkArgs) {
  return {
    field: "section",
    plan(env) {
      const afterPick = checkArgs(env);
      const queue = sectionsLookup(env);
      return () => {
        const pick = queue();
        return () => {
          const { picked, count } = pick();
          afterPick?.();
          return { section: { sections: picked.map(({ index }) => index), sectionCount: count } };
        };
      };
    },
  };
}

/** The dry runs of get and set, by op. */
export const DRY_RUNS = {
  "headerFooter.get": sectionsDryRun((env) => { getArgs(env); }),
  "headerFooter.set": sectionsDryRun((env) => {
    const { kind, type } = setArgs(env);
    return () => noteHiddenType(env, kind, type);
  }),
};

/**
 * Each op's checks of the host and its args, made before it touches Word, by op: a dry run makes them too
 * (op-checks.js; its lookup of the sections checks args.section).
 * @type {Record<string, (env: HandlerEnv) => unknown>}
 */
export const CHECKS = { "headerFooter.get": getArgs, "headerFooter.set": setArgs };
