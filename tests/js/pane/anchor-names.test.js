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

  test(`[${profile}] in a batch, the names are read up front: a name in use, or given by an earlier op, is refused; one freed by anchor.remove is not`, async () => {
    const env = setup(profile, { text: "One\nTwo" });
    const { anchorId } = ok(await env.run("anchor.create", { scope: "document", name: "Old" }));
    const before = env.sim.syncCount;
    const names = ["A", "B", "C", "D", "E", "F"];
    const outcome = await env.run("batch", {
      stopOnError: false,
      ops: [
        ...names.map((name) => ({ op: "anchor.create", args: { scope: "selection", name } })),
        { op: "anchor.create", args: { scope: "selection", name: "A" } },
        { op: "anchor.create", args: { scope: "selection", name: "Old" } },
        { op: "anchor.remove", args: { anchorId } },
        { op: "anchor.create", args: { scope: "selection", name: "Old" } },
      ],
    }, { maxSyncs: 3 });
    const { results } = outcome.result.data;
    assert.deepEqual(results.map((/** @type {{ ok: boolean, code?: string }} */ r) => r.code ?? r.ok), [true, true, true, true, true, true, "E_INVALID_ARG", "E_INVALID_ARG", true, true]);
    assert.match(results[7].diagnostics[0].msg, new RegExp(anchorId));
    // Not a sync per anchor.create: the names are read once, up front.
    assert.equal(env.sim.syncCount - before, 3);
    assert.deepEqual((await controls(env)).sort(), [...names, "Old"].sort());
  });
}
