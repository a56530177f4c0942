/**
 * Sign-up from the course detail page (POST /public/students/course-detail-page) and the
 * registration confirmation mail, against a real CMS and a real SMTP server. Requests come
 * from their own loopback addresses (127.0.x.y) so the per-address sign-up limit of one
 * test never spills into another.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSettled } from './helpers/outbox';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { visitorUploadHeaders } from './helpers/upload-ticket';

const USER = 'plugin::users-permissions.user';
const SETTING = 'api::site-setting.site-setting';
const THAI = /[\u0E01-\u0E5B]/;
const PER_ADDRESS_LIMIT = 3;
const VALID_TAX_ID = '0105545123457';

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: any };

let cms: TestStrapi;
let smtp: TestSmtp;
let settingId: number;
const groups: Record<'general' | 'partner', number> = { general: 0, partner: 0 };
const labels: Record<'experience' | 'company' | 'retired', number> = { experience: 0, company: 0, retired: 0 };
const uploadedNames: string[] = [];
const PNG = fs.readFileSync(path.join(CMS_DIR, 'seed-assets', 'banks', 'promptpay-0812345678.png'));
const PDF = fs.readFileSync(path.join(CMS_DIR, 'seed-assets', 'files', 'handout.pdf'));

let addressCounter = 0;
/** A loopback address of its own for each caller, e.g. 127.0.1.7. */
function freshAddress(): string {
  addressCounter += 1;
  return `127.0.${1 + Math.floor(addressCounter / 250)}.${1 + (addressCounter % 250)}`;
}

function call(method: string, urlPath: string, options: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
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
          ...options.headers,
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

const signUp = (body: Record<string, unknown>, from?: string) => call('POST', '/public/students/course-detail-page', { body, from });

function uniqueName(): string {
  return `stu_${randomBytes(5).toString('hex')}`;
}

/** A complete layout-four payload as the old client sends it, with a fresh username and e-mail. */
function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const name = uniqueName();
  return {
    firstname: 'สมชาย',
    lastname: 'ใจดี',
    nickname: null,
    email: `${name}@example.com`,
    tel: '0812345678',
    address: null,
    username: name,
    password: 'secret123',
    customLabel: [{ id: labels.experience, value: 'beginner', validation: true, label: 'ประสบการณ์' }],
    studentGroupKpi: groups.partner,
    displayImgUrl: null,
    is_require_tax_invoice: false,
    tax_person_type: null,
    tax_name_one: null,
    tax_name_two: null,
    tax_payer_identification_no: null,
    tax_address: null,
    tax_postcode: null,
    tax_is_delivery_by_tax_address: null,
    tax_delivery_address: null,
    tax_company_certificate: null,
    is_registration_layout_four: true,
    ...overrides,
  };
}

const userCount = (): Promise<number> => cms.strapi.db.query(USER).count();
const setSettings = (data: Record<string, unknown>) => cms.strapi.db.query(SETTING).update({ where: { id: settingId }, data });

/** Uploads a file as a visitor through the upload call and returns its stored name. */
async function upload(data: Buffer, fileName: string, token?: string): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([data]), fileName);
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : await visitorUploadHeaders(cms.url) });
  const body = (await res.json()) as { success: boolean; fileName: string[] };
  expect(res.status).toBe(200);
  uploadedNames.push(...body.fileName);
  return body.fileName[0];
}

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ seed: false, env: { ...smtp.env, SIGNUP_MAX_PER_IP_PER_DAY: String(PER_ADDRESS_LIMIT) } });
  const db = cms.strapi.db;
  settingId = (
    await db.query(SETTING).create({
      data: {
        title: 'ศาลาทดสอบ',
        layout: '4',
        is_enable_firstname: true,
        is_require_firstname: true,
        is_enable_lastname: true,
        is_require_lastname: true,
        is_enable_tel: true,
        is_require_tel: false,
        is_enable_nickname: false,
        is_enable_address: false,
        is_enable_profile_picture: true,
        is_require_profile_picture: false,
        is_student_choose_group: true,
        package_user_group: true,
        package_tax_system: true,
        is_enable_addon_tax: true,
        is_enable_tax_invoice: true,
        max_users: null,
        max_users_per_day: null,
      },
    })
  ).id;
  groups.general = (await db.query('api::user-group.user-group').create({ data: { name: 'บุคคลทั่วไป', is_default: true, sort_order: 1 } })).id;
  groups.partner = (await db.query('api::user-group.user-group').create({ data: { name: 'องค์กรพันธมิตร', is_default: false, sort_order: 2 } })).id;
  const label = (data: Record<string, unknown>) =>
    db
      .query('api::custom-label.custom-label')
      .create({ data })
      .then((row: { id: number }) => row.id);
  labels.experience = await label({
    label: 'ประสบการณ์',
    type_label: 'select',
    required: true,
    order_label: 1,
    item_list: [
      { value: 'beginner', label: 'เพิ่งเริ่มต้น' },
      { value: 'advanced', label: 'ใช้งานเป็นประจำ' },
    ],
  });
  labels.company = await label({ label: 'บริษัท', type_label: 'inputtext', required: false, order_label: 2 });
  labels.retired = await label({ label: 'คำถามที่เลิกใช้', type_label: 'inputtext', required: true, order_label: 3, is_active: false });
});

afterAll(async () => {
  await cms?.stop();
  await smtp?.stop();
  for (const name of uploadedNames) fs.rmSync(path.join(CMS_DIR, 'public', 'uploads', name), { force: true });
});

describe('signing up on the course detail page', () => {
  it('creates a confirmed student with a bcrypt hash, the picked group and the answers, and returns no token', async () => {
    const pictureName = await upload(PNG, 'me.png');
    const body = registration({
      email: `Mixed.Case.${uniqueName()}@Example.com`,
      customLabel: [
        { id: labels.experience, value: 'advanced', validation: true, label: 'ประสบการณ์' },
        { id: labels.company, value: '  บริษัท ศาลา จำกัด ', validation: true, label: 'บริษัท' },
        { id: 999999, value: 'ignored', validation: true, label: 'unknown' },
      ],
      displayImgUrl: `/uploads/${pictureName}`,
    });
    const res = await signUp(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, createStudent: true, userId: expect.any(Number) });

    const user = await cms.strapi.db.query(USER).findOne({
      where: { id: res.body.userId },
      populate: { role: true, user_group: true, profile_picture: true },
    });
    expect(user.username).toBe(body.username);
    expect(user.email).toBe(String(body.email).toLowerCase());
    expect(user.password).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(user.password).not.toContain('secret123');
    expect(user.role.type).toBe('authenticated');
    expect(user.confirmed).toBe(true);
    expect(user.blocked).toBe(false);
    expect(user.user_group.id).toBe(groups.partner);
    expect(user.profile_picture.url).toBe(`/uploads/${pictureName}`);
    expect(user.is_registration_layout_four).toBe(true);
    expect(user.custom_label_answers).toEqual([
      { id: labels.experience, label: 'ประสบการณ์', value: 'advanced', validation: true },
      { id: labels.company, label: 'บริษัท', value: 'บริษัท ศาลา จำกัด', validation: true },
    ]);

    // the spec's flow: the client logs in next with the same credentials
    const login = await call('POST', '/public/students/login', { body: { username: body.username, password: 'secret123' } });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(res.body.userId);
  });

  it('puts a student in the default group when the site does not let students pick one', async () => {
    await setSettings({ is_student_choose_group: false });
    try {
      const res = await signUp(registration({ studentGroupKpi: groups.partner }));
      expect(res.status).toBe(200);
      const user = await cms.strapi.db.query(USER).findOne({ where: { id: res.body.userId }, populate: { user_group: true } });
      expect(user.user_group.id).toBe(groups.general);
    } finally {
      await setSettings({ is_student_choose_group: true });
    }
  });

  it('saves a juristic person tax invoice with its uploaded company certificate, which nobody can attach again', async () => {
    const certificateName = await upload(PDF, 'certificate.pdf');
    const res = await signUp(
      registration({
        is_require_tax_invoice: true,
        tax_person_type: 'juristic_person',
        tax_name_one: 'บริษัท ศาลา จำกัด',
        tax_name_two: 'สำนักงานใหญ่',
        tax_payer_identification_no: VALID_TAX_ID,
        tax_address: '99 ถนนสุขุมวิท กรุงเทพฯ',
        tax_postcode: '10110',
        tax_is_delivery_by_tax_address: 1,
        tax_company_certificate: [certificateName],
      }),
    );
    expect(res.status).toBe(200);
    const user = await cms.strapi.db.query(USER).findOne({ where: { id: res.body.userId }, populate: { tax_company_certificate: true } });
    expect(user).toMatchObject({
      is_require_tax_invoice: true,
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ศาลา จำกัด',
      tax_payer_identification_no: VALID_TAX_ID,
      tax_postcode: '10110',
      tax_is_delivery_by_tax_address: true,
    });
    expect(user.tax_company_certificate.map((file: { url: string }) => file.url)).toEqual([`/uploads/${certificateName}`]);
    const record = await cms.strapi.db.query('api::storage.upload-record').findOne({ where: { name: certificateName }, populate: { owner: true } });
    expect(record.owner.id).toBe(res.body.userId);

    const reuse = await signUp(
      registration({
        is_require_tax_invoice: true,
        tax_person_type: 'juristic_person',
        tax_name_one: 'บริษัทอื่น จำกัด',
        tax_name_two: 'สาขา 1',
        tax_payer_identification_no: VALID_TAX_ID,
        tax_address: '1 ถนนสีลม',
        tax_postcode: '10500',
        tax_company_certificate: certificateName,
      }),
    );
    expect(reuse.status).toBe(400);
    expect(Object.keys(reuse.body.error.errors)).toEqual(['tax_company_certificate']);
  });

  it('takes a tel shorter than 9 digits only when the site switches the minimum off; never more than 10', async () => {
    const refused = await signUp(registration({ tel: '12345678' }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.errors)).toEqual(['tel']);
    expect(refused.body.error.errors.tel).toMatch(THAI);
    await setSettings({ is_tel_without_minimum: true });
    try {
      const taken = await signUp(registration({ tel: '12345678' }));
      expect(taken.status, JSON.stringify(taken.body)).toBe(200);
      const tooLong = await signUp(registration({ tel: '12345678901' }));
      expect(tooLong.status).toBe(400);
      expect(Object.keys(tooLong.body.error.errors)).toEqual(['tel']);
    } finally {
      await setSettings({ is_tel_without_minimum: false });
    }
  });

  it('answers INPUT_ERROR with a Thai message per field, and creates nothing', async () => {
    const before = await userCount();
    const res = await signUp(registration({ firstname: '', tel: '12ab', customLabel: [] }));
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('INPUT_ERROR');
    expect(res.body.error.msg).toMatch(THAI);
    expect(Object.keys(res.body.error.errors)).toEqual(expect.arrayContaining(['firstname', 'tel', `customLabel.${labels.experience}`]));
    expect(res.body.error.errors.firstname).toMatch(THAI);
    expect(await userCount()).toBe(before);
  });

  it('refuses a choice that the custom label does not offer, a group that does not exist and an unknown upload', async () => {
    const before = await userCount();
    const res = await signUp(
      registration({
        customLabel: [{ id: labels.experience, value: 'expert', validation: true }],
        studentGroupKpi: 987654,
        displayImgUrl: '../../config/server.ts',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INPUT_ERROR');
    expect(Object.keys(res.body.error.errors).sort()).toEqual(['customLabel.' + labels.experience, 'displayImgUrl', 'studentGroupKpi'].sort());
    expect(await userCount()).toBe(before);
  });

  it('checks the tax invoice: a bad tax id, a missing postcode and a certificate that was never uploaded', async () => {
    const before = await userCount();
    const res = await signUp(
      registration({
        is_require_tax_invoice: true,
        tax_person_type: 'juristic_person',
        tax_name_one: 'บริษัท ศาลา จำกัด',
        tax_name_two: 'สำนักงานใหญ่',
        tax_payer_identification_no: '1234',
        tax_address: '99 ถนนสุขุมวิท',
        tax_postcode: '',
        tax_company_certificate: 'never-uploaded.pdf',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INPUT_ERROR');
    expect(res.body.error.errors).toMatchObject({
      tax_payer_identification_no: 'กรุณากรอกเลขประจำตัวผู้เสียภาษี 13 หลัก',
      tax_postcode: 'กรุณากรอกรหัสไปรษณีย์ 5 หลัก',
    });

    const missingFile = await signUp(
      registration({
        is_require_tax_invoice: true,
        tax_person_type: 'juristic_person',
        tax_name_one: 'บริษัท ศาลา จำกัด',
        tax_name_two: 'สำนักงานใหญ่',
        tax_payer_identification_no: VALID_TAX_ID,
        tax_address: '99 ถนนสุขุมวิท',
        tax_postcode: '10110',
        tax_company_certificate: 'never-uploaded.pdf',
      }),
    );
    expect(missingFile.status).toBe(400);
    expect(Object.keys(missingFile.body.error.errors)).toEqual(['tax_company_certificate']);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['INVALID_FORMAT_USERNAME', { username: 'ชื่อไทย' }, 'username'],
    ['INVALID_FORMAT_USERNAME', { username: 'ab' }, 'username'],
    ['INVALID_FORMAT_PASSWORD', { password: '12345' }, 'password'],
    ['INVALID_FORMAT_PASSWORD', { password: 'pass\tword!' }, 'password'],
    ['INVALID_FORMAT_EMAIL', { email: 'not-an-email' }, 'email'],
  ])('answers %s for %o', async (code, overrides, field) => {
    const before = await userCount();
    const res = await signUp(registration(overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.msg).toMatch(THAI);
    expect(Object.keys(res.body.error.errors)).toEqual([field]);
    expect(await userCount()).toBe(before);
  });

  it('takes a password of every printable symbol, and the student signs in with exactly that password', async () => {
    const password = 'Aa1!@#$%^&*()_+-=[]{};\':",./<>?\\`~ ';
    const body = registration({ password });
    const res = await signUp(body);
    expect(res.status).toBe(200);

    const login = await call('POST', '/public/students/login', { body: { username: body.username, password } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, jwt: expect.any(String), user: { id: res.body.userId } });
    // the trailing space is part of it
    const trimmed = await call('POST', '/public/students/login', { body: { username: body.username, password: password.trimEnd() } });
    expect(trimmed.status).toBe(401);
  });

  it('refuses a password with a line break as INVALID_FORMAT_PASSWORD, in Thai', async () => {
    const before = await userCount();
    const res = await signUp(registration({ password: 'line\nbreak' }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_FORMAT_PASSWORD');
    expect(res.body.error.errors).toEqual({ password: 'รหัสผ่านมีอักขระที่ใช้ไม่ได้ เช่น การขึ้นบรรทัดใหม่หรือแท็บ' });
    expect(await userCount()).toBe(before);
  });

  it('answers DUPLICATE_USERNAME and DUPLICATE_EMAIL for taken names in any letter case', async () => {
    const first = registration();
    expect((await signUp(first)).status).toBe(200);
    const before = await userCount();

    const sameUsername = await signUp(registration({ username: String(first.username).toUpperCase() }));
    expect(sameUsername.status).toBe(409);
    expect(sameUsername.body.error.code).toBe('DUPLICATE_USERNAME');
    expect(sameUsername.body.error.msg).toBe('ชื่อผู้ใช้นี้มีในระบบแล้ว');

    const sameEmail = await signUp(registration({ email: String(first.email).toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.code).toBe('DUPLICATE_EMAIL');
    expect(sameEmail.body.error.msg).toBe('อีเมลนี้มีในระบบแล้ว');
    expect(await userCount()).toBe(before);
  });

  it('answers OVER_LIMIT_USER once the site holds max_users accounts', async () => {
    const before = await userCount();
    await setSettings({ max_users: before });
    try {
      const res = await signUp(registration());
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('OVER_LIMIT_USER');
      expect(res.body.error.msg).toMatch(THAI);
      expect(await userCount()).toBe(before);
    } finally {
      await setSettings({ max_users: null });
    }
  });

  it('lets exactly max_users_per_day sign-ups through when they arrive at the same time', async () => {
    // Every account of this throwaway database was created today.
    const before = await userCount();
    const room = 3;
    await setSettings({ max_users_per_day: before + room });
    try {
      const replies = await Promise.all(Array.from({ length: 8 }, () => signUp(registration())));
      const created = replies.filter((r) => r.status === 200);
      const refused = replies.filter((r) => r.status !== 200);
      expect(created).toHaveLength(room);
      expect(refused).toHaveLength(8 - room);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.body.error.code).toBe('ERROR_CREATE_USER_IN_DAY');
      }
      expect(await userCount()).toBe(before + room);
    } finally {
      await setSettings({ max_users_per_day: null });
    }
  });

  it('lets one address create only SIGNUP_MAX_PER_IP_PER_DAY accounts a day; refused attempts do not count', async () => {
    const address = freshAddress();
    const taken = registration();
    expect((await signUp(taken)).status).toBe(200);
    // a duplicate and an invalid form from the address are not sign-ups
    expect((await signUp(registration({ username: taken.username }), address)).status).toBe(409);
    expect((await signUp(registration({ email: 'bad' }), address)).status).toBe(400);
    for (let i = 0; i < PER_ADDRESS_LIMIT; i++) expect((await signUp(registration(), address)).status).toBe(200);

    const before = await userCount();
    const over = await call('POST', '/public/students/course-detail-page', {
      body: registration(),
      from: address,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('ERROR_CREATE_USER_IN_DAY');
    expect(await userCount()).toBe(before);
    expect((await signUp(registration())).status).toBe(200);
  });
});

describe('the welcome mail of a new student', () => {
  /** Every mail to an address, once the outbox has sent what it holds for it and a second one had time to show up. */
  async function mailsTo(address: string) {
    expect(await outboxSettled(cms.strapi, address)).toBe(0);
    await smtp.waitFor((m) => m.to.includes(address.toLowerCase()), 2, 1500);
    return smtp.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  it('goes out once, in Thai and without the password, when a buyer registers during a layout-four checkout', async () => {
    const body = registration({ firstname: 'มานี', lastname: 'มีนา', is_registration_layout_four: true, lang: 'th' });
    expect((await signUp(body)).status).toBe(200);

    const mails = await mailsTo(String(body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('ยืนยันการสมัครสมาชิก ศาลาทดสอบ');
    expect(mails[0].text).toContain('เรียน คุณมานี มีนา');
    expect(mails[0].text).toContain(`ชื่อผู้ใช้สำหรับเข้าสู่ระบบ: ${body.username}`);
    expect(mails[0].text).not.toContain('secret123');
    expect(mails[0].html).not.toContain('secret123');
  });

  it('goes out once, in Thai and without the password, when a visitor registers on /register', async () => {
    const body = registration({ is_registration_layout_four: false, lang: 'th' });
    expect((await signUp(body)).status).toBe(200);

    const mails = await mailsTo(String(body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('ยืนยันการสมัครสมาชิก ศาลาทดสอบ');
    expect(`${mails[0].text}${mails[0].html}`).not.toContain('secret123');
  });

  it("carries the editors' subject when they changed it", async () => {
    // saved as the admin's content manager saves it (the Document Service), which clears the CMS's kept texts at once
    const texts = cms.strapi.documents('api::text.text');
    const row = await texts.create({ locale: 'th', data: { key: 'mail_registration_subject', value: 'ยินดีต้อนรับสู่ {site}' } });
    try {
      const body = registration();
      expect((await signUp(body)).status).toBe(200);
      const mails = await mailsTo(String(body.email));
      expect(mails.map((m) => m.subject)).toEqual(['ยินดีต้อนรับสู่ ศาลาทดสอบ']);
    } finally {
      await texts.delete({ documentId: row.documentId, locale: 'th' });
    }
  });

  it('is not sent again when the same person registers a second time, nor for a refused form', async () => {
    const first = registration();
    expect((await signUp(first)).status).toBe(200);
    expect(await mailsTo(String(first.email))).toHaveLength(1);

    expect((await signUp(registration({ email: first.email }))).status).toBe(409);
    expect((await signUp(registration({ username: first.username, email: `again.${first.email}` }))).status).toBe(409);
    const refused = registration({ tel: 'not digits' });
    expect((await signUp(refused)).status).toBe(400);

    expect(await mailsTo(String(first.email))).toHaveLength(1);
    expect(await mailsTo(`again.${first.email}`)).toHaveLength(0);
    expect(await mailsTo(String(refused.email))).toHaveLength(0);
  });
});

describe('the registration confirmation mail', () => {
  async function newStudent(): Promise<{ token: string; username: string; email: string }> {
    const body = registration({ firstname: 'มานี', lastname: 'มีนา' });
    const res = await signUp(body);
    expect(res.status).toBe(200);
    // the welcome mail of the sign-up itself
    await smtp.waitFor((m) => m.to.includes(String(body.email)));
    const login = await call('POST', '/public/students/login', { body: { username: body.username, password: body.password } });
    return { token: login.body.jwt, username: String(body.username), email: String(body.email) };
  }

  it("goes again to the student's own address in Thai when asked, and never carries the password", async () => {
    const student = await newStudent();
    const res = await call('POST', '/api/send/to/email/registration', {
      token: student.token,
      body: { firstname: 'มานี', lastname: 'มีนา', email: 'someone.else@example.com', username: student.username, password: 'secret123' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const mails = await smtp.waitFor((m) => m.to.includes(student.email), 2);
    expect(mails).toHaveLength(2);
    const mail = mails[1];
    expect(mail.subject).toBe('ยืนยันการสมัครสมาชิก ศาลาทดสอบ');
    expect(mail.text).toContain('เรียน คุณมานี มีนา');
    expect(mail.text).toContain(`ชื่อผู้ใช้สำหรับเข้าสู่ระบบ: ${student.username}`);
    expect(mail.text).toContain('เราไม่ส่งรหัสผ่านทางอีเมล');
    expect(mail.text).not.toContain('secret123');
    expect(mail.html).not.toContain('secret123');
    expect(smtp.mails.some((m) => m.to.includes('someone.else@example.com'))).toBe(false);
  });

  it('is written in English when the student asks for it', async () => {
    const student = await newStudent();
    const res = await call('POST', '/api/send/to/email/registration', { token: student.token, body: { password: 'secret123', lang: 'en' } });
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes(student.email) && !THAI.test(m.subject.replace('ศาลาทดสอบ', '')));
    expect(mail.subject).toBe('Your ศาลาทดสอบ account is ready');
    expect(mail.text).toContain(`Your username: ${student.username}`);
    expect(mail.text).not.toMatch(/secret123/);
  });

  it('needs a signed-in student', async () => {
    const res = await call('POST', '/api/send/to/email/registration', { body: { email: 'victim@example.com' } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.some((m) => m.to.includes('victim@example.com'))).toBe(false);
  });
});
