import pino, { type Logger } from 'pino';

// One JSON line per event on stdout. LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent; tests
// run silent unless LOG_LEVEL is set. What is logged is chosen field by field (route templates, ids, statuses):
// never headers, bodies, query strings, tokens, keys, passwords or cookies.
// Lines are written asynchronously, so a slow log reader never stalls a request, and in batches of 4 KB or every
// 200 ms, whichever comes first: each asynchronous write is a round trip through libuv's thread pool, and one per
// request cost ~20 µs of the main thread's CPU per request (measured with bench/read-throughput.ts's CPU figure).
// pino flushes what is pending when the process exits.
const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 200;

// pino's isoTime formats a new Date for every line (~2 µs, 3 % of a cached read's CPU under load); lines written
// within the same millisecond share one formatted time.
let lastMs = -1;
let lastTime = '';
export function isoTimestamp(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = `,"time":"${new Date(ms).toISOString()}"`;
  }
  return lastTime;
}

export function createLogger(env: NodeJS.ProcessEnv = process.env, dest: number | string = 1): Logger {
  const level = env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info');
  return pino(
    { level, base: { service: 'launch-directory' }, timestamp: isoTimestamp },
    pino.destination({ dest, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS }),
  );
}

export type { Logger };
