// Reading an image's format and pixel size from base64, as Word does when it inserts a picture.

/** Decode base64 to bytes, or null when it is not valid base64. */
export function decodeBase64(b64) {
  if (typeof b64 !== "string") return null;
  const clean = b64.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (!clean || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  try {
    const bin = atob(clean);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

const be16 = (b, i) => (b[i] << 8) | b[i + 1];
const le16 = (b, i) => b[i] | (b[i + 1] << 8);
const be32 = (b, i) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
const le32 = (b, i) => b[i] + (b[i + 1] << 8) + (b[i + 2] << 16) + ((b[i + 3] << 24) >>> 0);

/**
 * Identify PNG, JPEG, GIF or BMP and read its size in pixels.
 * @returns {{format: "Png"|"Jpeg"|"Gif"|"Bmp", width: number, height: number}|null}
 */
export function imageInfo(bytes) {
  if (!bytes || bytes.length < 10) return null;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes.length >= 24) return { format: "Png", width: be32(bytes, 16), height: be32(bytes, 20) };
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return { format: "Gif", width: le16(bytes, 6), height: le16(bytes, 8) };
  if (bytes[0] === 0x42 && bytes[1] === 0x4d && bytes.length >= 26) return { format: "Bmp", width: le32(bytes, 18), height: Math.abs(le32(bytes, 22) | 0) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) { i++; continue; }
      const marker = bytes[i + 1];
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { format: "Jpeg", width: be16(bytes, i + 7), height: be16(bytes, i + 5) };
      i += 2 + be16(bytes, i + 2);
    }
    return { format: "Jpeg", width: 1, height: 1 };
  }
  return null;
}

/** Pixels at 96 dpi to points. */
export const pxToPt = (px) => Math.round(px * 0.75 * 100) / 100;
