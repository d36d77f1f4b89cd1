import type { TestProject } from 'vitest/node';
import { startPgCluster, type PgCluster } from './pg-cluster';

// One throwaway PostgreSQL cluster for a run of the suite on PostgreSQL (vitest.pg.config.ts); each app a test
// starts gets its own database in it (tests/support/pg-test-db.ts). Removed when the run ends.
let cluster: PgCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  cluster = await startPgCluster();
  project.provide('pgAdminUrl' as never, cluster.url as never);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
