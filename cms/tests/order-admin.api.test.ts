/**
 * Orders and payments in the Strapi admin (ADR 168): the content manager may read them but
 * never create, change or delete them, and the admin's approve, refuse and cancel buttons
 * call routes that let in a Super Admin or a role given the order-review permission, never
 * an Editor, and run the storefront review's own service (its mail included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const ORDER = 'api::order.order';
const LINE = 'api::order-line.order-line';
const REPORT = 'api::payment-report.payment-report';
const ATTEMPT = 'api::payment-attempt.payment-attempt';
const USER = 'plugin::users-permissions.user';
const READ_ONLY_MESSAGE = /แก้ไข หรือลบในหน้านี้ไม่ได้/;

let cms: TestStrapi;
let smtp: TestSmtp;
const tokens: Record<'superAdmin' | 'editor' | 'staff', string> = { superAdmin: '', editor: '', staff: '' };
let buyer: { id: number; email: string };
let n = 0;

const db = (uid: string) => cms.strapi.db.query(uid);

type Answer = { status: number; body: any };

async function adminCall(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const res = await fetch(`${cms.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await adminCall('POST', '/admin/login', null, { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token;
}

async function adminWithRole(email: string, roleId: number): Promise<string> {
  const password = 'Staff-pass-1';
  await cms.strapi.service('admin::user').create({ email, password, firstname: 'ทดสอบ', isActive: true, registrationToken: null, roles: [roleId] });
  return signIn(email, password);
}

/** An order the buyer reported a transfer for: pendingApproved, one pending report. */
async function reportedOrder(): Promise<{ order: { id: number; documentId: string }; report: { id: number; documentId: string } }> {
  const i = ++n;
  const order = await db(ORDER).create({
    data: { order_token: `admin-actions-${i}-0123456789abcdef`, state: 'pendingApproved', user: buyer.id, currency_code: 'THB', price: 150_000, net: 150_000 },
  });
  await db(LINE).create({ data: { order: order.id, title: 'คอร์สทดสอบ', quantity: 1, price: 150_000, discount: 0, net: 150_000 } });
  const report = await db(REPORT).create({ data: { order: order.id, user: buyer.id, state: 'pending', transfer_amount: 150_000, contact_name: 'สมชาย ทดสอบ' } });
  return { order, report };
}

const stateOf = async (id: number) => (await db(ORDER).findOne({ where: { id }, select: ['state'] })).state;

beforeAll(async () => {
  smtp = await startSmtp();
  cms = await startStrapi({ env: smtp.env });
  const user = await db(USER).findOne({ where: { username: 'demo.student' }, select: ['id', 'email'] });
  buyer = { id: user.id, email: user.email };
  tokens.superAdmin = await signIn('admin@sala.local', 'Sala-admin-1');
  const editor = await db('admin::role').findOne({ where: { code: 'strapi-editor' }, select: ['id'] });
  tokens.editor = await adminWithRole('strapi-editor@sala.local', editor.id);
  // A shop-staff role: reads orders and payments, and holds the order-review permission.
  const staff = await cms.strapi.service('admin::role').create({ name: 'พนักงานร้าน', description: 'ตรวจและอนุมัติการชำระเงิน' });
  await cms.strapi
    .service('admin::role')
    .assignPermissions(staff.id, [
      { action: 'api::order-review', subject: null, properties: {}, conditions: [] },
      ...[ORDER, REPORT].map((subject) => ({ action: 'plugin::content-manager.explorer.read', subject, properties: {}, conditions: [] })),
    ]);
  tokens.staff = await adminWithRole('staff@sala.local', staff.id);
}, 300_000);

afterAll(async () => {
  await cms?.stop();
  await smtp?.stop();
});

describe('the content manager only reads orders and payments', () => {
  it('refuses to change an order, and the order keeps its amounts', async () => {
    const { order } = await reportedOrder();
    const path = `/content-manager/collection-types/${ORDER}/${order.documentId}`;
    const read = await adminCall('GET', path, tokens.superAdmin);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ state: 'pendingApproved', net: 150_000 });

    const view = await adminCall('GET', `/content-manager/content-types/${ORDER}/configuration`, tokens.superAdmin);
    expect(view.status).toBe(200);
    const metadatas = view.body.data.contentType.metadatas as Record<string, { edit: { editable?: boolean } }>;
    const editable = Object.entries(metadatas).filter(([, meta]) => Object.keys(meta.edit).length > 0 && meta.edit.editable !== false);
    expect(editable.map(([name]) => name)).toEqual([]);
    expect(metadatas.net.edit.editable).toBe(false);

    const forged = await adminCall('PUT', path, tokens.superAdmin, { net: 1, price: 1, state: 'approved' });
    expect(forged.status).toBe(403);
    expect(forged.body.error.message).toMatch(READ_ONLY_MESSAGE);
    expect(await db(ORDER).findOne({ where: { id: order.id }, select: ['state', 'net', 'price'] })).toEqual({ state: 'pendingApproved', net: 150_000, price: 150_000 });
  });

  it('refuses to create or delete orders, lines, reports and attempts, also through the content API with an API token', async () => {
    const { order, report } = await reportedOrder();
    // each with a field of its own type: a field the type lacks is refused earlier, by Strapi's own permission check
    const entries: [string, Record<string, unknown>][] = [
      [ORDER, { order_token: 'forged-order-0123456789abcdef', net: 1 }],
      [LINE, { title: 'forged line', net: 1 }],
      [REPORT, { contact_name: 'forged', transfer_amount: 1 }],
      [ATTEMPT, { provider: 'omise', amount_expected: 1 }],
    ];
    for (const [uid, data] of entries) {
      const before = await db(uid).count();
      const created = await adminCall('POST', `/content-manager/collection-types/${uid}`, tokens.superAdmin, data);
      expect(created.status, `${uid}: ${JSON.stringify(created.body)}`).toBe(403);
      expect(created.body.error.message).toMatch(READ_ONLY_MESSAGE);
      expect(await db(uid).count(), uid).toBe(before);
    }
    // nor through the generated content API with a full-access API token
    const apiToken = await cms.strapi.service('admin::api-token').create({ name: 'เขียนได้ทั้งหมด', type: 'full-access', lifespan: null });
    const viaApi = await adminCall('POST', '/api/orders', apiToken.accessKey, { data: { order_token: 'forged-by-api-token-0123456789', net: 1 } });
    expect(viaApi.status, JSON.stringify(viaApi.body)).toBe(403);
    expect(viaApi.body.error.message).toMatch(READ_ONLY_MESSAGE);
    const changed = await adminCall('PUT', `/api/orders/${order.documentId}`, apiToken.accessKey, { data: { net: 1 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(403);
    expect(await db(ORDER).findOne({ where: { id: order.id }, select: ['net'] })).toEqual({ net: 150_000 });

    const removed = await adminCall('DELETE', `/content-manager/collection-types/${REPORT}/${report.documentId}`, tokens.superAdmin);
    expect(removed.status).toBe(403);
    const bulk = await adminCall('POST', `/content-manager/collection-types/${ORDER}/actions/bulkDelete`, tokens.superAdmin, { documentIds: [order.documentId] });
    expect(bulk.status).toBe(403);
    expect(await db(ORDER).count({ where: { id: order.id } })).toBe(1);
    expect(await db(REPORT).count({ where: { id: report.id } })).toBe(1);
  });
});

describe("the admin's order buttons", () => {
  it("approve the order's waiting transfer report as the storefront review does: order approved, report approved, one mail to the buyer", async () => {
    const { order, report } = await reportedOrder();
    const toBuyer = () => smtp.mails.filter((mail) => mail.to.includes(buyer.email)).length;
    const before = toBuyer();
    const answer = await adminCall('POST', `/sala-admin/orders/${order.documentId}/approve`, tokens.superAdmin, {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ data: { state: 'approved' } });
    expect(await db(REPORT).findOne({ where: { id: report.id }, select: ['state', 'approve_by'] })).toEqual({ state: 'approved', approve_by: 'admin@sala.local' });
    await smtp.waitFor((mail) => mail.to.includes(buyer.email), before + 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toBuyer()).toBe(before + 1);

    const again = await adminCall('POST', `/sala-admin/orders/${order.documentId}/approve`, tokens.superAdmin, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('คำสั่งซื้อนี้ไม่มีการแจ้งชำระเงินที่รอตรวจสอบ');
  });

  it('refuse a report with its reason, and cancel an unpaid order; an approved order cannot be cancelled', async () => {
    const refused = await reportedOrder();
    const answer = await adminCall('POST', `/sala-admin/payment-reports/${refused.report.documentId}/reject`, tokens.staff, { reason: 'ยอดเงินในสลิปไม่ตรงกับยอดชำระ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.state).toBe('rejected');
    expect(await db(REPORT).findOne({ where: { id: refused.report.id }, select: ['state', 'reject_reason'] })).toEqual({ state: 'rejected', reject_reason: 'ยอดเงินในสลิปไม่ตรงกับยอดชำระ' });

    const cancelled = await reportedOrder();
    const cancel = await adminCall('POST', `/sala-admin/orders/${cancelled.order.documentId}/cancel`, tokens.staff, {});
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await stateOf(cancelled.order.id)).toBe('cancelled');

    const paid = await reportedOrder();
    expect((await adminCall('POST', `/sala-admin/orders/${paid.order.documentId}/approve`, tokens.staff, {})).status).toBe(200);
    const late = await adminCall('POST', `/sala-admin/orders/${paid.order.documentId}/cancel`, tokens.staff, {});
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await stateOf(paid.order.id)).toBe('approved');
  });

  it('are refused to an Editor, to a storefront token and without a sign-in, and change nothing', async () => {
    const { order } = await reportedOrder();
    const studentJwt = cms.strapi.plugin('users-permissions').service('jwt').issue({ id: buyer.id });
    for (const [who, token] of [
      ['editor', tokens.editor],
      ['storefront token', studentJwt],
      ['nobody', null],
    ] as const) {
      const answer = await adminCall('POST', `/sala-admin/orders/${order.documentId}/approve`, token, {});
      expect([401, 403], `${who}: ${answer.status}`).toContain(answer.status);
    }
    expect(await stateOf(order.id)).toBe('pendingApproved');
  });
});
