import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite: attacks on checkout, payments, sign-in and uploads against a
 * real Strapi, on SQLite, or on PostgreSQL when TEST_DATABASE_URL is set. Three files,
 * two at a time, each booting one CMS for the scenarios it runs (scenarios/*.ts). The CMS
 * is compiled once by the caller (SALA_PREBUILT_CMS_DIST) or else by the global setup.
 *   npm run test:reliability                  SQLite, then PostgreSQL when TEST_DATABASE_URL is set
 *   npx vitest run --config tests/reliability/vitest.config.ts    one database
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'reliability',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/reliability/**/*.reliability.test.ts'],
    globalSetup: ['tests/reliability/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 600_000,
    // Generous: a boot takes seconds on an idle machine, minutes on a shared busy one.
    hookTimeout: 600_000,
  },
});
