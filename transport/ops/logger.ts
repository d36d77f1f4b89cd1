import pino, { type DestinationStream, type Logger } from 'pino';

// One JSON line per event on stdout. LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent; tests
// run silent unless LOG_LEVEL is set. What is logged is chosen field by field (route templates, ids, statuses):
// never headers, bodies, query strings, tokens, keys, passwords or cookies.
// Lines are written asynchronously, so a slow log reader never stalls a request, and in batches of 64 KB or every
// 200 ms, whichever comes first: each asynchronous write is a round trip through libuv's thread pool (a thread woken,
// then the event loop woken back), and those wake-ups, not the bytes, are what the writes cost. One write per line cost
// ~20 µs of CPU per request under load; 4 KB batches (one write per ~25 request lines) still cost ~5 µs of an MCP
// get_listing's ~58 and ~2 µs of a REST read's ~35, measured in one server process switching the batch size back and
// forth between rounds of the read bench. At 200 ms a quiet server's lines still show promptly; a busy one fills 64 KB
// in ~15 ms at 30,000 requests/s, which is all a crash that skips pino's exit flush (SIGKILL, the OOM killer) can
// lose. pino flushes what is pending when the process exits.
const BATCH_BYTES = 64 * 1024;
// sonic-boom wants its largest single write above the batch size.
const MAX_WRITE = 2 * BATCH_BYTES;
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

// pino hands each line over as a string. sonic-boom's default (text) mode appends it to the pending batch's string
// and then measures that whole string's UTF-8 length, a copy and a scan of the batch so far for every line (~1.3 µs
// a request in a profile of the read bench; 5.5 against 2 µs a line alone). In its buffer mode it keeps the lines'
// bytes and their lengths in lists, so each line is encoded once; this hands it each line as bytes. The destination
// is still pino's own (pino.destination), which flushes what is pending when the process exits.
function lineBytesTo(boom: ReturnType<typeof pino.destination>): DestinationStream & { flush(cb?: (err?: Error) => void): void } {
  return {
    write: (line: string) => boom.write(Buffer.from(line) as unknown as string),
    flush: (cb) => boom.flush(cb),
  };
}

export function createLogger(env: NodeJS.ProcessEnv = process.env, dest: number | string = 1): Logger {
  const level = env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info');
  return pino(
    { level, base: { service: 'launch-directory' }, timestamp: isoTimestamp },
    lineBytesTo(pino.destination({ dest, sync: false, minLength: BATCH_BYTES, maxWrite: MAX_WRITE, periodicFlush: FLUSH_EVERY_MS, contentMode: 'buffer' })),
  );
}

export type { Logger };
