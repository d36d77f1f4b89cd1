import { setFlagsFromString } from 'node:v8';

// How far V8 lets the old generation grow past what survived its last full collection before it collects again.
// Left to itself V8 picks a factor of up to 4 from its own measure of collection speed; under load the server's
// request garbage that outlives a few young collections piles up in the old generation until then, so resident
// memory swung between ~260 and ~380 MB at 100,000 listings from one run to the next (bench/read-throughput.ts)
// while what was live stayed under 80 MB. A fixed 30 % keeps the peak near what is live, at no CPU cost the
// benchmark could see (full collections run incrementally and concurrently). HEAP_GROWTH_PERCENT sets it; 0 leaves
// V8's own heuristics.
export const DEFAULT_HEAP_GROWTH_PERCENT = 30;
//
// The young generation is sized on the command line, not here (V8 reads it once, when the heap is made): `npm start`
// runs `node --max-semi-space-size=8` on the build cli/build.ts makes. V8's default lets each of its two semi-spaces
// grow to 16 MB under load, 32 MB resident for what is a request's garbage; at 8 MB the server's RSS was ~20 MB lower
// over the same reads, and req/s of REST and MCP `get_listing` moved within the run-to-run noise (4, 8 and 16 MB
// tried, twice each).
// bench/spawn-servers.ts starts the benchmark's server with the same flags.

export function heapGrowthPercent(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_HEAP_GROWTH_PERCENT;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 400) throw new Error(`HEAP_GROWTH_PERCENT: expected a whole number from 0 to 400, got ${JSON.stringify(value)}`);
  return n;
}

// Applies it to this process (the flag is read at every full collection, so setting it at start is enough).
export function limitHeapGrowth(env: NodeJS.ProcessEnv = process.env): number {
  const percent = heapGrowthPercent(env.HEAP_GROWTH_PERCENT);
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
  return percent;
}
