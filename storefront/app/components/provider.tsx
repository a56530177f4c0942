import { ChakraProvider } from '@chakra-ui/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { system } from '~/lib/chakra-system';

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
 * Chakra's styling system for the whole document, exactly as ChakraProvider gives it, without
 * serialising its global CSS on every render. Light mode only: no colour-mode script, so nothing
 * differs between server and client.
 */
export function Provider({ children }: { children: ReactNode }) {
  return <ChakraContextProvider value={system}>{children}</ChakraContextProvider>;
}
