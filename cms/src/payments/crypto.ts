/**
 * The signing primitives every adapter uses: HMAC-SHA256, a constant-time
 * compare and HS256 JSON Web Tokens. One place, so no adapter compares a
 * signature with `===`.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256(key: string | Buffer, message: string): Buffer {
  return createHmac('sha256', key).update(message, 'utf8').digest();
}

export function hmacSha256Hex(key: string | Buffer, message: string): string {
  return hmacSha256(key, message).toString('hex');
}

/**
 * Compares two strings in time independent of where they differ. Both sides are
 * hashed first so unequal lengths take the same path and leak nothing.
 */
export function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

export function base64Encode(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Decodes base64, or returns null for text that is not canonical base64. */
export function base64Decode(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return null;
  return Buffer.from(compact, 'base64').toString('utf8');
}

const base64Url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A compact JWT signed with HMAC-SHA256. */
export function signJwtHs256(claims: Record<string, unknown>, secret: string): string {
  const head = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64Url(JSON.stringify(claims));
  return `${head}.${body}.${base64Url(hmacSha256(secret, `${head}.${body}`))}`;
}

/** The claims of an HS256 JWT whose signature matches `secret`, or null. Any other `alg` is refused. */
export function verifyJwtHs256(token: string, secret: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, signature] = parts;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return null;
    if (!safeEqual(signature, base64Url(hmacSha256(secret, `${head}.${body}`)))) return null;
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a JWT without checking its signature: only to find whose key checks it. */
export function peekJwt(token: string): Record<string, unknown> | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
