import autocannon from 'autocannon';
import { startBenchServers } from './spawn-servers';
import { startWriters, type WriterKind } from './writers';
import { numberOption, option } from './cli';

// Every public read and page one by one, the way nobody's benchmark but a curious client's would: its first call's
// time (cold: nothing remembered for it yet), then its throughput for a few seconds alone and again with page
// visitors, against the bare Hono route measured at the start. Values rotate (slugs, categories, queries), so a read
// with many addresses shows what its cold answers cost. bench/read-throughput.ts runs the common reads longer and
// with every kind of writer; this finds the reads it does not run. The visitors run in this process.
// Usage: npx tsx bench/every-read.ts [--listings 100000 --seconds 2 --only TEXT --writers visitors,voters,owner]
const SECS = numberOption('seconds', 2);
const only = option('only', '');
const withKinds = option('writers', 'visitors').split(',').filter(Boolean) as WriterKind[];
const { ready, child } = await startBenchServers(numberOption('listings', 100_000));
const origin = `http://127.0.0.1:${ready.appPort}`;
const j = async (p: string) => (await fetch(origin + p)).json() as Promise<any>;
const founders = (await j('/api/v1/founders?per_page=50')).items?.map((f: any) => f.slug) ?? [];
const posts = (await j('/api/v1/blog?per_page=50')).items?.map((p: any) => p.slug) ?? [];
let n = 0;
const rot = (xs: string[]) => xs[(n++ * 7) % xs.length];
const S = ready.slugs as string[]; const C = ready.categorySlugs as string[];
const TYPO = ['projct managment', 'analitics', 'invocing', 'metting notes', 'uptme monitorng', 'secrit'];
const WORDS = ['analytics', 'invoice', 'project', 'meeting', 'monitoring', 'security', 'crm', 'email'];
// The bench's directory has no founders or posts: their pages answer 404 (still a read to measure).
const urls: [string, () => string][] = [
  ['api site', () => '/api/v1/site'],
  ['api get_listing', () => `/api/v1/listings/${rot(S)}`],
  ['api alternatives', () => `/api/v1/listings/${rot(S)}/alternatives`],
  ['api compare', () => `/api/v1/compare?a=${rot(S)}&b=${rot(S)}`],
  ['api categories', () => '/api/v1/categories'],
  ['api categories nonempty', () => '/api/v1/categories?include_empty=false'],
  ['api category', () => `/api/v1/categories/${rot(C)}`],
  ['api category p3', () => `/api/v1/categories/${rot(C)}?page=3&per_page=50`],
  ['api launches', () => `/api/v1/launches`],
  ['api launches today', () => `/api/v1/launches?section=today`],
  ['api launches upcoming p2', () => `/api/v1/launches?section=upcoming&page=2`],
  ['api week last', () => '/api/v1/launches/weeks/last'],
  ['api week next', () => '/api/v1/launches/weeks/next'],
  ['api week date', () => '/api/v1/launches/weeks/2026-09-16'],
  ['api board weekly last', () => '/api/v1/leaderboards/community-weekly?week=last'],
  ['api board all-time p5', () => '/api/v1/leaderboards/community-all-time?page=5&per_page=100'],
  ['api founders', () => '/api/v1/founders'],
  ['api founders q', () => `/api/v1/founders?q=${rot(['an', 'li', 'mar', 'jo'])}`],
  ['api founders country', () => `/api/v1/founders?country=${rot(['DE', 'US', 'FR'])}`],
  ['api founder', () => `/api/v1/founders/${rot(founders)}`],
  ['api blog', () => '/api/v1/blog'],
  ['api blog q', () => `/api/v1/blog?q=${rot(['launch', 'growth', 'seo'])}`],
  ['api blog post', () => `/api/v1/blog/${rot(posts)}`],
  ['api awards', () => '/api/v1/awards'],
  ['api awards listing', () => `/api/v1/awards?listing=${rot(S)}`],
  ['api badges pill dark', () => `/api/v1/listings/${rot(S)}/badges?shape=pill&mode=dark`],
  ['api interview q', () => '/api/v1/interview-questions'],
  ['api products', () => '/api/v1/products'],
  ['api search word', () => `/api/v1/listings?q=${rot(WORDS)}`],
  ['api search typo', () => `/api/v1/listings?q=${encodeURIComponent(rot(TYPO))}`],
  ['api search q+category', () => `/api/v1/listings?q=${rot(WORDS)}&category=${rot(C)}`],
  ['api search q+country', () => `/api/v1/listings?q=${rot(WORDS)}&country=${rot(['DE', 'US', 'fr'])}`],
  ['api search q newest', () => `/api/v1/listings?q=${rot(WORDS)}&sort=newest`],
  ['api search q votes p3', () => `/api/v1/listings?q=${rot(WORDS)}&sort=votes&page=3`],
  ['api search category', () => `/api/v1/listings?category=${rot(C)}`],
  ['api search category trending', () => `/api/v1/listings?category=${rot(C)}&sort=trending`],
  ['api search stage', () => `/api/v1/listings?stage=${rot(['idea', 'mvp', 'launched', 'growing'])}`],
  ['api search pricing', () => `/api/v1/listings?pricing_model=${rot(['free', 'freemium', 'paid', 'subscription'])}`],
  ['api search most_viewed', () => '/api/v1/listings?sort=most_viewed'],
  ['api search most_followed p2', () => '/api/v1/listings?sort=most_followed&page=2'],
  ['api search deep', () => `/api/v1/listings?page=${200 + (n++ % 50)}&per_page=100`],
  ['api search upcoming', () => '/api/v1/listings?status=upcoming'],
  ['api search domain', () => `/api/v1/listings?domain=${rot(S)}.example.com`],
  ['page home', () => '/'],
  ['page listing', () => `/listings/${rot(S)}`],
  ['page categories', () => '/categories'],
  ['page category', () => `/categories/${rot(C)}`],
  ['page launches', () => '/launches'],
  ['page week', () => '/launches/weeks/this'],
  ['page leaderboards', () => '/leaderboards'],
  ['page board weekly', () => '/leaderboards/community-weekly'],
  ['page founders', () => '/founders'],
  ['page founder', () => `/founders/${rot(founders)}`],
  ['page blog', () => '/blog'],
  ['page blog post', () => `/blog/${rot(posts)}`],
  ['page search', () => `/search?q=${encodeURIComponent(rot(TYPO))}`],
  ['page sitemap', () => '/sitemap.xml'],
  ['page docs', () => '/docs/api'],
];
async function rate(port: number, next: () => string): Promise<{ rps: number; p99: number; bad: number }> {
  const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 32, duration: SECS, requests: [{ setupRequest: (req: any) => ({ ...req, method: 'GET', path: next() }) }] });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors };
}
const base = await rate(ready.basePort, () => '/json');
console.log(`baseline ${Math.round(base.rps)} req/s`);
console.log(`| read | first call ms | status | alone, % of baseline | p99 ms | with ${withKinds.join(', ')}, % | p99 ms | non-2xx |`);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
// A founder's or a post's page only when the directory has one.
const present = urls.filter(([name]) => (founders.length || !name.endsWith('founder')) && (posts.length || !name.endsWith('blog post')));
for (const [name, next] of present) {
  if (only && !name.includes(only)) continue;
  const p = next();
  const t0 = performance.now();
  const first = await fetch(origin + p);
  await first.arrayBuffer();
  const cold = performance.now() - t0;
  const alone = await rate(ready.appPort, next);
  const w = startWriters(ready, withKinds);
  const mixed = await rate(ready.appPort, next);
  await w.stop();
  const pct = (x: number) => (100 * x / base.rps).toFixed(1);
  console.log(`| ${name} | ${cold.toFixed(1)} | ${first.status} | ${pct(alone.rps)} | ${alone.p99} | ${pct(mixed.rps)} | ${mixed.p99} | ${alone.bad + mixed.bad} |`);
}
child.kill();
