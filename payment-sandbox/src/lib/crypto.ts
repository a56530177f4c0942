/**
 * The providers' signing rules, written from their documentation. The sandbox
 * does not import the merchant-side code on purpose: a mistake on either side
 * then shows up as a failed round trip instead of agreeing with itself.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const hmacHex = (key: string | Buffer, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

export const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
export const unb64 = (value: string) => Buffer.from(value, 'base64').toString('utf8');

/** A random id with the provider's prefix: `chrg_test_5x…`. */
export const newId = (prefix: string, bytes = 9) => `${prefix}${randomBytes(bytes).toString('hex')}`;

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** Claims of a JWT signed HS256 with `secret`, or null. */
export function readJwt(token: string, secret: string): Record<string, unknown> | null {
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return null;
  try {
    if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'HS256') return null;
    if (!safeEqual(signature, createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'))) return null;
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The claims of a JWT without checking it, to find out whose key to check it with. */
export function peekJwt(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return null;
  }
}
