// Colour parsing: Word accepts "#RRGGBB" and colour names, and reports "#RRGGBB".
const NAMED = {
  black: "#000000", white: "#FFFFFF", red: "#FF0000", green: "#008000", blue: "#0000FF", yellow: "#FFFF00",
  cyan: "#00FFFF", magenta: "#FF00FF", gray: "#808080", grey: "#808080", darkblue: "#00008B", darkred: "#8B0000",
  darkgreen: "#006400", darkyellow: "#808000", darkcyan: "#008B8B", darkmagenta: "#8B008B", darkgray: "#A9A9A9",
  lightgray: "#D3D3D3", orange: "#FFA500", purple: "#800080", pink: "#FFC0CB", brown: "#A52A2A", turquoise: "#40E0D0",
  teal: "#008080", navy: "#000080", olive: "#808000", silver: "#C0C0C0", lime: "#00FF00", maroon: "#800000",
};

/**
 * Normalise a colour the way Word stores it, or return undefined when Word would reject it.
 * @param {unknown} value
 * @returns {string|undefined} "#RRGGBB"
 */
export function parseColor(value) {
  if (typeof value !== "string") return undefined;
  const v = value.trim();
  let m = /^#?([0-9a-f]{6})$/i.exec(v);
  if (m) return "#" + m[1].toUpperCase();
  m = /^#([0-9a-f]{3})$/i.exec(v);
  if (m) return "#" + m[1].split("").map((c) => c + c).join("").toUpperCase();
  return NAMED[v.toLowerCase()];
}
