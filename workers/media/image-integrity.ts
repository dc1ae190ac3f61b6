import CRC32 from "crc-32";

/**
 * Whether a PNG or JPEG is whole: a truncated upload (a 60-byte PNG, a header without pixel data, a JPEG
 * cut off mid-scan) still has a readable header and size, so it would be stored and published broken.
 * Checks structure, not pixels: PNG chunks with their CRCs from IHDR through IDAT to IEND; JPEG segments
 * from SOI through a frame and a scan to EOI. Bytes after the end marker are tolerated (cameras add them).
 */

/** CRC-32 as PNG uses it (ISO 3309), unsigned. */
const crc32 = (bytes: Uint8Array) => CRC32.buf(bytes) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngIsWhole(b: Uint8Array): boolean {
  if (b.length < 8 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return false;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    const end = at + 8 + length;
    if (end + 4 > b.length) return false;
    if (crc32(b.subarray(at + 4, end)) !== view.getUint32(end)) return false;
    if (first && type !== "IHDR") return false;
    first = false;
    if (type === "IDAT") sawData = true;
    if (type === "IEND") return sawData;
    at = end + 4;
  }
  return false;
}

export function jpegIsWhole(b: Uint8Array): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let at = 2;
  let sawFrame = false;
  let sawScan = false;
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return sawFrame && sawScan;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > b.length) return false;
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    if (length < 2 || at + 2 + length > b.length) return false;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) sawFrame = true;
    at += 2 + length;
    if (marker === 0xda) {
      sawScan = true;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (
        at + 1 < b.length &&
        !(b[at] === 0xff && b[at + 1] !== 0x00 && !(b[at + 1]! >= 0xd0 && b[at + 1]! <= 0xd7))
      )
        at += 1;
    }
  }
  return false;
}

/** False only for a PNG or JPEG that is not whole; other formats are not checked here. */
export function imageIsWhole(mimeType: string, bytes: Uint8Array): boolean {
  if (mimeType === "image/png") return pngIsWhole(bytes);
  if (mimeType === "image/jpeg") return jpegIsWhole(bytes);
  return true;
}
