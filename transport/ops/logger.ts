import pino, { type Logger } from 'pino';

// One JSON line per event on stdout. LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent; tests
// run silent unless LOG_LEVEL is set. What is logged is chosen field by field (route templates, ids, statuses):
// never headers, bodies, query strings, tokens, keys, passwords or cookies.
// Lines are written asynchronously: under load the lines of many requests go out in one write instead of one
// system call each, and a slow log reader never stalls a request. pino flushes what is pending when the process exits.
export function createLogger(env: NodeJS.ProcessEnv = process.env, dest: number | string = 1): Logger {
  const level = env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info');
  return pino({ level, base: { service: 'launch-directory' }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest, sync: false }));
}

export type { Logger };
