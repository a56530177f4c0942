/**
 * The mail outbox across two CMS processes (A and B) on one PostgreSQL database (ADR 199): with
 * the SMTP server down, 20 mails asked for through both queue and wait; the server comes back
 * holding every sender half-way through its first exchange, CMS A is killed with `kill -9` while
 * it holds rows, and still each mail arrives exactly once: A's rows are sent by B once their
 * lease runs out, under the Message-ID each row was given. This process boots a third CMS on the
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

    // The server comes back, but holds every sender before answering its MAIL FROM until A is killed.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    smtp = await startSmtp({ port: SMTP_PORT, beforeMailFrom: () => gate });
    const heldByA = async () => (await rows(recipients)).filter((row) => row.lease_owner?.startsWith(`${a.pid}-`) && Number(row.lease_until) > Date.now() && row.state !== 'sent');
    await expect.poll(async () => (await heldByA()).length, { timeout: 20_000, interval: 100, message: 'CMS A holds a mail mid-send' }).toBeGreaterThan(0);
    const killedWith = (await heldByA()).map((row) => row.id);
    await a.kill();
    release();

    await expect.poll(async () => (await rows(recipients)).filter((row) => row.state === 'sent').length, { timeout: LEASE_MS * 6, interval: 500 }).toBe(MAILS);
    await sleep(2_000); // a second copy would show up now
    const stored = await rows(recipients);
    const arrived = smtp.mails.filter((mail) => recipients.includes(mail.to[0]));
    expect(arrived.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    expect(arrived.map((mail) => mail.messageId).sort()).toEqual(stored.map((row) => row.message_id).sort());
    expect(new Set(arrived.map((mail) => mail.messageId)).size).toBe(MAILS);
    // the rows A held when it died were sent by B after their lease ran out
    for (const id of killedWith) expect(b.output(), `mail ${id} sent by B`).toMatch(new RegExp(`\\[mail\\] registration mail ${id} sent as`));
    console.info(`[scale] mail: A died holding ${killedWith.length} of ${MAILS}; every mail arrived once (attempts ${stored.map((row) => row.attempts).join(',')})`);
  });
});
