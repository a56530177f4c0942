/**
 * The storefront's own trust boundary: the request target and the Host header never reach the
 * page cache's keys, its self-refresh or the absolute URLs of a page; a sign-in only goes back
 * to this site; the CMS token never reaches the browser and dies with a sign-out or a password
 * reset; pages carry their security headers (CSP with a per-request nonce, framing, referrer,
 * permissions).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyers, sharedCms } from './support/cms';
import { bearer, send, sendJson, sleep } from './support/http';
import { sharedStorefront } from './support/storefront';
import { createOffer } from '../reliability/support/shop';

/** The public origin the storefront is configured with; its loopback listener is something else. */
const PUBLIC_URL = 'https://shop.sala.test';
const cms = sharedCms();
const sf = sharedStorefront(cms, { env: { PUBLIC_URL, PAGE_CACHE_TTL_SECONDS: '1', PAGE_CACHE_STALE_SECONDS: '60' } });

type Raw = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** One request with the request target and headers exactly as given (no URL normalisation). */
function raw(target: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  const { port } = new URL(sf().url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { connection: 'close', ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cookieOf = (answer: Raw) => (([] as string[]).concat(answer.headers['set-cookie'] ?? []).find((c) => c.startsWith('__sala_session=')) ?? '').split(';')[0];

/** The CMS token a session cookie holds (Remix signs, and does not encrypt, the cookie). */
function jwtInCookie(cookie: string): string {
  const value = decodeURIComponent(cookie.slice('__sala_session='.length));
  const payload = value.slice(0, value.lastIndexOf('.'));
  const json = decodeURIComponent(escape(Buffer.from(payload, 'base64').toString('latin1')));
  return (JSON.parse(json) as { student: { jwt: string } }).student.jwt;
}

const PASSWORD = 'Secur1ty-suite-pass';

async function studentWithPassword(label: string) {
  const [buyer] = await createBuyers(cms().strapi, 1, label);
  const hashed = await cms().strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password: PASSWORD });
  await cms()
    .strapi.db.query('plugin::users-permissions.user')
    .update({ where: { id: buyer.id }, data: { password: hashed.password } });
  return buyer;
}

async function signIn(username: string, redirect = '/'): Promise<{ cookie: string; answer: Raw }> {
  const form = new URLSearchParams({ username, password: PASSWORD, redirect }).toString();
  const answer = await raw('/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST', form);
  expect(answer.status, answer.text.slice(0, 300)).toBe(302);
  return { cookie: cookieOf(answer), answer };
}

describe('page cache and absolute URLs', () => {
  let coursePath = '';
  beforeAll(async () => {
    const offer = await createOffer(cms().strapi, null);
    const moved = await raw(`/courses/${offer.courseId}`);
    coursePath = String(moved.headers.location ?? `/courses/${offer.courseId}`);
  });

  it('answers 400 to a request target that is not a path, and never calls another host', async () => {
    const calls: string[] = [];
    const other = http.createServer((req, res) => {
      calls.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)}`);
      res.end('other host');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.5', resolve));
    const otherHost = `127.0.0.5:${(other.address() as AddressInfo).port}`;
    try {
      // A home page in the cache that turns stale: a refresh would be fetched for the next request.
      expect((await raw('/')).status).toBe(200);
      await sleep(1_200);
      for (const target of [`//${otherHost}/`, `http://${otherHost}/`, `//${otherHost}/courses/1`, '*', `http://${otherHost}`]) {
        const answer = await raw(target);
        expect(answer.status, `${target}: ${answer.status}`).toBe(400);
      }
      await sleep(500);
      expect(calls).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });

  it('a Host header never reaches a cached page: canonical, og:url and JSON-LD name the public origin, also after a refresh', async () => {
    const evil = await raw(coursePath, { host: 'evil.example' });
    expect(evil.status).toBe(200);
    expect(evil.text).not.toContain('evil.example');
    const next = await raw(coursePath);
    expect(next.text).not.toContain('evil.example');
    expect(next.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}${coursePath}"/>`);
    // Stale now: the page is rendered again by the server's request to itself.
    await sleep(1_200);
    await raw(coursePath, { host: 'evil.example' });
    await sleep(1_500);
    const refreshed = await raw(coursePath);
    expect(refreshed.text).not.toContain('evil.example');
    // the server's own loopback address, which its background render is sent to
    expect(refreshed.text).not.toContain(sf().url);
    expect(refreshed.headers['x-cache']).toMatch(/HIT|STALE/);
    expect(refreshed.text).toContain(`"url":"${PUBLIC_URL}${coursePath}"`);
  });
});

describe('sign-in redirect', () => {
  const targets = [
    '/%09/evil.com',
    '/%0a/evil.com',
    '/%0d%0a/evil.com',
    '/%5C/evil.com',
    '%2F%2Fevil.com',
    '/%09%09/evil.com',
    'https://evil.com/',
    '/\t/evil.com'.replace('\t', '%09'),
    '%09//evil.com',
    '/%00/evil.com',
    'https:evil.com',
  ];

  it('goes back only to this site, however the target is spelled', async () => {
    const buyer = await studentWithPassword('redirect');
    const { cookie } = await signIn(buyer.username);
    for (const target of targets) {
      const answer = await raw(`/login?redirect=${target}`, { cookie });
      expect(answer.status, target).toBe(302);
      const location = String(answer.headers.location);
      // eslint-disable-next-line no-control-regex -- the test looks for control characters
      expect(location, target).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(new URL(location, PUBLIC_URL).origin, `${target} → ${location}`).toBe(PUBLIC_URL);
    }
    // The form's redirect field after a sign-in takes the same check.
    for (const target of targets) {
      const { answer } = await signIn(buyer.username, decodeURIComponent(target));
      const location = String(answer.headers.location);
      expect(new URL(location, PUBLIC_URL).origin, `${target} → ${location}`).toBe(PUBLIC_URL);
    }
  });
});

describe('the CMS token', () => {
  it('is in neither the page nor the root loader data of a signed-in student', async () => {
    const buyer = await studentWithPassword('token');
    const { cookie } = await signIn(buyer.username);
    const jwt = jwtInCookie(cookie);
    expect(jwt).toMatch(/^eyJ/);
    for (const target of ['/', '/_root.data', '/?_data=root', '/_root.data?_routes=root', '/cart', '/cart.data']) {
      const answer = await raw(target, { cookie });
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.text, target).not.toContain(jwt);
      expect(answer.text, target).not.toContain(jwt.split('.')[2]);
    }
  });

  it('answers 401 once the student signed out', async () => {
    const buyer = await studentWithPassword('logout');
    const { cookie } = await signIn(buyer.username);
    const jwt = jwtInCookie(cookie);
    expect((await send('GET', `${cms().url}/private/students`, { headers: bearer(jwt) })).status).toBe(200);
    const out = await raw('/logout', { cookie, 'content-type': 'application/x-www-form-urlencoded' }, 'POST', '');
    expect(out.status).toBe(302);
    expect((await send('GET', `${cms().url}/private/students`, { headers: bearer(jwt) })).status).toBe(401);
    // A new sign-in works at once.
    const again = jwtInCookie((await signIn(buyer.username)).cookie);
    expect((await send('GET', `${cms().url}/private/students`, { headers: bearer(again) })).status).toBe(200);
  });

  it('answers 401 after a password reset', async () => {
    const buyer = await studentWithPassword('reset');
    const before = buyer.jwt;
    expect((await send('GET', `${cms().url}/private/students`, { headers: bearer(before) })).status).toBe(200);
    const code = 'security-suite-reset-code-0123456789';
    const hash = createHash('sha256').update(code).digest('hex');
    await cms()
      .strapi.db.query('plugin::users-permissions.user')
      .update({ where: { id: buyer.id }, data: { resetPasswordToken: `${hash}.${Date.now() + 600_000}` } });
    const reset = await sendJson('POST', `${cms().url}/public/students/reset-password`, { code, password: 'N3w-password-123', passwordConfirmation: 'N3w-password-123' });
    expect(reset.status, reset.text).toBe(200);
    expect((await send('GET', `${cms().url}/private/students`, { headers: bearer(before) })).status).toBe(401);
  });
});

describe('page headers', () => {
  afterAll(() => undefined);

  it('pages carry a CSP whose nonce every inline script has, and framing, referrer and permissions policies; cached copies too', async () => {
    const offer = await createOffer(cms().strapi, null);
    const moved = await raw(`/courses/${offer.courseId}`);
    const coursePath = String(moved.headers.location ?? `/courses/${offer.courseId}`);
    for (const target of ['/', '/', coursePath, coursePath, '/login', '/cart']) {
      const answer = await raw(target);
      expect(answer.status, target).toBe(200);
      const csp = String(answer.headers['content-security-policy'] ?? '');
      const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
      expect(nonce, `${target}: ${csp}`).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      for (const script of answer.text.match(/<script\b[^>]*>/g) ?? []) {
        if (/type="application\/(ld\+)?json"/.test(script)) continue;
        expect(script, target).toContain(`nonce="${nonce}"`);
      }
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(answer.headers['permissions-policy'])).toContain('camera=()');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
