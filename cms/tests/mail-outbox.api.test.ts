/**
 * Mail through the outbox (ADR 199), over a real SMTP server that is stopped and started again:
 * while it is down, mails wait in `sala_mail_outbox` with their failed attempts; once it is
 * back each arrives once, under its row's Message-ID. A mail that keeps failing is listed to
 * the shop's administrators, with a retry, and to nobody else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/ports';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent, type TestStudent } from './helpers/students';
import { jsonCaller } from './helpers/api';

const TABLE = 'sala_mail_outbox';
type Row = { id: number; message_id: string; recipient: string; state: string; attempts: number; last_error: string | null };

describe('mail through the outbox', () => {
  let port: number;
  let smtp: TestSmtp | null = null;
  let cms: TestStrapi;
  let admin: TestStudent;
  const call = jsonCaller(() => cms);

  const rowsTo = async (recipients: string[]) => (await cms.strapi.db.connection(TABLE).whereIn('recipient', recipients).orderBy('id')) as Row[];
  const smtpUp = async () => (smtp = await startSmtp({ port }));
  const smtpDown = async () => {
    await smtp?.stop();
    smtp = null;
  };

  beforeAll(async () => {
    port = await freePort();
    await smtpUp();
    cms = await startStrapi({
      seed: false,
      env: { ...smtp!.env, MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '300', MAIL_RETRY_MAX_MS: '1200', MAIL_MAX_ATTEMPTS: '2', REGISTRATION_MAIL_MAX_PER_HOUR: '50' },
    });
    admin = await createStudent(cms.strapi, { roleType: 'shop_admin' });
  }, 300_000);

  afterAll(async () => {
    await cms?.stop();
    await smtpDown();
  });

  it('with the SMTP server down, mails queue and the call still answers; once it is back each arrives once', async () => {
    await smtpDown();
    const students = await Promise.all([1, 2, 3].map(() => createStudent(cms.strapi)));
    for (const student of students) {
      const answer = await call('POST', '/api/send/to/email/registration', student, {});
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const recipients = students.map((s) => s.email);
    // every mail was tried and failed: it waits in the outbox, none was lost
    await expect.poll(async () => (await rowsTo(recipients)).filter((row) => row.attempts >= 1 && row.last_error && row.state !== 'sent').length, { timeout: 10_000 }).toBe(3);
    const waiting = await rowsTo(recipients);
    expect(smtp).toBeNull();

    const server = await smtpUp();
    const arrived = await server.waitFor((mail) => recipients.includes(mail.to[0]), 3, 20_000);
    expect(arrived.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    expect(arrived.map((mail) => mail.messageId).sort()).toEqual(waiting.map((row) => row.message_id).sort());
    await expect.poll(async () => (await rowsTo(recipients)).map((row) => row.state), { timeout: 5_000 }).toEqual(['sent', 'sent', 'sent']);
    // nothing arrives twice afterwards
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.mails.filter((mail) => recipients.includes(mail.to[0]))).toHaveLength(3);
  });

  it('a mail that keeps failing is listed to the shop administrators with a retry, never to students', async () => {
    await smtpDown();
    const student = await createStudent(cms.strapi);
    expect((await call('POST', '/api/send/to/email/registration', student, {})).status).toBe(200);
    await expect.poll(async () => (await rowsTo([student.email]))[0]?.state, { timeout: 15_000 }).toBe('failing');
    const [row] = await rowsTo([student.email]);

    const listed = await call('GET', '/private/mails/failing', admin);
    expect(listed.status).toBe(200);
    const item = listed.body.data.find((mail: { id: number }) => mail.id === row.id);
    expect(item).toMatchObject({ to: student.email, kind: 'registration' });
    expect(item.attempts).toBeGreaterThanOrEqual(2);
    expect(item.lastError).toBeTruthy();

    expect((await call('GET', '/private/mails/failing', student)).status).toBe(403);
    expect((await call('GET', '/private/mails/failing', null)).status).toBe(401);
    expect((await call('POST', `/private/mails/${row.id}/retry`, student)).status).toBe(403);
    expect((await rowsTo([student.email]))[0].state).toBe('failing');

    const retried = await call('POST', `/private/mails/${row.id}/retry`, admin);
    expect(retried.status).toBe(200);
    expect((await call('GET', '/private/mails/failing', admin)).body.data.map((mail: { id: number }) => mail.id)).not.toContain(row.id);

    const server = await smtpUp();
    const [mail] = await server.waitFor((m) => m.to.includes(student.email), 1, 20_000);
    expect(mail.messageId).toBe(row.message_id);
    await expect.poll(async () => (await rowsTo([student.email]))[0].state, { timeout: 5_000 }).toBe('sent');
    expect((await call('POST', `/private/mails/${row.id}/retry`, admin)).status).toBe(404);
    expect((await call('POST', '/private/mails/nope/retry', admin)).status).toBe(404);
  });

  it('a password reset and its mail commit together: the link is never valid without its mail queued', async () => {
    const student = await createStudent(cms.strapi);
    const answer = await call('POST', '/public/students/forgot-password', null, { email: student.email });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await rowsTo([student.email]);
    expect(row?.message_id).toMatch(/^<[0-9a-f-]{36}@sala\.local>$/);
    const [mail] = await smtp!.waitFor((m) => m.to.includes(student.email), 1, 10_000);
    expect(mail.messageId).toBe(row.message_id);
    expect(mail.text).toContain('/resetpassword?code=');
  });
});
