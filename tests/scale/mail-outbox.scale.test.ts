/**
 * The mail outbox across two CMS processes (A and B) on one PostgreSQL database (ADR 199): with
 * the SMTP server down, 20 mails asked for through both queue and wait; the server comes back,
 * slow, both instances send at once, CMS A is killed with `kill -9` while it holds a row mid-send,
 * and still each mail arrives exactly once: A's rows are sent by B once their lease runs out,
 * under the Message-ID each row was given. This process boots a third CMS on the
 * same database to write the records; its mail worker is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../cms/tests/helpers/ports';
import { startSmtp, type TestSmtp } from '../../cms/tests/helpers/smtp';
import { createStudent } from '../../cms/tests/helpers/students';
import type { TestStrapi } from '../../cms/tests/helpers/strapi';
import { sharedCms } from '../reliability/support/cms';
import { bearer, sendJson, sleep } from '../reliability/support/http';
import { startCmsInstance, type CmsInstance } from './support/cms-instance';
import { POSTGRES_URL, sharedServices } from './support/services';

const services = await sharedServices();
if (!services.ok) console.log(`[scale] skipped: ${services.reason}`);

const MAILS = 20;
const LEASE_MS = 8_000;
const SMTP_PORT = await freePort();
const SMTP_ENV = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(SMTP_PORT), SMTP_SECURE: 'false', SMTP_IGNORE_TLS: 'true' };
const WORKER_ENV = { MAIL_WORKER: 'true', MAIL_POLL_MS: '300', MAIL_RETRY_BASE_MS: '300', MAIL_RETRY_MAX_MS: '1500', MAIL_LEASE_MS: String(LEASE_MS), MAIL_MAX_ATTEMPTS: '1000' };
const TABLE = 'sala_mail_outbox';

type Row = { id: number; message_id: string; recipient: string; state: string; attempts: number; lease_owner: string | null; lease_until: string | null; last_error: string | null };

describe.skipIf(!services.ok)('the mail outbox with two CMS on one PostgreSQL database', () => {
  if (services.ok) process.env.TEST_DATABASE_URL = POSTGRES_URL;
  const reader = sharedCms({ seed: false, env: { ...SMTP_ENV, MAIL_WORKER: 'false' } });
  let cms: TestStrapi;
  let a: CmsInstance;
  let b: CmsInstance;
  let smtp: TestSmtp | undefined;

  beforeAll(async () => {
    cms = reader();
    cms.strapi.cron.stop();
    [a, b] = await Promise.all([startCmsInstance('A', WORKER_ENV), startCmsInstance('B', WORKER_ENV)]);
  }, 600_000);

  afterAll(async () => {
    // The children first: a PostgreSQL database cannot be dropped while it is connected.
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.stop();
  }, 60_000);

  it(`with SMTP down ${MAILS} mails queue; SMTP comes back, CMS A is killed with kill -9 mid-send, and each mail arrives exactly once`, async () => {
    const rows = async (recipients: string[]) => (await cms.strapi.db.connection(TABLE).whereIn('recipient', recipients).orderBy('id')) as Row[];
    const students = await Promise.all(Array.from({ length: MAILS }, () => createStudent(cms.strapi)));
    const recipients = students.map((student) => student.email);
    const answers = await Promise.all(students.map((student, i) => sendJson('POST', `${(i % 2 ? b : a).url}/api/send/to/email/registration`, {}, { headers: bearer(student.jwt) })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(MAILS).fill(200));

    // Both instances try and fail while the server is down: every mail waits, none is lost.
    await expect.poll(async () => (await rows(recipients)).filter((row) => row.last_error && row.state === 'pending').length, { timeout: 30_000, interval: 300 }).toBe(MAILS);

    // The server comes back, slow (150 ms before it answers each MAIL FROM), so both instances work
    // through the same due rows at once; once a few mails are through, A is killed while it holds one mid-send.
    smtp = await startSmtp({ port: SMTP_PORT, beforeMailFrom: () => sleep(150) });
    const sent = async () => (await rows(recipients)).filter((row) => row.state === 'sent').length;
    await expect.poll(sent, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(6);
    const heldByA = async () => (await rows(recipients)).filter((row) => row.lease_owner?.startsWith(`${a.pid}-`) && Number(row.lease_until) > Date.now() && row.state !== 'sent');
    await expect.poll(async () => (await heldByA()).length, { timeout: 20_000, interval: 20, message: 'CMS A holds a mail mid-send' }).toBeGreaterThan(0);
    const killedWith = (await heldByA()).map((row) => row.id);
    await a.kill();
    const sentBeforeKill = await sent();
    expect(sentBeforeKill, 'A was killed before every mail was sent').toBeLessThan(MAILS);

    await expect.poll(async () => (await rows(recipients)).filter((row) => row.state === 'sent').length, { timeout: LEASE_MS * 6, interval: 500 }).toBe(MAILS);
    await sleep(2_000); // a second copy would show up now
    const stored = await rows(recipients);
    const arrived = smtp.mails.filter((mail) => recipients.includes(mail.to[0]));
    expect(arrived.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    expect(arrived.map((mail) => mail.messageId).sort()).toEqual(stored.map((row) => row.message_id).sort());
    expect(new Set(arrived.map((mail) => mail.messageId)).size).toBe(MAILS);
    // the rows A held when it died were sent by B after their lease ran out
    for (const id of killedWith) expect(b.output(), `mail ${id} sent by B`).toMatch(new RegExp(`\\[mail\\] registration mail ${id} sent as`));
    const byA = stored.filter((row) => b.output().match(new RegExp(`\\[mail\\] registration mail ${row.id} sent as`)) === null).length;
    expect(byA, 'both instances sent mails before A was killed').toBeGreaterThan(0);
    console.info(`[scale] mail: ${byA} sent by A and the rest by B; A died holding ${killedWith.length} with ${sentBeforeKill} of ${MAILS} sent; every mail arrived once`);
  });
});
