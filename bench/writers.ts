import type { Ready } from './spawn-servers';

// Background traffic that writes while a benchmark reads, each at a steady rate from the parent process:
// - visitors open listing pages in a browser (the page, then its view beacon: one page view each);
// - voters press a listing's vote button on the site (vote, and the next press withdraws it);
// - an owner edits their listing's tagline through the API.
export type WriterKind = 'visitors' | 'voters' | 'owner';
// `count`: writes and errors so far (to take a measured window's share); `stop` ends them and gives the totals.
export type Writers = { count(): { writes: number; errors: number }; stop(): Promise<{ writes: number; errors: number }> };

const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const RATE_PER_SECOND: Record<WriterKind, number> = { visitors: 50, voters: 10, owner: 2 };

export function startWriters(ready: Ready, kinds: WriterKind[]): Writers {
  const origin = `http://127.0.0.1:${ready.appPort}`;
  let running = true;
  let writes = 0;
  let errors = 0;
  let n = 0;
  const slug = () => ready.slugs[(n = (n * 7 + 13) % ready.slugs.length)];
  const actions: Record<WriterKind, () => Promise<boolean>> = {
    visitors: async () => {
      const s = slug();
      const page = await fetch(`${origin}/listings/${s}`, { headers: { 'user-agent': BROWSER_UA } });
      await page.arrayBuffer();
      // A different address per visit, as different people: the view counts once per visitor, listing and day.
      const beacon = await fetch(`${origin}/v/${s}.gif`, { headers: { 'user-agent': `${BROWSER_UA} v${writes}`, 'x-forwarded-for': `10.1.${writes % 250}.${n % 250}` } });
      await beacon.arrayBuffer();
      return page.ok && beacon.ok;
    },
    voters: async () => {
      const v = ready.people.voters[writes % ready.people.voters.length];
      const res = await fetch(`${origin}/listings/${slug()}/vote`, {
        method: 'POST', redirect: 'manual',
        headers: { cookie: v.cookie, 'content-type': 'application/x-www-form-urlencoded', origin },
        body: new URLSearchParams({ csrf: v.csrf }),
      });
      await res.arrayBuffer();
      return res.status === 303;
    },
    owner: async () => {
      const res = await fetch(`${origin}/api/v1/me/listings/${ready.people.owner.listingId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ready.people.owner.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ fields: { tagline: `Edited at ${Date.now()}` } }),
      });
      await res.arrayBuffer();
      return res.ok;
    },
  };
  const loops = kinds.map(async (kind) => {
    const gap = 1000 / RATE_PER_SECOND[kind];
    let next = performance.now();
    while (running) {
      try {
        if (await actions[kind]()) writes++;
        else errors++;
      } catch {
        errors++;
      }
      next += gap;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      else next = performance.now(); // fell behind: carry on without bursting
    }
  });
  return {
    count: () => ({ writes, errors }),
    async stop() {
      running = false;
      await Promise.all(loops);
      return { writes, errors };
    },
  };
}
