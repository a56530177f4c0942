/**
 * Limits keyed on the client address (docs/security.md, "Client addresses and limits").
 * Every storefront call reaches the CMS from the storefront's own address, so the CMS reads
 * the visitor's address only from the header the storefront signs with CLIENT_ADDRESS_SECRET,
 * and X-Forwarded-For only from a peer listed in TRUSTED_PROXIES (here 127.0.0.9; IS_PROXIED
 * is set too, as an old deployment would have it).
 */
import { describe, expect, it } from 'vitest';
import { sharedCms } from './support/cms';
import { send, sendJson } from './support/http';
import { CLIENT_ADDRESS_SECRET, freshVisitor, signedAddress } from './support/limits';
import { sharedStorefront } from './support/storefront';

const PASSWORD = 'secret123';
const PER_ADDRESS = 20;
const env = {
  CLIENT_ADDRESS_SECRET,
  IS_PROXIED: 'true',
  TRUSTED_PROXIES: '127.0.0.9',
  LOGIN_MAX_FAILURES_PER_IP: String(PER_ADDRESS),
  LOGIN_FAILURE_WINDOW_SECONDS: '600',
  SIGNUP_MAX_PER_IP_PER_DAY: '3',
};
const cms = sharedCms({ env });
const sf = sharedStorefront(cms, { env: { CLIENT_ADDRESS_SECRET } });

let accounts = 0;
/** A confirmed student with PASSWORD. */
async function createAccount(): Promise<{ id: number; username: string }> {
  const strapi = cms().strapi;
  accounts += 1;
  const username = `limits${Date.now().toString(36)}n${accounts}`;
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const { password } = await strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password: PASSWORD });
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { username, email: `${username}@example.com`, password, confirmed: true, blocked: false, provider: 'local', role: role.id },
  });
  return { id: user.id, username };
}

const login = (username: string, password: string, options: { from?: string; headers?: Record<string, string> } = {}) =>
  sendJson('POST', `${cms().url}/public/students/login`, { username, password }, options);

/** The storefront's sign-in form, as a browser posts it. */
const storefrontLogin = (username: string, password: string, from: string) =>
  send('POST', `${sf().url}/login`, {
    from,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sf().url },
    body: new URLSearchParams({ username, password, redirect: '/' }).toString(),
  });

describe('sign-in limits and the visitor address', () => {
  it('(7a) twenty-five wrong passwords from one visitor through the storefront do not lock another visitor out of their own account', async () => {
    const target = await createAccount();
    const own = await createAccount();
    for (let i = 0; i < PER_ADDRESS + 5; i++) await storefrontLogin(target.username, `wrong-${i}`, '127.0.0.50');
    // the guesser's own address is limited...
    const guesser = await login(target.username, 'wrong', { headers: signedAddress('127.0.0.50') });
    expect(guesser.status).toBe(429);
    // ...another visitor of the same storefront signs in to their own account
    const other = await storefrontLogin(own.username, PASSWORD, '127.0.0.51');
    expect(other.status, other.text.slice(0, 300)).toBe(302);
    expect(String(other.headers['set-cookie'] ?? '')).toMatch(/=/);
  });

  it('(7a) the owner who signed in before from their address still gets in while rotating addresses guess the password, and rotating does not reset the account', async () => {
    const account = await createAccount();
    const home = freshVisitor();
    expect((await login(account.username, PASSWORD, { headers: signedAddress(home) })).status).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await login(account.username, `wrong-${i}`, { headers: signedAddress(freshVisitor()) })).status);
    // rotating addresses does not reset the account's count: fresh addresses hear 429, even with the right password
    expect(answers.slice(-10)).toEqual(Array(10).fill(429));
    expect((await login(account.username, PASSWORD, { headers: signedAddress(freshVisitor()) })).status).toBe(429);
    // the owner's own address is not locked out by others
    const owner = await login(account.username, PASSWORD, { headers: signedAddress(home) });
    expect(owner.status, owner.text).toBe(200);
  });

  it('(7a) sign-ups up to the limit from one visitor address do not close registration for other visitors', async () => {
    const strapi = cms().strapi;
    await strapi.db.query('api::site-setting.site-setting').updateMany({ where: {}, data: { max_users_per_day: 0 } });
    const labels = (await (await fetch(`${cms().url}/public/customlabel`)).json()) as {
      data: { id: number; label: string; required?: boolean; is_required?: boolean; item_list?: { value: string }[] | null }[];
    };
    const customLabel = labels.data
      .filter((label) => label.required ?? label.is_required)
      .map((label) => ({ id: label.id, value: label.item_list?.[0]?.value ?? 'ทดสอบ', validation: true, label: label.label }));
    let n = 0;
    const signUp = (visitor: string) => {
      n += 1;
      const username = `signup${Date.now().toString(36)}n${n}`;
      const payload = {
        firstname: 'ผู้ทดสอบ',
        lastname: 'ระบบ',
        email: `${username}@security.test`,
        tel: '0812345678',
        username,
        password: 'secret1',
        customLabel,
        studentGroupKpi: 1,
        is_require_tax_invoice: false,
        is_registration_layout_four: true,
      };
      return sendJson('POST', `${cms().url}/public/students/course-detail-page`, payload, { headers: signedAddress(visitor) });
    };
    const busy = freshVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signUp(busy)).status);
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
    const other = await signUp(freshVisitor());
    expect(other.status, other.text).toBe(200);
  });

  it('(7b) a forged client-address header and a rotated X-Forwarded-For from an untrusted peer do not escape the per-address limit', async () => {
    const from = '127.0.0.31';
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 5; i++) {
      const forged = { ...signedAddress(freshVisitor(), { secret: 'not-the-secret' }), 'x-forwarded-for': freshVisitor() };
      const unsigned = { 'x-client-address': freshVisitor(), 'x-forwarded-for': freshVisitor() };
      statuses.push((await login(`spray_${i}_${Date.now()}`, 'wrong', { from, headers: i % 2 ? forged : unsigned })).status);
    }
    expect(statuses.slice(0, PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(401));
    expect(statuses.slice(PER_ADDRESS)).toEqual(Array(5).fill(429));
    // a stale signature is forged too
    const stale = await login('someone', 'wrong', { from, headers: signedAddress(freshVisitor(), { at: Date.now() - 10 * 60_000 }) });
    expect(stale.status).toBe(429);
    expect(stale.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', msg: expect.stringMatching(/[\u0E01-\u0E5B]/) });
    // another peer is not affected
    expect((await login('someone', 'wrong', { from: '127.0.0.32' })).status).toBe(401);
  });

  it('(7b) X-Forwarded-For counts only from a trusted proxy, where it names the visitor', async () => {
    const visitor = freshVisitor();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`proxied_${i}_${Date.now()}`, 'wrong', { from: '127.0.0.9', headers: { 'x-forwarded-for': `198.51.100.1, ${visitor}` } })).status).toBe(401);
    }
    expect((await login('someone', 'wrong', { from: '127.0.0.9', headers: { 'x-forwarded-for': visitor } })).status).toBe(429);
    expect((await login('someone', 'wrong', { from: '127.0.0.9', headers: { 'x-forwarded-for': freshVisitor() } })).status).toBe(401);
  });

  it('(7b) the Strapi admin login limit keys on the peer, not on a rotated X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await sendJson('POST', `${cms().url}/admin/login`, { email: 'admin@example.com', password: `wrong-${i}` }, { from: '127.0.0.33', headers: { 'x-forwarded-for': freshVisitor() } });
      statuses.push(answer.status);
    }
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });
});
