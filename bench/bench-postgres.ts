import { postgresCpuNs } from './postgres-cpu';
import { createDatabase, startPgCluster } from '../tests/support/pg-cluster';

// A throwaway PostgreSQL cluster (tests/support/pg-cluster.ts) with an empty database for a benchmark to load and
// serve from (startBenchServers), and the CPU its processes have used so far (postgres-cpu.ts).
export type BenchPostgres = { url: string; cpuNs(): number; stop(): Promise<void> };

export async function startBenchPostgres(): Promise<BenchPostgres> {
  const cluster = await startPgCluster();
  const url = await createDatabase(cluster.url, 'bench');
  const port = Number(new URL(url).port);
  return { url, cpuNs: () => postgresCpuNs(port), stop: () => cluster.stop() };
}
