import type { SystemContext } from '@chakra-ui/react';

/**
 * The site's Chakra system as every Chakra component reads it (ADR 145), without Chakra's
 * default config: this module is on every page, the config (every token and recipe, about 55 KB
 * of the browser's JavaScript) only where a Chakra component is. `app/theme.ts` registers how to
 * build the system when it loads, and vite.config.ts makes every app module that imports from
 * `@chakra-ui/react` import `app/theme.ts` too, so a page that draws a Chakra component always
 * has it. The system itself is built on its first use: about 50 ms of a desktop core, four times
 * that on a phone, in one task.
 */
let buildSystem: (() => SystemContext) | null = null;
let built: SystemContext | null = null;

export function registerSystem(build: () => SystemContext): void {
  buildSystem = build;
}

function current(): SystemContext {
  if (built) return built;
  if (!buildSystem) {
    throw new Error(
      "A Chakra component rendered before app/theme.ts was loaded: import it in this module (vite.config.ts adds it to app modules that import from '@chakra-ui/react'; unit tests run without that config).",
    );
  }
  built = buildSystem();
  return built;
}

/** Reads and writes go to the built system; a stand-in until then. */
export const system: SystemContext = new Proxy({} as SystemContext, {
  get: (_, key) => Reflect.get(current(), key),
  set: (_, key, value) => Reflect.set(current(), key, value),
  has: (_, key) => Reflect.has(current(), key),
  ownKeys: () => Reflect.ownKeys(current()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
    // the stand-in has no own properties: a property reported on it must be configurable
    return descriptor ? { ...descriptor, configurable: true } : undefined;
  },
  defineProperty: (_, key, descriptor) => Reflect.defineProperty(current(), key, descriptor),
  deleteProperty: (_, key) => Reflect.deleteProperty(current(), key),
});
