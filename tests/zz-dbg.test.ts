import { it } from 'vitest';
import { buildDraft } from '../crawler/build-draft';
import { userAgentFor } from '../crawler/safe-fetch';
import { serveSite } from '../tests/fixture-server';
it('dbg', async () => {
  const s = await serveSite(process.env.SITE ?? 'rich');
  const r = await buildDraft({ url: s.url, fetchOptions: { allowPrivate: false, userAgent: userAgentFor('http://d.test'), trustAddress: (a: string) => a === '127.0.0.1' }, categories: ['Productivity'] });
  console.log(JSON.stringify({ dropped: r.dropped, founders: r.founders, socials: r.socials, ms: r.milestones, fields: Object.fromEntries(Object.entries(r.fields).map(([k, v]) => [k, v.value])) }, null, 1));
  await s.close();
});
