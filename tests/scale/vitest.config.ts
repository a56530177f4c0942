import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The multi-instance suite: two CMS processes and two storefront processes on one fresh
 * PostgreSQL database and one Redis, behaving as one shop. Runs only where PostgreSQL
 * (127.0.0.1:5432, user postgres) and Redis (127.0.0.1:6379) answer; skips with the reason
 * otherwise.
 *   npm run test:scale
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'scale',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/scale/**/*.scale.test.ts'],
    globalSetup: ['tests/scale/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
