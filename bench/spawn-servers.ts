import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

import type { BenchPeople } from './bench-people';
import { buildEntry } from '../cli/build';

export type Ready = { basePort: number; refPort: number; appPort: number; loadMs: number; warmMs: number; slugs: string[]; everySlug: string[]; categorySlugs: string[]; people: BenchPeople };

// Builds the database in a first child (bench/prepare-db.ts), then starts bench/servers.ts (the bare Hono baseline
// and the app on that database) in a second and resolves once both listen. `databaseUrl`: an empty PostgreSQL
// database to load and serve from; without it, a new SQLite file. BENCH_PROFILE=dir writes the server's CPU profile
// there on exit; BENCH_NODE_FLAGS (space-separated) are passed to the server's Node, e.g. to try V8 flags.
// The server runs as `npm start` runs the app: built by cli/build.ts (plain JavaScript, no tsx loader in the process)
// and started with the Node flags and environment `npm start` gives it (package.json: "… node <flags> dist/server.js"), so the bench
// measures the process operators run (the young generation's size and tsx's absence show in its RSS).
const START_WORDS = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start.split(' ');
const START_FLAGS = START_WORDS.filter((arg) => arg.startsWith('--'));
// The environment the start script gives the server (`NAME=${NAME:-default}`): the default unless this process has it.
const START_ENV = Object.fromEntries(START_WORDS.flatMap((word) => {
  const m = /^([A-Z_]+)=\$\{\1:-([^}]*)\}$/.exec(word);
  return m ? [[m[1], process.env[m[1]] ?? m[2]]] : [];
}));

// `startWriteNode` starts a second web node on the same database (bench/servers.ts, BENCH_WRITE_NODE) and resolves
// with its port once it listens and is warmed up.
export type WriteNode = { port: number; child: ChildProcess };
export async function startBenchServers(listings: number, databaseUrl?: string): Promise<{ ready: Ready; child: ChildProcess; startWriteNode(): Promise<WriteNode> }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const target = databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {};
  const prepared: { path: string; loadMs: number } = await new Promise((resolve, reject) => {
    const loader = spawn(process.execPath, ['--import', 'tsx', 'bench/prepare-db.ts'], {
      env: { ...env, ...target, BENCH_LISTINGS: String(listings) }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    loader.stdout!.on('data', (d) => { out += d; });
    loader.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`bench loader exited with ${code}`))));
  });
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : [];
  const servers = await buildEntry('bench/servers.ts', 'bench-servers');
  const database = databaseUrl ? target : { BENCH_DB: prepared.path };
  const start = <T>(extraEnv: Record<string, string>, flags: string[]) => {
    const child = spawn(process.execPath, [...START_FLAGS, ...flags, servers], { env: { ...env, ...START_ENV, ...database, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
    const ready = new Promise<T>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        try { const msg = JSON.parse(line); if (msg.ready) resolve(msg); } catch { /* log line */ }
      });
      child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    return { child, ready };
  };
  const first = start<Omit<Ready, 'loadMs'>>({}, [...profile, ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : [])]);
  const ready: Ready = { ...(await first.ready), loadMs: prepared.loadMs };
  const startWriteNode = async (): Promise<WriteNode> => {
    const second = start<{ appPort: number }>({ BENCH_WRITE_NODE: '1' }, []);
    return { port: (await second.ready).appPort, child: second.child };
  };
  return { ready, child: first.child, startWriteNode };
}
