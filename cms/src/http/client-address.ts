/**
 * The client address every limit keys on (docs/decisions/158-client-addresses-and-upload-tickets.md):
 *
 * 1. the visitor's address the storefront sends in `X-Client-Address`, when
 *    `X-Client-Address-Signature` is "{unix seconds}.{hex HMAC-SHA256 of '{seconds}.{address}'}"
 *    made with CLIENT_ADDRESS_SECRET and at most a minute old (either way);
 * 2. else the socket peer, and X-Forwarded-For only when that peer is one of TRUSTED_PROXIES
 *    (addresses, CIDR ranges or proxy-addr's names: loopback, linklocal, uniquelocal), read
 *    right to left through trusted hops only. IS_PROXIED=true without TRUSTED_PROXIES is a
 *    deprecated alias of TRUSTED_PROXIES=loopback.
 *
 * The global middleware `client-address` resolves it once per request and sets ctx.request.ip,
 * so Strapi's own admin login limit keys on it too.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import proxyaddr from 'proxy-addr';

export const CLIENT_ADDRESS_HEADER = 'x-client-address';
export const CLIENT_ADDRESS_SIGNATURE_HEADER = 'x-client-address-signature';
/** Seconds a signature stays valid, in either direction (clock skew between the two servers). */
export const SIGNATURE_MAX_AGE_SECONDS = 60;

type Settings = { secret: string | null; proxies: string[]; trust: (address: string, hop: number) => boolean };
let cached: { key: string; settings: Settings } | undefined;

/** TRUSTED_PROXIES as a list; IS_PROXIED=true alone means loopback (deprecated). */
export function trustedProxies(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter(Boolean);
  if (listed.length > 0) return listed;
  return /^(true|1|yes)$/i.test(env.IS_PROXIED ?? '') ? ['loopback'] : [];
}

function settings(): Settings {
  const key = [process.env.CLIENT_ADDRESS_SECRET, process.env.TRUSTED_PROXIES, process.env.IS_PROXIED].join('\u0000');
  if (cached?.key === key) return cached.settings;
  const proxies = trustedProxies();
  let trust: Settings['trust'];
  try {
    trust = proxyaddr.compile(proxies);
  } catch (error) {
    throw new Error(`TRUSTED_PROXIES: ${(error as Error).message}`, { cause: error });
  }
  const secret = process.env.CLIENT_ADDRESS_SECRET?.trim() || null;
  cached = { key, settings: { secret, proxies, trust } };
  return cached.settings;
}

/** Checks the settings at start-up (a bad TRUSTED_PROXIES entry stops the process). */
export function clientAddressSettings(): { signed: boolean; proxies: string[] } {
  const { secret, proxies } = settings();
  return { signed: secret !== null, proxies };
}

/** "::ffff:127.0.0.1" → "127.0.0.1"; anything else as it is. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed).toLowerCase();
}

export function signAddress(address: string, secret: string, nowMs = Date.now()): string {
  const seconds = Math.floor(nowMs / 1000);
  return `${seconds}.${createHmac('sha256', secret).update(`${seconds}.${address}`).digest('hex')}`;
}

/** The signed address, or null when the header is missing, malformed, forged or stale. */
export function verifiedAddress(address: unknown, signature: unknown, secret: string | null, nowMs = Date.now()): string | null {
  if (!secret || typeof address !== 'string' || typeof signature !== 'string') return null;
  if (address.length > 64 || net.isIP(address) === 0) return null;
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(signature);
  if (!match) return null;
  const seconds = Number(match[1]);
  if (Math.abs(nowMs / 1000 - seconds) > SIGNATURE_MAX_AGE_SECONDS) return null;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${address}`).digest();
  const given = Buffer.from(match[2], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? normalizeAddress(address) : null;
}

type AddressCtx = { req: IncomingMessage; request: { header: Record<string, string | string[] | undefined> }; state: Record<string, unknown> };

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The peer, or through trusted proxies the first untrusted hop of X-Forwarded-For. */
function peerAddress(ctx: AddressCtx, trust: Settings['trust']): { address: string; trustedPeer: boolean } {
  const peer = normalizeAddress(ctx.req.socket?.remoteAddress ?? '');
  const trustedPeer = peer !== '' && trust(peer, 0);
  if (!trustedPeer) return { address: peer, trustedPeer };
  return { address: normalizeAddress(proxyaddr(ctx.req, trust)), trustedPeer };
}

/**
 * Resolves the client address of a request (memoised on ctx.state). Forwarding headers of a
 * peer that is not a trusted proxy are dropped, so nothing downstream reads them either.
 */
export function clientAddress(koaCtx: object): string {
  const ctx = koaCtx as AddressCtx;
  const known = ctx.state.clientAddress;
  if (typeof known === 'string') return known;
  const { secret, trust } = settings();
  const headers = ctx.request.header;
  const signed = verifiedAddress(first(headers[CLIENT_ADDRESS_HEADER]), first(headers[CLIENT_ADDRESS_SIGNATURE_HEADER]), secret);
  const { address: peer, trustedPeer } = peerAddress(ctx, trust);
  if (!trustedPeer) {
    for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip']) delete headers[name];
  }
  delete headers[CLIENT_ADDRESS_HEADER];
  delete headers[CLIENT_ADDRESS_SIGNATURE_HEADER];
  const address = signed ?? peer;
  ctx.state.clientAddress = address;
  return address;
}
