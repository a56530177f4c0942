import { defineConfig } from 'vitest/config';

/** One runner, three projects: the pure domain core, the storefront's units, and API tests on a booted Strapi. */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    // Coverage is a root-only option in vitest 4 (a project's `coverage` is ignored), so the
    // shared project's gate lives here: every branch of money and pricing is tested.
    // Run it with `npx vitest run --project shared --coverage`.
    coverage: {
      provider: 'v8',
      include: ['shared/src/pricing/**', 'shared/src/money/**'],
      exclude: ['**/*.test.ts', '**/*.test-helpers.ts'],
      thresholds: { branches: 100 },
    },
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
          alias: { '~': new URL('./storefront/app', import.meta.url).pathname },
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'payments',
          include: ['cms/src/payments/**/*.test.ts', 'payment-sandbox/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'cms',
          root: './cms',
          include: ['tests/**/*.api.test.ts', 'src/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'src/payments/**'],
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
