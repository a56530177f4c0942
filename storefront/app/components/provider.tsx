import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from '~/theme';

/** Chakra's styling system for the whole document. Light mode only: no colour-mode script, so nothing differs between server and client. */
export function Provider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}
