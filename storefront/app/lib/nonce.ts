/**
 * The CSP nonce of the page being rendered (entry.server.tsx makes one per render, ADR 157):
 * the root's Scripts and ScrollRestoration put it on their inline scripts. In the browser it
 * is empty (browsers hide a nonce from scripts), which changes nothing once hydrated.
 */
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);
