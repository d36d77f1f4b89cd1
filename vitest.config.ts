import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'domain/**/*.test.ts', 'crawler/**/*.test.ts', 'jobs/**/*.test.ts'],
    // The PostgreSQL tests need initdb and pg_ctl: `npm run test:pg` (vitest.pg.config.ts) runs them.
    exclude: [...configDefaults.exclude, 'tests/**/*.pg.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
