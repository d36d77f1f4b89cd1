import { randomBytes, randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodedAnswer, encodedBody, type Encoding } from '../transport/compress';

// transport/compress.ts encode(): a body of up to 64 KB is compressed on the event loop, a larger one in libuv's
// thread pool. The pool's way (a zlib stream, a thread, callbacks back) cost a fixed ~120–150 µs of CPU a body, more
// than compressing a small answer. Work done in the pool can only come back in a later turn of the event loop, so
// a promise settled after a few microtasks was made on the loop, and one still pending was handed to the pool.

// Text that compresses like a page: words repeated, with some noise.
const text = (bytes: number) => {
  const noise = randomBytes(bytes).toString('base64');
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `<li class="row">Listing ${i} - ${noise.slice(i * 7 % (noise.length - 12), i * 7 % (noise.length - 12) + 12)}</li>`;
  const body = Buffer.from(out.slice(0, bytes));
  expect(body.byteLength).toBe(bytes);
  return body;
};
const decode = (encoding: Encoding, bytes: Uint8Array) => (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes));

// Whether the promise settles within microtasks alone (no turn of the event loop).
async function settlesWithoutATurn(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  p.then(() => { settled = true; }, () => { settled = true; });
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => queueMicrotask(resolve));
  return settled;
}

describe('where answers are compressed', () => {
  it.each<[string, number, Encoding, boolean]>([
    ['an API answer (7 KB) in br', 7_000, 'br', true],
    ['a page (30 KB) in gzip', 30_000, 'gzip', true],
    ['a body of 64 KB exactly in br', 64 * 1024, 'br', true],
    ['a body just over 64 KB in gzip', 64 * 1024 + 1, 'gzip', false],
    ['a large page (1 MB) in br', 1024 * 1024, 'br', false],
  ])('%s (%i bytes, %s): made on the event loop: %s', async (_, bytes, encoding, inline) => {
    const body = text(bytes);
    const kept = encodedAnswer(body, `W/"${randomUUID()}"`, encoding);
    expect(await settlesWithoutATurn(kept)).toBe(inline);
    expect(decode(encoding, (await kept)!).equals(body)).toBe(true);

    const once = encodedBody(body, 'text/html; charset=utf-8', encoding);
    expect(await settlesWithoutATurn(once)).toBe(inline);
    const made = (await once)!;
    expect(made.encoding).toBe(encoding);
    expect(decode(encoding, made.body).equals(body)).toBe(true);
  });
});
