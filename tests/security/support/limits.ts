/**
 * What the storefront sends with every CMS call on behalf of a visitor: the visitor's address
 * and an HMAC-SHA256 over "{unix seconds}.{address}" made with CLIENT_ADDRESS_SECRET
 * (docs/decisions/158-client-addresses-and-upload-tickets.md).
 */
import { createHmac } from 'node:crypto';

export const CLIENT_ADDRESS_SECRET = 'security-client-address-secret-0123456789';

export function signedAddress(address: string, options: { secret?: string; at?: number } = {}): Record<string, string> {
  const seconds = Math.floor((options.at ?? Date.now()) / 1000);
  const mac = createHmac('sha256', options.secret ?? CLIENT_ADDRESS_SECRET)
    .update(`${seconds}.${address}`)
    .digest('hex');
  return { 'x-client-address': address, 'x-client-address-signature': `${seconds}.${mac}` };
}

/** A documentation address (203.0.113.0/24) of its own for each call. */
let next = 1;
export function freshVisitor(): string {
  next += 1;
  return `203.0.${113 + Math.floor(next / 250)}.${next % 250}`;
}
