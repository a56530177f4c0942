import { defineConfig } from 'tsup';

const entries = ['money', 'constants', 'pricing', 'plans', 'eligibility', 'schemas', 'texts', 'payments', 'config', 'settings', 'preview', 'operations'];

export default defineConfig({
  entry: Object.fromEntries(entries.map((e) => [`${e}/index`, `src/${e}/index.ts`])),
  format: ['esm', 'cjs'],
  target: 'node20',
  dts: false,
  clean: true,
  sourcemap: true,
  splitting: false,
});
