/**
 * Revoking a student's tokens (ADR 157): users-permissions JWTs live seven days and carry no
 * session, so a sign-out or a password reset stamps the account's `tokens_valid_after`, and a
 * token issued before that stamp is refused by every check (the API guard, the real-time
 * sign-in, users-permissions' own strategy). Tokens carry their issue time in milliseconds
 * (`iat_ms`, added by the jwt service of src/extensions/users-permissions/strapi-server.ts),
 * so a new sign-in right after a sign-out is not caught by the stamp of the same second.
 */
import type { Core } from '@strapi/strapi';

const USER_UID = 'plugin::users-permissions.user';

export type TokenClaims = { id?: unknown; iat?: unknown; iat_ms?: unknown; [claim: string]: unknown };

/** The token's issue time in ms: `iat_ms`, else the standard `iat` (seconds), else null. */
export function issuedAtMs(claims: TokenClaims | null | undefined): number | null {
  if (typeof claims?.iat_ms === 'number' && Number.isFinite(claims.iat_ms)) return claims.iat_ms;
  if (typeof claims?.iat === 'number' && Number.isFinite(claims.iat)) return claims.iat * 1000;
  return null;
}

function stampMs(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : new Date(String(value)).getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** True when the account's stamp revokes a token with these claims (no stamp: nothing is revoked). */
export function isRevoked(claims: TokenClaims | null | undefined, tokensValidAfter: unknown): boolean {
  const after = stampMs(tokensValidAfter);
  if (after === null) return false;
  const issued = issuedAtMs(claims);
  return issued === null || issued < after;
}

/** Whether the token of these claims is still valid for its account (one read of the stamp). */
export async function isRevokedFor(strapi: Core.Strapi, claims: TokenClaims | null | undefined): Promise<boolean> {
  const id = Number(claims?.id);
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const row = (await strapi.db.query(USER_UID).findOne({ where: { id }, select: ['id', 'tokens_valid_after'] })) as { tokens_valid_after?: unknown } | null;
  return isRevoked(claims, row?.tokens_valid_after);
}

/** The `data` of an account update that revokes every token issued until now. */
export function revocationStamp(now = Date.now()): { tokens_valid_after: Date } {
  return { tokens_valid_after: new Date(now) };
}

/** Revokes every token of the account issued until now (a sign-out). */
export async function revokeTokens(strapi: Core.Strapi, userId: number): Promise<void> {
  await strapi.db.query(USER_UID).update({ where: { id: userId }, data: revocationStamp() });
}
