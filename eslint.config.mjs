// ESLint flat config for every workspace. It holds the layer rules of docs/house-style ("Layers"):
// wrong-way imports and import cycles fail `npm run lint`. Kept non-type-checked so a full run stays fast.
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(ROOT, ...parts);

const SF = at('storefront/app');
const CMS = at('cms/src');

/** storefront: routes/ → components/ → models/; routes/ → lib/*.server.ts → models/. root.tsx is the root route. */
const storefrontZones = [
  {
    target: `${SF}/lib`,
    from: [`${SF}/components`, `${SF}/routes`, `${SF}/root.tsx`],
    message: 'lib/ never imports components/ or routes (root.tsx included): move the shared part to models/.',
  },
  {
    target: `${SF}/components`,
    from: [`${SF}/routes`, `${SF}/root.tsx`],
    message: 'components/ never import routes (root.tsx included): move the shared part to models/.',
  },
  {
    // Server modules stay behind the routes. Once models/ exists this widens to all of lib/.
    target: `${SF}/components/**/*`,
    from: `${SF}/lib/**/*.server.{ts,tsx}`,
    message: 'components/ never import lib/*.server.ts: routes pass data down; view types live in models/.',
  },
  {
    target: `${SF}/models`,
    from: [`${SF}/components`, `${SF}/lib`, `${SF}/routes`, `${SF}/root.tsx`],
    message: 'models/ is the bottom layer: it imports no components/, lib/ or routes.',
  },
];

/** cms: api/<feature>/ uses lib/; http/ uses lib/ only (never api/); lib/ uses neither. */
const cmsZones = [
  { target: `${CMS}/http`, from: `${CMS}/api`, message: 'http/ uses lib/ only: move what it needs from api/ into cms/src/lib.' },
  { target: `${CMS}/lib`, from: [`${CMS}/api`, `${CMS}/http`], message: 'cms/src/lib is the bottom layer: it imports no api/ or http/.' },
];

/** shared: no relative path out of shared/ (packages are held by no-restricted-imports below). */
const sharedZones = [
  {
    target: at('shared'),
    from: ROOT,
    except: ['./shared', './node_modules'],
    message: 'shared/ imports no other workspace: it is the pure domain core.',
  },
];

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-*/',
      '**/build/',
      '**/build-*/',
      '**/.cache/',
      '**/.tmp/',
      '**/.strapi/',
      '**/.vite/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'storefront/public/build/',
      'cms/types/generated/',
      'cms/public/',
      'cms/outbox/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['storefront/tsconfig.json', 'cms/tsconfig.json', 'cms/tests/tsconfig.json', 'shared/tsconfig.json', 'payment-sandbox/tsconfig.json', 'tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...storefrontZones, ...cmsZones, ...sharedZones] }],

      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `ok ? resolve() : reject()` and `a && b()` as statements are a deliberate style here.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // A timer declared before the callbacks that clear it and assigned after them stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Strapi's entity service, query builder and koa context are loosely typed: glue code casts through any.
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },

  // Tests reach into Strapi internals and hand-built payloads; `any` there is not worth a type per fixture.
  {
    files: ['**/tests/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // The mail catcher runs as a CommonJS script too (require.main) and loads its servers lazily.
  {
    files: ['tests/e2e/support/smtp.ts'],
    rules: { '@typescript-eslint/no-require-imports': ['error', { allow: ['^smtp-server$', '^mailparser$'] }] },
  },

  // shared/src: zod and its own modules only (tests may also use the test tools). Mirrors shared/tests/no-forbidden-imports.test.ts.
  {
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltins, 'react', 'react-dom'].map((name) => ({ name, message: 'shared/ is pure: no Node built-ins, Strapi, Remix or React.' })),
          patterns: [
            { group: ['node:*', ...nodeBuiltins.map((name) => `${name}/*`)], message: 'shared/ is pure: no Node built-ins.' },
            { group: ['@sala/*'], message: 'shared/ imports no other workspace, and its own modules by relative path.' },
            { group: ['@strapi/*', 'strapi*', '@remix-run/*', 'remix*', 'react/*', 'react-dom/*'], message: 'shared/ is pure: no Strapi, Remix or React.' },
          ],
        },
      ],
    },
  },

  // storefront: React hooks rules (only these two; the compiler-oriented rules of the recommended set are not adopted).
  {
    files: ['storefront/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
