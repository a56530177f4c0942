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

export default defineConfig({
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
    chakraGlobalCssPlugin({ theme: 'app/theme.ts' }),
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
});
