import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The security suite: one test per attack on the trust boundary (docs/security.md), through
 * real HTTP against a booted CMS (SQLite, or PostgreSQL when TEST_DATABASE_URL is set) and,
 * where the attack goes through the storefront, its production build served by server.mjs.
 * Each file boots one CMS (and at most one storefront) for its tests.
 *   npm run test:security                                          SQLite, then PostgreSQL
 *   npx vitest run --config tests/security/vitest.config.ts [file]    one database
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'security',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/security/**/*.security.test.ts'],
    globalSetup: ['tests/security/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
