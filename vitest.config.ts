import { configDefaults, defineConfig } from 'vitest/config';
import { filesMockingModules } from './tests/support/isolation.ts';

const TEST_DIRS = ['tests', 'domain', 'crawler', 'jobs'];
const TEST_FILES = [...TEST_DIRS.map((dir) => `${dir}/**/*.test.ts`), 'tests/**/*.test.tsx'];
// Files that replace a module run isolated; the rest share their worker's modules (tests/support/isolation.ts).
const isolated = filesMockingModules(TEST_DIRS).filter((f) => !f.endsWith('.pg.test.ts'));

export default defineConfig({
  test: {
    // The PostgreSQL tests need initdb and pg_ctl: `npm run test:pg` (vitest.pg.config.ts) runs them.
    exclude: [...configDefaults.exclude, 'tests/**/*.pg.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, 'tests/**/*.pg.test.ts', ...isolated],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'mocks-modules', include: isolated } },
    ],
  },
});
