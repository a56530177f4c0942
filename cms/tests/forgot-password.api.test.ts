/**
 * Forgotten passwords (POST /public/students/forgot-password and /reset-password): the Thai
 * mail arrives through a real SMTP server with a link to the storefront, the link's code sets
 * a new password once, the old password stops working, and the answer never tells whether
 * an address has an account. Strapi's own forgot/reset routes stay closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent, type TestStudent } from './helpers/students';

const STOREFRONT = 'http://shop.example.test:3999';

let smtp: TestSmtp;
let cms: TestStrapi;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(cms.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+\/resetpassword\?code=[A-Za-z0-9_-]+/.exec(mail.text);
  expect(match, `no reset link in:\n${mail.text}`).not.toBeNull();
  return new URL(match![0]);
}

async function requestLink(student: TestStudent): Promise<URL> {
  const before = smtp.mails.filter((mail) => mail.to.includes(student.email)).length;
  const answer = await post('/public/students/forgot-password', { email: student.email.toUpperCase() });
  expect(answer).toEqual({ status: 200, body: { success: true } });
  const mails = await smtp.waitFor((mail) => mail.to.includes(student.email), before + 1);
  expect(mails).toHaveLength(before + 1);
  return linkIn(mails[before]);
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ seed: false, env: { ...smtp.env, STOREFRONT_URL: STOREFRONT } });
});

afterAll(async () => {
  await cms?.stop();
  await smtp?.stop();
});

describe('forgot password', () => {
  it('mails a Thai reset link to the storefront; the new password works once and the old one stops', async () => {
    const student = await createStudent(cms.strapi, { firstname: 'สมหญิง', lastname: 'ใจดี' });
    const link = await requestLink(student);
    const [mail] = smtp.mails.filter((m) => m.to.includes(student.email));
    expect(mail.subject).toContain('ตั้งรหัสผ่านใหม่');
    expect(mail.text).toContain('สวัสดีคุณ สมหญิง ใจดี');
    expect(mail.text).toContain(student.username);
    expect(mail.text).not.toContain('secret123');
    expect(mail.html).toContain(`href="${link.href.replace(/&/g, '&amp;')}"`);
    expect(link.origin).toBe(STOREFRONT);
    expect(link.pathname).toBe('/resetpassword');

    const code = link.searchParams.get('code')!;
    const mismatch = await post('/public/students/reset-password', { code, password: 'fresh-pass-1', passwordConfirmation: 'other-pass-1' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.errors.passwordConfirmation).toBe('รหัสผ่านและการยืนยันรหัสผ่านไม่ตรงกัน');

    const reset = await post('/public/students/reset-password', { code, password: 'fresh-pass-1', passwordConfirmation: 'fresh-pass-1' });
    expect(reset).toEqual({ status: 200, body: { success: true } });

    const oldLogin = await post('/public/students/login', { username: student.username, password: 'secret123' });
    expect(oldLogin.status).toBe(401);
    const newLogin = await post('/public/students/login', { username: student.username, password: 'fresh-pass-1' });
    expect(newLogin.status).toBe(200);
    expect(newLogin.body.user.id).toBe(student.id);

    const again = await post('/public/students/reset-password', { code, password: 'third-pass-1', passwordConfirmation: 'third-pass-1' });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('INPUT_ERROR');
    expect(again.body.error.errors.code).toBe('ลิงก์ตั้งรหัสผ่านใหม่ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอลิงก์ใหม่อีกครั้ง');
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const before = smtp.mails.length;
    const answer = await post('/public/students/forgot-password', { email: 'nobody-here@example.com' });
    expect(answer).toEqual({ status: 200, body: { success: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('makes an older link useless once a newer one is asked for', async () => {
    const student = await createStudent(cms.strapi);
    const first = await requestLink(student);
    const second = await requestLink(student);
    const stale = await post('/public/students/reset-password', { code: first.searchParams.get('code'), password: 'stale-pass-1', passwordConfirmation: 'stale-pass-1' });
    expect(stale.status).toBe(400);
    const fresh = await post('/public/students/reset-password', { code: second.searchParams.get('code'), password: 'fresh-pass-2', passwordConfirmation: 'fresh-pass-2' });
    expect(fresh.status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const student = await createStudent(cms.strapi);
    const link = await requestLink(student);
    const row = await cms.strapi.db.query('plugin::users-permissions.user').findOne({ select: ['resetPasswordToken'], where: { id: student.id } });
    const [hash] = String(row.resetPasswordToken).split('.');
    await cms.strapi.db.query('plugin::users-permissions.user').update({ where: { id: student.id }, data: { resetPasswordToken: `${hash}.${Date.now() - 1000}` } });
    const answer = await post('/public/students/reset-password', { code: link.searchParams.get('code'), password: 'late-pass-1', passwordConfirmation: 'late-pass-1' });
    expect(answer.status).toBe(400);
    expect(answer.body.error.errors.code).toContain('หมดอายุ');
  });

  it('answers a malformed address with a Thai message, and an English one on request', async () => {
    const thai = await post('/public/students/forgot-password', { email: 'not-an-email' });
    expect(thai.status).toBe(400);
    expect(thai.body.error.errors.email).toBe('กรุณากรอกอีเมลให้ถูกต้อง');
    const english = await post('/public/students/forgot-password', { email: 'nope', lang: 'en' });
    expect(english.body.error.errors.email).toBe('Please enter a valid e-mail address');
  });

  it("keeps Strapi's own forgot and reset routes closed", async () => {
    const student = await createStudent(cms.strapi);
    const before = smtp.mails.length;
    const forgot = await post('/api/auth/forgot-password', { email: student.email });
    expect(forgot.status).toBe(403);
    const reset = await post('/api/auth/reset-password', { code: 'x', password: 'abcdef1', passwordConfirmation: 'abcdef1' });
    expect(reset.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.length).toBe(before);
  });
});
