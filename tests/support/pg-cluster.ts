import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

// A throwaway PostgreSQL cluster for tests and for the read benchmark (bench/read-throughput.ts --db postgres):
// initdb in a temporary folder, pg_ctl start on a free port of 127.0.0.1 (no other address), fsync off, everything
// removed on stop. Several test databases share one cluster (createDatabase), since a cluster takes about a second to
// make and a database a few milliseconds.
//
// initdb refuses to run as root, and tests here often do: then initdb and pg_ctl run as the `postgres` user through
// runuser, in a folder that user owns.

const run = promisify(execFile);

export type PgCluster = { url: string; stop(): Promise<void> };

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

// Where to look for initdb and pg_ctl: the PATH, then Debian's /usr/lib/postgresql/<version>/bin (the newest), where
// the postgresql package puts them without adding them to the PATH.
export type PgBinSearch = { path?: string; debianRoot?: string };

export function findPgBin({ path = process.env.PATH ?? '', debianRoot = '/usr/lib/postgresql' }: PgBinSearch = {}): string | null {
  for (const dir of path.split(delimiter)) {
    if (dir && isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl'))) return dir;
  }
  const debian = debianRoot;
  if (!existsSync(debian)) return null;
  const versions = readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = join(debian, v, 'bin');
    if (isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

type Runner = { run(bin: string, args: string[]): Promise<void>; runSync(bin: string, args: string[]): void; owner?: { uid: number; gid: number } };

// As root: every command through `runuser -u postgres --`, in folders the postgres user owns.
function runner(dir: string): Runner {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) {
    return {
      run: async (bin, args) => void (await run(bin, args, { cwd: dir })),
      runSync: (bin, args) => void spawnSync(bin, args, { cwd: dir, stdio: 'ignore' }),
    };
  }
  let uid: number, gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error('Running as root, so PostgreSQL must run as the `postgres` user, and there is none. Install Debian\'s postgresql package (it creates the user), or run the tests as an ordinary user.');
  }
  const wrap = (bin: string, args: string[]) => ['-u', 'postgres', '--', bin, ...args];
  return {
    owner: { uid, gid },
    run: async (bin, args) => void (await run('runuser', wrap(bin, args), { cwd: dir })),
    runSync: (bin, args) => void spawnSync('runuser', wrap(bin, args), { cwd: dir, stdio: 'ignore' }),
  };
}

const describeFailure = (what: string, err: unknown, log?: string) => {
  const e = err as { stderr?: string; message: string };
  const logTail = log && existsSync(log) ? `\n--- server log ---\n${readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')}` : '';
  return new Error(`${what} failed: ${(e.stderr || e.message).trim()}${logTail}`, { cause: err });
};

export async function startPgCluster(search: PgBinSearch = {}): Promise<PgCluster> {
  const bin = findPgBin(search);
  if (!bin) {
    throw new Error(
      'PostgreSQL tests need initdb and pg_ctl, found neither on the PATH nor in /usr/lib/postgresql/<version>/bin. ' +
        'Install them (Debian: apt-get install postgresql), then run `npm run test:pg` again.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const as = runner(dir);
  if (as.owner) chownSync(dir, as.owner.uid, as.owner.gid);
  const pgCtl = join(bin, 'pg_ctl');
  let started = false;
  const stopNow = () => {
    if (started) as.runSync(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']);
    started = false;
  };
  // A test process that dies without calling stop() does not leave a server running.
  process.once('exit', stopNow);
  try {
    await as.run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']).catch((err) => {
      throw describeFailure('initdb', err);
    });
    // PG_CLUSTER_OPTIONS adds server options, to look inside a run: e.g. "-c shared_preload_libraries=pg_stat_statements"
    // makes the bench's cluster count each statement's time (README › Benchmarks).
    const extra = process.env.PG_CLUSTER_OPTIONS ? ` ${process.env.PG_CLUSTER_OPTIONS}` : '';
    // A free port can be taken by someone else between our check and the server's bind: try a few.
    let port = 0;
    for (let attempt = 1; !started; attempt++) {
      port = await freePort();
      const options = `-p ${port} -k "${dir}" -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${extra}`;
      try {
        await as.run(pgCtl, ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
        started = true;
      } catch (err) {
        if (attempt >= 3) throw describeFailure('pg_ctl start', err, log);
      }
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        process.removeListener('exit', stopNow);
        if (started) {
          started = false;
          await as.run(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']).catch((err) => {
            throw describeFailure('pg_ctl stop', err, log);
          });
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    stopNow();
    process.removeListener('exit', stopNow);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

const DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// A fresh, empty database in the cluster behind `url`; returns its URL. `icuLocale` makes its default collation a
// language one (as on most hosted PostgreSQL) and `timeZone` its sessions' default time zone, to prove the schema
// depends on neither.
export type DatabaseOptions = { icuLocale?: string; timeZone?: string };
export async function createDatabase(url: string, name: string, opts: DatabaseOptions = {}): Promise<string> {
  if (!DB_NAME.test(name)) throw new Error(`database name ${JSON.stringify(name)}: use lower-case letters, digits and _`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const locale = opts.icuLocale ? ` TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${opts.icuLocale.replace(/'/g, "''")}'` : '';
    await client.query(`CREATE DATABASE ${name}${locale}`);
    if (opts.timeZone) await client.query(`ALTER DATABASE ${name} SET "TimeZone" = '${opts.timeZone.replace(/'/g, "''")}'`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// Removes a database createDatabase made, closing any connection still open to it (a process that was killed).
export async function dropDatabase(url: string, name: string): Promise<void> {
  if (!DB_NAME.test(name)) throw new Error(`database name ${JSON.stringify(name)}: use lower-case letters, digits and _`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
