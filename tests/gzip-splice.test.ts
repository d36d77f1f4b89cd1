import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';
import { splicedGzip } from '../transport/gzip-splice';

// gzip of a shared part compressed once and a part of each answer's own (transport/gzip-splice.ts) must be a gzip
// stream like any other: read back by zlib (what Node's and undici's clients use) and by the gzip program, an
// implementation of its own, with a correct length and CRC (both decoders check them).
const listing = JSON.stringify({ listing: { slug: 'café-crème', name: 'Notes — für Teams 📝', description: 'x'.repeat(5000), tags: Array.from({ length: 300 }, (_, i) => `tag-${i}`) } });

describe('spliced gzip', () => {
  it.each([
    ['a listing answer and its id', listing, ',"id":7}'],
    ['a string id with characters outside ASCII', listing, `,"id":"réq-✓-${'z'.repeat(40)}"}`],
    ['nothing of its own', listing, ''],
    ['an own part over one stored block (65,535 bytes)', 'shared', 'y'.repeat(150_000)],
    ['a shared part of one byte', '{', '}'],
    ['an empty shared part', '', '{"id":1}'],
  ])('%s reads back whole', async (_name, shared, own) => {
    const key = {};
    const gz = await splicedGzip(key, shared, own);
    expect(gunzipSync(gz).toString('utf8')).toBe(shared + own);
    expect(execFileSync('gzip', ['-dc'], { input: gz }).toString('utf8')).toBe(shared + own);
  });

  it('compresses the shared part once for every answer made with it', async () => {
    const key = {};
    const answers = await Promise.all([1, 2, 3].map((id) => splicedGzip(key, listing, `,"id":${id}}`)));
    answers.forEach((gz, i) => expect(gunzipSync(gz).toString('utf8')).toBe(`${listing},"id":${i + 1}}`));
    // The shared part's compressed bytes are the same in each: only the stored tail and the trailer differ.
    const tail = 5 + ',"id":1}'.length + 8;
    expect(answers[1].subarray(0, answers[1].length - tail)).toEqual(answers[0].subarray(0, answers[0].length - tail));
    expect(answers[0].length).toBeLessThan(Buffer.byteLength(listing) / 4);
  });
});
