import { describe, expect, it } from 'vitest';
import { PREVIEW_TTL_SECONDS, previewExpiryProblem, previewMessage, previewQuery, readPreviewParams } from './index';

const claims = { uid: 'api::course.course' as const, documentId: 'abc123def456ghi789jkl012', status: 'published' as const, locale: null, expires: 1_800_000_000 };
const signature = 'A'.repeat(43);

describe('preview links', () => {
  it('sign every claim: another document, status, locale or expiry is another message', () => {
    const base = previewMessage(claims);
    expect(previewMessage({ ...claims, documentId: 'zzz123def456ghi789jkl012' })).not.toBe(base);
    expect(previewMessage({ ...claims, status: 'draft' })).not.toBe(base);
    expect(previewMessage({ ...claims, locale: 'en' })).not.toBe(base);
    expect(previewMessage({ ...claims, expires: claims.expires + 1 })).not.toBe(base);
    expect(previewMessage({ ...claims, uid: 'api::product.product' })).not.toBe(base);
  });

  it('read back what they wrote, and nothing malformed', () => {
    const query = parseQuery(previewQuery(claims, signature));
    const reader = { get: (name: string) => query[name] ?? null };
    expect(readPreviewParams(reader)).toEqual({ ...claims, signature });
    expect(readPreviewParams(query)).toEqual({ ...claims, signature });
    expect(readPreviewParams({ ...query, uid: 'plugin::users-permissions.user' })).toBeNull();
    expect(readPreviewParams({ ...query, documentId: '../x' })).toBeNull();
    expect(readPreviewParams({ ...query, signature: 'short' })).toBeNull();
    expect(readPreviewParams({})).toBeNull();
  });

  it('expire at their time and refuse a lifetime longer than the one the CMS gives', () => {
    const now = claims.expires - 10;
    expect(previewExpiryProblem(claims.expires, now)).toBeNull();
    expect(previewExpiryProblem(claims.expires, claims.expires)).toBe('expired');
    expect(previewExpiryProblem(now + PREVIEW_TTL_SECONDS + 3600, now)).toBe('too_far');
  });
});

/** A query string's parameters, decoded (shared/ has no URLSearchParams: it runs on no platform's globals). */
function parseQuery(query: string): Record<string, string> {
  return Object.fromEntries(query.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]));
}
