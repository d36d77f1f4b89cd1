import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster';

// One throwaway PostgreSQL cluster for a run of the suite on PostgreSQL (vitest.pg.config.ts); each app a test
// starts gets its own database in it (tests/support/pg-test-db.ts). Removed when the run ends. One per project that
// names this setup (the suite is split by module isolation), each stopped by the teardown its setup returns.
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  project.provide('pgAdminUrl' as never, cluster.url as never);
  return () => cluster.stop();
}
