import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCountdown } from '@sala/shared/plans';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const DAY = 86_400_000;

const UID = {
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
  group: 'api::user-group.user-group',
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
  sections_id: number | null;
  lectures_id: number;
  lectures_name: string;
  lectures_preview: boolean;
  lectures_content_type: string;
  locked: boolean;
  lock_reason: string | null;
  content_text: string | null;
  video_url: string | null;
  quiz_id: number | null;
  homework_id: number | null;
  position_seconds: number | null;
  completed: boolean;
};
type Playlist = {
  success: boolean;
  dataResult: { sections_id: number; sections_name: string; sections_location: number; lectures: Lecture[] }[];
  videoResult: Lecture | null;
  canLearn: boolean;
  lockReason: string | null;
};

let cms: TestStrapi;
let seq = 0;
const ids = {} as Record<
  | 'partner'
  | 'general'
  | 'course'
  | 'restricted'
  | 'unpublished'
  | 'sectionOne'
  | 'sectionTwo'
  | 'preview'
  | 'video'
  | 'text'
  | 'quiz'
  | 'restrictedLecture'
  | 'unpublishedLecture'
  | 'periodPlan'
  | 'restrictedPlan'
  | 'unpublishedPlan',
  number
>;
const students = {} as Record<'buyer' | 'expired' | 'pending' | 'stranger' | 'outsider' | 'partner', { id: number; jwt: string }>;
let buyerApprovedAt: Date;
let buyerOrderId: number;

const db = (uid: string) => cms.strapi.db.query(uid);
const create = async (uid: string, data: Record<string, unknown>) => (await db(uid).create({ data })) as { id: number };

async function student(name: string, groupId: number | null) {
  const role = await db(UID.role).findOne({ where: { type: 'authenticated' } });
  const user = await create(UID.user, {
    username: `learn.${name}`,
    email: `learn.${name}@example.test`,
    provider: 'local',
    confirmed: true,
    blocked: false,
    role: role.id,
    user_group: groupId,
  });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) as string };
}

async function order(userId: number, courseId: number, planId: number, status: string, approvedAt: Date | null) {
  seq += 1;
  const row = await create(UID.order, {
    order_token: `learning-test-${seq}`,
    state: status,
    user: userId,
    currency_code: 'THB',
    price: 150000,
    net: 150000,
    approved_at: approvedAt,
  });
  await create(UID.line, { order: row.id, course: courseId, pricing_plan: planId, title: 'คอร์ส', course_type: 'Online', price: 150000, discount: 0, net: 150000 });
  return row.id;
}

/** A response whose JSON body the tests read field by field. */
type JsonResponse = Omit<Response, 'json'> & { json(): Promise<ReturnType<typeof JSON.parse>> };

function call(path: string, jwt?: string, init: RequestInit = {}): Promise<JsonResponse> {
  return fetch(`${cms.url}${path}`, {
    ...init,
    headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers ?? {}) },
  });
}

async function playlist(courseId: number, jwt?: string): Promise<Playlist> {
  const res = await call(`/public/course/videoplaylist/${courseId}`, jwt);
  expect(res.status).toBe(200);
  return (await res.json()) as Playlist;
}

const lectures = (list: Playlist) => list.dataResult.flatMap((section) => section.lectures);

function saveProgress(jwt: string, body: Record<string, unknown>) {
  return call('/private/progress', jwt, { method: 'POST', body: JSON.stringify(body) });
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  await create(UID.setting, { title: 'ทดสอบ', is_access_rights: true, package_user_group: true });
  ids.partner = (await create(UID.group, { name: 'องค์กรพันธมิตร' })).id;
  ids.general = (await create(UID.group, { name: 'บุคคลทั่วไป', is_default: true })).id;

  ids.course = (await create(UID.course, { title: 'คอร์สทดสอบเพลย์ลิสต์', slug: 'playlist-course', course_type: 'Online', is_published: true })).id;
  ids.sectionOne = (await create(UID.section, { sections_name: 'บทที่ 1', sections_location: 1, course: ids.course })).id;
  ids.sectionTwo = (await create(UID.section, { sections_name: 'บทที่ 2', sections_location: 2, course: ids.course })).id;
  const lecture = (data: Record<string, unknown>) => create(UID.lecture, { course: ids.course, upload_video_type: 'url', ...data });
  ids.preview = (
    await lecture({
      lectures_name: 'แนะนำคอร์ส',
      lectures_location: 1,
      lectures_preview: true,
      lectures_content_type: 'video',
      video_url: 'https://video.example/preview.mp4',
      video_length: 120,
      section: ids.sectionOne,
    })
  ).id;
  ids.text = (await lecture({ lectures_name: 'อ่านก่อนเรียน', lectures_location: 2, lectures_content_type: 'text', content_text: 'เนื้อหาสำหรับผู้ซื้อเท่านั้น', section: ids.sectionOne })).id;
  ids.video = (
    await lecture({ lectures_name: 'ลงมือทำ', lectures_location: 1, lectures_content_type: 'video', video_url: 'https://video.example/paid.mp4', video_length: 600, section: ids.sectionTwo })
  ).id;
  ids.quiz = (await lecture({ lectures_name: 'แบบทดสอบ', lectures_location: 2, lectures_content_type: 'quiz', quiz_id: 7, quiz_pass_score: 60, section: ids.sectionTwo })).id;
  ids.periodPlan = (
    await create(UID.plan, {
      name: 'เรียน 1 เดือน',
      reference_code: 'COURSE',
      plan_type: 'Period',
      term: 1,
      term_unit: 'Month(s)',
      price: 150000,
      pricing_type: 'default',
      status_show: true,
      is_default: true,
      course: ids.course,
    })
  ).id;

  ids.restricted = (await create(UID.course, { title: 'คอร์สเฉพาะองค์กร', slug: 'partner-only', course_type: 'Online', is_published: true, course_for_user_group: [ids.partner] })).id;
  const restrictedSection = await create(UID.section, { sections_name: 'บทเดียว', sections_location: 1, course: ids.restricted });
  ids.restrictedLecture = (
    await create(UID.lecture, { lectures_name: 'เนื้อหาองค์กร', lectures_content_type: 'text', content_text: 'ลับเฉพาะองค์กร', course: ids.restricted, section: restrictedSection.id })
  ).id;
  ids.restrictedPlan = (
    await create(UID.plan, { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', price: 90000, pricing_type: 'default', status_show: true, course: ids.restricted })
  ).id;

  ids.unpublished = (await create(UID.course, { title: 'คอร์สปิดการขาย', slug: 'closed-course', course_type: 'Online', is_published: true, endPublish: new Date(Date.now() - DAY) })).id;
  const closedSection = await create(UID.section, { sections_name: 'บทเดียว', sections_location: 1, course: ids.unpublished });
  ids.unpublishedLecture = (await create(UID.lecture, { lectures_name: 'บทเรียนเก่า', lectures_content_type: 'text', content_text: 'ยังเรียนได้', course: ids.unpublished, section: closedSection.id })).id;
  ids.unpublishedPlan = (
    await create(UID.plan, { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', price: 50000, pricing_type: 'default', status_show: true, course: ids.unpublished })
  ).id;

  students.buyer = await student('buyer', ids.general);
  students.expired = await student('expired', ids.general);
  students.pending = await student('pending', ids.general);
  students.stranger = await student('stranger', ids.general);
  students.outsider = await student('outsider', ids.general);
  students.partner = await student('partner', ids.partner);

  buyerApprovedAt = new Date(Date.now() - 5 * DAY);
  buyerOrderId = await order(students.buyer.id, ids.course, ids.periodPlan, 'approved', buyerApprovedAt);
  await order(students.buyer.id, ids.unpublished, ids.unpublishedPlan, 'approved', new Date(Date.now() - 60 * DAY));
  await order(students.expired.id, ids.course, ids.periodPlan, 'approved', new Date(Date.now() - 40 * DAY));
  await order(students.pending.id, ids.course, ids.periodPlan, 'pendingApproved', null);
  await order(students.outsider.id, ids.restricted, ids.restrictedPlan, 'approved', new Date(Date.now() - DAY));
  await order(students.partner.id, ids.restricted, ids.restrictedPlan, 'approved', new Date(Date.now() - DAY));
});

afterAll(async () => {
  await cms?.stop();
});

describe('GET /public/course/videoplaylist/:courseId', () => {
  it('shows a visitor the preview lecture with its video and every other lecture locked without content', async () => {
    const list = await playlist(ids.course);
    expect(list.success).toBe(true);
    expect(list.dataResult.map((section) => section.sections_name)).toEqual(['บทที่ 1', 'บทที่ 2']);
    const all = lectures(list);
    expect(all.map((item) => item.lectures_id)).toEqual([ids.preview, ids.text, ids.video, ids.quiz]);
    const preview = all.find((item) => item.lectures_id === ids.preview)!;
    expect(preview).toMatchObject({ locked: false, lock_reason: null, video_url: 'https://video.example/preview.mp4', sections_id: ids.sectionOne });
    for (const item of all.filter((entry) => entry.lectures_id !== ids.preview)) {
      expect(item).toMatchObject({ locked: true, lock_reason: 'UNAUTHORIZED', content_text: null, video_url: null, quiz_id: null, homework_id: null });
    }
    expect(JSON.stringify(list)).not.toContain('เนื้อหาสำหรับผู้ซื้อเท่านั้น');
    expect(JSON.stringify(list)).not.toContain('paid.mp4');
    expect(list.videoResult?.lectures_id).toBe(ids.preview);
  });

  it('opens every lecture with its content to a student whose approved order is still running', async () => {
    const list = await playlist(ids.course, students.buyer.jwt);
    expect(list.canLearn).toBe(true);
    const all = lectures(list);
    expect(all.every((item) => !item.locked)).toBe(true);
    expect(all.find((item) => item.lectures_id === ids.text)?.content_text).toBe('เนื้อหาสำหรับผู้ซื้อเท่านั้น');
    expect(all.find((item) => item.lectures_id === ids.video)?.video_url).toBe('https://video.example/paid.mp4');
    expect(all.find((item) => item.lectures_id === ids.quiz)?.quiz_id).toBe(7);
  });

  it('locks the paid lectures of a student whose Period plan ran out', async () => {
    const list = await playlist(ids.course, students.expired.jwt);
    expect(list).toMatchObject({ canLearn: false, lockReason: 'COURSE_ACCESS_EXPIRED' });
    const locked = lectures(list).filter((item) => item.locked);
    expect(locked.map((item) => item.lectures_id)).toEqual([ids.text, ids.video, ids.quiz]);
    expect(locked.every((item) => item.lock_reason === 'COURSE_ACCESS_EXPIRED' && item.content_text === null && item.video_url === null)).toBe(true);
  });

  it('locks the paid lectures of another student who has no order, or whose order is not approved yet', async () => {
    const stranger = await playlist(ids.course, students.stranger.jwt);
    expect(
      lectures(stranger)
        .filter((item) => item.locked)
        .every((item) => item.lock_reason === 'COURSE_NOT_PURCHASED'),
    ).toBe(true);
    expect(
      lectures(stranger)
        .filter((item) => !item.locked)
        .map((item) => item.lectures_id),
    ).toEqual([ids.preview]);
    const pending = await playlist(ids.course, students.pending.jwt);
    expect(pending.lockReason).toBe('ORDER_IN_PROGRESS');
    expect(
      lectures(pending)
        .filter((item) => !item.locked)
        .map((item) => item.lectures_id),
    ).toEqual([ids.preview]);
  });

  it('locks a course limited to another user group even for a buyer, and opens it to a member of the group', async () => {
    const outsider = await playlist(ids.restricted, students.outsider.jwt);
    expect(outsider).toMatchObject({ canLearn: false, lockReason: 'COURSE_ACCESS_DENIED' });
    expect(lectures(outsider)[0]).toMatchObject({ locked: true, lock_reason: 'COURSE_ACCESS_DENIED', content_text: null });
    const member = await playlist(ids.restricted, students.partner.jwt);
    expect(lectures(member)[0]).toMatchObject({ locked: false, content_text: 'ลับเฉพาะองค์กร' });
  });

  it('keeps a course that is no longer sold open to its buyers and answers 404 to everyone else', async () => {
    const buyer = await playlist(ids.unpublished, students.buyer.jwt);
    expect(lectures(buyer)[0]).toMatchObject({ locked: false, content_text: 'ยังเรียนได้' });
    expect((await call(`/public/course/videoplaylist/${ids.unpublished}`)).status).toBe(404);
    expect((await call(`/public/course/videoplaylist/${ids.unpublished}`, students.stranger.jwt)).status).toBe(404);
  });

  it('answers 404 NOT_FOUND for an unknown course and 400 INPUT_ERROR for a course id that is not a number', async () => {
    const unknown = await call('/public/course/videoplaylist/999999');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const bad = await call('/public/course/videoplaylist/abc');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('INPUT_ERROR');
  });
});

describe('progress', () => {
  it('saves a position and resumes from it: lasttime returns the saved lecture, its section and the second', async () => {
    const saved = await saveProgress(students.buyer.jwt, { course_id: ids.course, lecture_id: ids.video, position_seconds: 42.7, completed: false });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ lectures_id: ids.video, section_id: ids.sectionTwo, position_seconds: 42, completed: false });

    const last = await call(`/private/progress/lasttime/${students.buyer.id}/course/${ids.course}`, students.buyer.jwt);
    expect(last.status).toBe(200);
    const body = await last.json();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ section_id: ids.sectionTwo, lectures_id: ids.video, position_seconds: 42 });

    const list = await playlist(ids.course, students.buyer.jwt);
    expect(list.videoResult).toMatchObject({ lectures_id: ids.video, position_seconds: 42 });
  });

  it('keeps one record per lecture, and a completed lecture stays completed', async () => {
    await saveProgress(students.buyer.jwt, { course_id: ids.course, lecture_id: ids.text, position_seconds: 0, completed: true });
    const again = await saveProgress(students.buyer.jwt, { course_id: String(ids.course), lecture_id: String(ids.text), position_seconds: '5', completed: 0 });
    expect(again.status).toBe(200);
    expect((await again.json()).data).toMatchObject({ lectures_id: ids.text, completed: true, position_seconds: 5 });
    const rows = await db(UID.progress).findMany({ where: { user: { id: students.buyer.id }, lecture: { id: ids.text } } });
    expect(rows).toHaveLength(1);

    const list = await call(`/private/progress/student/${students.buyer.id}/course/${ids.course}`, students.buyer.jwt);
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.data.map((item: { lectures_id: number }) => item.lectures_id).sort()).toEqual([ids.text, ids.video].sort());
    expect(body.completed).toBe(1);
  });

  it('refuses a negative position or a missing lecture with 400 INPUT_ERROR and saves nothing', async () => {
    const before = await db(UID.progress).count({});
    for (const body of [
      { course_id: ids.course, lecture_id: ids.quiz, position_seconds: -3 },
      { course_id: ids.course, position_seconds: 3 },
      { course_id: ids.course, lecture_id: ids.quiz, position_seconds: 3, completed: 'maybe' },
    ]) {
      const res = await saveProgress(students.buyer.jwt, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('INPUT_ERROR');
    }
    expect(await db(UID.progress).count({})).toBe(before);
  });

  it('refuses to save progress of a locked lecture with 403 and the lock reason, and saves nothing', async () => {
    const before = await db(UID.progress).count({});
    const stranger = await saveProgress(students.stranger.jwt, { course_id: ids.course, lecture_id: ids.video, position_seconds: 10 });
    expect(stranger.status).toBe(403);
    expect((await stranger.json()).error.code).toBe('COURSE_NOT_PURCHASED');
    const expired = await saveProgress(students.expired.jwt, { course_id: ids.course, lecture_id: ids.video, position_seconds: 10 });
    expect(expired.status).toBe(403);
    expect((await expired.json()).error.code).toBe('COURSE_ACCESS_EXPIRED');
    const wrongCourse = await saveProgress(students.buyer.jwt, { course_id: ids.restricted, lecture_id: ids.video, position_seconds: 10 });
    expect(wrongCourse.status).toBe(404);
    expect(await db(UID.progress).count({})).toBe(before);
  });

  it('lets anyone signed in save progress of a preview lecture', async () => {
    const res = await saveProgress(students.stranger.jwt, { course_id: ids.course, lecture_id: ids.preview, position_seconds: 30 });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ lectures_id: ids.preview, position_seconds: 30 });
  });

  it("answers 404 when a student reads another student's progress or last position", async () => {
    for (const path of [`/private/progress/student/${students.buyer.id}/course/${ids.course}`, `/private/progress/lasttime/${students.buyer.id}/course/${ids.course}`]) {
      const res = await call(path, students.stranger.jwt);
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect(JSON.stringify(body)).not.toContain('position_seconds');
    }
  });

  it('answers 401 PERMISSION_DENIED without a sign-in', async () => {
    const res = await call(`/private/progress/lasttime/${students.buyer.id}/course/${ids.course}`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('PERMISSION_DENIED');
    expect((await saveProgress('', { course_id: ids.course, lecture_id: ids.preview, position_seconds: 1 })).status).toBe(401);
  });
});

describe('GET /private/course/countdowntime/:courseId', () => {
  it('gives the countdown record of a Period plan by the shared rules, counted from the approval', async () => {
    const res = await call(`/private/course/countdowntime/${ids.course}`, students.buyer.jwt);
    expect(res.status).toBe(200);
    const { success, data } = await res.json();
    expect(success).toBe(true);
    const expected = buildCountdown(
      { planType: 'Period', term: 1, termUnit: 'Month(s)', term2: null, termUnit2: null, startDateTime: buyerApprovedAt.toISOString(), orderId: buyerOrderId },
      Date.now(),
    );
    expect(data).toMatchObject({
      planType: 'Period',
      courseDays: 30,
      startDateTime: buyerApprovedAt.toISOString(),
      term: 1,
      termUnit: 'Month(s)',
      term2: null,
      termUnit2: null,
      isTermUnit2: false,
      orderID: buyerOrderId,
      finishDateTime: new Date(buyerApprovedAt.getTime() + 30 * DAY).toISOString(),
      expired: false,
    });
    expect(data.finishDateTime).toBe(expected.finishDateTime);
    expect(Math.abs(data.countDownTime - expected.countDownTime!)).toBeLessThan(60_000);
    expect(Math.abs(data.progressTime - 5 * DAY)).toBeLessThan(60_000);
    expect(data.readLecture).toBeGreaterThanOrEqual(1);
    for (const field of [
      'planType',
      'courseDays',
      'startDateTime',
      'term',
      'termUnit',
      'term2',
      'termUnit2',
      'isTermUnit2',
      'countDownTime',
      'progressTime',
      'orderID',
      'finishDateTime',
      'readLecture',
    ]) {
      expect(data).toHaveProperty(field);
    }
  });

  it('reports an expired plan with no time left', async () => {
    const { data } = await (await call(`/private/course/countdowntime/${ids.course}`, students.expired.jwt)).json();
    expect(data).toMatchObject({ expired: true, countDownTime: 0 });
  });

  it('answers 404 to a student without an approved order, and 401 without a sign-in', async () => {
    const none = await call(`/private/course/countdowntime/${ids.course}`, students.stranger.jwt);
    expect(none.status).toBe(404);
    expect((await none.json()).error.code).toBe('COURSE_NOT_PURCHASED');
    expect((await call(`/private/course/countdowntime/999999`, students.buyer.jwt)).status).toBe(404);
    expect((await call(`/private/course/countdowntime/${ids.course}`)).status).toBe(401);
  });
});
