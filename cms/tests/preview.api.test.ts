/**
 * The preview of an entry from the Strapi admin (ADR 170): the admin's "Open preview" gets a
 * signed storefront link, and the CMS shows the unpublished entry only behind that link's
 * signature, for that document, until it expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPreview } from '../src/api/preview/lib/signing';
import { previewQuery } from '@sala/shared/preview';
import { adminGet, signInAdmin } from './helpers/admin';
import { TEST_ENV } from './helpers/env';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const STOREFRONT = 'http://storefront.test:3000';
const COURSE = 'api::course.course';
let cms: TestStrapi;
let admin: { token: string };
let draft: { id: number; documentId: string };
let other: { id: number; documentId: string };

const now = () => Math.floor(Date.now() / 1000);
const publicGet = (pathname: string) => fetch(`${cms.url}${pathname}`).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

/** The signed link the admin's preview panel gets for an entry, as a query string. */
async function previewLinkQuery(uid: string, documentId: string, token = admin.token): Promise<string | null> {
  const answer = await adminGet(cms, `/content-manager/preview/url/${uid}?documentId=${documentId}`, token);
  expect(answer.status === 200 || answer.status === 204).toBe(true);
  const url = answer.body?.data?.url as string | undefined;
  if (!url) return null;
  expect(url.startsWith(`${STOREFRONT}/preview?`)).toBe(true);
  return new URL(url).search.slice(1);
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false, env: { STOREFRONT_URL: STOREFRONT } });
  admin = await signInAdmin(cms);
  const documents = cms.strapi.documents(COURSE);
  draft = await documents.create({ data: { title: 'คอร์สที่ยังไม่เผยแพร่', course_type: 'Online', is_published: false } });
  other = await documents.create({ data: { title: 'คอร์สอื่นที่ยังไม่เผยแพร่', course_type: 'Online', is_published: false } });
});

afterAll(async () => {
  await cms?.stop();
});

describe('preview links', () => {
  it('open the unpublished course, with its latest change, only behind the signed link', async () => {
    await cms.strapi.documents(COURSE).update({ documentId: draft.documentId, data: { title: 'ชื่อใหม่ที่ยังไม่เผยแพร่' } });
    const query = await previewLinkQuery(COURSE, draft.documentId);
    expect(query).not.toBeNull();

    const preview = await publicGet(`/public/preview?${query}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data.kind).toBe('course');
    expect(preview.body.data.data.title).toBe('ชื่อใหม่ที่ยังไม่เผยแพร่');
    expect(preview.body.data.data.link_path).toMatch(new RegExp(`^/courses/${draft.id}`));

    expect((await publicGet(`/public/courses/${draft.id}/0`)).status).toBe(404);
  });

  it('refuse an expired link, a changed signature, another document and a lifetime the CMS never gives', async () => {
    const secret = TEST_ENV.PREVIEW_SECRET;
    const claims = { uid: COURSE, documentId: draft.documentId, status: 'published', locale: null } as const;

    const expired = signPreview(claims, secret, now() - 16 * 60);
    expect((await publicGet(`/public/preview?${previewQuery(expired.claims, expired.signature)}`)).status).toBe(401);

    const valid = signPreview(claims, secret, now());
    const tampered = valid.signature.slice(0, -1) + (valid.signature.endsWith('A') ? 'B' : 'A');
    expect((await publicGet(`/public/preview?${previewQuery(valid.claims, tampered)}`)).status).toBe(401);

    const otherDocument = { ...valid.claims, documentId: other.documentId };
    expect((await publicGet(`/public/preview?${previewQuery(otherDocument, valid.signature)}`)).status).toBe(401);

    const draftStatus = { ...valid.claims, status: 'draft' as const };
    expect((await publicGet(`/public/preview?${previewQuery(draftStatus, valid.signature)}`)).status).toBe(401);

    const forever = { ...valid.claims, expires: valid.claims.expires + 365 * 24 * 3600 };
    const foreverSigned = signPreview({ ...claims }, secret, forever.expires - 15 * 60);
    expect(foreverSigned.claims.expires).toBe(forever.expires);
    expect((await publicGet(`/public/preview?${previewQuery(foreverSigned.claims, foreverSigned.signature)}`)).status).toBe(401);

    const wrongSecret = signPreview(claims, `${secret}-not-ours`, now());
    expect((await publicGet(`/public/preview?${previewQuery(wrongSecret.claims, wrongSecret.signature)}`)).status).toBe(401);

    // the honest link still works
    expect((await publicGet(`/public/preview?${previewQuery(valid.claims, valid.signature)}`)).status).toBe(200);
  });

  it('are given only to a signed-in admin who may read the entry type', async () => {
    expect((await adminGet(cms, `/content-manager/preview/url/${COURSE}?documentId=${draft.documentId}`, null)).status).toBe(401);
    const role = await cms.strapi.service('admin::role').create({ name: 'ไม่มีสิทธิ์อ่านคอร์ส', description: 'ทดสอบ' });
    const stranger = await signInAdmin(cms, [role.id]);
    expect(await previewLinkQuery(COURSE, draft.documentId, stranger.token)).toBeNull();
  });

  it('of a product and of a text key show the product page and the text as they are now', async () => {
    const product = await cms.strapi.documents('api::product.product').create({ data: { title: 'สินค้าใหม่ยังไม่วางขาย', is_published: false } });
    const productQuery = await previewLinkQuery('api::product.product', product.documentId);
    const productPreview = await publicGet(`/public/preview?${productQuery}`);
    expect(productPreview.status).toBe(200);
    expect(productPreview.body.data).toMatchObject({ kind: 'product', data: { title: 'สินค้าใหม่ยังไม่วางขาย' } });

    const text = await cms.strapi.documents('api::text.text').create({ locale: 'th', data: { key: 'home_hero_title', value: 'หัวเรื่องใหม่ของหน้าแรก' } });
    const textQuery = await previewLinkQuery('api::text.text', text.documentId);
    const textPreview = await publicGet(`/public/preview?${textQuery}`);
    expect(textPreview.status).toBe(200);
    expect(textPreview.body.data).toEqual({ kind: 'text', data: { key: 'home_hero_title', locale: 'th', value: 'หัวเรื่องใหม่ของหน้าแรก' } });
  });
});
