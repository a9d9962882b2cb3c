// A tiny stand-in for the browser DOM: just what ui.js and legacy-check.js touch (no jsdom).

export class FakeElement {
  /** @param {string} tagName @param {string} [id] */
  constructor(tagName, id) {
    this.tagName = tagName.toUpperCase();
    this.id = id ?? "";
    /** @type {FakeElement[]} */
    this.children = [];
    /** @type {FakeElement | null} */
    this.parent = null;
    this.textContent = "";
    this.className = "";
    this.title = "";
    this.hidden = false;
    this.checked = false;
    /** @type {Record<string, string>} */
    this.dataset = {};
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {Map<string, Function[]>} */
    this.listeners = new Map();
    const classes = new Set();
    this.classList = {
      toggle: (/** @type {string} */ name, /** @type {boolean} */ on) => { if (on) classes.add(name); else classes.delete(name); },
      contains: (/** @type {string} */ name) => classes.has(name),
    };
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
    if (name === "hidden") this.hidden = true;
    if (name.startsWith("data-")) this.dataset[name.slice(5)] = String(value);
  }
  getAttribute(name) {
    if (name.startsWith("data-")) return this.dataset[name.slice(5)] ?? null;
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name) {
    this.attributes.delete(name);
    if (name === "hidden") this.hidden = false;
  }
  append(child) { child.parent = this; this.children.push(child); }
  prepend(child) { child.parent = this; this.children.unshift(child); }
  remove() {
    if (!this.parent) return;
    this.parent.children = this.parent.children.filter((c) => c !== this);
    this.parent = null;
  }
  get lastElementChild() { return this.children[this.children.length - 1] ?? null; }
  addEventListener(type, fn) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]); }
  dispatch(type) { for (const fn of this.listeners.get(type) ?? []) fn({ type }); }
}

/** A document holding elements by id; `readyState` and events are driven by the test. */
export class FakeDocument {
  /** @param {string[]} ids  elements of the page, all <div>s */
  constructor(ids, readyState = "loading") {
    this.readyState = readyState;
    this.body = new FakeElement("body");
    /** @type {Map<string, FakeElement>} */
    this.byId = new Map(ids.map((id) => [id, new FakeElement("div", id)]));
    /** @type {Map<string, Function[]>} */
    this.listeners = new Map();
  }
  getElementById(id) { return this.byId.get(id) ?? null; }
  createElement(tag) { return new FakeElement(tag); }
  addEventListener(type, fn) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]); }
  dispatch(type) { for (const fn of this.listeners.get(type) ?? []) fn({ type }); }
}

/** The elements of taskpane.html that the pane's scripts look up. */
export const PANE_IDS = ["status", "status-text", "session", "pause", "log", "log-empty", "notice", "warning"];
