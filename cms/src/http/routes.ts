/**
 * Custom routes at the old client's paths. Strapi 5 keeps `prefix: ''` routes under /api,
 * so routes outside /api are added with `strapi.server.routes()` in register().
 */
import type { Core } from '@strapi/strapi';

export type Access = 'public' | 'student' | 'shop_admin';

export type CustomRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Fully qualified handler, e.g. `api::order.order.create`. */
  handler: string;
  access?: Access;
};

/** Path prefixes answered in the custom error envelope. */
const CUSTOM_PREFIXES = ['/public/', '/private/'];
const customApiPaths = new Set<string>();

export function isCustomPath(path: string): boolean {
  if (CUSTOM_PREFIXES.some((p) => path.startsWith(p))) return true;
  for (const prefix of customApiPaths) if (path === prefix || path.startsWith(prefix + '/')) return true;
  return false;
}

/** Registers routes; each runs the access guard for its level before the handler. */
export function registerCustomRoutes(strapi: Core.Strapi, routes: CustomRoute[]): void {
  for (const route of routes) {
    if (route.path.startsWith('/api/')) {
      // the static part of the path, up to the first parameter
      customApiPaths.add(route.path.split('/:')[0]);
    }
  }
  strapi.server.routes(
    routes.map((route) => ({
      method: route.method,
      path: route.path,
      handler: route.handler,
      config: {
        auth: false,
        middlewares: route.access && route.access !== 'public' ? [`global::require-${route.access === 'student' ? 'student' : 'shop-admin'}`] : [],
      },
    })) as never,
  );
}

/**
 * Finds every `api/<name>/routes/01-custom-<name>.(js|ts)` module and registers its
 * `customRoutes` export, so an API adds calls without touching the app's entry point.
 */
export function registerAllCustomRoutes(strapi: Core.Strapi): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const fs = require('node:fs') as typeof import('node:fs');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const path = require('node:path') as typeof import('node:path');
  const apiDir = path.join(__dirname, '..', 'api');
  if (!fs.existsSync(apiDir)) return;
  for (const api of fs.readdirSync(apiDir).sort()) {
    const routesDir = path.join(apiDir, api, 'routes');
    if (!fs.existsSync(routesDir)) continue;
    for (const file of fs.readdirSync(routesDir).sort()) {
      if (!/^01-custom-.*\.(js|ts)$/.test(file) || file.endsWith('.d.ts')) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const mod = require(path.join(routesDir, file)) as { customRoutes?: CustomRoute[] };
      if (mod.customRoutes?.length) registerCustomRoutes(strapi, mod.customRoutes);
    }
  }
}
