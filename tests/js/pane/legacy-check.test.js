// legacy-check.js: the classic ES5 script that explains, on Office 2016/2019's Internet Explorer or old Edge,
// why the pane cannot run. Evaluated in a fresh VM context over a tiny fake DOM, both ways it can fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";
import { FakeDocument, PANE_IDS } from "./fake-dom.js";

const ADDIN = new URL("../../../addin/", import.meta.url);
const SOURCE = readFileSync(new URL("js/legacy-check.js", ADDIN), "utf8");

/**
 * Run the script in a page: `modules` says whether HTMLScriptElement.prototype has noModule.
 * Timers are collected, not run: the test fires them.
 * @param {{ modules: boolean, readyState?: string }} page
 */
function load({ modules, readyState = "loading" }) {
  const document = new FakeDocument(PANE_IDS, readyState);
  document.getElementById("status").dataset.status = "connecting";
  document.getElementById("status-text").textContent = "Connecting…";
  document.getElementById("notice").hidden = true;
  /** @type {{ fn: Function, ms: number }[]} */
  const timers = [];
  /** @type {Map<string, Function[]>} */
  const listeners = new Map();
  const window = {
    document,
    HTMLScriptElement: function HTMLScriptElement() {},
    setTimeout: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
    addEventListener: (type, fn) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
  };
  if (modules) window.HTMLScriptElement.prototype.noModule = false;
  window.window = window;
  vm.runInNewContext(SOURCE, window, { filename: "legacy-check.js" });
  const fire = (type) => { for (const fn of listeners.get(type) ?? []) fn({ type }); };
  const status = () => ({
    status: document.getElementById("status").dataset.status,
    text: document.getElementById("status-text").textContent,
    notice: document.getElementById("notice").hidden ? null : document.getElementById("notice").textContent,
  });
  return { window, document, timers, fire, status };
}

test("no ES modules (Internet Explorer: Office 2016/2019): the status explains which Word works", () => {
  const page = load({ modules: false });
  assert.equal(page.status().notice, null, "nothing before the page is parsed");
  page.document.dispatch("DOMContentLoaded");
  const { status, text, notice } = page.status();
  assert.equal(status, "unsupported");
  assert.equal(text, "Needs a newer Word");
  assert.match(notice, /Internet Explorer or the original Microsoft Edge/);
  assert.match(notice, /Office 2016 and Office 2019/);
  assert.match(notice, /Microsoft 365.*Word 2021 or later.*Word on the web.*Word for Mac 16\.x/);
  assert.match(notice, /Update Office|Word on the web \(office\.com\)/);
  assert.equal(page.timers.length, 0);
});

test("no ES modules, script run after parsing: explains at once", () => {
  const page = load({ modules: false, readyState: "interactive" });
  assert.equal(page.status().status, "unsupported");
});

test("modules, but the module never started (old Edge cannot parse ?. and ??): explained after load + grace", () => {
  const page = load({ modules: true });
  page.document.dispatch("DOMContentLoaded");
  assert.equal(page.status().notice, null);
  page.fire("load");
  assert.equal(page.timers.length, 1);
  assert.ok(page.timers[0].ms >= 1000, "a grace period after load");
  assert.equal(page.status().notice, null, "nothing before the grace period ends");
  page.timers[0].fn();
  const { status, text, notice } = page.status();
  assert.equal(status, "unsupported");
  assert.equal(text, "Did not start");
  assert.match(notice, /did not start/);
  assert.match(notice, /Microsoft 365.*Word 2021 or later.*Word on the web.*Word for Mac 16\.x/);
  assert.match(notice, /word-bridge doctor/);
});

test("modules, and main.js started (it sets wordBridgeStarted): the status is left alone", () => {
  const page = load({ modules: true, readyState: "complete" });
  page.window.wordBridgeStarted = true;
  assert.equal(page.timers.length, 1);
  page.timers[0].fn();
  assert.deepEqual(page.status(), { status: "connecting", text: "Connecting…", notice: null });
});

test("main.js sets the flag legacy-check.js waits for", () => {
  const main = readFileSync(new URL("js/main.js", ADDIN), "utf8");
  assert.match(main, /\(window\)\.wordBridgeStarted = true;/);
  assert.match(SOURCE, /win\)\)\.wordBridgeStarted/);
});

test("taskpane.html loads legacy-check.js as a classic script before the module, and has its elements", () => {
  const html = readFileSync(new URL("taskpane.html", ADDIN), "utf8");
  const classic = html.indexOf('<script src="/addin/js/legacy-check.js"></script>');
  const module = html.indexOf('<script type="module" src="/addin/js/main.js">');
  assert.ok(classic > 0 && module > classic);
  for (const id of ["status", "status-text", "notice"]) assert.match(html, new RegExp(`id="${id}"`));
});

test("legacy-check.js is ES5: no let/const, arrows, classes, template literals, ?., ??, modules", () => {
  const require = createRequire(new URL("package.json", ADDIN));
  const ts = require("typescript");
  const file = ts.createSourceFile("legacy-check.js", SOURCE, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  assert.equal(file.parseDiagnostics.length, 0);
  const K = ts.SyntaxKind;
  const forbidden = new Map([
    [K.ArrowFunction, "arrow function"], [K.ClassDeclaration, "class"], [K.ClassExpression, "class"],
    [K.TemplateExpression, "template literal"], [K.NoSubstitutionTemplateLiteral, "template literal"],
    [K.ImportDeclaration, "import"], [K.ExportDeclaration, "export"], [K.ExportAssignment, "export"],
    [K.QuestionDotToken, "?."], [K.QuestionQuestionToken, "??"], [K.SpreadElement, "spread"],
    [K.ObjectBindingPattern, "destructuring"], [K.ArrayBindingPattern, "destructuring"], [K.AwaitExpression, "await"],
    [K.ForOfStatement, "for…of"], [K.ShorthandPropertyAssignment, "shorthand property"],
  ]);
  /** @type {string[]} */
  const found = [];
  const visit = (node) => {
    if (forbidden.has(node.kind)) found.push(forbidden.get(node.kind));
    if (node.kind === K.VariableDeclarationList && (node.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const))) found.push("let/const");
    if (node.kind === K.Parameter && node.initializer) found.push("default parameter");
    ts.forEachChild(node, visit);
  };
  visit(file);
  assert.deepEqual(found, []);
});
