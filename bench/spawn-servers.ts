import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

import type { BenchPeople } from './bench-people';

export type Ready = { basePort: number; appPort: number; loadMs: number; slugs: string[]; people: BenchPeople };

// Starts bench/servers.ts (the bare Hono baseline and the app, with `listings` synthetic listings) in a child
// process and resolves once both listen. BENCH_PROFILE=dir writes the child's CPU profile there on exit.
export async function startBenchServers(listings: number): Promise<{ ready: Ready; child: ChildProcess }> {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bench/servers.ts'], {
    env: { ...process.env, BENCH_LISTINGS: String(listings) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready: Ready = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try { const msg = JSON.parse(line); if (msg.ready) resolve(msg); } catch { /* log line */ }
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ready, child };
}
