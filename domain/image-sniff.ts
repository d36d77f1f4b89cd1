// What an image file really is, read from its bytes: PNG, JPEG, WebP or SVG, with its size in pixels (user units
// for SVG). The Content-Type a server declares is never consulted: an HTML error page served as image/png, a file
// cut short, a picture of zero or absurd size or a file over the byte cap is refused with a reason.
// No image library is installed (sharp and the like need native builds), and only the header fields are needed,
// so the few structures are read here by hand.

export type ImageType = 'png' | 'jpeg' | 'webp' | 'svg';
export const IMAGE_MEDIA_TYPE: Record<ImageType, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };
export const IMAGE_EXTENSION: Record<ImageType, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg' };

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MAX_SIDE = 4096;
// SVG sizes are user units of a drawing that scales, not pixels to decode: a logo drawn on 0 0 10000 10000 is fine;
// beyond this it is not a logo.
const SVG_MAX_SIDE = 1_000_000;

// `length`: the bytes that make up the image; anything a server appended after its end is not kept.
export type SniffedImage = { ok: true; type: ImageType; mediaType: string; width: number; height: number; length: number };
export type SniffRefusal = { ok: false; reason: string };
export type SniffResult = SniffedImage | SniffRefusal;

const refuse = (reason: string): SniffRefusal => ({ ok: false, reason });
const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;

export function sniffImage(bytes: Uint8Array, maxBytes = LOGO_MAX_BYTES): SniffResult {
  if (bytes.length === 0) return refuse('the file is empty');
  if (bytes.length > maxBytes) return refuse(`the file is larger than ${Math.round(maxBytes / 1024)} KB`);
  const found = bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG' ? sniffPng(bytes)
    : bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff ? sniffJpeg(bytes)
      : ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP' ? sniffWebp(bytes)
        : sniffSvgBytes(bytes);
  if (!found.ok) return found;
  const { width, height, type } = found;
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return refuse('the image has no size (zero width or height)');
  const max = type === 'svg' ? SVG_MAX_SIDE : LOGO_MAX_SIDE;
  if (width > max || height > max) return refuse(`the image is larger than ${max} × ${max}`);
  return { ok: true, type, mediaType: IMAGE_MEDIA_TYPE[type], width, height, length: found.length };
}

type Found = { ok: true; type: ImageType; width: number; height: number; length: number } | SniffRefusal;

// PNG: the 8-byte signature, IHDR first (13 bytes: width, height, …), then chunks up to IEND with at least one IDAT.
function sniffPng(b: Uint8Array): Found {
  if (b.length < 8 + 25 || b[4] !== 0x0d || b[5] !== 0x0a || b[6] !== 0x1a || b[7] !== 0x0a) return refuse('not a PNG file (bad signature)');
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return refuse('not a PNG file (no IHDR header)');
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  let at = 8;
  let idat = false;
  while (at + 12 <= b.length) {
    const len = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + len;
    if (end > b.length) break;
    if (type === 'IDAT') idat = true;
    if (type === 'IEND') return idat ? { ok: true, type: 'png', width, height, length: end } : refuse('the PNG file has no image data');
    at = end;
  }
  return refuse('the PNG file is truncated (no IEND chunk)');
}

// JPEG: SOI, then marker segments; a start-of-frame (SOF0–SOF15 except DHT, JPG and DAC) holds the size; the
// scan data after SOS runs to the EOI marker, which a file cut short does not have.
function sniffJpeg(b: Uint8Array): Found {
  let at = 2;
  let size: { width: number; height: number } | null = null;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return refuse('the JPEG file is malformed');
    const marker = b[at + 1];
    if (marker === 0xff) { at++; continue; } // fill byte
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { at += 2; continue; } // no length
    if (marker === 0xd9) break; // EOI before any scan
    const len = u16be(b, at + 2);
    if (len < 2 || at + 2 + len > b.length) return refuse('the JPEG file is truncated');
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && len >= 7) size = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    if (marker === 0xda) {
      if (!size) return refuse('the JPEG file has no frame header');
      const scanStart = at + 2 + len;
      for (let i = b.length - 2; i >= scanStart; i--) {
        if (b[i] === 0xff && b[i + 1] === 0xd9) return { ok: true, type: 'jpeg', ...size, length: i + 2 };
      }
      return refuse('the JPEG file is truncated (no end-of-image marker)');
    }
    at += 2 + len;
  }
  return refuse(size ? 'the JPEG file has no image data' : 'the JPEG file has no frame header');
}

// WebP: RIFF/WEBP whose declared size fits the file, then VP8 (lossy), VP8L (lossless) or VP8X (extended) first.
function sniffWebp(b: Uint8Array): Found {
  if (b.length < 30) return refuse('the WebP file is truncated');
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length) return refuse('the WebP file is truncated');
  const chunk = ascii(b, 12, 4);
  const chunkEnd = 20 + u32le(b, 16);
  if (chunkEnd > riffEnd) return refuse('the WebP file is truncated');
  const done = (width: number, height: number): Found => ({ ok: true, type: 'webp', width, height, length: riffEnd });
  if (chunk === 'VP8X') return done(1 + u24le(b, 24), 1 + u24le(b, 27));
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return refuse('the WebP file is malformed (bad VP8L signature)');
    const bits = u32le(b, 21);
    return done(1 + (bits & 0x3fff), 1 + ((bits >>> 14) & 0x3fff));
  }
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return refuse('the WebP file is malformed (bad VP8 start code)');
    return done((b[26] | (b[27] << 8)) & 0x3fff, (b[28] | (b[29] << 8)) & 0x3fff);
  }
  return refuse('the WebP file is malformed (unknown first chunk)');
}

function sniffSvgBytes(b: Uint8Array): Found {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return refuse('not a PNG, JPEG, WebP or SVG image');
  }
  return sniffSvg(text);
}

// The prolog an SVG file may start with: byte-order mark, XML declaration, comments, a DOCTYPE without an internal
// subset (one with entity declarations is refused: it is how entity-expansion attacks start), whitespace.
const PROLOG = /^(?:\uFEFF|\s+|<\?xml\b[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg\b[^>[]*>)*/i;
const ROOT = /^<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/;

// SVG: text whose first element (after the prolog) is <svg>, closed by the last </svg>, with a size from its
// width and height (plain numbers or px) or else from its viewBox.
export function sniffSvg(text: string): Found {
  const body = text.replace(PROLOG, '');
  const entities = () => refuse('the SVG declares a DOCTYPE or entities');
  if (/^<!DOCTYPE\s+svg\b/i.test(body)) return entities();
  const root = ROOT.exec(body);
  if (!root) return refuse('not a PNG, JPEG, WebP or SVG image');
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return entities();
  if (/\/\s*$/.test(root[1])) return refuse('the SVG is empty');
  if (!/<\/svg\s*>\s*$/.test(body)) return refuse('the SVG is truncated (no closing </svg>)');
  const attrs = attributesOf(root[1]);
  const px = (v: string | undefined) => (v && /^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(v) ? Number.parseFloat(v) : null);
  const width = px(attrs.width);
  const height = px(attrs.height);
  const length = new TextEncoder().encode(text).length;
  if (width !== null && height !== null) return { ok: true, type: 'svg', width, height, length };
  const box = (attrs.viewBox ?? '').trim().split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every(Number.isFinite)) return { ok: true, type: 'svg', width: box[2], height: box[3], length };
  return refuse('the SVG has no size (neither width and height nor a viewBox)');
}

// Attribute by attribute with a sticky pattern, so a hostile start tag costs time in proportion to its length.
function attributesOf(s: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null); // a hostile "__proto__" attribute is only a key
  const re = /\s*([^\s=]+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/y;
  for (let m = re.exec(s); m && m[0].length; m = re.exec(s)) out[m[1]] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}
