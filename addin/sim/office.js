// The Office namespace of the simulated host: onReady, HostType, PlatformType, context.
/** Office.HostType (string values as in Office.js) */
export const HostType = Object.freeze({ Word: "Word", Excel: "Excel", PowerPoint: "PowerPoint", Outlook: "Outlook", OneNote: "OneNote", Project: "Project", Access: "Access" });
/** Office.PlatformType */
export const PlatformType = Object.freeze({ PC: "PC", OfficeOnline: "OfficeOnline", Mac: "Mac", iOS: "iOS", Android: "Android", Universal: "Universal" });

/**
 * Build the Office namespace.
 * @param {{platform: string, version: string, url: string, apiSets: object, onSelectionHandlers: Set<Function>}} host
 */
export function createOffice(host) {
  const info = { host: HostType.Word, platform: host.platform };
  const settings = new Map();
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
        settings: {
          get: (k) => (settings.has(k) ? settings.get(k) : null),
          set: (k, v) => void settings.set(k, v),
          remove: (k) => void settings.delete(k),
          saveAsync: (cb) => ok(cb),
        },
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
