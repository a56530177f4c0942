/**
 * (preview) Unpublished content is read only behind a preview link the CMS signed (ADR 170): no
 * public call of the CMS or the storefront shows an unpublished course, whatever draft or status
 * flag it is given, and a link signed with another key, or moved to another course, opens nothing.
 */
import { createHmac } from 'node:crypto';
import { previewMessage, previewQuery, PREVIEW_TTL_SECONDS, type PreviewClaims } from '@sala/shared/preview';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedCms } from './support/cms';
import { send, sendJson } from './support/http';
import { sharedStorefront } from './support/storefront';

const cms = sharedCms();
const sf = sharedStorefront(cms);
const SECRET_TITLE = `คอร์สลับก่อนเปิดตัว ${Date.now().toString(36)}`;
let course: { id: number; documentId: string };
let other: { id: number; documentId: string };

const sign = (claims: PreviewClaims, secret: string) => createHmac('sha256', secret).update(previewMessage(claims)).digest('base64url');

beforeAll(async () => {
  const documents = cms().strapi.documents('api::course.course');
  course = await documents.create({ data: { title: SECRET_TITLE, slug: 'secret-launch', course_type: 'Online', is_published: false, short_description: 'ยังไม่เปิดตัว' } });
  other = await documents.create({ data: { title: 'คอร์สอื่น', slug: 'other-draft', course_type: 'Online', is_published: false } });
});

describe('(preview) drafts', () => {
  it('a visitor cannot read an unpublished course through any public call, with or without a draft flag, and a forged link opens nothing', async () => {
    const { url } = cms();
    const store = sf().url;
    const now = Math.floor(Date.now() / 1000);
    const claims: PreviewClaims = { uid: 'api::course.course', documentId: course.documentId, status: 'published', locale: null, expires: now + PREVIEW_TTL_SECONDS };
    const honestForOther = { ...claims, documentId: other.documentId };
    const attempts = [
      send('GET', `${url}/public/courses/${course.id}/0`),
      send('GET', `${url}/public/courses/${course.id}/0?status=draft&publicationState=preview`),
      send('GET', `${url}/public/courses/secret-launch/0?status=draft`),
      send('GET', `${url}/public/courses?status=draft&keyword=${encodeURIComponent('คอร์สลับ')}`),
      send('GET', `${url}/api/courses?status=draft`),
      send('GET', `${url}/api/courses/${course.documentId}?status=draft`),
      sendJson('POST', `${url}/public/course/cate/pathname`, { link_path: `/courses/${course.id}?status=draft` }),
      send('GET', `${url}/public/preview?uid=api::course.course&documentId=${course.documentId}&status=draft`),
      // signed with a key that is not ours (the example value, a guess)
      send('GET', `${url}/public/preview?${previewQuery(claims, sign(claims, 'change-me'))}`),
      // a real signature for another course, moved onto this one
      send('GET', `${url}/public/preview?${previewQuery(claims, sign(honestForOther, 'not-the-secret-either-0123456789'))}`),
      send('GET', `${store}/courses/${course.id}?status=draft`),
      send('GET', `${store}/preview?uid=api::course.course&documentId=${course.documentId}&status=published&expires=${claims.expires}&signature=${'A'.repeat(43)}`),
      send('GET', `${store}/preview?${previewQuery(claims, sign(claims, 'change-me'))}`),
    ];
    const answers = await Promise.all(attempts);
    for (const answer of answers) {
      expect(answer.text).not.toContain(SECRET_TITLE);
      expect(answer.status).toBeLessThan(500);
    }
    // the course's own page and the CMS's preview call refuse outright (a list may answer an empty 200)
    for (const index of [0, 1, 7, 8, 9, 10]) expect(answers[index].status, `attempt ${index}`).toBeGreaterThanOrEqual(400);
    // the forged links at the storefront say so in Thai, and are not kept by any cache
    const forged = answers[answers.length - 1];
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('ลิงก์ตัวอย่างไม่ถูกต้อง');
    expect(String(forged.headers['cache-control'])).toContain('no-store');
  });
});
