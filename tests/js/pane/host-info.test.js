import { test } from "node:test";
import assert from "node:assert/strict";
import { createSimulator } from "../../../addin/sim/word-sim.js";
import { describeHost, documentTitle, highestSupported } from "../../../addin/js/host-info.js";

test("document titles come from the URL's file name", () => {
  assert.equal(documentTitle("https://contoso.sharepoint.com/Shared%20Documents/Q3%20Report.docx?web=1"), "Q3 Report.docx");
  assert.equal(documentTitle("C:\\Users\\me\\Notes.docx"), "Notes.docx");
  assert.equal(documentTitle(""), "Untitled");
  assert.equal(documentTitle(null), "Untitled");
  assert.equal(documentTitle("https://host/"), "host");
});

test("hello info on the web profile: WordApi only", () => {
  const sim = createSimulator({ profile: "web" });
  const info = describeHost(sim.Office, { simulated: true });
  assert.deepEqual(info.apiSets, { WordApi: "1.9" });
  assert.equal(info.host.app, "Word");
  assert.equal(info.host.platform, "Simulator");
  assert.equal(info.document.title, "Document1.docx");
});

test("hello info on the desktop profile: WordApi and WordApiDesktop, the host's platform", () => {
  const sim = createSimulator({ profile: "desktop" });
  const info = describeHost(sim.Office, { simulated: false });
  assert.equal(info.apiSets.WordApi, "1.9");
  assert.match(info.apiSets.WordApiDesktop, /^1\.\d$/);
  assert.equal(info.host.platform, "PC");
  assert.equal(typeof info.host.version, "string");
});

test("highestSupported stops at the first missing version", () => {
  const sim = createSimulator({ profile: "web", apiSets: { WordApi: "1.4" } });
  assert.equal(highestSupported(sim.Office, "WordApi", ["1.1", "1.2", "1.3", "1.4", "1.5"]), "1.4");
  assert.equal(highestSupported(sim.Office, "WordApiDesktop", ["1.1"]), undefined);
});
