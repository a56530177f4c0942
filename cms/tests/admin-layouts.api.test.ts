/**
 * The admin catalogue (ADR 161) and roles (ADR 162) on a real Strapi: Thai labels and columns
 * are written on start, a second start leaves a view an editor rearranged as it is, and the
 * seeded roles see what their work needs and no payment method keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

let cms: TestStrapi;
const COURSE = 'api::course.course';
const PLAN = 'api::pricing-plan.pricing-plan';

type Answer = { status: number; body: any };

async function call(method: string, pathname: string, token: string | null, body?: unknown): Promise<Answer> {
  const res = await fetch(`${cms.url}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await call('POST', '/admin/login', null, { email, password });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token;
}

async function configuration(token: string, uid: string) {
  const answer = await call('GET', `/content-manager/content-types/${uid}/configuration`, token);
  expect(answer.status).toBe(200);
  return answer.body.data.contentType;
}

beforeAll(async () => {
  // What the first start writes is under test: this file seeds its own database on that start.
  cms = await startStrapi({ template: false });
});

afterAll(async () => {
  await cms?.stop();
});

describe('the admin catalogue on start', () => {
  it('labels and explains the fields in Thai and lists the columns that matter', async () => {
    const token = await signIn('admin@sala.local', 'Sala-admin-1');
    const course = await configuration(token, COURSE);
    expect(course.metadatas.title.edit).toMatchObject({ label: 'ชื่อคอร์ส', description: expect.stringMatching(/[\u0E00-\u0E7F]/) });
    expect(course.layouts.list).toEqual(['id', 'title', 'course_type', 'seats_taken', 'seat', 'is_published']);
    const setting = await configuration(token, 'api::site-setting.site-setting');
    expect(setting.metadatas.is_enable_vat.edit.label).toBe('ภาษี · คิดภาษีมูลค่าเพิ่ม (VAT)');
    expect(setting.metadatas.vat_value.edit.label).not.toContain('vat_value');
  });

  it('shows every field of orders and payment reports read-only', async () => {
    const token = await signIn('admin@sala.local', 'Sala-admin-1');
    for (const uid of ['api::order.order', 'api::payment-report.payment-report', 'api::payment-attempt.payment-attempt', 'api::order-line.order-line']) {
      const config = await configuration(token, uid);
      const placed: string[] = config.layouts.edit.flat().map((cell: { name: string }) => cell.name);
      expect(placed.length).toBeGreaterThan(3);
      for (const name of placed) expect(config.metadatas[name].edit.editable, `${uid}.${name}`).toBe(false);
    }
  });

  it('a second start keeps the view an editor rearranged, and still writes the views nobody touched', async () => {
    let token = await signIn('admin@sala.local', 'Sala-admin-1');
    const before = await configuration(token, COURSE);
    const rearranged = {
      settings: before.settings,
      layouts: { list: ['id', 'title', 'is_published'], edit: [...before.layouts.edit].reverse() },
      metadatas: { ...before.metadatas, title: { ...before.metadatas.title, edit: { ...before.metadatas.title.edit, label: 'หัวข้อคอร์ส' } } },
    };
    for (const meta of Object.values(rearranged.metadatas) as { list: Record<string, unknown> }[]) delete meta.list.mainField;
    const saved = await call('PUT', `/content-manager/content-types/${COURSE}/configuration`, token, rearranged);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Nobody touched the plan's view: it stays the catalogue's.
    const planBefore = await configuration(token, PLAN);

    await cms.stop({ keepDatabase: true });
    cms = await startStrapi({ database: cms.database });

    token = await signIn('admin@sala.local', 'Sala-admin-1');
    const after = await configuration(token, COURSE);
    expect(after.layouts.list).toEqual(['id', 'title', 'is_published']);
    expect(after.layouts.edit).toEqual(rearranged.layouts.edit);
    expect(after.metadatas.title.edit.label).toBe('หัวข้อคอร์ส');
    const planAfter = await configuration(token, PLAN);
    expect(planAfter.layouts).toEqual(planBefore.layouts);
    expect(planAfter.metadatas.price.edit.label).toBe('ราคา (บาท)');
  });
});

describe('the seeded admin roles', () => {
  it('opens the admin in Thai for the content editor, who edits courses but not site settings, orders or payment methods', async () => {
    const token = await signIn('editor@sala.local', 'Sala-editor-1');
    const me = await call('GET', '/admin/users/me', token);
    expect(me.body.data.preferedLanguage).toBe('th');
    expect((await call('GET', `/content-manager/collection-types/${COURSE}`, token)).status).toBe(200);
    expect((await call('GET', '/content-manager/single-types/api::site-setting.site-setting', token)).status).toBe(403);
    expect((await call('GET', '/content-manager/collection-types/api::payment-method.payment-method', token)).status).toBe(403);
    expect((await call('GET', '/content-manager/collection-types/api::order.order', token)).status).toBe(403);
  });

  it('lets the marketer edit coupons and site settings and read payment methods without their keys', async () => {
    const token = await signIn('marketer@sala.local', 'Sala-marketer-1');
    expect((await call('GET', '/content-manager/collection-types/api::coupon.coupon', token)).status).toBe(200);
    expect((await call('GET', '/content-manager/single-types/api::site-setting.site-setting', token)).status).toBe(200);
    const methods = await call('GET', '/content-manager/collection-types/api::payment-method.payment-method', token);
    expect(methods.status).toBe(200);
    expect(methods.body.results.length).toBeGreaterThan(0);
    for (const method of methods.body.results) {
      expect(method.name).toBeTruthy();
      for (const key of ['settings', 'base_url', 'api_key', 'webhook_secret', 'application_id_2']) expect(method, key).not.toHaveProperty(key);
    }
    expect((await call('GET', '/content-manager/collection-types/api::course.course', token)).status).toBe(200);
    expect((await call('GET', '/content-manager/collection-types/api::lecture.lecture', token)).status).toBe(403);
  });

  it("takes the payment method keys out of Strapi's own Editor role too: Super Admin alone sees them", async () => {
    const permissions = await cms.strapi.db.query('admin::permission').findMany({
      where: { subject: 'api::payment-method.payment-method', action: 'plugin::content-manager.explorer.read' },
      populate: ['role'],
    });
    const others = permissions.filter((p: { role: { code: string } }) => p.role.code !== 'strapi-super-admin');
    expect(others.map((p: { role: { code: string } }) => p.role.code).sort()).toEqual(expect.arrayContaining(['sala-marketer', 'strapi-editor']));
    for (const permission of others) {
      expect(permission.properties.fields).toContain('name');
      for (const key of ['settings', 'base_url', 'api_key', 'webhook_secret', 'application_id_2']) expect(permission.properties.fields).not.toContain(key);
    }
    const superAdmin = await signIn('admin@sala.local', 'Sala-admin-1');
    const methods = await call('GET', '/content-manager/collection-types/api::payment-method.payment-method', superAdmin);
    expect(methods.body.results.some((m: Record<string, unknown>) => 'base_url' in m)).toBe(true);
  });
});
