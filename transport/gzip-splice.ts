import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';
import { ownSized } from './own-sized';

// gzip of an answer made of a part shared by many answers and a short part of its own, without compressing the
// shared part again: an MCP tools/call answer is the (cached) result, then the request's JSON-RPC id. Compressing
// each such answer whole cost ~80 µs of CPU a call for a listing, more than the call itself.
//
// The shared part is deflated once and kept, ending in a sync flush (an empty stored block: the stream stops on a
// byte boundary and is not final); each answer appends its own part as final stored (uncompressed) blocks, and the
// gzip trailer's CRC-32 continues from the shared part's. The result is one ordinary gzip member that any gzip
// decoder reads (RFC 1951 3.2.4 stored blocks, RFC 1952). zlib has no call for "continue this stream from a saved
// state", hence these few lines; the compression itself is zlib's.
const deflateRawAsync = promisify(deflateRaw);

type Shared = { deflated: Uint8Array; crc: number; length: number };
const sharedParts = new WeakMap<object, Promise<Shared>>();

// A gzip header: magic, deflate, no flags, no mtime, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STORED_MAX = 0xffff;

async function sharedPart(key: object, text: string | Uint8Array): Promise<Shared> {
  let shared = sharedParts.get(key);
  if (!shared) {
    const raw = typeof text === 'string' ? Buffer.from(text) : text;
    shared = deflateRawAsync(raw, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })
      .then((deflated) => ({ deflated: ownSized(deflated), crc: crc32(raw), length: raw.byteLength }));
    sharedParts.set(key, shared);
  }
  return await shared;
}

// Final stored block(s) holding `bytes`, each at most 65,535 bytes (the last one marked final).
function storedBlocks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  do {
    const len = Math.min(STORED_MAX, bytes.byteLength - at);
    const last = at + len >= bytes.byteLength;
    out.push(Buffer.from([last ? 1 : 0, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff]), bytes.subarray(at, at + len));
    at += len;
  } while (at < bytes.byteLength);
  return out;
}

// gzip of `shared + own`. `key` names the shared text (an object that lives as long as that text is current, such
// as a cached result): the same key must always come with the same text.
export async function splicedGzip(key: object, shared: string | Uint8Array, own: string): Promise<Buffer> {
  const s = await sharedPart(key, shared);
  const tail = Buffer.from(own);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, s.crc), 0);
  trailer.writeUInt32LE((s.length + tail.byteLength) >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, s.deflated, ...storedBlocks(tail), trailer]);
}
