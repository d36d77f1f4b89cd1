import { deflateSync } from 'node:zlib';

// The site's icon, drawn in code (no binary files in the repository): a rounded square in the brand colour with a
// white rising bar chart. SVG for browsers that take it; PNG (and an ICO wrapping the PNG) for the rest.
const BRAND = [0x4f, 0x46, 0xe5];

export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Launch Directory">
<rect width="64" height="64" rx="14" fill="#4f46e5"/>
<rect x="14" y="36" width="9" height="14" rx="2" fill="#fff"/><rect x="27.5" y="26" width="9" height="24" rx="2" fill="#fff"/><rect x="41" y="14" width="9" height="36" rx="2" fill="#fff"/>
</svg>`;

function inRoundedRect(x: number, y: number, rx: number, ry: number, w: number, h: number, r: number): boolean {
  if (x < rx || y < ry || x >= rx + w || y >= ry + h) return false;
  const cx = Math.min(Math.max(x, rx + r), rx + w - r);
  const cy = Math.min(Math.max(y, ry + r), ry + h - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const BARS = [[14, 36, 14], [27.5, 26, 24], [41, 14, 36]];

// The same picture as RGBA pixels at any size (sampled at pixel centres).
function pixels(size: number): Buffer {
  const scale = size / 64;
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / scale;
      const y = (py + 0.5) / scale;
      if (!inRoundedRect(x, y, 0, 0, 64, 64, 14)) continue; // transparent corner
      const white = BARS.some(([bx, by, h]) => inRoundedRect(x, y, bx, by, 9, h, 2));
      const i = (py * size + px) * 4;
      out[i] = white ? 255 : BRAND[0];
      out[i + 1] = white ? 255 : BRAND[1];
      out[i + 2] = white ? 255 : BRAND[2];
      out[i + 3] = 255;
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

// One flat image needs no imaging library: signature, IHDR, the filtered rows deflated in IDAT, IEND.
export function iconPng(size: number): Buffer {
  const rgba = pixels(size);
  const stride = size * 4 + 1;
  const rows = Buffer.alloc(size * stride); // filter byte 0 (none) at the start of each row
  for (let y = 0; y < size; y++) rgba.copy(rows, y * stride + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// An .ico holding one PNG image, for clients that ask for /favicon.ico.
export function iconIco(size: number): Buffer {
  const png = iconPng(size);
  const dir = Buffer.alloc(22);
  dir.writeUInt16LE(1, 2); // type: icon
  dir.writeUInt16LE(1, 4); // one image
  dir[6] = size >= 256 ? 0 : size;
  dir[7] = size >= 256 ? 0 : size;
  dir.writeUInt16LE(1, 10); // colour planes
  dir.writeUInt16LE(32, 12); // bits per pixel
  dir.writeUInt32LE(png.length, 14);
  dir.writeUInt32LE(22, 18); // the image starts right after this directory
  return Buffer.concat([dir, png]);
}
