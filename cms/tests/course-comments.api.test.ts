import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const DAY = 86_400_000;

const UID = {
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
  course: 'api::course.course',
  comment: 'api::course-comment.course-comment',
  setting: 'api::site-setting.site-setting',
};

type Reply = { id: number; comment: string; createdAt: string; author: { id: number | null; name: string } };
type Item = Reply & { replies: Reply[] };

let cms: TestStrapi;
const ids = {} as Record<'course' | 'other' | 'unpublished' | 'ended' | 'product' | 'hidden', number>;
const students = {} as Record<'named' | 'plain', { id: number; jwt: string }>;

const db = (uid: string) => cms.strapi.db.query(uid);
const create = async (uid: string, data: Record<string, unknown>) => (await db(uid).create({ data })) as { id: number };

async function student(username: string, fields: Record<string, unknown> = {}) {
  const role = await db(UID.role).findOne({ where: { type: 'authenticated' } });
  const user = await create(UID.user, { username, email: `${username}@example.test`, provider: 'local', confirmed: true, blocked: false, role: role.id, ...fields });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) as string };
}

async function get(path: string) {
  const res = await fetch(`${cms.url}${path}`);
  return { status: res.status, body: await res.json() };
}

async function post(path: string, body: unknown, jwt?: string) {
  const res = await fetch(`${cms.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  await create(UID.setting, { title: 'ทดสอบความคิดเห็น', package_course_comment: true });
  const course = (slug: string, data: Record<string, unknown> = {}) => create(UID.course, { title: `คอร์ส ${slug}`, slug, course_type: 'Online', is_published: true, ...data }).then((row) => row.id);
  ids.course = await course('commented-course');
  ids.other = await course('other-course');
  ids.unpublished = await course('draft-course', { is_published: false });
  ids.ended = await course('ended-course', { endPublish: new Date(Date.now() - DAY) });
  ids.product = await course('a-product', { course_type: 'product' });
  students.named = await student('comment.named', { firstname: 'สมหญิง', lastname: 'ใจดี' });
  students.plain = await student('comment.plain');
  ids.hidden = (await create(UID.comment, { course: ids.course, user: students.plain.id, comment: 'ข้อความที่ถูกซ่อน', is_hidden: true })).id;
});

afterAll(async () => {
  await cms?.stop();
});

describe('GET /public/course/:id/comments', () => {
  it('lists nothing for a course without comments, with the pagination of the spec', async () => {
    const { status, body } = await get(`/public/course/${ids.other}/comments`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, data: [], pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 } });
  });

  it('answers 404 for a course that is not published, has ended, is a product or does not exist', async () => {
    for (const id of [ids.unpublished, ids.ended, ids.product, 999999]) {
      const { status, body } = await get(`/public/course/${id}/comments`);
      expect(status, `course ${id}`).toBe(404);
      expect(body.error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a course id that is not a positive number and a page size outside 10, 20, 30, 40', async () => {
    expect((await get('/public/course/abc/comments')).status).toBe(400);
    expect((await get(`/public/course/${ids.course}/comments?pageSize=15`)).status).toBe(400);
  });
});

describe('POST /public/course/:id/comments', () => {
  it('needs a signed-in student', async () => {
    const { status, body } = await post(`/public/course/${ids.course}/comments`, { comment: 'สวัสดีครับ' });
    expect(status).toBe(401);
    expect(body.error.code).toBe('PERMISSION_DENIED');
  });

  it('saves a question and lists it newest first with its author by name, never by e-mail', async () => {
    const first = await post(`/public/course/${ids.course}/comments`, { comment: '  คอร์สนี้เหมาะกับมือใหม่ไหมคะ  ' }, students.named.jwt);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ comment: 'คอร์สนี้เหมาะกับมือใหม่ไหมคะ', author: { id: students.named.id, name: 'สมหญิง ใจดี' }, replies: [] });
    const second = await post(`/public/course/${ids.course}/comments`, { comment: 'มีใบประกาศไหมครับ' }, students.plain.jwt);
    expect(second.body.data.author).toEqual({ id: students.plain.id, name: 'comment.plain' });

    const { body } = await get(`/public/course/${ids.course}/comments`);
    const list = body.data as Item[];
    expect(list.map((item) => item.comment)).toEqual(['มีใบประกาศไหมครับ', 'คอร์สนี้เหมาะกับมือใหม่ไหมคะ']);
    expect(JSON.stringify(body)).not.toContain('@example.test');
    expect(JSON.stringify(body)).not.toContain('ข้อความที่ถูกซ่อน');
    expect(body.pagination.total).toBe(2);
  });

  it('hangs a reply under its top-level comment, oldest reply first', async () => {
    const question = await post(`/public/course/${ids.course}/comments`, { comment: 'เรียนได้กี่ครั้ง' }, students.plain.jwt);
    const parentId = question.body.data.id as number;
    await post(`/public/course/${ids.course}/comments`, { comment: 'ดูซ้ำได้ไม่จำกัดค่ะ', parent_id: parentId }, students.named.jwt);
    await post(`/public/course/${ids.course}/comments`, { comment: 'ขอบคุณครับ', parent_id: String(parentId) }, students.plain.jwt);

    const { body } = await get(`/public/course/${ids.course}/comments`);
    const item = (body.data as Item[]).find((entry) => entry.id === parentId)!;
    expect(item.replies.map((reply) => reply.comment)).toEqual(['ดูซ้ำได้ไม่จำกัดค่ะ', 'ขอบคุณครับ']);
    // replies are not listed as top-level comments
    expect((body.data as Item[]).some((entry) => entry.comment === 'ขอบคุณครับ')).toBe(false);
  });

  it('refuses an empty or too long comment, a reply to a reply, to a hidden comment or to another course', async () => {
    const url = `/public/course/${ids.course}/comments`;
    expect((await post(url, { comment: '   ' }, students.plain.jwt)).status).toBe(400);
    expect((await post(url, { comment: 'ก'.repeat(2001) }, students.plain.jwt)).status).toBe(400);

    const top = (await post(url, { comment: 'คำถามหลัก' }, students.plain.jwt)).body.data.id as number;
    const reply = (await post(url, { comment: 'คำตอบ', parent_id: top }, students.named.jwt)).body.data.id as number;
    const elsewhere = (await post(`/public/course/${ids.other}/comments`, { comment: 'อีกคอร์ส' }, students.plain.jwt)).body.data.id as number;
    for (const parent_id of [reply, ids.hidden, elsewhere, 999999]) {
      const { status, body } = await post(url, { comment: 'ตอบกลับ', parent_id }, students.plain.jwt);
      expect(status, `parent ${parent_id}`).toBe(400);
      expect(body.error.code).toBe('INPUT_ERROR');
    }
  });

  it('pages through comments 10 at a time by default', async () => {
    const url = `/public/course/${ids.other}/comments`;
    for (let index = 0; index < 11; index += 1) await post(url, { comment: `ความเห็นที่ ${index + 1}` }, students.plain.jwt);
    const first = await get(url);
    const second = await get(`${url}?page=2`);
    // 'อีกคอร์ส' from the test above, plus 11 here
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 2, total: 12 });
    expect(first.body.data).toHaveLength(10);
    expect(second.body.data).toHaveLength(2);
    expect((await get(`${url}?pageSize=20`)).body.data).toHaveLength(12);
  });

  it('answers 404 to reading and posting while the COURSE_COMMENT switch is off', async () => {
    await db(UID.setting).updateMany({ where: {}, data: { package_course_comment: false } });
    try {
      expect((await get(`/public/course/${ids.course}/comments`)).status).toBe(404);
      expect((await post(`/public/course/${ids.course}/comments`, { comment: 'ยังได้ไหม' }, students.plain.jwt)).status).toBe(404);
    } finally {
      await db(UID.setting).updateMany({ where: {}, data: { package_course_comment: true } });
    }
  });
});
