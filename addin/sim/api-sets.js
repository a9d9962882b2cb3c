// Requirement-set profiles: which API sets a simulated host offers, and the ApiNotFound guard.
import { OfficeExtensionError, apiNotFoundMessage } from "./errors.js";

/** Requirement sets per profile: highest minor version per set name. */
export const PROFILES = Object.freeze({
  web: { WordApi: "1.9", WordApiOnline: "1.1" },
  desktop: { WordApi: "1.9", WordApiDesktop: "1.4" },
});

/** Compare "1.10" with "1.9" numerically. */
export function compareVersions(a, b) {
  const pa = String(a).split(".").map(Number);
  const pb = String(b).split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return d;
  }
  return 0;
}

/**
 * Build the requirement-set table of a simulator.
 * @param {string} profile "web" | "desktop"
 * @param {Record<string,string>} [overrides] e.g. {WordApi: "1.3"} to model an older host
 */
export function createApiSets(profile, overrides = {}) {
  const base = PROFILES[profile];
  if (!base) throw new Error(`unknown simulator profile: ${profile}`);
  const sets = { ...base, ...overrides };
  for (const k of Object.keys(sets)) if (sets[k] == null) delete sets[k];
  const find = (name) => Object.keys(sets).find((k) => k.toLowerCase() === String(name).toLowerCase());
  return {
    sets,
    /** Office.context.requirements.isSetSupported */
    isSetSupported(name, minVersion) {
      const key = find(name);
      if (!key) return false;
      const want = minVersion == null || minVersion === "" ? "1.1" : typeof minVersion === "number" ? minVersion.toFixed(1) : minVersion;
      return compareVersions(sets[key], want) >= 0;
    },
    /** True when a member tag ("1.4", "D1.2", or none) is offered. */
    isSetSupportedTag(tag) {
      if (!tag) return true;
      return tag.startsWith("D") ? this.isSetSupported("WordApiDesktop", tag.slice(1)) : this.isSetSupported("WordApi", tag);
    },
    /**
     * Throw ApiNotFound unless the tag ("1.4" = WordApi, "D1.2" = WordApiDesktop) is offered.
     * @param {string} member e.g. "Range.start"
     * @param {string} tag
     */
    require(member, tag) {
      if (!tag) return;
      const [name, version] = tag.startsWith("D") ? ["WordApiDesktop", tag.slice(1)] : ["WordApi", tag];
      if (!this.isSetSupported(name, version)) {
        throw new OfficeExtensionError({ code: "ApiNotFound", message: apiNotFoundMessage(member, `${name} ${version}`), errorLocation: member });
      }
    },
  };
}
