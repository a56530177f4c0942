/**
 * The visitor's address on every CMS call made while serving their request: server.mjs runs
 * the request inside `withClientAddress`, and cms.server.ts adds `clientAddressHeaders()`,
 * an HMAC-SHA256 over "{unix seconds}.{address}" with CLIENT_ADDRESS_SECRET that the CMS
 * checks before it keys a limit on the address
 * (docs/decisions/158-client-addresses-and-upload-tickets.md). Without the secret nothing is
 * sent and the CMS counts the storefront's own address.
 *
 * The request's id (server.mjs makes it, ADR 200) rides the same way: `requestIdHeaders()`
 * sends it as `X-Request-Id` on each CMS call, so the CMS's log lines and error bodies carry it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { getEnv } from '../env.server';

type Visitor = { address?: string; requestId?: string };

const visitor = new AsyncLocalStorage<Visitor>();

/** "::ffff:127.0.0.1" → "127.0.0.1". */
function normalize(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address.trim());
  return mapped ? mapped[1] : address.trim();
}

/** Runs `work` (the handling of one visitor's request) with their address and the request's id at hand. */
export function withVisitor<T>({ address, requestId }: { address?: string | null; requestId?: string | null }, work: () => T): T {
  return visitor.run({ address: address ? normalize(address) : undefined, requestId: requestId ?? undefined }, work);
}

/** The id of the request being served, as `X-Request-Id`, or nothing outside a visitor's request. */
export function requestIdHeaders(): Record<string, string> {
  const requestId = visitor.getStore()?.requestId;
  return requestId ? { 'x-request-id': requestId } : {};
}

export function signClientAddress(address: string, secret: string, nowMs = Date.now()): Record<string, string> {
  const seconds = Math.floor(nowMs / 1000);
  const mac = createHmac('sha256', secret).update(`${seconds}.${address}`).digest('hex');
  return { 'x-client-address': address, 'x-client-address-signature': `${seconds}.${mac}` };
}

/** The signed address of the visitor being served, or nothing outside a visitor's request. */
export function clientAddressHeaders(): Record<string, string> {
  const address = visitor.getStore()?.address;
  const secret = getEnv().CLIENT_ADDRESS_SECRET;
  return address && secret ? signClientAddress(address, secret) : {};
}
