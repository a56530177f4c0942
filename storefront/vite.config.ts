import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, runnerImport, type Alias, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * @sala/shared is consumed from its TypeScript source: each subpath export maps to its
 * "source" condition. The condition is applied to this package alone, because a global
 * `resolve.conditions: ['source']` also picks the "source" entries of Chakra's own
 * dependencies (@pandacss/is-valid-prop, @internationalized/*), which they do not ship.
 */
function sharedSourceAliases(): Alias[] {
  const sharedDir = fileURLToPath(new URL('../shared/', import.meta.url));
  const manifest = JSON.parse(readFileSync(`${sharedDir}package.json`, 'utf8')) as {
    exports: Record<string, { source?: string }>;
  };
  return Object.entries(manifest.exports).flatMap(([subpath, conditions]) => {
    if (!conditions.source) return [];
    const specifier = `@sala/shared${subpath.slice(1)}`;
    return [{ find: new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`), replacement: fileURLToPath(new URL(conditions.source, `file://${sharedDir}`)) }];
  });
}

/**
 * Chakra's global CSS (the layer order, the reset, the html/body rules and every token as a CSS
 * variable) as a static stylesheet, computed once per build from app/theme.ts. ChakraProvider
 * would serialise the same 48 KB through emotion's <Global> into every page on every render;
 * our Provider (app/components/provider.tsx) gives Chakra's context without it, and root.tsx
 * imports `virtual:chakra-global.css`, which Vite emits as a hashed asset (served immutable).
 *
 * The CSS is exactly what <Global> inserts: ChakraProvider is rendered once with an emotion cache
 * of its own and the text of its global <style> tags is kept.
 */
const CHAKRA_GLOBAL_CSS_ID = 'virtual:chakra-global.css';
// Resolved to a path inside app/ that has no file on disk: Vite's CSS pipeline and Remix's
// collection of a page's CSS in development only take modules with a file path.
const CHAKRA_GLOBAL_CSS_PATH = 'app/styles/chakra-global.css';

/** The global CSS ChakraProvider would emit for `system`. */
function chakraGlobalCss(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  const html = renderToStaticMarkup(createElement(CacheProvider, { value: cache }, createElement(ChakraProvider, { value: system, children: null })));
  const rules = [...html.matchAll(/<style data-emotion="css-global [^"]*"[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  if (rules.length === 0) throw new Error('ChakraProvider rendered no global styles: has its provider changed?');
  return `${rules.join('\n')}\n`;
}

function chakraGlobalCssPlugin({ theme }: { theme: string }): Plugin {
  let root = process.cwd();
  let css: Promise<string> | null = null;
  const themePath = () => path.resolve(root, theme);
  const cssPath = () => path.resolve(root, CHAKRA_GLOBAL_CSS_PATH);
  const generate = async () => {
    const { module } = await runnerImport<{ system: SystemContext }>(themePath(), { configFile: false, root, logLevel: 'error' });
    return chakraGlobalCss(module.system);
  };
  return {
    name: 'sala:chakra-global-css',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      // with its query, if any (Remix loads a page's CSS with ?inline in development)
      const [id, query] = source.split('?');
      if (id !== CHAKRA_GLOBAL_CSS_ID && id !== cssPath() && id !== `/${CHAKRA_GLOBAL_CSS_PATH}`) return undefined;
      return query === undefined ? cssPath() : `${cssPath()}?${query}`;
    },
    load(id) {
      if (id.split('?')[0] !== cssPath()) return undefined;
      this.addWatchFile(themePath());
      css ??= generate();
      return css;
    },
    watchChange(id) {
      if (id === themePath()) css = null;
    },
    handleHotUpdate({ file, server }) {
      if (file !== themePath()) return;
      css = null;
      const module = server.moduleGraph.getModuleById(cssPath());
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}

/**
 * Chakra's components come with the site's theme (ADR 145): an app module importing from
 * `@chakra-ui/react` also imports `app/theme.ts` (the default config and how to build the
 * system), added in front of its first line. The Provider (only around what draws Chakra
 * components, ADR 214) only takes the system from `app/lib/chakra-system.ts`, so a page without
 * Chakra components (the course page) never downloads the config, and a chunk with a Chakra component always brings it, in the browser
 * build, on the server and in development alike. The modules that set this up are left alone.
 */
const THEME = 'app/theme.ts';
const CHAKRA_SETUP = [THEME, 'app/lib/chakra-system.ts', 'app/components/provider.tsx'];
// a value import (not `import type`) from the package
const CHAKRA_VALUE_IMPORT = /import\s+(?!type\b)[^;]*?from\s*['"]@chakra-ui\/react['"]/;

function chakraWithThemePlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'sala:chakra-with-theme',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      const from = path.relative(root, id.split('?')[0]).split(path.sep).join('/');
      if (!from.startsWith('app/') || !/\.[jt]sx?$/.test(from) || CHAKRA_SETUP.includes(from) || !CHAKRA_VALUE_IMPORT.test(code)) return undefined;
      // on the module's first line, so its other lines keep their places in source maps
      return { code: `import ${JSON.stringify(path.resolve(root, THEME))};${code}`, map: null };
    },
  };
}

/**
 * How the browser build is split into files (ADR 145). Rollup's default gives every module shared
 * by two entries a chunk of its own, so the course page named 19 scripts before hydration, half of
 * them under 1 KB (Chakra's anatomy lists, small helpers), and its checkout 27 more. Each is a
 * request on the page's critical path. The framework every page runs (React, Remix and its router)
 * is one chunk, and chunks without side effects smaller than 20 KB are merged into a chunk loaded
 * with them. The server build is one file and keeps Vite's defaults.
 *
 * Such a merge may put code into a chunk that pages without it load too: the product pages, drawn
 * without Chakra (ADR 207), have no side effects, and below 20 KB their code went into the chunk
 * the root loads on every page. They have chunks of their own: the page of a product (its route,
 * its components and the card whose stock label it shows) and the list (its route, its search and
 * its page links). A manual chunk holds the modules named here and no more
 * (`onlyExplicitManualChunks`), so the product chunk does not take the app modules it shares with
 * the root; the framework chunk still takes every module the framework imports, as before.
 * The shop's constants (`@sala/shared/constants`, with the product list's choices built on them) are
 * a chunk of their own too: the list and the checkout use them, and merged as a small chunk they
 * went into one the course page loads before its first paint.
 */
const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](react|react-dom|scheduler|@remix-run|react-router|react-router-dom|turbo-stream)[\\/]/;
/**
 * The playlist's own code (ADR 208), about 10 KB since it lost Chakra, the home page's body
 * (ADR 209) and the payment page's first screen (ADR 210): merged as small chunks, they went into a chunk the root loads, so every page
 * downloaded them. A chunk of their own is not merged.
 */
const PLAYLIST_MODULE = /[\\/]app[\\/](components[\\/]learn[\\/]|routes[\\/]courses\.\$id_\.learn\.tsx)/;
const HOME_MODULE = /[\\/]app[\\/](components[\\/]home[\\/]|routes[\\/]_index\.tsx)/;
const PRODUCT_PAGE_MODULE = /[\\/]app[\\/](routes[\\/]products\.\$id\.tsx|components[\\/]products[\\/](product-page|buy-box|product-gallery|product-tabs|product-card)\.tsx)(\?.*)?$/;
const PRODUCT_LIST_MODULE = /[\\/]app[\\/](routes[\\/]products\._index\.tsx|components[\\/]products[\\/](list-controls|pagination)\.tsx)(\?.*)?$/;
// The payment page's first screen (ADR 210): its screen, buttons, card forms and total rows, and the
// bank transfer's view as the server draws it (ADR 213). Not the route: it imports the panel, which
// the cart, loading this chunk for the accounts and totals, would load with it (ADR 217).
const PAYMENT_MODULE =
  /[\\/]app[\\/](components[\\/]payment[\\/](payment-screen|pay-button|retry-order|qr-screen|method-input|card-fields|card-omise|card-2c2p)\.tsx|components[\\/]orders[\\/]order-total-rows\.tsx|components[\\/]checkout[\\/](payment-summary|bank-transfer-view|bank-accounts|exact-amount-qr)\.tsx)(\?.*)?$/;
// The bank transfer's panel with the report's plain form (ADR 217): the payment page draws it, the
// course page loads it after an order; merged as a small chunk it took helpers the cart loads with it.
const PAYMENT_PANEL_MODULE = /[\\/]app[\\/]components[\\/]checkout[\\/](payment-step|report-fields)\.tsx(\?.*)?$/;
// The checkout's button: the payment page's server-drawn panel, the checkout forms and the cart use
// it; merged as a small chunk it went into one the root loads (ADR 213). Its class helper
// (components/class-names.ts, a few bytes) is left to Rollup: the course page's blocks use it too,
// and in this chunk it made the course page load the chunk.
const FORM_BUTTON_MODULE = /[\\/]app[\\/]components[\\/]checkout[\\/]form-button\.tsx(\?.*)?$/;
const CONSTANTS_MODULE = /[\\/](shared[\\/]src[\\/]constants[\\/]index\.ts|app[\\/]models[\\/]products[\\/]types\.ts)$/;

/** The chunks of one page's own code (and the shop's constants), each named here. */
const PAGE_CHUNKS: readonly (readonly [RegExp, string])[] = [
  [PLAYLIST_MODULE, 'playlist'],
  [HOME_MODULE, 'home'],
  [PRODUCT_PAGE_MODULE, 'product-page'],
  [PRODUCT_LIST_MODULE, 'product-list'],
  [PAYMENT_MODULE, 'payment'],
  [PAYMENT_PANEL_MODULE, 'payment-panel'],
  [FORM_BUTTON_MODULE, 'form-button'],
  [CONSTANTS_MODULE, 'constants'],
];

type ModuleImporters = (id: string) => { importers: readonly string[] } | null;

/** A framework module, or one that a framework module imports, directly or through modules of no other manual chunk (Rollup's CommonJS helper, for one). */
function isFrameworkModule(id: string, moduleInfo: ModuleImporters, seen = new Set<string>()): boolean {
  if (FRAMEWORK_MODULE.test(id)) return true;
  seen.add(id);
  return (moduleInfo(id)?.importers ?? []).some((importer) => !seen.has(importer) && !PAGE_CHUNKS.some(([chunk]) => chunk.test(importer)) && isFrameworkModule(importer, moduleInfo, seen));
}

function clientChunk(id: string, { getModuleInfo }: { getModuleInfo: ModuleImporters }): string | undefined {
  if (isFrameworkModule(id, getModuleInfo)) return 'framework';
  return PAGE_CHUNKS.find(([chunk]) => chunk.test(id))?.[1];
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      // another folder for parallel test runs (the browser tests build into build-e2e-<port>)
      buildDirectory: process.env.SALA_STOREFRONT_BUILD_DIR || 'build',
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    // Chakra's global CSS as a static, hashed stylesheet (ADR 140)
    chakraGlobalCssPlugin({ theme: THEME }),
    // Chakra's components load the theme; pages without them do not (ADR 145)
    chakraWithThemePlugin(),
  ],
  resolve: { alias: sharedSourceAliases() },
  ssr: {
    // Bundled into the server build, so Node never has to load TypeScript.
    noExternal: ['@sala/shared'],
  },
  optimizeDeps: {
    // Without these a cold dev cache pre-bundles them late and the first page fails with "Invalid hook call".
    include: ['@emotion/react', '@emotion/cache', '@chakra-ui/react', '@conform-to/react', '@conform-to/zod/v4', 'zod'],
  },
  server: { port: 3001, host: '127.0.0.1' },
  build: isSsrBuild
    ? {}
    : {
        rollupOptions: {
          output: { manualChunks: clientChunk, onlyExplicitManualChunks: true, experimentalMinChunkSize: 20_000 },
          // Chakra builds an unused default system when its preset module loads (the course page's
          // largest task, ADR 145); marked pure, the call is dropped. Ours is built on first use (theme.ts).
          treeshake: { manualPureFunctions: ['createSystem'] },
        },
      },
}));
