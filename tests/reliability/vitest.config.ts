import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite: attacks on checkout, payments, sign-in and uploads against a
 * real Strapi, on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set. The CMS is
 * compiled once per run by the API tests' global setup.
 *   npm run test:reliability                  SQLite, then PostgreSQL when TEST_DATABASE_URL is set
 *   npx vitest run --config tests/reliability/vitest.config.ts    one database
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/reliability/**/*.reliability.test.ts'],
    globalSetup: ['cms/tests/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 600_000,
    hookTimeout: 240_000,
  },
});
