/**
 * Sign-in with Google, Facebook and LINE (ADR 175) against the identity stand-in, which speaks
 * each provider's protocol: the CMS starts the flow, the test plays the browser at the
 * stand-in's consent page, and the provider's answer comes back to the CMS with the sealed flow
 * as the storefront's callback page would send it. Held: the state check, verified e-mail only,
 * no take-over of an existing account, one student per provider account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityStandIn, signInAtIdentityStandIn, type RunningIdentityStandIn } from '@sala/payment-sandbox';
import { jsonCaller } from './helpers/api';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent } from './helpers/students';

const STOREFRONT = 'http://shop.sala.test';
const USER = 'plugin::users-permissions.user';
const IDENTITY = 'api::social-sign-in.social-identity';

let cms: TestStrapi;
let standIn: RunningIdentityStandIn;
const call = jsonCaller(() => cms);

type Started = { authorizeUrl: string; flow: string };

async function start(provider: string, redirect: unknown = '/cart'): Promise<Started> {
  const answer = await call('POST', `/public/social/${provider}/start`, null, { redirect });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Starts a flow, signs in at the stand-in with `account`, and gives what the provider sent back. */
async function authorize(provider: string, account: Record<string, string>, redirect?: unknown) {
  const started = await start(provider, redirect);
  const back = await signInAtIdentityStandIn(started.authorizeUrl, account);
  return { ...started, back, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

const finish = (provider: string, body: Record<string, unknown>) => call('POST', `/public/social/${provider}/callback`, null, body);

async function usersWithEmail(email: string): Promise<number> {
  return cms.strapi.db.query(USER).count({ where: { email } });
}

beforeAll(async () => {
  standIn = await createIdentityStandIn();
  cms = await startStrapi({ seed: false, env: { SOCIAL_SIGN_IN_STAND_IN: standIn.url, STOREFRONT_URL: STOREFRONT } });
}, 300_000);

afterAll(async () => {
  await cms?.stop();
  await standIn?.close();
});

describe('starting a sign-in', () => {
  it('sends the browser to the provider with a fresh state, a nonce, a PKCE challenge and our own callback page', async () => {
    const first = await start('google');
    const second = await start('google');
    const url = new URL(first.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${standIn.url}/google/o/oauth2/v2/auth`);
    expect(url.searchParams.get('redirect_uri')).toBe(`${STOREFRONT}/login/social/google/callback`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
      expect(new URL(second.authorizeUrl).searchParams.get(name)).not.toBe(url.searchParams.get(name));
    }
    // the verifier and the nonce stay in the sealed flow, never in the address
    expect(first.authorizeUrl).not.toContain(first.flow.split('.')[0]);
  });

  it('answers 404 for a provider it does not know', async () => {
    const answer = await call('POST', '/public/social/github/start', null, {});
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('SOCIAL_PROVIDER_UNAVAILABLE');
  });
});

describe('finishing a sign-in', () => {
  it('creates a new student once for a provider account with a verified e-mail, and signs the same one in again', async () => {
    const email = 'new.google.student@example.com';
    const first = await authorize('google', { email, name: 'นักเรียน ใหม่', email_verified: 'true' }, '/courses/1');
    const signedIn = await finish('google', { code: first.code, state: first.state, flow: first.flow });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body).toMatchObject({ success: true, created: true, redirect: '/courses/1', user: { email, firstname: 'นักเรียน ใหม่' } });
    const profile = await call('GET', '/private/students', { jwt: signedIn.body.jwt });
    expect(profile.status).toBe(200);

    // the same code and flow a second time: the provider spent the code
    const replay = await finish('google', { code: first.code, state: first.state, flow: first.flow });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('SOCIAL_SIGN_IN_FAILED');

    const again = await authorize('google', { email, name: 'นักเรียน ใหม่', email_verified: 'true' });
    const second = await finish('google', { code: again.code, state: again.state, flow: again.flow });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ created: false, user: { id: signedIn.body.user.id } });
    expect(await usersWithEmail(email)).toBe(1);
    expect(await cms.strapi.db.query(IDENTITY).count({ where: { provider: 'google', user: signedIn.body.user.id } })).toBe(1);
  });

  it('goes back only to a path of our own site', async () => {
    for (const redirect of ['https://evil.example/steal', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const flow = await authorize('google', { email: 'somsri.google@example.com', email_verified: 'true' }, redirect);
      const answer = await finish('google', { code: flow.code, state: flow.state, flow: flow.flow });
      expect(answer.status).toBe(200);
      expect(answer.body.redirect).toBe('/');
    }
  });

  it('refuses an answer whose state is not the one this browser was given, and never spends its code', async () => {
    const mine = await authorize('google', { email: 'state.victim@example.com', email_verified: 'true' });
    const attackers = await authorize('google', { email: 'state.attacker@example.com', email_verified: 'true' });
    // the attacker's code and state arrive in a browser that holds its own flow (login CSRF)
    const crossed = await finish('google', { code: attackers.code, state: attackers.state, flow: mine.flow });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.code).toBe('SOCIAL_STATE_MISMATCH');
    const noFlow = await finish('google', { code: mine.code, state: mine.state });
    expect(noFlow.body.error.code).toBe('SOCIAL_STATE_MISMATCH');
    const [body, mac] = mine.flow.split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), state: attackers.state })).toString('base64url');
    const forged = await finish('google', { code: attackers.code, state: attackers.state, flow: `${altered}.${mac}` });
    expect(forged.body.error.code).toBe('SOCIAL_STATE_MISMATCH');
    const otherProvider = await finish('line', { code: mine.code, state: mine.state, flow: mine.flow });
    expect(otherProvider.body.error.code).toBe('SOCIAL_STATE_MISMATCH');
    expect(await usersWithEmail('state.attacker@example.com')).toBe(0);
    // the refused answers did not spend the browser's own code
    const own = await finish('google', { code: mine.code, state: mine.state, flow: mine.flow });
    expect(own.status).toBe(200);
    expect(own.body.user.email).toBe('state.victim@example.com');
  });

  it('refuses an e-mail the provider has not verified, and a provider account without one', async () => {
    const unverified = await authorize('google', { email: 'not.verified@example.com', email_verified: 'false' });
    const refused = await finish('google', { code: unverified.code, state: unverified.state, flow: unverified.flow });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SOCIAL_EMAIL_UNVERIFIED');
    expect(await usersWithEmail('not.verified@example.com')).toBe(0);

    for (const provider of ['facebook', 'line']) {
      const noEmail = await authorize(provider, { email: `hidden.${provider}@example.com`, email_verified: 'false' });
      const answer = await finish(provider, { code: noEmail.code, state: noEmail.state, flow: noEmail.flow });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('SOCIAL_EMAIL_MISSING');
    }
  });

  it('never signs into an existing account whose e-mail the provider account shares, even verified', async () => {
    const owner = await createStudent(cms.strapi, { email: 'existing.owner@example.com' });
    for (const provider of ['google', 'facebook', 'line']) {
      const flow = await authorize(provider, { email: 'Existing.Owner@example.com', name: 'ผู้บุกรุก', email_verified: 'true' });
      const answer = await finish(provider, { code: flow.code, state: flow.state, flow: flow.flow });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('SOCIAL_ACCOUNT_EXISTS');
      expect(answer.body.jwt).toBeUndefined();
    }
    expect(await cms.strapi.db.query(IDENTITY).count({ where: { user: owner.id } })).toBe(0);
    expect(await usersWithEmail('existing.owner@example.com')).toBe(1);
  });

  it('ties a provider account to the account of its verified e-mail only when that account’s password is given, then signs in with the provider alone', async () => {
    const owner = await createStudent(cms.strapi, { email: 'link.owner@example.com' });
    const flow = await authorize('google', { email: 'Link.Owner@example.com', email_verified: 'true' }, '/myaccount/student/courses');
    const refused = await finish('google', { code: flow.code, state: flow.state, flow: flow.flow });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('SOCIAL_ACCOUNT_EXISTS');
    const { link, email } = refused.body.error.result;
    expect(email).toBe('link.owner@example.com');

    // a wrong password ties nothing and signs no one in; the offer is for this provider only
    const wrong = await call('POST', '/public/social/google/link', null, { link, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('PERMISSION_DENIED');
    expect(wrong.body.jwt).toBeUndefined();
    const otherProvider = await call('POST', '/public/social/line/link', null, { link, password: 'secret123' });
    expect(otherProvider.status).toBe(400);
    expect(otherProvider.body.error.code).toBe('SOCIAL_LINK_EXPIRED');
    const [body, mac] = String(link).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), email: 'someone.else@example.com' })).toString('base64url');
    expect((await call('POST', '/public/social/google/link', null, { link: `${forged}.${mac}`, password: 'secret123' })).body.error.code).toBe('SOCIAL_LINK_EXPIRED');
    expect(await cms.strapi.db.query(IDENTITY).count({ where: { user: owner.id } })).toBe(0);

    const linked = await call('POST', '/public/social/google/link', null, { link, password: 'secret123' });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toMatchObject({ created: false, redirect: '/myaccount/student/courses', user: { id: owner.id, email: 'link.owner@example.com' } });
    expect(typeof linked.body.jwt).toBe('string');
    // the same offer again changes nothing
    expect((await call('POST', '/public/social/google/link', null, { link, password: 'secret123' })).status).toBe(200);
    expect(await cms.strapi.db.query(IDENTITY).count({ where: { user: owner.id } })).toBe(1);

    // next time the provider alone signs the owner in
    const again = await authorize('google', { email: 'link.owner@example.com', email_verified: 'true' });
    const signedIn = await finish('google', { code: again.code, state: again.state, flow: again.flow });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ created: false, user: { id: owner.id } });

    // a second Google account with the owner's address cannot be tied to the same student
    const second = await authorize('google', { subject: 'another-google-account', email: 'link.owner@example.com', email_verified: 'true' });
    const offer = await finish('google', { code: second.code, state: second.state, flow: second.flow });
    expect(offer.body.error.code).toBe('SOCIAL_ACCOUNT_EXISTS');
    const taken = await call('POST', '/public/social/google/link', null, { link: offer.body.error.result.link, password: 'secret123' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('SOCIAL_IDENTITY_TAKEN');
    expect(await cms.strapi.db.query(IDENTITY).count({ where: { user: owner.id } })).toBe(1);
  });

  it('signs in through Facebook (Graph API) and LINE (ID token) with their own accounts', async () => {
    for (const [provider, email] of [
      ['facebook', 'somchai.facebook@example.com'],
      ['line', 'malee.line@example.com'],
    ]) {
      const account = provider === 'facebook' ? '10223000000000001' : 'U1a2b3c4d5e6f708192a3b4c5d6e7f801';
      const flow = await authorize(provider, { account });
      const answer = await finish(provider, { code: flow.code, state: flow.state, flow: flow.flow });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body).toMatchObject({ created: true, user: { email } });
    }
  });

  it('signs a blocked student in no more', async () => {
    const flow = await authorize('google', { email: 'to.be.blocked@example.com', email_verified: 'true' });
    const first = await finish('google', { code: flow.code, state: flow.state, flow: flow.flow });
    await cms.strapi.db.query(USER).update({ where: { id: first.body.user.id }, data: { blocked: true } });
    const again = await authorize('google', { email: 'to.be.blocked@example.com', email_verified: 'true' });
    const answer = await finish('google', { code: again.code, state: again.state, flow: again.flow });
    expect(answer.status).toBe(401);
    expect(answer.body.jwt).toBeUndefined();
  });
});
