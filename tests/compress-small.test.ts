import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressed } from '../transport/compress';

// transport/compress.ts compressed(): an answer with an ETag that is too small to compress (under 1 KB) is
// remembered by its ETag and sent as it is from then on, its body not read again (reading it rebuilt the response:
// ~30 µs a request for the sitemap index). What is sent does not change.
const xml = (bytes: number) => `<?xml version="1.0"?><r>${'x'.repeat(bytes)}</r>`;
const answer = (body: string, etag?: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8', ...(etag ? { etag } : {}) } });

describe('compressing answers too small to be worth it', () => {
  it('reads a small answer once per ETag, and sends every one of them as it is', async () => {
    const etag = `W/"${randomUUID()}"`;
    const first = await compressed(answer(xml(200), etag), 'br, gzip', 'GET');
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(first.headers.get('vary')).toContain('Accept-Encoding');
    expect(await first.text()).toBe(xml(200));

    const again = answer(xml(200), etag);
    const second = await compressed(again, 'br, gzip', 'GET');
    expect(second).toBe(again);
    expect(again.bodyUsed).toBe(false);
    expect(second.headers.get('content-encoding')).toBeNull();
    expect(second.headers.get('vary')).toContain('Accept-Encoding');
    expect(await second.text()).toBe(xml(200));
  });

  it('still compresses a large answer, and reads a small one without an ETag each time', async () => {
    const large = await compressed(answer(xml(4000), `W/"${randomUUID()}"`), 'br', 'GET');
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await large.arrayBuffer())).toString()).toBe(xml(4000));

    for (let i = 0; i < 2; i++) {
      const plain = answer(xml(200));
      const out = await compressed(plain, 'br, gzip', 'GET');
      expect(plain.bodyUsed).toBe(true);
      expect(out.headers.get('content-encoding')).toBeNull();
      expect(await out.text()).toBe(xml(200));
    }
  });
});
