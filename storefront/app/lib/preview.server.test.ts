import { createHmac } from 'node:crypto';
import { previewMessage, previewQuery, type PreviewClaims } from '@sala/shared/preview';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { checkPreviewLink } from './preview.server';
import { contentSecurityPolicy, framingOf, setPageSecurityHeaders } from './security-headers.server';

const SECRET = 'storefront-test-preview-secret-0123456789';
const NOW = 1_800_000_000;
const claims: PreviewClaims = { uid: 'api::course.course', documentId: 'k2j4h6g8f0d2s4a6p8o0i2u4', status: 'published', locale: null, expires: NOW + 600 };
const sign = (c: PreviewClaims, secret = SECRET) => createHmac('sha256', secret).update(previewMessage(c)).digest('base64url');
const link = (c: PreviewClaims, signature = sign(c)) => new URLSearchParams(previewQuery(c, signature));

describe('a preview link at the storefront', () => {
  it('opens when the CMS signed exactly these claims and it has not expired', () => {
    const check = checkPreviewLink(link(claims), SECRET, NOW);
    expect(check).toEqual({ ok: true, claims, query: previewQuery(claims, sign(claims)) });
  });

  it('is refused when expired, tampered with, moved to another document or status, or when previews are off', () => {
    expect(checkPreviewLink(link({ ...claims, expires: NOW - 1 }), SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
    const signature = sign(claims);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(checkPreviewLink(link(claims, flipped), SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkPreviewLink(link({ ...claims, documentId: 'z9x8c7v6b5n4m3l2k1j0h9g8' }, signature), SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkPreviewLink(link({ ...claims, status: 'draft' }, signature), SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkPreviewLink(link(claims, sign(claims, `${SECRET}x`)), SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkPreviewLink(link(claims), undefined, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const forever = { ...claims, expires: NOW + 30 * 24 * 3600 };
    expect(checkPreviewLink(link(forever), SECRET, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('framing', () => {
  const env = parseEnv({
    NODE_ENV: 'production',
    SESSION_SECRET: SECRET,
    CLIENT_ADDRESS_SECRET: `${SECRET}-a`,
    PREVIEW_SECRET: `${SECRET}-p`,
    PUBLIC_URL: 'https://shop.example.test',
    CMS_PUBLIC_URL: 'https://cms.example.test/',
  });

  it('lets only the CMS origin frame the preview route, and nobody frame any other page', () => {
    expect(framingOf('/preview')).toBe('cms-admin');
    expect(framingOf('/courses/1-x')).toBe('none');
    expect(framingOf('/preview/x')).toBe('none');
    expect(contentSecurityPolicy('n', env, 'cms-admin')).toMatch(/frame-ancestors https:\/\/cms\.example\.test(;|$)/);
    expect(contentSecurityPolicy('n', env)).toContain("frame-ancestors 'none'");
  });

  it('drops X-Frame-Options on the preview only, and enforces frame-ancestors outside production too', () => {
    const page = new Headers();
    setPageSecurityHeaders(page, 'n', env);
    expect(page.get('X-Frame-Options')).toBe('DENY');
    const preview = new Headers();
    setPageSecurityHeaders(preview, 'n', env, 'cms-admin');
    expect(preview.get('X-Frame-Options')).toBeNull();
    const dev = new Headers();
    setPageSecurityHeaders(dev, 'n', parseEnv({ CMS_PUBLIC_URL: 'http://127.0.0.1:1337' }), 'cms-admin');
    expect(dev.get('Content-Security-Policy')).toBe('frame-ancestors http://127.0.0.1:1337');
    expect(dev.get('X-Frame-Options')).toBeNull();
  });
});
