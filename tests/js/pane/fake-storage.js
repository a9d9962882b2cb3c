// A Web Storage (localStorage) stand-in for the task-record tests: a quota in characters, and a switch that
// makes every call throw (storage blocked).

export class QuotaExceededError extends Error {
  constructor() {
    super("The quota has been exceeded.");
    this.name = "QuotaExceededError";
  }
}

/**
 * @param {{ quota?: number }} [options]  characters of keys and values together
 */
export function fakeStorage({ quota = Infinity } = {}) {
  /** @type {Map<string, string>} */
  const items = new Map();
  const state = { blocked: false, writes: 0 };
  const check = () => {
    if (state.blocked) throw new Error("SecurityError: storage is blocked");
  };
  const used = () => [...items].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  return {
    state,
    items,
    get length() {
      check();
      return items.size;
    },
    key(i) {
      check();
      return [...items.keys()][i] ?? null;
    },
    getItem(key) {
      check();
      return items.has(key) ? items.get(key) : null;
    },
    setItem(key, value) {
      check();
      const before = items.get(key);
      const after = used() - (before === undefined ? 0 : key.length + before.length) + key.length + String(value).length;
      if (after > quota) throw new QuotaExceededError();
      items.set(key, String(value));
      state.writes += 1;
    },
    removeItem(key) {
      check();
      items.delete(key);
    },
  };
}

/** Resolve after `ms` milliseconds. */
export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
