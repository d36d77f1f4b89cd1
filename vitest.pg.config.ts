import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesMockingModules } from './tests/support/isolation.ts';

// `npm run test:pg`: everything that needs PostgreSQL, in two projects. Both need initdb and pg_ctl (Debian's
// `postgresql` package), not a running server; the default suite (vitest.config.ts) needs neither.
// - `pg-contracts`: the tests/**/*.pg.test.ts files, each starting its own throwaway cluster (schema parity with
//   SQLite, migrations, the PostgreSQL stores of jobs, search, idempotency, free weeks and OAuth).
// - `suite-on-pg`: every test file that starts the app (tests/harness.ts startApp) or opens a database of its own
//   (tests/support/test-db.ts openTestDb, emptyTestDatabase), run again with TEST_DATABASE=postgres: one cluster
//   for the run, a fresh database per app or test database (tests/support/pg-test-db.ts).
//   SQLITE_ONLY lists the files that test SQLite itself, each with the reason. As in the default suite, the files
//   share their worker's modules, and any that replaces a module runs in a project of its own, isolated
//   (tests/support/isolation.ts).

const SQLITE_ONLY: Record<string, string> = {
};

const runsOnEitherEngine = (file: string) => /\b(startApp|openTestDb|emptyTestDatabase)\(/.test(readFileSync(file, 'utf8'));
const suiteOnPg = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((f) => join('tests', f))
  .filter((f) => /\.test\.tsx?$/.test(f) && !f.endsWith('.pg.test.ts') && !(f in SQLITE_ONLY) && runsOnEitherEngine(f))
  // Starts `npm start` processes itself instead of startApp, on a new empty database of the run's cluster
  // (DATABASE_URL, LIMITS_STORE=postgres): migrate and seed under concurrent starts, limits shared across nodes.
  .concat(['tests/multi-node.e2e.test.ts']);

// Files that replace a module run isolated; the rest share their worker's modules (tests/support/isolation.ts).
const mocking = new Set(filesMockingModules(['tests']));
const suiteOnPgProject = (name: string, include: string[], isolate: boolean) => ({
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude],
    env: { TEST_DATABASE: 'postgres' },
    globalSetup: ['tests/support/pg-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
    isolate,
  },
});
const suiteOnPgMocking = suiteOnPg.filter((f) => mocking.has(f));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pg-contracts',
          include: ['tests/**/*.pg.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      suiteOnPgProject('suite-on-pg', suiteOnPg.filter((f) => !mocking.has(f)), false),
      ...(suiteOnPgMocking.length ? [suiteOnPgProject('suite-on-pg-mocks-modules', suiteOnPgMocking, true)] : []),
    ],
  },
});
