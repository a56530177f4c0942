/**
 * The student's own records (GET /private/students, PUT /private/myaccount/students/tax)
 * and the public lists the registration form is built from (user groups, custom labels,
 * site settings).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_DIR, startStrapi, type TestStrapi } from './helpers/strapi';
import { visitorUploadHeaders } from './helpers/upload-ticket';

const USER = 'plugin::users-permissions.user';
const SETTING = 'api::site-setting.site-setting';
const THAI = /[\u0E01-\u0E5B]/;
const VALID_TAX_ID = '0105545123457';
const OTHER_VALID_TAX_ID = '1234567890121';

type Student = { id: number; token: string; username: string };

let cms: TestStrapi;
const uploadedNames: string[] = [];
const PDF = fs.readFileSync(path.join(CMS_DIR, 'seed-assets', 'files', 'handout.pdf'));

/** Uploads a certificate through the upload call (as the student when a token is given) and returns its stored name. */
async function uploadCertificate(token?: string): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([PDF]), 'certificate.pdf');
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : await visitorUploadHeaders(cms.url) });
  const body = (await res.json()) as { fileName: string[] };
  expect(res.status).toBe(200);
  uploadedNames.push(...body.fileName);
  return body.fileName[0];
}

async function call(method: string, urlPath: string, options: { body?: unknown; token?: string } = {}) {
  const res = await fetch(cms.url + urlPath, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

async function createStudent(fields: Record<string, unknown> = {}): Promise<Student> {
  const username = `profile_${randomBytes(4).toString('hex')}`;
  const role = await cms.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const { password } = await cms.strapi.plugin('users-permissions').service('user').ensureHashedPasswords({ password: 'secret123' });
  const user = await cms.strapi.db.query(USER).create({
    data: {
      username,
      email: `${username}@example.com`,
      password,
      resetPasswordToken: `reset-${username}`,
      confirmationToken: `confirm-${username}`,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: role.id,
      firstname: 'ผู้เรียน',
      lastname: 'ทดสอบ',
      tel: '0812345678',
      ...fields,
    },
  });
  const token = await cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
  return { id: user.id, token, username };
}

const taxRow = (id: number) =>
  cms.strapi.db.query(USER).findOne({
    where: { id },
    select: ['tax_person_type', 'tax_name_one', 'tax_name_two', 'tax_payer_identification_no', 'tax_address', 'tax_postcode', 'tax_is_delivery_by_tax_address', 'tax_delivery_address'],
    populate: { tax_company_certificate: { select: ['url'] } },
  });

function juristicTax(certificate: string | string[], overrides: Record<string, unknown> = {}) {
  return {
    tax_person_type: 'juristic_person',
    tax_name_one: 'บริษัท ศาลา จำกัด',
    tax_name_two: 'สำนักงานใหญ่',
    tax_payer_identification_no: VALID_TAX_ID,
    tax_address: '99 ถนนสุขุมวิท กรุงเทพฯ',
    tax_postcode: '10110',
    tax_is_delivery_by_tax_address: 0,
    tax_delivery_address: '1 ถนนสีลม กรุงเทพฯ',
    tax_company_certificate: certificate,
    ...overrides,
  };
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
});

afterAll(async () => {
  await cms?.stop();
  for (const name of uploadedNames) fs.rmSync(path.join(CMS_DIR, 'public', 'uploads', name), { force: true });
});

describe('the public lists of the registration form', () => {
  it('serves the content type defaults before an editor saved any site setting', async () => {
    const res = await call('GET', '/api/setting/site/into/1');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ auto_cancel: 0, layout: 'default', is_production_mode: false, is_thank_you_page: true });
  });

  it('serves the site settings the storefront needs, and none of the limits', async () => {
    await cms.strapi.db.query(SETTING).create({
      data: { title: 'ศาลาทดสอบ', layout: '4', auto_cancel: 48, is_production_mode: true, max_users: 100, max_users_per_day: 5, is_enable_whitelist: false },
    });
    const res = await call('GET', '/api/setting/site/into/1');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'ศาลาทดสอบ', layout: '4', auto_cancel: 48, is_production_mode: true, package_user_group: true });
    for (const hidden of ['max_users', 'max_users_per_day', 'is_enable_whitelist', 'howtobuy_description', 'id', 'documentId']) {
      expect(res.body.data).not.toHaveProperty(hidden);
    }
  });

  it('lists the user groups as id, name and is_default in their order', async () => {
    const db = cms.strapi.db.query('api::user-group.user-group');
    const partner = await db.create({ data: { name: 'องค์กรพันธมิตร', is_default: false, sort_order: 2, description: 'ภายใน' } });
    const general = await db.create({ data: { name: 'บุคคลทั่วไป', is_default: true, sort_order: 1 } });
    const res = await call('GET', '/api/user/group');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { id: general.id, name: 'บุคคลทั่วไป', is_default: true },
        { id: partner.id, name: 'องค์กรพันธมิตร', is_default: false },
      ],
    });
  });

  it('lists the active custom labels in order with their options', async () => {
    const db = cms.strapi.db.query('api::custom-label.custom-label');
    const items = [{ value: 'a', label: 'ตัวเลือก ก' }];
    const second = await db.create({ data: { label: 'คำถามสอง', type_label: 'radio', order_label: 2, required: false, item_list: items } });
    const first = await db.create({ data: { label: 'คำถามหนึ่ง', type_label: 'inputtext', order_label: 1, required: true } });
    await db.create({ data: { label: 'เลิกใช้', type_label: 'inputtext', order_label: 0, required: true, is_active: false } });
    const res = await call('GET', '/public/customlabel');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { id: first.id, type_label: 'inputtext', label: 'คำถามหนึ่ง', order_label: 1, required: true, item_list: null },
        { id: second.id, type_label: 'radio', label: 'คำถามสอง', order_label: 2, required: false, item_list: items },
      ],
    });
  });
});

describe("the student's profile", () => {
  it('answers 401 PERMISSION_DENIED without a token, with a forged token and for a blocked student', async () => {
    const blocked = await createStudent({ blocked: true });
    for (const token of [undefined, 'not-a-jwt', blocked.token]) {
      const res = await call('GET', '/private/students', { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: { code: 'PERMISSION_DENIED', msg: expect.stringMatching(THAI), requestId: expect.any(String) } });
    }
  });

  it("answers the caller's own profile without a password, token or whitelist flag", async () => {
    const student = await createStudent({ nickname: 'ต้น', custom_label_answers: [{ id: 1, value: 'x', validation: true, label: 'คำถาม' }] });
    const res = await call('GET', '/private/students?id=1&user_id=1', { token: student.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      id: student.id,
      username: student.username,
      email: `${student.username}@example.com`,
      firstname: 'ผู้เรียน',
      nickname: 'ต้น',
      role: { type: 'authenticated' },
      customLabel: [{ id: 1, value: 'x', validation: true, label: 'คำถาม' }],
      tax_person_type: 'juristic_person',
      tax_is_delivery_by_tax_address: true,
      tax_company_certificate: [],
    });
    for (const secret of ['password', 'resetPasswordToken', 'confirmationToken', 'is_whitelisted', 'blocked', 'provider']) {
      expect(res.body.data).not.toHaveProperty(secret);
    }
    expect(res.text).not.toContain('$2');
    expect(res.text).not.toContain(`reset-${student.username}`);
  });

  it('answers 401 WHITELIST_USER_DENIED to a student missing from the whitelist while it is on', async () => {
    const outsider = await createStudent();
    const insider = await createStudent({ is_whitelisted: true });
    await cms.strapi.db.query(SETTING).updateMany({ where: {}, data: { is_enable_whitelist: true } });
    try {
      const denied = await call('GET', '/private/students', { token: outsider.token });
      expect(denied.status).toBe(401);
      expect(denied.body.error.code).toBe('WHITELIST_USER_DENIED');
      const tax = await call('PUT', '/private/myaccount/students/tax', { token: outsider.token, body: juristicTax('any.pdf') });
      expect(tax.status).toBe(401);
      expect(tax.body.error.code).toBe('WHITELIST_USER_DENIED');
      expect((await taxRow(outsider.id)).tax_name_one).toBeNull();
      expect((await call('GET', '/private/students', { token: insider.token })).status).toBe(200);
    } finally {
      await cms.strapi.db.query(SETTING).updateMany({ where: {}, data: { is_enable_whitelist: false } });
    }
  });
});

describe("the student's tax info", () => {
  it('saves a juristic person with its uploaded certificate and shows it in the profile', async () => {
    const student = await createStudent();
    const certificateName = await uploadCertificate(student.token);
    const res = await call('PUT', '/private/myaccount/students/tax', { token: student.token, body: juristicTax([certificateName]) });
    expect(res.status).toBe(200);
    const expected = {
      tax_person_type: 'juristic_person',
      tax_name_one: 'บริษัท ศาลา จำกัด',
      tax_name_two: 'สำนักงานใหญ่',
      tax_payer_identification_no: VALID_TAX_ID,
      tax_address: '99 ถนนสุขุมวิท กรุงเทพฯ',
      tax_postcode: '10110',
      tax_is_delivery_by_tax_address: false,
      tax_delivery_address: '1 ถนนสีลม กรุงเทพฯ',
      tax_company_certificate: [certificateName],
    };
    expect(res.body).toEqual({ success: true, data: { is_require_tax_invoice: false, ...expected } });
    const row = await taxRow(student.id);
    expect(row.tax_company_certificate.map((f: { url: string }) => f.url)).toEqual([`/uploads/${certificateName}`]);
    const profile = await call('GET', '/private/students', { token: student.token });
    expect(profile.body.data).toMatchObject(expected);
  });

  it("changes only the caller's record, whatever ids the body carries", async () => {
    const owner = await createStudent();
    const other = await createStudent();
    const ownerCertificate = await uploadCertificate(owner.token);
    expect((await call('PUT', '/private/myaccount/students/tax', { token: owner.token, body: juristicTax(ownerCertificate) })).status).toBe(200);
    const before = await taxRow(owner.id);

    // someone else's certificate cannot be attached
    const stolen = await call('PUT', '/private/myaccount/students/tax', { token: other.token, body: juristicTax(ownerCertificate) });
    expect(stolen.status).toBe(400);
    expect(Object.keys(stolen.body.error.errors)).toEqual(['tax_company_certificate']);

    const res = await call('PUT', '/private/myaccount/students/tax', {
      token: other.token,
      body: juristicTax(await uploadCertificate(other.token), { id: owner.id, user_id: owner.id, userId: owner.id, tax_name_one: 'บริษัทผู้บุกรุก', tax_payer_identification_no: OTHER_VALID_TAX_ID }),
    });
    expect(res.status).toBe(200);
    expect(await taxRow(owner.id)).toEqual(before);
    expect((await taxRow(other.id)).tax_name_one).toBe('บริษัทผู้บุกรุก');
    const otherProfile = await call('GET', '/private/students', { token: other.token });
    expect(otherProfile.body.data.id).toBe(other.id);
  });

  it('answers INPUT_ERROR per field for a bad tax id, postcode and missing certificate, and changes nothing', async () => {
    const student = await createStudent();
    const res = await call('PUT', '/private/myaccount/students/tax', {
      token: student.token,
      body: juristicTax([], { tax_payer_identification_no: '1234567890123', tax_postcode: '1011' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INPUT_ERROR');
    expect(res.body.error.msg).toMatch(THAI);
    expect(res.body.error.errors).toEqual({
      tax_payer_identification_no: expect.stringMatching(THAI),
      tax_postcode: 'กรุณากรอกรหัสไปรษณีย์ 5 หลัก',
      tax_company_certificate: 'กรุณาอัพโหลดหนังสือรับรอง',
    });
    expect((await taxRow(student.id)).tax_name_one).toBeNull();
  });

  it('refuses certificate names that were never uploaded or point outside the upload folder', async () => {
    const student = await createStudent();
    for (const name of ['never-uploaded.pdf', '../../package.json', '/etc/passwd.pdf', 'a/../../b.pdf']) {
      const res = await call('PUT', '/private/myaccount/students/tax', { token: student.token, body: juristicTax(name) });
      expect(res.status, name).toBe(400);
      expect(res.body.error.code).toBe('INPUT_ERROR');
      expect(Object.keys(res.body.error.errors)).toEqual(['tax_company_certificate']);
    }
    expect((await taxRow(student.id)).tax_name_one).toBeNull();
  });

  it("takes a visitor's upload and makes it the student's", async () => {
    const student = await createStudent();
    const name = await uploadCertificate();
    const res = await call('PUT', '/private/myaccount/students/tax', { token: student.token, body: juristicTax(name) });
    expect(res.status).toBe(200);
    const record = await cms.strapi.db.query('api::storage.upload-record').findOne({ where: { name }, populate: { owner: true } });
    expect(record.owner.id).toBe(student.id);
  });

  it('saves a normal person without a certificate', async () => {
    const student = await createStudent();
    const res = await call('PUT', '/private/myaccount/students/tax', {
      token: student.token,
      body: {
        tax_person_type: 'normal_person',
        tax_name_one: 'สมชาย',
        tax_name_two: 'ใจดี',
        tax_payer_identification_no: OTHER_VALID_TAX_ID,
        tax_address: '5 ถนนพระราม 4',
        tax_postcode: '10500',
        is_require_tax_invoice: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_require_tax_invoice: true, tax_person_type: 'normal_person', tax_is_delivery_by_tax_address: true, tax_company_certificate: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await call('PUT', '/private/myaccount/students/tax', { body: juristicTax('any.pdf') });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
  });
});
