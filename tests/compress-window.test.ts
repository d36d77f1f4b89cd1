import { randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliWindowBits, compressed, encodedAnswer } from '../transport/compress';

// transport/compress.ts: a br answer is made with a window just large enough for the whole body, not brotli's 4 MB
// default (the encoder's memory follows its window: first reads of pages as browsers ask grew the server by 56 MB).

// The window a brotli stream declares in its first bits (RFC 7932 9.1, read from the lowest bit up).
function declaredWindowBits(stream: Uint8Array): number {
  const b = stream[0];
  if ((b & 1) === 0) return 16;
  const n = (b >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (b >> 4) & 7;
  return m !== 0 ? 8 + m : 17;
}

// Text that compresses like a page: markup repeated around varying words.
function page(bytes: number): Buffer {
  let out = '<!doctype html><main>';
  for (let i = 0; out.length < bytes; i++) out += `<li class="row"><a href="/listings/tool-${i * 7919 % 100003}">Tool ${i}</a> <span>${(i * 37) % 1000} votes</span></li>\n`;
  return Buffer.from(out.slice(0, bytes));
}

describe("brotli's window for an answer", () => {
  it.each<[number, number]>([
    [1_000, 10],
    [1_008, 10],
    [1_009, 11],
    [11_000, 14],
    [65_520, 16],
    [65_521, 17],
    [900_000, 20],
    [16 * 1024 * 1024, 24],
    [200 * 1024 * 1024, 24],
  ])('a body of %i bytes gets %i bits, and the window holds it whole', (bytes, bits) => {
    expect(brotliWindowBits(bytes)).toBe(bits);
    if (bits < 24) expect(2 ** bits - 16).toBeGreaterThanOrEqual(bytes);
  });

  it.each([2_000, 11_000, 40_000, 300_000])('a %i-byte answer is sent with its own window, as small, and reads back whole', async (bytes) => {
    const body = page(bytes);
    const kept = (await encodedAnswer(body, `W/"${randomUUID()}"`, 'br'))!;
    expect(declaredWindowBits(kept)).toBe(brotliWindowBits(bytes));
    expect(brotliDecompressSync(kept).equals(body)).toBe(true);
    const withDefaultWindow = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes } });
    expect(declaredWindowBits(withDefaultWindow)).toBe(22);
    expect(kept.byteLength).toBeLessThanOrEqual(Math.ceil(withDefaultWindow.byteLength * 1.01));

    const res = await compressed(new Response(new Uint8Array(body), { headers: { 'content-type': 'text/html; charset=utf-8' } }), 'br', 'GET');
    expect(res.headers.get('content-encoding')).toBe('br');
    const sent = new Uint8Array(await res.arrayBuffer());
    expect(declaredWindowBits(sent)).toBe(brotliWindowBits(bytes));
    expect(brotliDecompressSync(sent).equals(body)).toBe(true);
  });
});
