/**
 * The security headers of every page (ADR 157): a Content-Security-Policy with a nonce made
 * for each render, and the framing, referrer, permissions and sniffing policies.
 *
 * Scripts: only those carrying the render's nonce (Remix's inline scripts and its entry
 * module) and, through 'strict-dynamic', what those load (the route modules, the checkout
 * island, a payment provider's browser script the card form adds). 'self' is a fallback for
 * browsers without 'strict-dynamic'. Styles allow inline: emotion writes <style> tags and
 * React writes style attributes. Images, media, frames and connections allow https (course
 * pictures and videos hosted anywhere, payment providers' frames and endpoints, the
 * real-time channel) plus the configured CMS, real-time and provider origins, which may be
 * plain http in a demo. Forms are not restricted: payment providers take posted forms at
 * hosts the CMS configures.
 *
 * A page kept by the anonymous page cache is replayed with the CSP header of its render, so its
 * nonce matches its scripts; each render has a new one.
 */
import { randomBytes } from 'node:crypto';
import { getEnv, type Env } from '~/env.server';

export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A real-time channel on another address (REALTIME_PUBLIC_URL) as a socket opens it: the https address and its wss twin; by default the page's own origin ('self') carries it. */
function realtimeOrigins(env: Env): string[] {
  if (!env.REALTIME_PUBLIC_URL) return [];
  const host = new URL(env.REALTIME_PUBLIC_URL).host;
  return [`https://${host}`, `wss://${host}`];
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))];

/** Who may frame a page: nobody, or (the preview route only, ADR 170) the Strapi admin's origin. */
export type Framing = 'none' | 'cms-admin';

/** The origin of the Strapi admin, which frames the preview: the CMS's public origin. */
export function cmsAdminOrigin(env: Env = getEnv()): string | null {
  return originOf(env.CMS_PUBLIC_URL);
}

function frameAncestors(framing: Framing, env: Env): string[] {
  const admin = framing === 'cms-admin' ? cmsAdminOrigin(env) : null;
  return admin ? [admin] : ["'none'"];
}

export function contentSecurityPolicy(nonce: string, env: Env = getEnv(), framing: Framing = 'none'): string {
  const cms = originOf(env.CMS_PUBLIC_URL);
  const providers = env.PAYMENT_PROVIDER_ORIGINS;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(["'self'", 'data:', 'blob:', 'https:', cms, ...providers])],
    ['font-src', ["'self'", 'data:']],
    ['media-src', unique(["'self'", 'blob:', 'https:', cms])],
    ['connect-src', unique(["'self'", 'https:', cms, ...realtimeOrigins(env), ...providers])],
    ['frame-src', unique(["'self'", 'https:', ...providers])],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', frameAncestors(framing, env)],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Headers every page carries besides its CSP. */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self)',
  'X-Content-Type-Options': 'nosniff',
};

/** The pages the Strapi admin frames: the preview route (ADR 170). Every other page refuses framing. */
export function framingOf(pathname: string): Framing {
  return pathname === '/preview' ? 'cms-admin' : 'none';
}

/**
 * Sets a page's security headers. Outside production the CSP is sent as Report-Only: Vite's
 * development server injects scripts of its own; the browser's console still names a violation.
 * A page the admin frames has no X-Frame-Options (it has no way to name one origin) and an
 * enforced `frame-ancestors` in every environment.
 */
export function setPageSecurityHeaders(headers: Headers, nonce: string, env: Env = getEnv(), framing: Framing = 'none'): void {
  const production = env.NODE_ENV === 'production';
  headers.set(production ? 'Content-Security-Policy' : 'Content-Security-Policy-Report-Only', contentSecurityPolicy(nonce, env, framing));
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) headers.set(name, value);
  if (framing !== 'none') {
    headers.delete('X-Frame-Options');
    if (!production) headers.set('Content-Security-Policy', `frame-ancestors ${frameAncestors(framing, env).join(' ')}`);
  }
}
