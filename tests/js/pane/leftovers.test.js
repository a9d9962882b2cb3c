// A failed op changes nothing, now or later. Word keeps what a failed batch queued in the request context's
// pending request and runs it with that context's next sync; the engine shares one context across ops, so an
// op that throws after queuing a write would have that write land silently with the next op. Every op is run
// here with arguments that fail in each way the document can make it fail (unknown ids, stale text, indexes
// out of range, merged tables, unknown names, older hosts, a selection in a table) and, whatever the outcome,
// the helper asserts that nothing is left queued (helpers.js) and this file that a failure left the document
// and the selection as they were.
import test from "node:test";
import assert from "node:assert/strict";
import { HOSTS, failingCalls, fixture } from "./failing-calls.js";

/** What a failure must leave as it was: the document, its stories and the selection. */
function state(sim) {
  return JSON.stringify([sim.snapshot(), sim.getSelection()]);
}

for (const host of HOSTS) {
  const label = `${host.profile}${host.apiSets ? ` WordApi ${host.apiSets.WordApi}` : ""}`;
  test(`every op that fails leaves nothing queued and nothing changed (${label})`, async () => {
    const probe = await fixture(host);
    let failures = 0;
    /** @type {string[]} */
    const problems = [];
    for (const [op, args] of failingCalls(probe.ids)) {
      for (const selectInTable of [false, true]) {
        for (const dryRun of [false, true]) {
          const { sim, run } = await fixture(host);
          if (selectInTable) sim.setSelection({ start: sim.text().length + 2 });
          const before = state(sim);
          const call = `${op}${dryRun ? " (dryRun)" : ""}${selectInTable ? " (selection in a table)" : ""} ${JSON.stringify(args)}`;
          let result;
          try {
            ({ result } = await run(op, dryRun ? { ...args, dryRun: true } : args));
          } catch (err) {
            problems.push(`${call}: ${err.message.split("\n")[0]}`);
            continue;
          }
          if (result.ok) continue;
          failures += 1;
          if (Object.keys(result.data ?? {}).length === 0 && state(sim) !== before) {
            problems.push(`${call}: failed (${result.code}) yet changed the document`);
          }
        }
      }
    }
    assert.deepEqual(problems, []);
    assert.ok(failures > 100, `only ${failures} calls failed: the matrix no longer tests failures`);
  });
}
