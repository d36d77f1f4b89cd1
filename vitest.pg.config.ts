import { defineConfig } from 'vitest/config';

// `npm run test:pg`: the tests that need a PostgreSQL server (tests/**/*.pg.test.ts). Each file starts its own
// throwaway cluster (tests/support/pg-cluster.ts), so they need initdb and pg_ctl, not a running server.
// The default suite (vitest.config.ts) leaves them out, so `npm test` needs no PostgreSQL.
export default defineConfig({
  test: {
    include: ['tests/**/*.pg.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
