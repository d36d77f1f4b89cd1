import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../storage/db';
import type { Clock } from '../../tools/clock';
import { queueStats } from '../../storage/queries/jobs';
import { keptBudget, knownVersionCount, memoComputeCounts } from '../../storage/queries/memo';

// How often the event loop's delay is sampled (nodejs_eventloop_lag_*), not prom-client's default 10 ms: its timer
// woke an idle node 100 times a second (strace showed the 10 ms wake-ups), which cost it a median 9.8 ms of CPU a
// second doing nothing, against 2.7 ms at 100 ms (/proc's schedstat in 5 s windows on the 2-core machine). The lag
// percentiles still come from 600 samples a minute.
const EVENT_LOOP_SAMPLE_MS = 100;

// Prometheus metrics of one app instance (its own registry: tests start many apps in one process). Labels are
// route templates, tool names, job kinds and outcomes — never raw paths or anything a caller wrote.
export function createMetrics(deps: { db: Db; clock: Clock }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const registers = [registry];
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route template, method and status', labelNames: ['route', 'method', 'status'], registers });
  const duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP request duration by route template', labelNames: ['route', 'method'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10], registers,
  });
  const mcpCalls = new Counter({ name: 'mcp_tool_calls_total', help: 'MCP tools/call requests by tool and outcome (ok, error)', labelNames: ['tool', 'outcome'], registers });
  const laneAnswers = new Counter({
    name: 'http_lane_answers_total', help: 'Requests answered ahead of the middleware, by lane: rest_read (anonymous public reads), mcp (POST /mcp without Origin), page (kept signed-out pages); also counted in http_requests_total',
    labelNames: ['lane'], registers,
  });
  const frontAnswers = new Counter({
    name: 'http_front_answers_total', help: "Lane answers written on Node's own request, before the app (a subset of http_lane_answers_total), by lane",
    labelNames: ['lane'], registers,
  });
  const rateLimited = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused with 429 by surface (rest, mcp)', labelNames: ['surface'], registers });
  const jobRuns = new Counter({ name: 'job_runs_total', help: 'Job attempts by kind and outcome (done, retry, failed); draft builds are kind draft_build', labelNames: ['kind', 'outcome'], registers });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds', help: 'Job attempt duration by kind and outcome (draft build durations: kind draft_build)', labelNames: ['kind', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120], registers,
  });
  const depth = new Gauge({ name: 'job_queue_depth', help: 'Jobs due or running, by kind and status', labelNames: ['kind', 'status'], registers });
  const age = new Gauge({ name: 'job_queue_oldest_age_seconds', help: 'Age of the oldest due (or running) job, by kind and status', labelNames: ['kind', 'status'], registers });
  // What this process keeps in memory of remembered answers and pages, against its budget (CACHE_MB).
  new Gauge({
    name: 'cache_kept_bytes', help: 'Remembered answers and kept pages in this process: their estimated weight in bytes of heap (CACHE_MB caps it)', registers,
    collect() { this.set(keptBudget(deps.db).total); },
  });
  new Gauge({ name: 'cache_budget_bytes', help: 'What remembered answers and kept pages may weigh together in this process (CACHE_MB)', registers, collect() { this.set(keptBudget(deps.db).limit); } });
  new Gauge({
    name: 'cache_known_versions', help: 'Topics whose version this process knows, to check remembered answers without reading them (at most 20,000)', registers,
    collect() { this.set(knownVersionCount(deps.db)); },
  });
  // Which kinds of remembered answer are made again, and how often: what writes cost the read caches. Scopes are the
  // code's own names (a tool, a page kind), a bounded set.
  new Gauge({
    name: 'cache_computes', help: 'Remembered answers made rather than served from memory since the process started, by scope (its rate is the scope\'s miss rate)',
    labelNames: ['scope'], registers,
    collect() { for (const [scope, n] of memoComputeCounts(deps.db)) this.set({ scope }, n); },
  });
  // The addresses each lane remembers how to answer (those asked for at least twice), registered by the lanes.
  const addressCounts = new Map<string, () => number>();
  new Gauge({
    name: 'http_lane_remembered_addresses', help: 'Addresses a lane remembers how to answer (taken in at their second ask; at most 10,000 a lane), by lane', labelNames: ['lane'], registers,
    collect() { for (const [lane, count] of addressCounts) this.set({ lane }, count()); },
  });
  // Read from the database when scraped, so every node reports the shared queue.
  const refreshQueue = async () => {
    depth.reset();
    age.reset();
    const now = deps.clock.now();
    for (const r of await queueStats(deps.db, now.toISOString())) {
      depth.set({ kind: r.kind, status: r.status }, r.n);
      if (r.oldest) age.set({ kind: r.kind, status: r.status }, Math.max(0, (now.getTime() - Date.parse(r.oldest)) / 1000));
    }
  };
  return { registry, requests, duration, mcpCalls, laneAnswers, frontAnswers, addressCounts, rateLimited, jobRuns, jobDuration, refreshQueue };
}

export type Metrics = ReturnType<typeof createMetrics>;
