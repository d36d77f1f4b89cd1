import pino, { type Logger } from 'pino';

// One JSON line per event on stdout. LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent; tests
// run silent unless LOG_LEVEL is set. What is logged is chosen field by field (route templates, ids, statuses):
// never headers, bodies, query strings, tokens, keys, passwords or cookies.
export function createLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info');
  return pino({ level, base: { service: 'launch-directory' }, timestamp: pino.stdTimeFunctions.isoTime });
}

export type { Logger };
