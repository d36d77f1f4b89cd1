import { describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { ownSized } from '../transport/own-sized';
import { encodedAnswer } from '../transport/compress';
import { splicedGzip } from '../transport/gzip-splice';
import { jsonBytes } from '../tools/invoke';

// What is kept past a request is held in a buffer of its own size: zlib's output is a view into its stream's 16 KB
// buffer, and a short Buffer.from is a slice of Node's shared 8 KB pool; kept as views, each held the whole.
const heldAlone = (b: Uint8Array) => b.buffer.byteLength === b.byteLength;

describe('ownSized', () => {
  const big = new Uint8Array(16_384).fill(7);
  it.each([
    ['a view into a larger buffer', big.subarray(100, 600), false],
    ['a buffer of its own', new Uint8Array(500).fill(7), true],
    ['an empty view', big.subarray(0, 0), false],
  ])('%s: same bytes, held alone', (_label, view, sameObject) => {
    const out = ownSized(view);
    expect(Buffer.from(out).equals(Buffer.from(view))).toBe(true);
    expect(heldAlone(out)).toBe(true);
    expect(out === view).toBe(sameObject);
  });
});

describe('kept answers', () => {
  const text = JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ slug: `listing-${i}`, tagline: 'kept '.repeat(8) })) });

  it.each(['br', 'gzip'] as const)('a compressed answer kept by its ETag (%s) holds only its own bytes', async (encoding) => {
    const etag = `W/"own-sized-${encoding}"`;
    await encodedAnswer(new TextEncoder().encode(text), etag, encoding);
    const kept = (await encodedAnswer(new TextEncoder().encode(text), etag, encoding))!;
    expect(heldAlone(kept)).toBe(true);
    const back = encoding === 'br' ? brotliDecompressSync(kept) : gunzipSync(kept);
    expect(back.toString()).toBe(text);
  });

  it("an MCP answer's shared part, deflated once, is held alone and still splices into valid gzip", async () => {
    const key = {};
    const first = await splicedGzip(key, text, ',"id":1}');
    const second = await splicedGzip(key, text, ',"id":2}');
    expect(gunzipSync(first).toString()).toBe(`${text},"id":1}`);
    expect(gunzipSync(second).toString()).toBe(`${text},"id":2}`);
  });

  it("a result's JSON bytes are held alone (a short text too)", () => {
    for (const value of [{ a: 1 }, { items: text }]) {
      const bytes = jsonBytes(value);
      expect(heldAlone(bytes)).toBe(true);
      expect(Buffer.from(bytes).toString()).toBe(JSON.stringify(value));
    }
  });
});
