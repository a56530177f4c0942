/**
 * Tickets for a visitor's uploads (docs/decisions/158-client-addresses-and-upload-tickets.md):
 * "{purpose}.{expiry, unix seconds}.{nonce}.{HMAC-SHA256, base64url}", signed with a key
 * derived from the CMS's first APP_KEYS entry, so no new secret has to be kept. A ticket is
 * bound to its purpose and expiry; its nonce keys the per-ticket upload count.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const UPLOAD_TICKET_PURPOSES = ['checkout', 'registration'] as const;
export type UploadTicketPurpose = (typeof UPLOAD_TICKET_PURPOSES)[number];

export type UploadTicket = { purpose: UploadTicketPurpose; expiresAt: number; nonce: string };

const TICKET_PATTERN = /^(checkout|registration)\.(\d{1,12})\.([A-Za-z0-9_-]{16,32})\.([A-Za-z0-9_-]{43})$/;

function keyOf(appKey: string): Buffer {
  return createHmac('sha256', appKey).update('sala upload ticket v1').digest();
}

function mac(appKey: string, body: string): string {
  return createHmac('sha256', keyOf(appKey)).update(body).digest('base64url');
}

export function issueUploadTicket(appKey: string, purpose: UploadTicketPurpose, ttlSeconds: number, nowMs = Date.now()): { ticket: string; expiresAt: number } {
  const expiresAt = Math.floor(nowMs / 1000) + ttlSeconds;
  const body = `${purpose}.${expiresAt}.${randomBytes(16).toString('base64url')}`;
  return { ticket: `${body}.${mac(appKey, body)}`, expiresAt };
}

/** The ticket when it is well formed, signed with `appKey` and not expired; else null. */
export function readUploadTicket(appKey: string, value: unknown, nowMs = Date.now()): UploadTicket | null {
  if (typeof value !== 'string') return null;
  const match = TICKET_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, purpose, expiry, nonce, given] = match;
  const expected = Buffer.from(mac(appKey, `${purpose}.${expiry}.${nonce}`));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
  const expiresAt = Number(expiry);
  if (expiresAt * 1000 <= nowMs) return null;
  return { purpose: purpose as UploadTicketPurpose, expiresAt, nonce };
}
