import type { Db } from '../storage/db';
import type { Actor } from './actor';
import type { Clock } from './clock';

import type { AppConfig } from '../domain/app-config';
import type { JobPort } from './job-port';

export type { AppConfig } from '../domain/app-config';

// A long-running call's progress, for adapters that can show it (MCP notifications/progress when the client sent
// a progressToken); absent elsewhere.
export type ProgressReport = { progress: number; total?: number; message?: string };

// Everything a tool may touch. Tools never import better-sqlite3, Hono or the MCP SDK.
export type ToolContext = {
  db: Db;
  actor: Actor;
  clock: Clock;
  config: AppConfig;
  jobs: JobPort; // background work (draft builds, e-mail, badge checks), written in the caller's transaction
  progress?: (report: ProgressReport) => Promise<void>;
  signal?: AbortSignal; // the caller went away: stop waiting
};

export const apiBase = (config: AppConfig) => `${config.siteUrl}/api/v1`;
