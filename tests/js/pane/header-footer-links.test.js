// headerFooter.set on a section whose header is linked to another's (Word's "Link to Previous", on for every new
// section): Word changes both, and Office.js can neither read nor switch off the link. The result names every section
// that changed and a warn diagnostic says why and what to do; an unlinked section is left alone and not named.
// headerFooter.get answers texts as readDocument shows them ("\n" between paragraphs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, ok, setup } from "./helpers.js";
import { createStory, sectionsOf } from "../../../addin/sim/stories.js";

/** @param {{ result: { diagnostics: { level: string, field?: string, msg: string }[] } }} outcome */
const linkWarnings = (outcome) => outcome.result.diagnostics.filter((d) => d.field === "args.section");

/** What a person does in Word with "Link to Previous" off: the section gets a header of its own. */
function unlinkHeader(sim, index) {
  const doc = sim._model;
  sectionsOf(doc)[index].data.headers.Primary = createStory(doc, "Header");
}

/** @param {(op: string, args: object) => Promise<any>} run */
async function primaryHeaders(run) {
  return ok(await run("headerFooter.get", { kind: "header", type: "primary" })).sections.map((s) => s.headers.primary);
}

for (const profile of PROFILES) {
  test(`[${profile}] setting a linked header names the section it is linked to and warns`, async () => {
    const { run } = setup(profile, { text: "Cover\nChapter" });
    ok(await run("headerFooter.set", { text: "Cover header", section: 0 }));
    ok(await run("insertBreak", { type: "sectionNext", scope: "document", location: "end" }));
    const chapter = await run("headerFooter.set", { text: "Chapter header", section: 1 });
    assert.deepEqual(ok(chapter).sections, [0, 1]);
    assert.equal(ok(chapter).sectionCount, 2);
    const [warning, ...more] = linkWarnings(chapter);
    assert.equal(more.length, 0);
    assert.equal(warning.level, "warn");
    assert.match(warning.msg, /header of section 1 is linked to that of section 0/);
    assert.match(warning.msg, /"Link to Previous"/);
    assert.deepEqual(await primaryHeaders(run), ["Chapter header", "Chapter header"]);
    // The other way round: section 0's header is what section 1 shows.
    const cover = await run("headerFooter.set", { text: "Cover again", section: 0 });
    assert.deepEqual(ok(cover).sections, [0, 1]);
    assert.match(linkWarnings(cover)[0].msg, /section 0 is linked to that of section 1/);
    // Setting every section changes only those it names: nothing to warn about.
    const all = await run("headerFooter.set", { text: "Everywhere", section: "all" });
    assert.deepEqual(ok(all).sections, [0, 1]);
    assert.deepEqual(linkWarnings(all), []);
  });

  test(`[${profile}] an unlinked section keeps its header and is not named; a footer's link is its own`, async () => {
    const { sim, run } = setup(profile, { text: "One\nTwo\nThree" });
    ok(await run("headerFooter.set", { text: "Shared", section: 0 }));
    ok(await run("insertBreak", { type: "sectionNext", scope: "document", location: "end" }));
    ok(await run("insertBreak", { type: "sectionNext", scope: "document", location: "end" }));
    unlinkHeader(sim, 1);
    const own = await run("headerFooter.set", { text: "Own", section: 1 });
    assert.deepEqual(ok(own).sections, [1, 2], "section 2 is linked to section 1");
    assert.match(linkWarnings(own)[0].msg, /section 1 is linked to that of section 2/);
    assert.deepEqual(await primaryHeaders(run), ["Shared", "Own", "Own"]);
    const first = await run("headerFooter.set", { text: "First only", section: 0 });
    assert.deepEqual(ok(first).sections, [0]);
    assert.deepEqual(linkWarnings(first), []);
    const footer = await run("headerFooter.set", { kind: "footer", text: "Foot", section: 2 });
    assert.deepEqual(ok(footer).sections, [0, 1, 2]);
    assert.match(linkWarnings(footer)[0].msg, /footer of section 2 is linked to that of sections 0, 1/);
  });

  test(`[${profile}] headerFooter.get shows paragraph and line breaks as "\\n", as readDocument does`, async () => {
    const { run } = setup(profile, { text: "Body" });
    ok(await run("headerFooter.set", { text: "Line1\nLine2\u000bLine3", section: 0 }));
    assert.deepEqual(await primaryHeaders(run), ["Line1\nLine2\nLine3"]);
  });
}
