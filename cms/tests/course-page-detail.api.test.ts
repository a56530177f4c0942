import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

const DAY = 86_400_000;

const UID = {
  user: 'plugin::users-permissions.user',
  role: 'plugin::users-permissions.role',
  group: 'api::user-group.user-group',
  course: 'api::course.course',
  courseGroup: 'api::course-group.course-group',
  teacher: 'api::teacher.teacher',
  section: 'api::course-section.course-section',
  lecture: 'api::lecture.lecture',
  plan: 'api::pricing-plan.pricing-plan',
  product: 'api::product.product',
  order: 'api::order.order',
  line: 'api::order-line.order-line',
  setting: 'api::site-setting.site-setting',
};

type Plan = {
  id: number;
  name: string;
  price: number | null;
  price_usd: number | null;
  disabled: boolean;
  disabled_reason: string | null;
  is_for_member: boolean;
  free_for: string | null;
  buy_course_free: boolean;
  selected: boolean;
};

let cms: TestStrapi;
let seq = 0;
const ids = {} as Record<
  | 'course'
  | 'owned'
  | 'sameTeacher'
  | 'sameGroup'
  | 'bestseller'
  | 'unpublished'
  | 'ended'
  | 'restricted'
  | 'partner'
  | 'general'
  | 'teacher'
  | 'group'
  | 'section'
  | 'defaultPlan'
  | 'memberPlan'
  | 'freePlan'
  | 'hiddenPlan'
  | 'renewPlan'
  | 'ownedPlan'
  | 'product'
  | 'soldOut'
  | 'hiddenProduct',
  number
>;
const students = {} as Record<'owner' | 'member' | 'pending', { id: number; jwt: string }>;
let pendingOrderId: number;

const db = (uid: string) => cms.strapi.db.query(uid);
const create = async (uid: string, data: Record<string, unknown>) => (await db(uid).create({ data })) as { id: number };

async function student(name: string, groupId: number | null) {
  const role = await db(UID.role).findOne({ where: { type: 'authenticated' } });
  const user = await create(UID.user, { username: `page.${name}`, email: `page.${name}@example.test`, provider: 'local', confirmed: true, blocked: false, role: role.id, user_group: groupId });
  return { id: user.id, jwt: cms.strapi.plugin('users-permissions').service('jwt').issue({ id: user.id }) as string };
}

async function order(userId: number, courseId: number, planId: number, status: string) {
  seq += 1;
  const row = await create(UID.order, {
    order_token: `page-test-${seq}`,
    state: status,
    user: userId,
    currency_code: 'THB',
    price: 100000,
    net: 100000,
    approved_at: status === 'approved' ? new Date() : null,
  });
  await create(UID.line, { order: row.id, course: courseId, pricing_plan: planId, title: 'คอร์ส', course_type: 'Online', price: 100000, discount: 0, net: 100000 });
  return row.id;
}

async function get(path: string, jwt?: string) {
  const res = await fetch(`${cms.url}${path}`, { headers: jwt ? { authorization: `Bearer ${jwt}` } : {} });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${cms.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: JSON.parse(await res.text()) };
}

const planNames = (plans: Plan[]) => plans.map((plan) => plan.name);

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  await create(UID.setting, { title: 'ทดสอบหน้าคอร์ส', course_teacher: true, course_group: true, course_bestseller: true, is_access_rights: true, package_user_group: true });
  ids.partner = (await create(UID.group, { name: 'องค์กรพันธมิตร' })).id;
  ids.general = (await create(UID.group, { name: 'บุคคลทั่วไป' })).id;
  ids.teacher = (await create(UID.teacher, { name: 'อาจารย์ทดสอบ', headline: 'ผู้สอนตัวอย่าง' })).id;
  const otherTeacher = await create(UID.teacher, { name: 'อาจารย์อีกคน' });
  ids.group = (await create(UID.courseGroup, { name: 'การตลาด', slug: 'marketing' })).id;
  const otherGroup = await create(UID.courseGroup, { name: 'อื่น ๆ', slug: 'other' });

  const course = (slug: string, data: Record<string, unknown> = {}) =>
    create(UID.course, { title: `คอร์ส ${slug}`, slug, course_type: 'Online', is_published: true, teacher: otherTeacher.id, course_groups: [otherGroup.id], ...data }).then((row) => row.id);
  ids.owned = await course('owned-course');
  ids.course = await course('detail-course', {
    title: 'การตลาดออนไลน์ทดสอบ',
    course_type: 'In-class',
    teacher: ids.teacher,
    course_groups: [ids.group],
    short_description: 'สรุปสั้น',
    description: '## รายละเอียด',
    videoUrl: 'https://video.example/intro.mp4',
    videoName: 'ตัวอย่าง',
    classType: 'เรียนในห้องเรียน',
    startDate: new Date(Date.now() + 30 * DAY),
    startRegDate: new Date(Date.now() - DAY),
    endRegDate: new Date(Date.now() + 20 * DAY),
    courseVenue: 'อาคารทดสอบ',
    coursePoint: 3,
    seat: 5,
    seats_taken: 2,
    free_book: true,
    free_book_type: 'ebook',
    is_layout_course_registration: true,
    is_enable_length_course: true,
    course_length: '3 ชั่วโมง',
    endPublish: new Date(Date.now() + 90 * DAY),
    meta_title: 'เมตาไตเติล',
    social_title: 'โซเชียล',
  });
  ids.sameTeacher = await course('same-teacher', { teacher: ids.teacher });
  ids.sameGroup = await course('same-group', { course_groups: [ids.group] });
  ids.bestseller = await course('best-seller', { is_bestseller: true });
  ids.unpublished = await course('unpublished-course', { is_published: false, teacher: ids.teacher });
  ids.ended = await course('ended-course', { endPublish: new Date(Date.now() - DAY), teacher: ids.teacher });
  ids.restricted = await course('partner-course', { course_for_user_group: [ids.partner] });

  ids.section = (await create(UID.section, { sections_name: 'บทนำ', sections_location: 1, course: ids.course })).id;
  await create(UID.lecture, {
    lectures_name: 'แนะนำ',
    lectures_location: 1,
    lectures_preview: true,
    lectures_content_type: 'video',
    video_url: 'https://video.example/a.mp4',
    video_length: 90,
    course: ids.course,
    section: ids.section,
  });
  await create(UID.lecture, { lectures_name: 'เนื้อหาหลัก', lectures_location: 2, lectures_content_type: 'text', content_text: 'ความลับของผู้ซื้อ', course: ids.course, section: ids.section });

  const plan = (name: string, data: Record<string, unknown>) =>
    create(UID.plan, { name, reference_code: 'COURSE', plan_type: 'One-Time Payment', pricing_type: 'default', status_show: true, course: ids.course, ...data }).then((row) => row.id);
  ids.defaultPlan = await plan('ราคาปกติ', { price: 199050, price_usd: 5900, is_default: true, sort_order: 1 });
  ids.memberPlan = await plan('ราคาสมาชิก', { price: 159000, is_for_member: true, sort_order: 2 });
  ids.freePlan = await plan('ฟรีสำหรับผู้เรียนเดิม', { plan_type: 'Free', price: 0, free_for: 'Student', free_courses: [ids.owned], sort_order: 3 });
  ids.hiddenPlan = await plan('ซ่อน', { price: 100, status_show: false, sort_order: 4 });
  ids.renewPlan = await plan('ต่ออายุ', { price: 200, pricing_type: 'renew', sort_order: 5 });
  await plan('ระยะสองช่วง', { plan_type: 'Period', term: 1, term_unit: 'Month(s)', term_2: 5, term_unit_2: 'Day(s)', price: 300, sort_order: 6 });
  ids.ownedPlan = (
    await create(UID.plan, { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', price: 50000, pricing_type: 'default', status_show: true, is_default: true, course: ids.owned })
  ).id;
  for (const courseId of [ids.sameTeacher, ids.sameGroup, ids.bestseller]) {
    await create(UID.plan, { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', price: 90000, pricing_type: 'default', status_show: true, is_default: true, course: courseId });
  }

  students.owner = await student('owner', ids.general);
  students.member = await student('member', ids.general);
  students.pending = await student('pending', ids.partner);
  await order(students.owner.id, ids.owned, ids.ownedPlan, 'approved');
  await order(students.pending.id, ids.course, ids.defaultPlan, 'rejected');
  pendingOrderId = await order(students.pending.id, ids.course, ids.defaultPlan, 'pendingApproved');

  const product = (slug: string, data: Record<string, unknown>) =>
    create(UID.product, { title: `หนังสือ ${slug}`, slug, course_type: 'product', is_published: true, short_description: `เล่ม ${slug}`, ...data }).then((row) => row.id);
  ids.product = await product('handbook', { available_qty: 7, sku: 'BOOK-1', meta_title: 'หนังสือคู่มือ', sort_order: 1 });
  ids.soldOut = await product('sold-out', { available_qty: 0, sort_order: 2 });
  ids.hiddenProduct = await product('hidden-book', { is_published: false });
  for (let index = 0; index < 11; index += 1) await product(`extra-${index}`, { available_qty: 1, sort_order: 10 + index });
  await create(UID.plan, {
    name: 'ราคาหนังสือ',
    reference_code: 'PRODUCT',
    plan_type: 'One-Time Payment',
    price: 45000,
    price_usd: 1400,
    pricing_type: 'default',
    status_show: true,
    is_default: true,
    product: ids.product,
  });
  await create(UID.plan, {
    name: 'ราคาหนังสือ',
    reference_code: 'PRODUCT',
    plan_type: 'One-Time Payment',
    price: 30000,
    pricing_type: 'default',
    status_show: true,
    is_default: true,
    product: ids.soldOut,
  });
});

afterAll(async () => {
  await cms?.stop();
});

describe('GET /public/courses/:slug/:flag', () => {
  it('answers the course page with every field the page needs, for a {id}-{slug} address', async () => {
    const { status, body } = await get(`/public/courses/${ids.course}-detail-course/0`);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const data = body.data;
    for (const field of [
      'id',
      'preview',
      'courseType',
      'coursePoint',
      'priceDetail',
      'priceDetailByUserId',
      'courseDescription',
      'statusOrder',
      'lockCourse',
      'orderCourseId',
      'seat',
      'seats_left',
      'free_book',
      'free_book_type',
      'link_path',
      'courseVenue',
      'course_for_user_group',
      'is_layout_course_registration',
      'is_enable_length_course',
      'course_length',
      'title',
      'endPublish',
      'course_language',
      'custom_text_language_key',
      'is_recertification_course',
      'meta_title',
      'meta_description',
      'social_title',
      'social_description',
      'social_image',
      'teacher',
      'groups',
      'curriculum',
      'related',
    ]) {
      expect(data, field).toHaveProperty(field);
    }
    expect(Object.keys(data.preview).sort()).toEqual([
      'classType',
      'endDate',
      'endRegDate',
      'imageAlt',
      'pictureSources',
      'pictureUrl',
      'startDate',
      'startRegDate',
      'videoDesc',
      'videoName',
      'videoUrl',
    ]);
    expect(data).toMatchObject({
      id: ids.course,
      title: 'การตลาดออนไลน์ทดสอบ',
      courseType: 'In-class',
      coursePoint: 3,
      seat: 5,
      seats_left: 3,
      free_book: true,
      free_book_type: 'ebook',
      courseVenue: 'อาคารทดสอบ',
      is_layout_course_registration: true,
      course_length: '3 ชั่วโมง',
      link_path: `/courses/${ids.course}-detail-course`,
      meta_title: 'เมตาไตเติล',
      social_title: 'โซเชียล',
      courseDescription: { title: 'การตลาดออนไลน์ทดสอบ', description: '## รายละเอียด' },
      teacher: { id: ids.teacher, name: 'อาจารย์ทดสอบ' },
      groups: [{ id: ids.group, name: 'การตลาด', slug: 'marketing' }],
      priceDetailByUserId: null,
      statusOrder: null,
      lockCourse: false,
      orderCourseId: null,
    });
    expect(data.preview).toMatchObject({ videoUrl: 'https://video.example/intro.mp4', classType: 'เรียนในห้องเรียน' });
    expect(new Date(data.endPublish).getTime()).toBeGreaterThan(Date.now());
  });

  it('outlines the curriculum with titles, preview flags and lengths but no lecture content', async () => {
    const { body } = await get(`/public/courses/${ids.course}/0`);
    expect(body.data.curriculum).toEqual([
      {
        sections_id: ids.section,
        sections_name: 'บทนำ',
        sections_location: 1,
        lectures: [expect.objectContaining({ lectures_name: 'แนะนำ', lectures_preview: true, video_length: 90 }), expect.objectContaining({ lectures_name: 'เนื้อหาหลัก', lectures_preview: false })],
      },
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('ความลับของผู้ซื้อ');
    expect(text).not.toContain('https://video.example/a.mp4');
  });

  it('prices a visitor by the listing rules: member-only disabled, free-for-owners, hidden, renewal and term_2 plans left out', async () => {
    const { body } = await get(`/public/courses/${ids.course}/0`);
    const plans = body.data.priceDetail as Plan[];
    expect(planNames(plans)).toEqual(['ราคาปกติ', 'ราคาสมาชิก']);
    expect(plans[0]).toMatchObject({ id: ids.defaultPlan, price: 1990.5, price_usd: 59, disabled: false, selected: true, status_show: 1, pricing_type: 'default' });
    expect(plans[1]).toMatchObject({ id: ids.memberPlan, disabled: true, disabled_reason: 'member_only', is_for_member: true });
  });

  it('lists for a signed-in student with member-only plans enabled, and the free plan only to an owner of its courses', async () => {
    const member = (await get(`/public/courses/${ids.course}/0`, students.member.jwt)).body.data;
    expect(planNames(member.priceDetailByUserId)).toEqual(['ราคาปกติ', 'ราคาสมาชิก']);
    expect((member.priceDetailByUserId as Plan[]).every((plan) => !plan.disabled)).toBe(true);
    expect(planNames(member.priceDetail)).toEqual(['ราคาปกติ', 'ราคาสมาชิก']);

    const owner = (await get(`/public/courses/${ids.course}/0`, students.owner.jwt)).body.data;
    const free = (owner.priceDetailByUserId as Plan[]).find((plan) => plan.id === ids.freePlan);
    expect(free).toMatchObject({ free_for: 'Student', free_course_ids: String(ids.owned), buy_course_free: true, price: 0, disabled: false });
    expect(planNames(owner.priceDetail)).not.toContain('ฟรีสำหรับผู้เรียนเดิม');
  });

  it('gives a signed-in student their latest order status and order id for the course', async () => {
    const { body } = await get(`/public/courses/${ids.course}/0`, students.pending.jwt);
    expect(body.data).toMatchObject({ statusOrder: 'pendingApproved', orderCourseId: pendingOrderId, lockCourse: false, canLearn: false });
    const owner = (await get(`/public/courses/${ids.owned}/0`, students.owner.jwt)).body.data;
    expect(owner).toMatchObject({ statusOrder: 'approved', canLearn: true, lockCourse: false });
  });

  it('locks a course limited to another user group for a signed-in student', async () => {
    const outsider = (await get(`/public/courses/${ids.restricted}/0`, students.member.jwt)).body.data;
    expect(outsider).toMatchObject({ lockCourse: true, course_for_user_group: String(ids.partner) });
    const member = (await get(`/public/courses/${ids.restricted}/0`, students.pending.jwt)).body.data;
    expect(member.lockCourse).toBe(false);
  });

  it('lists related courses by teacher, by group and best sellers, and none in the learn view', async () => {
    const { body } = await get(`/public/courses/${ids.course}/0`);
    const related = body.data.related;
    expect(related.byTeacher.map((card: { id: number }) => card.id)).toEqual([ids.sameTeacher]);
    expect(related.byGroup.map((card: { id: number }) => card.id)).toEqual([ids.sameGroup]);
    expect(related.bestSeller.map((card: { id: number }) => card.id)).toEqual([ids.bestseller]);
    expect(related.byTeacher[0]).toMatchObject({ slug: 'same-teacher', price: { amount: 90000, currency: 'THB' } });
    const learn = await get(`/public/courses/${ids.course}/1`);
    expect(learn.status).toBe(200);
    expect(learn.body.data.related).toBeNull();
  });

  it('leaves out a related list whose site setting is off', async () => {
    await db(UID.setting).updateMany({ where: {}, data: { course_teacher: false } });
    try {
      const { body } = await get(`/public/courses/${ids.course}/0`);
      expect(body.data.related.byTeacher).toBeNull();
      expect(body.data.related.byGroup).not.toBeNull();
    } finally {
      await db(UID.setting).updateMany({ where: {}, data: { course_teacher: true } });
    }
  });

  it('finds a course by its id alone, by a wrong slug after the id, or by its slug', async () => {
    for (const ref of [`${ids.course}`, `${ids.course}-old-title`, 'detail-course']) {
      const { status, body } = await get(`/public/courses/${ref}/0`);
      expect(status, ref).toBe(200);
      expect(body.data.id).toBe(ids.course);
    }
  });

  it('answers 404 NOT_FOUND for an unpublished, ended or unknown course', async () => {
    for (const ref of [`${ids.unpublished}-unpublished-course`, `${ids.ended}`, '999999', 'no-such-course']) {
      const { status, body } = await get(`/public/courses/${ref}/0`);
      expect(status, ref).toBe(404);
      expect(body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      expect(body.error.msg).toMatch(/[\u0E00-\u0E7F]/);
    }
  });

  it('refuses a flag other than 0 or 1 and a malformed address with 400 INPUT_ERROR', async () => {
    for (const path of [`/public/courses/${ids.course}/7`, `/public/courses/${ids.course}/x`, `/public/courses/${encodeURIComponent('a b')}/0`]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body.error.code).toBe('INPUT_ERROR');
    }
  });
});

describe('POST /public/course/cate/pathname', () => {
  it('resolves a path with a wrong slug to the canonical course path', async () => {
    const { status, body } = await post('/public/course/cate/pathname', { link_path: `/courses/${ids.course}-wrong-slug?learn=true` });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: { type: 'course', id: ids.course, slug: 'detail-course', canonical_path: `/courses/${ids.course}-detail-course`, is_canonical: false },
    });
    const canonical = await post('/public/course/cate/pathname', { link_path: `https://shop.example/courses/${ids.course}-detail-course` });
    expect(canonical.body.data.is_canonical).toBe(true);
  });

  it('resolves a product path too', async () => {
    const { body } = await post('/public/course/cate/pathname', { link_path: `/products/${ids.product}` });
    expect(body.data).toMatchObject({ type: 'product', id: ids.product, canonical_path: `/products/${ids.product}-handbook` });
  });

  it('answers 404 for an unpublished course and 400 INPUT_ERROR for a path that is no course page', async () => {
    expect((await post('/public/course/cate/pathname', { link_path: `/courses/${ids.unpublished}-x` })).status).toBe(404);
    for (const body of [{ link_path: '/cart' }, { link_path: '' }, {}, { link_path: 42 }]) {
      const res = await post('/public/course/cate/pathname', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('INPUT_ERROR');
    }
  });
});

describe('products', () => {
  it('lists published products 10 to a page by default, with the page asked for', async () => {
    const first = await get('/public/product');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.pagination).toEqual({ page: 1, pageSize: 10, pageCount: 2, total: 13 });
    expect(first.body.data[0]).toMatchObject({
      id: ids.product,
      title: 'หนังสือ handbook',
      course_type: 'product',
      price: { amount: 45000, currency: 'THB' },
      available_qty: 7,
      link_path: `/products/${ids.product}-handbook`,
    });
    const second = await get('/public/product?page=2&pageSize=10');
    expect(second.body.data).toHaveLength(3);
    const big = await get('/public/product?pageSize=20');
    expect(big.body.data).toHaveLength(13);
    expect(big.body.data.map((item: { id: number }) => item.id)).not.toContain(ids.hiddenProduct);
  });

  it('narrows the list by keyword and filter', async () => {
    const byKeyword = await get(`/public/product?keyword=${encodeURIComponent('เล่ม handbook')}`);
    expect(byKeyword.body.data.map((item: { id: number }) => item.id)).toEqual([ids.product]);
    const inStock = await get('/public/product?filter=in_stock&pageSize=40');
    expect(inStock.body.data.map((item: { id: number }) => item.id)).not.toContain(ids.soldOut);
    const cheapest = await get('/public/product?filter=price_asc');
    expect(cheapest.body.data[0].id).toBe(ids.soldOut);
  });

  it('refuses a page size other than 10, 20, 30 or 40 and an unknown filter with 400 INPUT_ERROR', async () => {
    for (const query of ['pageSize=15', 'page=0', 'filter=everything', 'page=abc']) {
      const { status, body } = await get(`/public/product?${query}`);
      expect(status, query).toBe(400);
      expect(body.error.code).toBe('INPUT_ERROR');
    }
  });

  it('answers the product page with the spec fields', async () => {
    const { status, body } = await get(`/public/products/${ids.product}-handbook/0`);
    expect(status).toBe(200);
    for (const field of ['id', 'meta_title', 'meta_description', 'preview', 'priceDetail', 'courseDescription', 'course_type', 'image_detail', 'available_qty']) {
      expect(body.data, field).toHaveProperty(field);
    }
    expect(body.data).toMatchObject({ id: ids.product, meta_title: 'หนังสือคู่มือ', course_type: 'product', available_qty: 7, image_detail: [] });
    expect(body.data.priceDetail).toHaveLength(1);
    expect(body.data.priceDetail[0]).toMatchObject({ price: 450, price_usd: 14, product_id: ids.product, reference_code: 'PRODUCT', selected: true });
    expect((await get(`/public/products/${ids.product}/1`)).status).toBe(200);
  });

  it('answers 404 for an unpublished or unknown product and 400 for a bad address', async () => {
    expect((await get(`/public/products/${ids.hiddenProduct}/0`)).status).toBe(404);
    expect((await get('/public/products/999999/0')).status).toBe(404);
    expect((await get(`/public/products/${ids.product}/x`)).status).toBe(400);
  });
});
