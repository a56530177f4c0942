/**
 * GET /private/myaccount/students/courses: the courses a student holds an approved order for,
 * with lectures finished of total, the access left and the lecture to continue from; only ever
 * the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const DAY = 86_400_000;
const PATH = '/private/myaccount/students/courses';

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

type MyCourse = {
  course_id: number;
  title: string;
  link_path: string;
  lectures_total: number;
  lectures_completed: number;
  access: { lifetime: boolean; days_left: number | null; finish_at: string | null; expired: boolean };
  can_learn: boolean;
  lock_reason: string | null;
  last_lecture_id: number | null;
};

let cms: TestStrapi;
let seq = 0;
const ids = {} as Record<'partner' | 'general' | 'excel' | 'lifetime' | 'restricted' | 'product' | 'pendingCourse' | 'monthPlan' | 'oncePlan' | 'first' | 'second' | 'third', number>;
const students = {} as Record<'buyer' | 'other' | 'nobody', { id: number; jwt: string }>;

const db = (uid: string) => cms.strapi.db.query(uid);
const create = async (uid: string, data: Record<string, unknown>) => (await db(uid).create({ data })) as { id: number };

async function student(name: string, groupId: number | null) {
  const role = await db(UID.role).findOne({ where: { type: 'authenticated' } });
  const user = await create(UID.user, { username: `mine.${name}`, email: `mine.${name}@example.test`, provider: 'local', confirmed: true, blocked: false, role: role.id, user_group: groupId });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) as string };
}

async function order(userId: number, courseId: number, planId: number, state: string, approvedAt: Date | null, courseType = 'Online') {
  seq += 1;
  const row = await create(UID.order, { order_token: `my-courses-${seq}`, state, user: userId, currency_code: 'THB', price: 100000, net: 100000, approved_at: approvedAt });
  await create(UID.line, { order: row.id, course: courseId, pricing_plan: planId, title: 'คอร์ส', course_type: courseType, price: 100000, discount: 0, net: 100000 });
  return row.id;
}

async function course(title: string, slug: string, extra: Record<string, unknown> = {}) {
  return (await create(UID.course, { title, slug, course_type: 'Online', is_published: true, ...extra })).id;
}

function plan(courseId: number, data: Record<string, unknown>) {
  return create(UID.plan, { name: 'แพ็กเกจ', reference_code: 'COURSE', price: 100000, pricing_type: 'default', status_show: true, course: courseId, ...data }).then((row) => row.id);
}

async function myCourses(jwt: string, query = '', locale?: 'th' | 'en'): Promise<MyCourse[]> {
  const res = await fetch(`${cms.url}${PATH}${query}`, { headers: { authorization: `Bearer ${jwt}`, ...(locale ? { 'x-locale': locale } : {}) } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { success: boolean; data: MyCourse[] };
  expect(body.success).toBe(true);
  return body.data;
}

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  await create(UID.setting, { title: 'ทดสอบ', is_access_rights: true, package_user_group: true });
  ids.partner = (await create(UID.group, { name: 'องค์กรพันธมิตร' })).id;
  ids.general = (await create(UID.group, { name: 'บุคคลทั่วไป', is_default: true })).id;

  ids.excel = await course('Excel สำหรับการทำงาน', 'excel-at-work', { title_en: 'Excel at Work' });
  const section = await create(UID.section, { sections_name: 'บทที่ 1', sections_location: 1, course: ids.excel });
  const lecture = (name: string, location: number) =>
    create(UID.lecture, { course: ids.excel, section: section.id, lectures_name: name, lectures_location: location, lectures_content_type: 'text', content_text: name }).then((row) => row.id);
  ids.first = await lecture('เริ่มต้น', 1);
  ids.second = await lecture('สูตรพื้นฐาน', 2);
  ids.third = await lecture('ตาราง Pivot', 3);
  ids.monthPlan = await plan(ids.excel, { plan_type: 'Period', term: 1, term_unit: 'Month(s)', is_default: true });

  ids.lifetime = await course('การตลาดออนไลน์', 'online-marketing');
  const lifetimeSection = await create(UID.section, { sections_name: 'บทเดียว', sections_location: 1, course: ids.lifetime });
  await create(UID.lecture, { course: ids.lifetime, section: lifetimeSection.id, lectures_name: 'บทนำ', lectures_location: 1, lectures_content_type: 'text', content_text: 'x' });
  ids.oncePlan = await plan(ids.lifetime, { plan_type: 'One-Time Payment' });

  ids.restricted = await course('คอร์สเฉพาะองค์กร', 'partner-only', { course_for_user_group: [ids.partner] });
  const restrictedPlan = await plan(ids.restricted, { plan_type: 'One-Time Payment' });
  ids.product = await course('หนังสือ Excel', 'excel-book', { course_type: 'product' });
  const productPlan = await plan(ids.product, { plan_type: 'One-Time Payment' });
  ids.pendingCourse = await course('คอร์สรออนุมัติ', 'pending-course');
  const pendingPlan = await plan(ids.pendingCourse, { plan_type: 'One-Time Payment' });

  students.buyer = await student('buyer', ids.general);
  students.other = await student('other', ids.general);
  students.nobody = await student('nobody', ids.general);

  // the buyer: Excel for a month since 10 days ago, marketing for life, a course their group may no longer open,
  // a product and an order still waiting (neither is a course they own)
  await order(students.buyer.id, ids.excel, ids.monthPlan, 'approved', new Date(Date.now() - 10 * DAY));
  await order(students.buyer.id, ids.lifetime, ids.oncePlan, 'approved', new Date(Date.now() - 20 * DAY));
  await order(students.buyer.id, ids.restricted, restrictedPlan, 'approved', new Date(Date.now() - 30 * DAY));
  await order(students.buyer.id, ids.product, productPlan, 'approved', new Date(Date.now() - DAY), 'product');
  await order(students.buyer.id, ids.pendingCourse, pendingPlan, 'notYetReceived', null);
  // the other student: Excel too, expired, with progress of their own
  await order(students.other.id, ids.excel, ids.monthPlan, 'approved', new Date(Date.now() - 40 * DAY));

  const progress = (userId: number, lectureId: number, completed: boolean) => create(UID.progress, { user: userId, course: ids.excel, lecture: lectureId, position_seconds: 0, completed });
  await progress(students.buyer.id, ids.first, true);
  await progress(students.buyer.id, ids.second, false);
  await progress(students.other.id, ids.first, true);
  await progress(students.other.id, ids.second, true);
  await progress(students.other.id, ids.third, true);
});

afterAll(async () => {
  await cms?.stop();
});

describe('GET /private/myaccount/students/courses', () => {
  it('lists the courses the student owns, newest first, with progress, access left and where they stopped', async () => {
    const list = await myCourses(students.buyer.jwt);
    expect(list.map((item) => item.course_id)).toEqual([ids.excel, ids.lifetime, ids.restricted]);
    const [excel, lifetime, restricted] = list;
    expect(excel).toMatchObject({
      title: 'Excel สำหรับการทำงาน',
      link_path: `/courses/${ids.excel}-excel-at-work`,
      lectures_total: 3,
      lectures_completed: 1,
      can_learn: true,
      lock_reason: null,
      access: { lifetime: false, expired: false, days_left: 20 },
    });
    // the lecture saved last: the second, saved after the first
    expect(excel.last_lecture_id).toBe(ids.second);
    expect(lifetime).toMatchObject({ lectures_total: 1, lectures_completed: 0, last_lecture_id: null, can_learn: true, access: { lifetime: true, days_left: null, finish_at: null, expired: false } });
    expect(restricted).toMatchObject({ can_learn: false, lock_reason: 'COURSE_ACCESS_DENIED' });
  });

  it('never shows another student’s courses or progress, whatever the request names', async () => {
    const other = await myCourses(students.other.jwt);
    expect(other.map((item) => item.course_id)).toEqual([ids.excel]);
    expect(other[0]).toMatchObject({ lectures_completed: 3, last_lecture_id: expect.any(Number), can_learn: false, lock_reason: 'COURSE_ACCESS_EXPIRED', access: { expired: true, days_left: 0 } });

    // asking for the buyer by id changes nothing: the caller is the token's student
    const asked = await myCourses(students.other.jwt, `?user_id=${students.buyer.id}&userId=${students.buyer.id}`);
    expect(asked).toEqual(other);
    expect(await myCourses(students.nobody.jwt)).toEqual([]);
  });

  it('titles the courses in the student’s language: the editors’ English where given, Thai where not', async () => {
    const titles = async (locale?: 'th' | 'en') => Object.fromEntries((await myCourses(students.buyer.jwt, '', locale)).map((course) => [course.course_id, course.title]));
    const [thai, english, unnamed] = await Promise.all([titles('th'), titles('en'), titles()]);
    expect(thai[ids.excel]).toBe('Excel สำหรับการทำงาน');
    expect(unnamed[ids.excel]).toBe('Excel สำหรับการทำงาน');
    expect(english[ids.excel]).toBe('Excel at Work');
    expect(english[ids.lifetime]).toBe('การตลาดออนไลน์');
    expect(Object.keys(english)).toEqual(Object.keys(thai));
  });

  it('answers 401 without a token and with a forged one', async () => {
    expect((await fetch(`${cms.url}${PATH}`)).status).toBe(401);
    expect((await fetch(`${cms.url}${PATH}`, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
  });
});
