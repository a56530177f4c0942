import { defineConfig } from 'vitest/config';

/** One runner, three projects: the pure domain core, the storefront's units, and API tests on a booted Strapi. */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          root: './shared',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'storefront',
          root: './storefront',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'cms',
          root: './cms',
          include: ['tests/**/*.api.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['./tests/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: true,
        },
      },
    ],
  },
});
