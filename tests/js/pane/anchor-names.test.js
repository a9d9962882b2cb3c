// An anchor's name names one anchor: anchor.create refuses a name another anchor has (E_INVALID_ARG on args.name,
// naming that anchor), in a dry run too, and in a batch after an op that gave it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PROFILES, fails, ok, setup } from "./helpers.js";

/** @param {{ sim: any, run: Function }} env */
async function controls({ sim }) {
  return sim.Word.run(async (/** @type {any} */ context) => {
    const all = context.document.contentControls;
    all.load("items/title");
    await context.sync();
    return all.items.map((/** @type {{ title: string }} */ c) => c.title);
  });
}

for (const profile of PROFILES) {
  test(`[${profile}] anchor.create refuses a name another anchor has, naming that anchor, and makes nothing`, async () => {
    const env = setup(profile, { text: "One\nTwo" });
    const { anchorId } = ok(await env.run("anchor.create", { scope: "document", name: "Summary" }));
    const refused = fails(await env.run("anchor.create", { scope: "selection", name: "Summary" }), "E_INVALID_ARG", "args.name");
    assert.match(refused.diagnostics[0].msg, new RegExp(anchorId));
    assert.deepEqual(await controls(env), ["Summary"]);
    // Another name, or none, is fine; so is the name again once its anchor is gone.
    ok(await env.run("anchor.create", { scope: "selection", name: "Other" }));
    ok(await env.run("anchor.create", { scope: "selection" }));
    ok(await env.run("anchor.remove", { anchorId }));
    ok(await env.run("anchor.create", { scope: "selection", name: "Summary" }));
  });

  test(`[${profile}] a content control of someone else's with the title does not take the name`, async () => {
    const env = setup(profile, { text: "One" });
    await env.sim.Word.run(async (/** @type {any} */ context) => {
      context.document.body.paragraphs.getFirst().getRange("Content").insertContentControl().title = "Summary";
      await context.sync();
    });
    ok(await env.run("anchor.create", { scope: "selection", name: "Summary" }));
  });

  test(`[${profile}] a dry run of anchor.create refuses the name as the op does`, async () => {
    const env = setup(profile, { text: "One" });
    const { anchorId } = ok(await env.run("anchor.create", { scope: "document", name: "Summary" }));
    const refused = fails(await env.run("anchor.create", { scope: "selection", name: "Summary", dryRun: true }), "E_INVALID_ARG", "args.name");
    assert.match(refused.diagnostics[0].msg, new RegExp(anchorId));
    assert.equal(ok(await env.run("anchor.create", { scope: "selection", name: "New", dryRun: true })).dryRun, true);
    assert.deepEqual(await controls(env), ["Summary"]);
  });

  test(`[${profile}] in a batch, a second anchor.create with the name the first gave is refused`, async () => {
    const env = setup(profile, { text: "One\nTwo" });
    const outcome = await env.run("batch", {
      stopOnError: false,
      ops: [
        { op: "anchor.create", args: { scope: "document", name: "Twice" } },
        { op: "anchor.create", args: { scope: "selection", name: "Twice" } },
      ],
    });
    const { results } = outcome.result.data;
    assert.equal(results[0].ok, true);
    assert.equal(results[1].ok, false);
    assert.equal(results[1].code, "E_INVALID_ARG");
    assert.deepEqual(await controls(env), ["Twice"]);
  });
}
