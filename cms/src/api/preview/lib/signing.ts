/**
 * Signs and checks preview links (ADR 170): HMAC-SHA256 with PREVIEW_SECRET over
 * `previewMessage` (uid, documentId, status, locale, expiry), compared in constant time.
 * No secret, no preview: outside production too, nothing is signed or accepted without one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREVIEW_TTL_SECONDS, previewExpiryProblem, previewMessage, readPreviewParams, type PreviewClaims } from '@sala/shared/preview';

export type PreviewCheck = { ok: true; claims: PreviewClaims } | { ok: false; reason: 'no_secret' | 'malformed' | 'bad_signature' | 'expired' | 'too_far' };

/** The configured secret, or null when previews are off. */
export function previewSecret(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  const value = env.PREVIEW_SECRET?.trim();
  return value ? value : null;
}

function mac(claims: PreviewClaims, secret: string): string {
  return createHmac('sha256', secret).update(previewMessage(claims)).digest('base64url');
}

/** Claims for a link that works for PREVIEW_TTL_SECONDS from `nowSeconds`, and their signature. */
export function signPreview(claims: Omit<PreviewClaims, 'expires'>, secret: string, nowSeconds: number): { claims: PreviewClaims; signature: string } {
  const full = { ...claims, expires: nowSeconds + PREVIEW_TTL_SECONDS };
  return { claims: full, signature: mac(full, secret) };
}

/** Checks a link's query: well formed, signed by us for exactly these claims, and not expired. */
export function verifyPreview(query: URLSearchParams | Record<string, unknown>, secret: string | null, nowSeconds: number): PreviewCheck {
  if (!secret) return { ok: false, reason: 'no_secret' };
  const params = readPreviewParams(query);
  if (!params) return { ok: false, reason: 'malformed' };
  const { signature, ...claims } = params;
  const expected = Buffer.from(mac(claims, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad_signature' };
  const problem = previewExpiryProblem(claims.expires, nowSeconds);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, claims };
}
