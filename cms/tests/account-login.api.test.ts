/**
 * Sign-in (POST /public/students/login): answers, the absence of any hint whether an
 * account exists, blocked accounts, and the failure limits per account and per address
 * with their recovery. The limits are lowered through the environment (3 failures per
 * account, 6 per address, in a 5-second window: a slow host signs in slowly); each test calls from its own loopback
 * address so the per-address count of one test never reaches another.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter, rateLimitStoreReady } from '../src/lib/rate-limits';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const USER = 'plugin::users-permissions.user';
const PASSWORD = 'correct-horse-42';
const PER_ACCOUNT = 3;
const PER_ADDRESS = 6;
const WINDOW_SECONDS = 5;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: any };
type Account = { id: number; username: string; email: string };

let cms: TestStrapi;
let addressCounter = 0;
function freshAddress(): string {
  addressCounter += 1;
  return `127.0.${1 + Math.floor(addressCounter / 250)}.${1 + (addressCounter % 250)}`;
}

function call(method: string, urlPath: string, options: { body?: unknown; token?: string; from?: string } = {}): Promise<Reply> {
  const url = new URL(cms.url + urlPath);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: options.from ?? freshAddress(),
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const login = (username: unknown, password: unknown, from?: string) => call('POST', '/public/students/login', { body: { username, password }, from });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let passwordHash: string;
async function createAccount(fields: { blocked?: boolean; role?: string } = {}): Promise<Account> {
  const name = `login_${randomBytes(4).toString('hex')}`;
  const role = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: fields.role ?? 'authenticated' } });
  const user = await cms.strapi.db.query(USER).create({
    data: {
      username: name,
      email: `${name}@example.com`,
      password: passwordHash,
      provider: 'local',
      confirmed: true,
      blocked: fields.blocked ?? false,
      firstname: 'ทดสอบ',
      lastname: 'เข้าระบบ',
      role: role.id,
    },
  });
  return { id: user.id, username: name, email: `${name}@example.com` };
}

beforeAll(async () => {
  cms = await startStrapi({
    seed: false,
    env: {
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      LOGIN_MAX_FAILURES_PER_IP: String(PER_ADDRESS),
      LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    },
  });
  passwordHash = (await cms.strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password: PASSWORD })).password;
});

afterAll(async () => {
  await cms?.stop();
});

describe('signing in', () => {
  it('answers a JWT and the user with its role for the username or the e-mail in any case', async () => {
    const account = await createAccount();
    for (const identifier of [account.username, account.email.toUpperCase()]) {
      const res = await login(identifier, PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        jwt: expect.any(String),
        user: { id: account.id, username: account.username, email: account.email, firstname: 'ทดสอบ', lastname: 'เข้าระบบ', role: { type: 'authenticated' } },
      });
      const profile = await call('GET', '/private/students', { token: res.body.jwt });
      expect(profile.status).toBe(200);
      expect(profile.body.data.id).toBe(account.id);
    }
  });

  it('tells a shop administrator by the role type', async () => {
    const admin = await createAccount({ role: 'shop_admin' });
    const res = await login(admin.username, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user.role).toEqual({ type: 'shop_admin' });
  });

  it('answers a wrong password and an unknown account alike, so nobody learns which accounts exist', async () => {
    const account = await createAccount();
    const wrongPassword = await login(account.username, 'not-the-password');
    const unknownUser = await login(`nobody_${randomBytes(4).toString('hex')}`, 'not-the-password');
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: { code: 'PERMISSION_DENIED', msg: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบใหม่', requestId: expect.any(String) } });
    }
  });

  it('refuses a blocked account even with the right password', async () => {
    const blocked = await createAccount({ blocked: true });
    const res = await login(blocked.username, PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
    expect(res.body.jwt).toBeUndefined();
  });

  it('answers INPUT_ERROR when the username or the password is missing', async () => {
    for (const body of [{ username: '', password: PASSWORD }, { username: 'someone' }, {}]) {
      const res = await call('POST', '/public/students/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INPUT_ERROR');
    }
  });
});

describe('the failure limits', () => {
  it('answers 429 with Retry-After after too many failures for one account, even to the right password, then recovers', async () => {
    const account = await createAccount();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(account.username, `wrong-${i}`)).status).toBe(401);

    // a new address, and the e-mail instead of the username: it is the same account
    const limited = await login(account.email, PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.body.error.msg).toMatch(/[\u0E01-\u0E5B]/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    // other accounts are not affected
    const other = await createAccount();
    expect((await login(other.username, PASSWORD)).status).toBe(200);

    await sleep(WINDOW_SECONDS * 1000 + 300);
    expect((await login(account.username, PASSWORD)).status).toBe(200);
  });

  it('limits an unknown account exactly like a real one', async () => {
    const ghost = `ghost_${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(ghost, `wrong-${i}`)).status).toBe(401);
    expect((await login(ghost, 'wrong')).status).toBe(429);
  });

  it('clears the count of an account on a successful sign-in', async () => {
    const account = await createAccount();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await login(account.username, 'wrong')).status).toBe(401);
    expect((await login(account.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT - 1; i++) expect((await login(account.username, 'wrong')).status).toBe(401);
    expect((await login(account.username, PASSWORD)).status).toBe(200);
  });

  it('answers 429 to one address after too many failures across accounts, not to other addresses, then recovers', async () => {
    const address = freshAddress();
    const account = await createAccount();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await login(`spray_${i}_${randomBytes(3).toString('hex')}`, 'wrong', address)).status).toBe(401);

    const limited = await login(account.username, PASSWORD, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await login(account.username, PASSWORD, freshAddress())).status).toBe(200);

    await sleep(WINDOW_SECONDS * 1000 + 300);
    expect((await login(account.username, PASSWORD, address)).status).toBe(200);
  });
});

/** TEST_REDIS_URL, or a Redis answering PING on 127.0.0.1:6379. */
async function findRedis(): Promise<string | undefined> {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    const finish = (url: string | undefined) => {
      socket.destroy();
      resolve(url);
    };
    socket.setTimeout(500, () => finish(undefined));
    socket.once('error', () => finish(undefined));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG') ? 'redis://127.0.0.1:6379' : undefined));
  });
}

const REDIS_URL = await findRedis();

describe.skipIf(!REDIS_URL)('the failure limits with REDIS_URL set', () => {
  it('count in Redis, so every CMS instance sees the same count', async () => {
    const previous = process.env.REDIS_URL;
    process.env.REDIS_URL = REDIS_URL;
    try {
      const name = `test-${randomBytes(4).toString('hex')}`;
      const first = createLimiter(cms.strapi, name, { points: 2, durationSeconds: 60 });
      // another instance: a limiter of the same name over the same Redis
      const otherInstance = { log: cms.strapi.log } as never;
      const second = createLimiter(otherInstance, name, { points: 2, durationSeconds: 60 });
      expect(await rateLimitStoreReady(cms.strapi)).toBe(true);
      expect(await rateLimitStoreReady(otherInstance)).toBe(true);
      expect(await first.hit('user:1')).toBe(0);
      expect(await second.hit('user:1')).toBe(0);
      expect(await first.blockedFor('user:1')).toBeGreaterThan(0);
      expect(await second.hit('user:1')).toBeGreaterThan(0);
      await first.reset('user:1');
      expect(await second.blockedFor('user:1')).toBe(0);
    } finally {
      if (previous === undefined) delete process.env.REDIS_URL;
      else process.env.REDIS_URL = previous;
    }
  });
});
