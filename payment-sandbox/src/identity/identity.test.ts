import { createHash, createHmac, createPublicKey, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_DEMO_KEYS } from '../demo-keys';
import { createIdentityStandIn, signInAtIdentityStandIn, type RunningIdentityStandIn } from './server';

const REDIRECT = 'http://shop.example/login/social/callback';
const VERIFIER = 'a-verifier-of-at-least-forty-three-characters-0123456789';
const challenge = createHash('sha256').update(VERIFIER).digest('base64url');

let standIn: RunningIdentityStandIn;
beforeAll(async () => {
  standIn = await createIdentityStandIn();
});
afterAll(() => standIn.close());

function authorizeUrl(provider: 'google' | 'line', path: string, extra: Record<string, string> = {}) {
  const url = new URL(`${standIn.baseUrl(provider)}${path}`);
  const params = {
    client_id: IDENTITY_DEMO_KEYS[provider].clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state: 'st',
    nonce: 'nn',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

const exchange = (provider: 'google' | 'line', path: string, fields: Record<string, string>) =>
  fetch(`${standIn.baseUrl(provider)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: IDENTITY_DEMO_KEYS[provider].clientId,
      client_secret: IDENTITY_DEMO_KEYS[provider].clientSecret,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      ...fields,
    }),
  });

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('the identity stand-in', () => {
  it('signs a Google ID token with the key of its JWKS, carrying the nonce and whether the e-mail is verified', async () => {
    const back = await signInAtIdentityStandIn(authorizeUrl('google', '/o/oauth2/v2/auth'), { email: 'Someone@Example.com', email_verified: 'false' });
    expect(back.searchParams.get('state')).toBe('st');
    const answer = await exchange('google', '/token', { code: back.searchParams.get('code')! });
    expect(answer.status).toBe(200);
    const { id_token: idToken } = (await answer.json()) as { id_token: string };
    const [head, body, signature] = idToken.split('.');
    const jwks = (await (await fetch(`${standIn.url}/google/oauth2/v3/certs`)).json()) as { keys: Record<string, string>[] };
    const key = createPublicKey({ key: jwks.keys[0], format: 'jwk' });
    expect(createVerify('RSA-SHA256').update(`${head}.${body}`).verify(key, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(claimsOf(idToken)).toMatchObject({ iss: 'https://accounts.google.com', aud: IDENTITY_DEMO_KEYS.google.clientId, nonce: 'nn', email: 'someone@example.com', email_verified: false });
  });

  it('signs a LINE ID token HS256 with the channel secret', async () => {
    const back = await signInAtIdentityStandIn(authorizeUrl('line', '/oauth2/v2.1/authorize'), { account: 'U1a2b3c4d5e6f708192a3b4c5d6e7f801' });
    const { id_token: idToken } = (await (await exchange('line', '/oauth2/v2.1/token', { code: back.searchParams.get('code')! })).json()) as { id_token: string };
    const [head, body, signature] = idToken.split('.');
    expect(createHmac('sha256', IDENTITY_DEMO_KEYS.line.clientSecret).update(`${head}.${body}`).digest('base64url')).toBe(signature);
    expect(claimsOf(idToken)).toMatchObject({ iss: 'https://access.line.me', email: 'malee.line@example.com' });
  });

  it('gives a code once, only with the right secret, redirect URI and PKCE verifier', async () => {
    const code = async () => (await signInAtIdentityStandIn(authorizeUrl('google', '/o/oauth2/v2/auth'), { email: 'a@example.com', email_verified: 'true' })).searchParams.get('code')!;
    expect((await exchange('google', '/token', { code: await code(), client_secret: 'wrong' })).status).toBe(401);
    expect((await exchange('google', '/token', { code: await code(), code_verifier: 'another-verifier' })).status).toBe(400);
    expect((await exchange('google', '/token', { code: await code(), redirect_uri: 'http://evil.example/cb' })).status).toBe(400);
    const once = await code();
    expect((await exchange('google', '/token', { code: once })).status).toBe(200);
    expect((await exchange('google', '/token', { code: once })).status).toBe(400);
  });

  it('sends a cancelled sign-in back with access_denied and refuses an unknown client', async () => {
    const back = await signInAtIdentityStandIn(authorizeUrl('line', '/oauth2/v2.1/authorize'), { cancel: '1' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st');
    expect((await fetch(authorizeUrl('google', '/o/oauth2/v2/auth', { client_id: 'unknown' }))).status).toBe(400);
  });
});
