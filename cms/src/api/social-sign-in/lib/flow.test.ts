import { describe, expect, it } from 'vitest';
import { localPath, newFlow, openFlow, openPendingLink, sealFlow, sealPendingLink } from './flow';
import { profileFromIdToken } from './oauth-client';
import { providerConfig } from './providers';

const KEY = 'flow-test-key';
const demo = () => ({
  google: { clientId: 'demo-google', clientSecret: 'demo-google-secret' },
  facebook: { clientId: 'demo-facebook', clientSecret: 'demo-facebook-secret' },
  line: { clientId: 'demo-line', clientSecret: 'demo-line-secret' },
});
const token = (claims: Record<string, unknown>) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('the sealed sign-in flow', () => {
  it('opens only unaltered, unexpired flows sealed with our key', () => {
    const flow = newFlow('google', '/cart', 1_000);
    const sealed = sealFlow(flow, KEY);
    expect(openFlow(sealed, KEY, 2_000)).toEqual(flow);
    expect(openFlow(sealed, 'another-key', 2_000)).toBeNull();
    expect(openFlow(sealed, KEY, flow.expiresAt + 1)).toBeNull();
    const [body, mac] = sealed.split('.');
    const altered = Buffer.from(JSON.stringify({ ...flow, redirect: 'https://evil.example' })).toString('base64url');
    expect(openFlow(`${altered}.${mac}`, KEY, 2_000)).toBeNull();
    expect(openFlow(`${body}.${mac}.x`, KEY, 2_000)).toBeNull();
    expect(openFlow(undefined, KEY)).toBeNull();
  });

  it('keeps a waiting link apart from a flow: neither opens as the other, and it expires', () => {
    const flow = sealFlow(newFlow('line', '/cart', 1_000), KEY);
    const link = sealPendingLink({ provider: 'line', subject: 'U1', email: 'a@example.com', redirect: '/cart' }, KEY, 1_000);
    expect(openPendingLink(link, KEY, 2_000)).toMatchObject({ provider: 'line', subject: 'U1', email: 'a@example.com', redirect: '/cart' });
    expect(openPendingLink(flow, KEY, 2_000)).toBeNull();
    expect(openFlow(link, KEY, 2_000)).toBeNull();
    expect(openPendingLink(link, 'another-key', 2_000)).toBeNull();
    expect(openPendingLink(link, KEY, 1_000 + 600_001)).toBeNull();
  });

  it('goes back to a path of our own site only', () => {
    expect(localPath('/courses/12-thai?tab=2')).toBe('/courses/12-thai?tab=2');
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', '/\tevil', '/%09evil', 'cart', null, 42]) expect(localPath(value)).toBe('/');
  });
});

describe('provider configuration', () => {
  it('opens a provider with its own keys at the real hosts, or at the stand-in with the demo keys', () => {
    expect(providerConfig('google', {}, demo)).toBeNull();
    expect(providerConfig('google', { SOCIAL_GOOGLE_CLIENT_ID: 'id' }, demo)).toBeNull();
    const real = providerConfig('google', { SOCIAL_GOOGLE_CLIENT_ID: 'id', SOCIAL_GOOGLE_CLIENT_SECRET: 'secret' }, demo);
    expect(real).toMatchObject({ authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token' });
    const standIn = providerConfig('line', { SOCIAL_SIGN_IN_STAND_IN: 'http://127.0.0.1:4107/' }, demo);
    expect(standIn).toMatchObject({ clientId: 'demo-line', authorizeUrl: 'http://127.0.0.1:4107/line/oauth2/v2.1/authorize', tokenUrl: 'http://127.0.0.1:4107/line/oauth2/v2.1/token' });
  });
});

describe('the ID token', () => {
  const config = providerConfig('google', { SOCIAL_GOOGLE_CLIENT_ID: 'id', SOCIAL_GOOGLE_CLIENT_SECRET: 'secret' }, demo)!;
  const flow = newFlow('google', '/');
  const good = { iss: 'https://accounts.google.com', aud: 'id', sub: '123', exp: 2_000_000_000, nonce: flow.nonce, email: 'A@Example.com', email_verified: true };

  it('reads the person of a token for us, with its verified e-mail', () => {
    expect(profileFromIdToken(config, flow, token(good), 1_900_000_000)).toEqual({ subject: '123', name: null, email: 'a@example.com', emailVerified: true });
    expect(profileFromIdToken(config, flow, token({ ...good, email_verified: false }), 1_900_000_000).emailVerified).toBe(false);
  });

  it('refuses a token of another issuer, for another client, expired, or with another nonce', () => {
    for (const claims of [
      { ...good, iss: 'https://evil.example' },
      { ...good, aud: 'other' },
      { ...good, exp: 1 },
      { ...good, nonce: 'replayed' },
      { ...good, sub: '' },
    ]) {
      expect(() => profileFromIdToken(config, flow, token(claims), 1_900_000_000)).toThrow(/did not confirm/);
    }
  });
});
