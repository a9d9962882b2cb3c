// The playground: a simulated Word document on the left, the real task pane on the right.
// The pane (in the iframe) finds the simulator as window.parent.wordSim.
import { createSimulator } from "/addin/sim/word-sim.js";

const params = new URLSearchParams(location.search);
const profile = params.get("profile") === "desktop" ? "desktop" : "web";
const sim = createSimulator({ profile, latencyMs: Number(params.get("latency")) || 0 });
window.wordSim = sim;

/** A small PNG drawn in the page (no network). */
function demoPictureBase64() {
  const canvas = document.createElement("canvas");
  canvas.width = 96;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  const grad = g.createLinearGradient(0, 0, 96, 64);
  grad.addColorStop(0, "#2B579A");
  grad.addColorStop(1, "#5B9BD5");
  g.fillStyle = grad;
  g.fillRect(0, 0, 96, 64);
  g.fillStyle = "#FFFFFF";
  g.font = "bold 28px sans-serif";
  g.fillText("W", 36, 42);
  return canvas.toDataURL("image/png").split(",")[1];
}

function seed() {
  sim.load([
    { type: "paragraph", style: "Title", text: "Quarterly Report" },
    { type: "paragraph", style: "Heading 1", text: "Summary" },
    { type: "paragraph", runs: [{ text: "Revenue grew " }, { text: "12%", bold: true }, { text: " this quarter, driven by " }, { text: "new customers", italic: true, underline: "Single" }, { text: "." }] },
    { type: "paragraph", alignment: "Justified", runs: [{ text: "Costs were " }, { text: "flat", color: "#C00000" }, { text: " and " }, { text: "margins improved", highlight: "#FFFF00" }, { text: " across regions." }] },
    { type: "paragraph", text: "Launch the new plan", list: { kind: "bullet", level: 0 } },
    { type: "paragraph", text: "Hire two engineers", list: { kind: "bullet", level: 0 } },
    { type: "paragraph", text: "Review pricing", list: { kind: "bullet", level: 1 } },
    { type: "table", values: [["Region", "Q1", "Q2"], ["North", "10", "12"], ["South", "", "9"]], headerRowCount: 1, style: "Grid Table 4 - Accent 1", merges: [{ row: 1, col: 1, rowSpan: 2, colSpan: 1 }] },
    { type: "paragraph", runs: [{ text: "Logo: " }, { type: "picture", base64: demoPictureBase64(), width: 72, height: 48, altText: "Word Bridge logo" }] },
  ]);
}

const page = document.getElementById("pg-page");
const syncs = document.getElementById("pg-syncs");
const selectionLabel = document.getElementById("pg-selection");
let suppressDomSelection = false;

function render() {
  suppressDomSelection = true;
  page.innerHTML = sim.render();
  syncs.textContent = String(sim.syncCount);
  showSelection();
  queueMicrotask(() => { suppressDomSelection = false; });
}

document.getElementById("pg-profile").textContent = profile;
const other = profile === "web" ? "desktop" : "web";
const switchLink = document.getElementById("pg-switch");
switchLink.href = `?profile=${other}`;
switchLink.textContent = `Switch to ${other}`;

/** Show the sim selection in the header. */
function showSelection() {
  const sel = sim.getSelection();
  selectionLabel.textContent = sel.start === sel.end ? `caret @ ${sel.start}` : `${sel.start}–${sel.end} "${sel.text.slice(0, 40)}"`;
}

// While the mouse button is down over the page a re-render would replace the nodes the drag is
// anchored in and the selection would collapse, so renders wait for the button to come up.
let pointerDown = false;
let renderPending = false;
page.addEventListener("mousedown", () => { pointerDown = true; });
document.addEventListener("mouseup", () => {
  pointerDown = false;
  if (renderPending) { renderPending = false; render(); }
});

// Selecting text in the rendered page sets the simulator's selection. The change this causes needs
// no re-render (the page already shows that selection), only the label.
let selectingFromDom = false;
document.addEventListener("selectionchange", () => {
  if (suppressDomSelection) return;
  const s = document.getSelection();
  if (!s || s.rangeCount === 0 || !page.contains(s.anchorNode)) return;
  selectingFromDom = true;
  try { sim.selectFromDom(s); } finally { selectingFromDom = false; }
});
// Re-render after every sync that changed something, but not while the person is selecting.
sim.onChange(() => {
  syncs.textContent = String(sim.syncCount);
  if (selectingFromDom) { showSelection(); return; }
  const s = document.getSelection();
  const selecting = s && s.rangeCount && page.contains(s.anchorNode) && !s.isCollapsed && document.activeElement === page;
  if (pointerDown || selecting) { renderPending = pointerDown; showSelection(); return; }
  render();
});
// The sync counter also moves on read-only syncs.
setInterval(() => { syncs.textContent = String(sim.syncCount); }, 500);

/**
 * The sample document again, the URL's latency and a sync count of 0; the pane is left as it is, so ids it gave out
 * for the old text point into the new one, as after a person replaced all the text in Word. (The browser tests start
 * each test from here, on a page the tests of a module share.)
 */
function restoreSample() {
  sim.latencyMs = Number(params.get("latency")) || 0;
  seed();
  sim.resetSyncCount();
  render();
}

// Start over is a new load of the page: the sample document and a pane loaded afresh, whose ids are all new.
document.getElementById("pg-start-over").addEventListener("click", () => location.reload());
window.playground = { restoreSample };

seed();
render();

// Load the pane only now: it looks for window.parent.wordSim as it boots, so the simulator
// must exist first (a static src raced this module and sometimes lost).
const paneFrame = /** @type {HTMLIFrameElement} */ (document.getElementById("pg-taskpane"));
const paneToken = params.get("token");
paneFrame.src = "/taskpane.html" + (paneToken ? `?token=${encodeURIComponent(paneToken)}` : "");
