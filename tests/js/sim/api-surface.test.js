// The simulator offers what Word offers: every member of its proxy classes exists on Word's class in
// @types/office-js (the pane is type-checked against it), under the same requirement set. A member Word does not
// have would let a test pass that fails in Word; an untagged member is offered to hosts that lack it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { createSimulator, rejectsWith } from "./helpers.js";

const DTS = new URL("../../../addin/node_modules/@types/office-js/index.d.ts", import.meta.url);

/** Word's classes in the d.ts: class → member → its requirement set ("WordApi 1.3", "WordApiDesktop 1.2", or null). */
function wordClasses() {
  const lines = fs.readFileSync(DTS, "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith("declare namespace Word {"));
  /** @type {Record<string, Record<string, string | null>>} */
  const classes = {};
  let current = null;
  let set = null;
  for (let i = start + 1; i < lines.length && !lines[i].startsWith("declare namespace"); i++) {
    const line = lines[i];
    const opened = /^ {4}class (\w+) extends OfficeExtension\.ClientObject/.exec(line);
    if (opened) [current, set] = [(classes[opened[1]] ??= {}), null];
    else if (/^ {4}}/.test(line)) current = null;
    else if (current) {
      set = /\[Api set: ([^\]]+)\]/.exec(line)?.[1] ?? set;
      const member = /^ {8}(?:readonly )?([A-Za-z_]\w*)\??[(:]/.exec(line)?.[1];
      if (member) {
        if (!(member in current)) current[member] = set;
        set = null;
      }
    }
  }
  return classes;
}

/** The runtime's own members (ClientObject / ClientCollection plumbing), not Word's API. */
const RUNTIME = new Set(["constructor", "context", "load", "set", "track", "untrack", "toJSON", "isNullObject", "items"]);

/** A proxy class's members: its properties, navigations and methods (own and inherited, up to ClientObject). */
function simMembers(Cls) {
  const members = new Set([...Object.keys(Cls.props), ...Object.keys(Cls.navs)]);
  const shadowed = new Set();
  for (let proto = Cls.prototype; proto && proto.constructor.name !== "ClientObject"; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (!name.startsWith("_") && !shadowed.has(name) && typeof Object.getOwnPropertyDescriptor(proto, name).value === "function") members.add(name);
      shadowed.add(name); // a class that sets a member to undefined does not have the inherited one
    }
  }
  return [...members].filter((name) => !RUNTIME.has(name));
}

/** The simulator's tag ("1.3", "D1.2", none = 1.1) as the d.ts names the set. */
const setName = (tag) => (!tag || tag === "1.1" ? "WordApi 1.1" : tag.startsWith("D") ? `WordApiDesktop ${tag.slice(1)}` : `WordApi ${tag}`);

test("every simulated member exists in Word, in the requirement set Word has it in", () => {
  const word = wordClasses();
  const { Word } = createSimulator();
  const problems = [];
  for (const Cls of Object.values(Word)) {
    if (typeof Cls !== "function" || !Cls.className) continue;
    const members = word[Cls.className];
    if (!members) {
      problems.push(`${Cls.className}: no such class in Word`);
      continue;
    }
    for (const name of simMembers(Cls)) {
      if (!(name in members)) problems.push(`${Cls.className}.${name}: not in Word`);
      else if (setName(Cls.sets[name]) !== (members[name] ?? "WordApi 1.1")) problems.push(`${Cls.className}.${name}: ${setName(Cls.sets[name])}, Word: ${members[name]}`);
    }
  }
  assert.deepEqual(problems, []);
});

test("members Word does not have are missing, as in Word", async () => {
  const sim = createSimulator({ profile: "desktop" });
  sim.setText("one\ntwo");
  await sim.Word.run(async (context) => {
    const { body } = context.document;
    const paragraph = body.paragraphs.getFirst();
    for (const name of ["tables", "lists", "paragraphs"]) assert.equal(paragraph[name], undefined, `Paragraph.${name}`);
    assert.equal(typeof paragraph.inlinePictures, "object");
    assert.equal(/** @type {any} */ (body).insertPictureFromBase64, undefined);
    assert.equal(typeof paragraph.insertPictureFromBase64, "function");
    assert.equal(/** @type {any} */ (body.tables).getLast, undefined, "only ParagraphCollection has getLast");
    assert.equal(typeof body.paragraphs.getLast, "function");
    assert.equal(/** @type {any} */ (context.document.getStyles()).getFirst, undefined);
    await context.sync();
  });
});

test("TrackedChange has no authorEmail: loading it is InvalidArgument", async () => {
  const sim = createSimulator();
  sim.setText("one");
  await sim.Word.run(async (context) => {
    context.document.changeTrackingMode = "TrackAll";
    context.document.body.insertText(" more", "End");
    await context.sync();
  });
  await rejectsWith(sim.Word.run(async (context) => {
    context.document.body.getTrackedChanges().getFirst().load("author,authorEmail");
    await context.sync();
  }), "InvalidArgument");
});
