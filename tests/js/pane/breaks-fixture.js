// Shared setup of the break tests: a document of three paragraphs whose second one holds the breaks under test.
import { ok, setup } from "./helpers.js";

/**
 * "One", `middle`, "Two", and the middle paragraph's block id (readDocument structure's rangeId).
 * @param {string} profile
 * @param {string} middle  Word's text of it: "\f" a page break, "\x0e" a column break
 */
export async function withMiddle(profile, middle) {
  const env = setup(profile, { text: `One\n${middle}\nTwo` });
  const read = ok(await env.run("readDocument", { scope: "document", format: "structure", includeRangeIds: true }));
  return { ...env, id: read.blocks[1].rangeId };
}
