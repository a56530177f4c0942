import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { system } from '~/lib/chakra-system';
import { createEmotionCache } from '~/lib/emotion-cache';

/**
 * Chakra's context provider, taken from the element ChakraProvider returns (it is a plain
 * function without hooks): ChakraProvider itself also renders emotion <Global> styles, which
 * come from a static stylesheet instead (virtual:chakra-global.css, linked from root.tsx).
 */
const ChakraContextProvider = (() => {
  // A stand-in system with what ChakraProvider reads for its global styles: the site's system is
  // built on first use (theme.ts), and taking the provider out must not build it.
  const standIn = { _config: { disableLayers: true }, _global: [] } as unknown as typeof system;
  const element = ChakraProvider({ value: standIn, children: null }) as ReactElement<{ value: unknown }>;
  if (!element || typeof element.type !== 'object' || element.props.value !== standIn) {
    throw new Error("ChakraProvider no longer returns its context provider: read @chakra-ui/react's styled-system/provider.js");
  }
  return element.type as unknown as ComponentType<{ value: typeof system; children: ReactNode }>;
})();

/**
 * Emotion's cache in the browser (ADR 214), created when this module loads. Only modules that draw
 * Chakra components import it, and Remix imports the route modules of the first page before it
 * hydrates, so on a Chakra page the cache exists before hydration and adopts the server's
 * <style data-emotion> tags (same key) instead of inserting them again. On the server each render
 * has its own cache, given by entry.server.tsx, whose styles it extracts; this one is not made there.
 */
const browserCache = typeof document === 'undefined' ? null : createEmotionCache();

/**
 * Chakra's styling system, exactly as ChakraProvider gives it, without serialising its global CSS
 * on every render, and emotion's cache in the browser. Light mode only: no colour-mode script, so
 * nothing differs between server and client. Neither renders an element, so the page's HTML is
 * the same with the browser's cache or without it.
 *
 * Only what draws Chakra components is inside it (ADR 214): the routes that do (`withChakra`) and
 * the Chakra parts pages without Chakra load later (the course page's checkout, the session modal).
 * root.tsx and entry.client.tsx import neither emotion nor Chakra, so the other pages load neither.
 */
export function Provider({ children }: { children: ReactNode }) {
  const chakra = <ChakraContextProvider value={system}>{children}</ChakraContextProvider>;
  return browserCache ? <CacheProvider value={browserCache}>{chakra}</CacheProvider> : chakra;
}

/** A route component or a lazily loaded component, inside the Provider: for what draws Chakra components. */
export function withChakra<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithChakra(props: P) {
    return (
      <Provider>
        <Component {...props} />
      </Provider>
    );
  }
  WithChakra.displayName = `withChakra(${Component.displayName ?? Component.name})`;
  return WithChakra;
}
