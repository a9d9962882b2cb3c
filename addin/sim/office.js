// The Office namespace of the simulated host: onReady, HostType, PlatformType, context.
/** Office.HostType (string values as in Office.js) */
export const HostType = Object.freeze({ Word: "Word", Excel: "Excel", PowerPoint: "PowerPoint", Outlook: "Outlook", OneNote: "OneNote", Project: "Project", Access: "Access" });
/** Office.PlatformType */
export const PlatformType = Object.freeze({ PC: "PC", OfficeOnline: "OfficeOnline", Mac: "Mac", iOS: "iOS", Android: "Android", Universal: "Universal" });

/**
 * Office.context.document.settings: the add-in's name/value pairs stored in the document. A load of the pane works
 * on its own copy, read from the document when it starts: set and remove change only that copy, saveAsync writes
 * it into the document, where the next load finds it. Values are stored as JSON, as Office stores them.
 * @param {Map<string, string>} saved  the document's settings: name → JSON
 */
export function createSettings(saved) {
  const copy = new Map([...saved].map(([k, v]) => [k, JSON.parse(v)]));
  return {
    get: (k) => (copy.has(k) ? copy.get(k) : null),
    set: (k, v) => void copy.set(k, v),
    remove: (k) => void copy.delete(k),
    /** saveAsync([options], [callback]): the copy becomes the document's settings. */
    saveAsync(options, callback) {
      saved.clear();
      for (const [k, v] of copy) saved.set(k, JSON.stringify(v));
      const cb = typeof options === "function" ? options : callback;
      const asyncContext = typeof options === "object" && options !== null ? options.asyncContext : undefined;
      if (typeof cb === "function") Promise.resolve().then(() => cb({ status: "succeeded", value: undefined, asyncContext }));
    },
  };
}

/**
 * Build the Office namespace.
 * @param {{platform: string, version: string, url: string, apiSets: object, onSelectionHandlers: Set<Function>,
 *   settings?: Map<string, string>}} host  settings: the document's saved add-in settings (createSettings)
 */
export function createOffice(host) {
  const info = { host: HostType.Word, platform: host.platform };
  const EventType = Object.freeze({ DocumentSelectionChanged: "documentSelectionChanged" });
  const AsyncResultStatus = Object.freeze({ Succeeded: "succeeded", Failed: "failed" });
  const ok = (cb, value) => typeof cb === "function" && cb({ status: "succeeded", value });
  return {
    HostType, PlatformType, EventType, AsyncResultStatus,
    /** Resolves {host: "Word", platform}; calls the callback too when given. */
    onReady(callback) {
      if (typeof callback === "function") Promise.resolve().then(() => callback(info));
      return Promise.resolve(info);
    },
    context: {
      host: HostType.Word,
      platform: host.platform,
      displayLanguage: "en-US",
      contentLanguage: "en-US",
      diagnostics: { host: HostType.Word, platform: host.platform, version: host.version },
      requirements: { isSetSupported: (name, version) => host.apiSets.isSetSupported(name, version) },
      document: {
        url: host.url,
        mode: "readWrite",
        settings: createSettings(host.settings ?? new Map()),
        addHandlerAsync(type, handler, options, cb) {
          if (type === EventType.DocumentSelectionChanged) host.onSelectionHandlers.add(handler);
          ok(typeof options === "function" ? options : cb);
        },
        removeHandlerAsync(type, options, cb) {
          if (type === EventType.DocumentSelectionChanged) host.onSelectionHandlers.clear();
          ok(typeof options === "function" ? options : cb);
        },
      },
    },
  };
}
