import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  let cms: TestStrapi;

  beforeAll(async () => {
    smtp = await startSmtp();
    cms = await startStrapi({ seed: false, env: smtp.env });
  });

  afterAll(async () => {
    await cms?.stop();
    await smtp?.stop();
  });

  it('delivers a Thai mail through the configured SMTP server', async () => {
    await cms.strapi.plugin('email').service('email').send({
      to: 'student@example.com',
      subject: 'ยืนยันการสมัครเรียน',
      text: 'ขอบคุณที่สมัครเรียนกับเรา',
    });
    const [mail] = await smtp.waitFor((m) => m.to.includes('student@example.com'));
    expect(mail.subject).toBe('ยืนยันการสมัครเรียน');
    expect(mail.text).toContain('ขอบคุณที่สมัครเรียนกับเรา');
    expect(mail.from).toContain('no-reply@sala.local');
  });
});

describe('mail without SMTP', () => {
  let cms: TestStrapi;
  const outbox = `.tmp/outbox-${process.pid}`;

  beforeAll(async () => {
    delete process.env.SMTP_HOST;
    cms = await startStrapi({ seed: false, env: { MAIL_OUTBOX: outbox } });
  });

  afterAll(async () => {
    await cms?.stop();
    fs.rmSync(path.join(CMS_DIR, outbox), { recursive: true, force: true });
  });

  it('writes each mail as an .eml file into the outbox folder', async () => {
    await cms.strapi.plugin('email').service('email').send({ to: 'a@example.com', subject: 'ทดสอบ', text: 'สวัสดี' });
    const files = fs.readdirSync(path.join(CMS_DIR, outbox));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(CMS_DIR, outbox, files[0]), 'utf8');
    expect(raw).toContain('To: a@example.com');
  });
});
