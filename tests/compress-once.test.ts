import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// transport/compress.ts: an answer that carries an ETag is compressed once and kept. Asked for on many connections at
// once (a crawler fetching the sitemap's ~4.9 MB parts), every request used to compress its own copy until the first
// was kept: 32 at a time took the server's resident memory from ~270 to 536–690 MB. Requests for a body being
// compressed now wait for that work. The compressors are counted where compress.ts takes them from.
const calls = vi.hoisted(() => ({ br: 0, gzip: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  return {
    ...zlib,
    brotliCompress: (...args: Parameters<typeof zlib.brotliCompress>) => { calls.br++; return zlib.brotliCompress(...args); },
    gzip: (...args: Parameters<typeof zlib.gzip>) => { calls.gzip++; return zlib.gzip(...args); },
  };
});
const { compressed, encodedAnswer } = await import('../transport/compress');

// Text that compresses like a sitemap: markup repeated around varying addresses.
function sitemap(bytes: number): Buffer {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset>';
  for (let i = 0; out.length < bytes; i++) out += `<url><loc>https://example.test/listings/tool-${(i * 7919) % 100003}</loc></url>\n`;
  return Buffer.from(out.slice(0, bytes));
}
const BODY = sitemap(600_000);

// Answers of one body under one ETag, each body a stream that counts the reads of it (pulled only when read).
function countedAnswers(body: Uint8Array) {
  const etag = `W/"${randomUUID()}"`;
  let reads = 0;
  const make = () => new Response(new ReadableStream<Uint8Array>({
    pull(controller) {
      reads++;
      controller.enqueue(new Uint8Array(body));
      controller.close();
    },
  }, { highWaterMark: 0 }), { headers: { 'content-type': 'application/xml; charset=utf-8', etag } });
  return { make, reads: () => reads };
}

beforeEach(() => {
  calls.br = 0;
  calls.gzip = 0;
});

describe('an answer asked for on many connections at once', () => {
  it('is compressed once for the prepared-read lane: every request gets the one kept copy', async () => {
    const etag = `W/"${randomUUID()}"`;
    const outs = await Promise.all(Array.from({ length: 16 }, () => encodedAnswer(BODY, etag, 'br')));
    expect(calls.br).toBe(1);
    expect(new Set(outs).size).toBe(1);
    expect(brotliDecompressSync(outs[0]!).equals(BODY)).toBe(true);
    // Kept: a later request compresses nothing.
    expect(await encodedAnswer(BODY, etag, 'br')).toBe(outs[0]);
    expect(calls.br).toBe(1);
  });

  it.each([['br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const)(
    'is compressed once through the middleware in %s, and each answer reads back whole', async (_, encoding, decode) => {
      const etag = `W/"${randomUUID()}"`;
      const answer = () => new Response(new Uint8Array(BODY), { headers: { 'content-type': 'application/xml; charset=utf-8', etag } });
      const sent = await Promise.all(Array.from({ length: 16 }, () => compressed(answer(), encoding, 'GET')));
      expect(calls[encoding]).toBe(1);
      for (const res of sent) {
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(decode(new Uint8Array(await res.arrayBuffer())).equals(BODY)).toBe(true);
      }
    });

  // The answers arrive together, as 32 requests waiting for one sitemap part being made do (on PostgreSQL it is made
  // over a few round trips): each request's copy of the body used to be read while the first was still reading its
  // own, a ~4.9 MB copy each.
  it.each([['br'], ['gzip']] as const)('reads one body of the answers that arrive together in %s, and sends each whole', async (encoding) => {
    const answers = countedAnswers(BODY);
    const sent = await Promise.all(Array.from({ length: 16 }, () => compressed(answers.make(), encoding, 'GET')));
    expect(answers.reads()).toBe(1);
    expect(calls[encoding]).toBe(1);
    const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
    for (const res of sent) {
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(decode(new Uint8Array(await res.arrayBuffer())).equals(BODY)).toBe(true);
    }
  });

  it('sends a small answer as it is to every request that arrives with it, and remembers it is small', async () => {
    const small = Buffer.from('<?xml version="1.0"?><urlset></urlset>');
    const answers = countedAnswers(small);
    const sent = await Promise.all(Array.from({ length: 8 }, () => compressed(answers.make(), 'br', 'GET')));
    expect(answers.reads()).toBe(1);
    for (const res of sent) {
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(Buffer.from(await res.arrayBuffer()).equals(small)).toBe(true);
    }
    // Known small now: a later answer is not read at all.
    const readsBefore = answers.reads();
    expect((await compressed(answers.make(), 'br', 'GET')).headers.get('content-encoding')).toBeNull();
    expect(answers.reads()).toBe(readsBefore);
    expect(calls.br).toBe(0);
  });

  it('compresses different answers each on its own', async () => {
    const bodies = [sitemap(300_000), sitemap(310_000)];
    const outs = await Promise.all(bodies.flatMap((body) => {
      const etag = `W/"${randomUUID()}"`;
      return [encodedAnswer(body, etag, 'br'), encodedAnswer(body, etag, 'br')];
    }));
    expect(calls.br).toBe(2);
    expect(brotliDecompressSync(outs[0]!).equals(bodies[0])).toBe(true);
    expect(brotliDecompressSync(outs[3]!).equals(bodies[1])).toBe(true);
    expect(outs[0]).toBe(outs[1]);
    expect(outs[2]).toBe(outs[3]);
  });
});
