/**
 * The sign-in attempt between the start and the provider's answer, sealed with an HMAC so the
 * storefront can keep it in the visitor's browser (an httpOnly cookie) without the CMS storing
 * anything: the provider, the `state` the answer must carry back, the OpenID Connect `nonce`,
 * the PKCE verifier and where to go afterwards, for ten minutes.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isSocialProvider, type SocialProvider } from './providers';

export const FLOW_SECONDS = 600;

export type Flow = { provider: SocialProvider; state: string; nonce: string; verifier: string; redirect: string; expiresAt: number };

const random = () => randomBytes(32).toString('base64url');

export function newFlow(provider: SocialProvider, redirect: string, nowMs = Date.now()): Flow {
  return { provider, state: random(), nonce: random(), verifier: random(), redirect, expiresAt: nowMs + FLOW_SECONDS * 1000 };
}

/** The PKCE S256 challenge of a verifier (RFC 7636 4.2). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** What a sealed value is for: the MAC differs per purpose, so one can never be taken for the other. */
type SealPurpose = 'flow' | 'link';

const mac = (key: string, purpose: SealPurpose, body: string) => createHmac('sha256', key).update(`sala-social-${purpose}.${body}`).digest('base64url');

function seal(value: object, purpose: SealPurpose, key: string): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(key, purpose, body)}`;
}

/** The object a sealed value holds, or null when it was altered or sealed for another purpose. */
function unseal(sealed: unknown, purpose: SealPurpose, key: string): Record<string, unknown> | null {
  if (typeof sealed !== 'string' || sealed.length > 4096) return null;
  const [body, signature, extra] = sealed.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const sealFlow = (flow: Flow, key: string): string => seal(flow, 'flow', key);

/** The flow a sealed value holds, or null when it was altered, is not ours or has expired. */
export function openFlow(sealed: unknown, key: string, nowMs = Date.now()): Flow | null {
  const flow = unseal(sealed, 'flow', key);
  if (!flow || !isSocialProvider(flow.provider) || typeof flow.state !== 'string' || typeof flow.expiresAt !== 'number' || flow.expiresAt < nowMs) return null;
  return flow as Flow;
}

/**
 * A provider account whose verified e-mail already has a Sala account, waiting for that
 * account's password before the two are tied (ADR 194): who the provider said it is, the
 * address, where to go afterwards, for ten minutes.
 */
export type PendingLink = { provider: SocialProvider; subject: string; email: string; redirect: string; expiresAt: number };

export function sealPendingLink(link: Omit<PendingLink, 'expiresAt'>, key: string, nowMs = Date.now()): string {
  return seal({ ...link, expiresAt: nowMs + FLOW_SECONDS * 1000 }, 'link', key);
}

export function openPendingLink(sealed: unknown, key: string, nowMs = Date.now()): PendingLink | null {
  const link = unseal(sealed, 'link', key);
  if (!link || !isSocialProvider(link.provider) || typeof link.subject !== 'string' || typeof link.email !== 'string' || typeof link.expiresAt !== 'number') return null;
  if (link.expiresAt < nowMs) return null;
  return { provider: link.provider, subject: link.subject, email: link.email, redirect: localPath(link.redirect), expiresAt: link.expiresAt };
}

/** Whether two secrets are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * A path of our own site to go to after signing in, else `/`: no scheme, no host (`//x`, `/\x`),
 * no control character. The storefront checks it again against its public origin.
 */
export function localPath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  const text = value.trim();
  // eslint-disable-next-line no-control-regex
  if (!text.startsWith('/') || text.startsWith('//') || text.startsWith('/\\') || text.length > 2000 || /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f)/i.test(text)) return '/';
  return text;
}
