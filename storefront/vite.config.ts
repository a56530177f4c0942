import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Alias } from 'vite';
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
