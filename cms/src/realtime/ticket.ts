/**
 * The browser's real-time ticket (ADR 157): a short-lived proof, for the socket sign-in only,
 * that the storefront's server vouched for a student. The CMS issues it on a private call made
 * with the student's token (POST /private/realtime/ticket); the storefront hands it to its own
 * page, which never holds the CMS token itself. It is not a JWT: no API call takes it.
 *
 *   rt1.{userId}.{issuedAtMs}.{expiresAtMs}.{HMAC-SHA256, base64url}
 *
 * The key is derived from the users-permissions JWT secret for this one use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Core } from '@strapi/strapi';

export const TICKET_PREFIX = 'rt1.';

/** How long a ticket may be used to sign in: REALTIME_TICKET_SECONDS, 300 by default. */
export function ticketSeconds(): number {
  const value = Number(process.env.REALTIME_TICKET_SECONDS ?? '');
  return Number.isSafeInteger(value) && value > 0 && value <= 3600 ? value : 300;
}

function keyOf(strapi: Core.Strapi): Buffer {
  const secret = String(strapi.config.get('plugin::users-permissions.jwtSecret') ?? '');
  if (!secret) throw new Error('no users-permissions jwtSecret');
  return createHmac('sha256', secret).update('sala realtime ticket v1').digest();
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

export type Ticket = { ticket: string; userId: number; expiresAt: string };

export function issueTicket(strapi: Core.Strapi, userId: number, now = Date.now()): Ticket {
  const expires = now + ticketSeconds() * 1000;
  const body = `${TICKET_PREFIX}${userId}.${now}.${expires}`;
  return { ticket: `${body}.${sign(keyOf(strapi), body)}`, userId, expiresAt: new Date(expires).toISOString() };
}

export function isTicket(token: string): boolean {
  return token.startsWith(TICKET_PREFIX);
}

/** The claims of a valid, unexpired ticket (`id`, `iat_ms`), or null. */
export function verifyTicket(strapi: Core.Strapi, token: string, now = Date.now()): { id: number; iat_ms: number } | null {
  const match = /^rt1\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(keyOf(strapi), `${TICKET_PREFIX}${match[1]}.${match[2]}.${match[3]}`));
  const given = Buffer.from(match[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[3]) <= now) return null;
  return { id: Number(match[1]), iat_ms: Number(match[2]) };
}
