/**
 * A course whose class start date (`startDate`) is still ahead: the CMS is the authority on
 * what opens. Its playlist and progress calls give a buyer the free previews only, every
 * other lecture locked as NOT_RELEASED with the date it opens and without its video, file
 * or text, until the date; the shop's administrators open it all before then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const DAY = 86_400_000;

const UID = {
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
  file: 'plugin::upload.file',
  course: 'api::course.course',
  section: 'api::course-section.course-section',
  lecture: 'api::lecture.lecture',
  plan: 'api::pricing-plan.pricing-plan',
  order: 'api::order.order',
  line: 'api::order-line.order-line',
  progress: 'api::progress.progress',
  setting: 'api::site-setting.site-setting',
};

type Lecture = {
  lectures_id: number;
  lectures_preview: boolean;
  locked: boolean;
  lock_reason: string | null;
  release_date: string | null;
  content_text: string | null;
  content_file: { url: string } | null;
  video_url: string | null;
  video_file: { url: string } | null;
};
type Playlist = { dataResult: { lectures: Lecture[] }[]; videoResult: Lecture | null; canLearn: boolean; lockReason: string | null; releaseDate: string | null };

/** What the locked lectures must never carry before the date. */
const SECRETS = ['paid-lesson.mp4', 'handout-before-start.pdf', 'สูตรลับสำหรับผู้ซื้อเท่านั้น'];

let cms: TestStrapi;
const ids = {} as Record<'course' | 'preview' | 'video' | 'file' | 'text' | 'plan', number>;
const people = {} as Record<'buyer' | 'stranger' | 'admin', { id: number; jwt: string }>;
let startsAt: Date;

const db = (uid: string) => cms.strapi.db.query(uid);
const create = async (uid: string, data: Record<string, unknown>) => (await db(uid).create({ data })) as { id: number };

async function person(name: string, roleType: string) {
  const role = await db(UID.role).findOne({ where: { type: roleType } });
  expect(role, `role ${roleType}`).toBeTruthy();
  const user = await create(UID.user, { username: `release.${name}`, email: `release.${name}@example.test`, provider: 'local', confirmed: true, blocked: false, role: role.id });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) as string };
}

async function playlist(jwt?: string): Promise<Playlist> {
  const res = await fetch(`${cms.url}/public/course/videoplaylist/${ids.course}`, { headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });
  expect(res.status).toBe(200);
  return (await res.json()) as Playlist;
}

const lectures = (list: Playlist) => list.dataResult.flatMap((section) => section.lectures);
const byId = (list: Playlist, id: number) => lectures(list).find((item) => item.lectures_id === id)!;

function saveProgress(jwt: string, lectureId: number) {
  return fetch(`${cms.url}/private/progress`, {
    method: 'POST',
    headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ course_id: ids.course, lecture_id: lectureId, position_seconds: 12 }),
  });
}

/** Moves the course's class start date (as an editor would in the admin). */
async function startCourseAt(date: Date) {
  startsAt = date;
  await db(UID.course).update({ where: { id: ids.course }, data: { startDate: date } });
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  await create(UID.setting, { title: 'ทดสอบวันเปิดเรียน' });
  ids.course = (await create(UID.course, { title: 'คอร์สเปิดเรียนเดือนหน้า', slug: 'starts-next-month', course_type: 'Online', is_published: true })).id;
  const section = await create(UID.section, { sections_name: 'บทที่ 1', sections_location: 1, course: ids.course });
  const handout = await create(UID.file, {
    name: 'handout-before-start.pdf',
    hash: 'handout_before_start',
    ext: '.pdf',
    mime: 'application/pdf',
    size: 12.5,
    url: '/uploads/handout-before-start.pdf',
    provider: 'local',
  });
  const lecture = (data: Record<string, unknown>) => create(UID.lecture, { course: ids.course, section: section.id, upload_video_type: 'url', ...data });
  ids.preview = (
    await lecture({ lectures_name: 'แนะนำคอร์ส', lectures_location: 1, lectures_preview: true, lectures_content_type: 'video', video_url: 'https://video.example/free-preview.mp4', video_length: 60 })
  ).id;
  ids.video = (await lecture({ lectures_name: 'ลงมือทำ', lectures_location: 2, lectures_content_type: 'video', video_url: 'https://video.example/paid-lesson.mp4', video_length: 600 })).id;
  ids.file = (await lecture({ lectures_name: 'เอกสารประกอบ', lectures_location: 3, lectures_content_type: 'file', content_file: handout.id })).id;
  ids.text = (await lecture({ lectures_name: 'บทอ่าน', lectures_location: 4, lectures_content_type: 'text', content_text: 'สูตรลับสำหรับผู้ซื้อเท่านั้น' })).id;
  ids.plan = (
    await create(UID.plan, { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', price: 150000, pricing_type: 'default', status_show: true, is_default: true, course: ids.course })
  ).id;

  people.buyer = await person('buyer', 'authenticated');
  people.stranger = await person('stranger', 'authenticated');
  people.admin = await person('admin', 'shop_admin');
  const order = await create(UID.order, {
    order_token: 'release-date-order-1',
    state: 'approved',
    user: people.buyer.id,
    currency_code: 'THB',
    price: 150000,
    net: 150000,
    approved_at: new Date(Date.now() - DAY),
  });
  await create(UID.line, { order: order.id, course: ids.course, pricing_plan: ids.plan, title: 'คอร์ส', course_type: 'Online', price: 150000, discount: 0, net: 150000 });
  await startCourseAt(new Date(Date.now() + 10 * DAY));
});

afterAll(async () => {
  await cms?.stop();
});

describe('a course whose classes start later', () => {
  it('gives a buyer the free preview only: every other lecture is locked as NOT_RELEASED with its opening date and without its video, file or text', async () => {
    const list = await playlist(people.buyer.jwt);
    expect(list).toMatchObject({ canLearn: false, lockReason: 'NOT_RELEASED', releaseDate: startsAt.toISOString() });
    expect(byId(list, ids.preview)).toMatchObject({ locked: false, lock_reason: null, release_date: null, video_url: 'https://video.example/free-preview.mp4' });
    for (const id of [ids.video, ids.file, ids.text]) {
      expect(byId(list, id)).toMatchObject({
        locked: true,
        lock_reason: 'NOT_RELEASED',
        release_date: startsAt.toISOString(),
        video_url: null,
        video_file: null,
        content_file: null,
        content_text: null,
      });
    }
    for (const secret of SECRETS) expect(JSON.stringify(list)).not.toContain(secret);
    expect(list.videoResult?.lectures_id).toBe(ids.preview);
  });

  it('refuses a buyer’s progress on a lecture that is not released with 403 NOT_RELEASED and a Thai message, and saves nothing', async () => {
    const before = await db(UID.progress).count({});
    const res = await saveProgress(people.buyer.jwt, ids.video);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: { code: 'NOT_RELEASED', msg: 'บทเรียนนี้ยังไม่เปิดให้เรียน' } });
    expect(await db(UID.progress).count({})).toBe(before);
    // the free preview still counts
    expect((await saveProgress(people.buyer.jwt, ids.preview)).status).toBe(200);
  });

  it('keeps telling a visitor and a non-buyer what they can act on (sign in, buy), never the media', async () => {
    const visitor = await playlist();
    expect(visitor).toMatchObject({ canLearn: false, lockReason: 'UNAUTHORIZED', releaseDate: null });
    const stranger = await playlist(people.stranger.jwt);
    expect(stranger).toMatchObject({ canLearn: false, lockReason: 'COURSE_NOT_PURCHASED', releaseDate: null });
    expect(byId(stranger, ids.video)).toMatchObject({ locked: true, lock_reason: 'COURSE_NOT_PURCHASED', video_url: null });
    for (const list of [visitor, stranger]) for (const secret of SECRETS) expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('opens every lecture with its media to the shop’s administrators before the date', async () => {
    const list = await playlist(people.admin.jwt);
    expect(list).toMatchObject({ canLearn: true, lockReason: null, releaseDate: null });
    expect(lectures(list).every((item) => !item.locked)).toBe(true);
    expect(byId(list, ids.video).video_url).toBe('https://video.example/paid-lesson.mp4');
    expect(byId(list, ids.file).content_file?.url).toBe('/uploads/handout-before-start.pdf');
    expect(byId(list, ids.text).content_text).toBe('สูตรลับสำหรับผู้ซื้อเท่านั้น');
  });

  it('gives the buyer every lecture with its media once the date has come', async () => {
    await startCourseAt(new Date(Date.now() - 60_000));
    const list = await playlist(people.buyer.jwt);
    expect(list).toMatchObject({ canLearn: true, lockReason: null, releaseDate: null });
    expect(byId(list, ids.video)).toMatchObject({ locked: false, lock_reason: null, release_date: null, video_url: 'https://video.example/paid-lesson.mp4' });
    expect(byId(list, ids.file).content_file?.url).toBe('/uploads/handout-before-start.pdf');
    expect(byId(list, ids.text).content_text).toBe('สูตรลับสำหรับผู้ซื้อเท่านั้น');
    const saved = await saveProgress(people.buyer.jwt, ids.video);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { data: unknown }).data).toMatchObject({ lectures_id: ids.video, position_seconds: 12 });

    // moved back to a later date, the lectures close again: the date is read on every call
    await startCourseAt(new Date(Date.now() + 3 * DAY));
    const again = await playlist(people.buyer.jwt);
    expect(again).toMatchObject({ canLearn: false, lockReason: 'NOT_RELEASED', releaseDate: startsAt.toISOString() });
    expect(byId(again, ids.video)).toMatchObject({ locked: true, video_url: null });
  });
});
