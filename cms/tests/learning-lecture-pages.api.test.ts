/**
 * Quiz and homework lectures. A quiz: the questions without their answers for a student who
 * may open the lecture, the server's own score of a hand-in kept in the lecture's progress (so
 * the playlist shows it), and the lecture's limit on attempts. Homework: the instructions, a
 * hand-in of the student's own private uploads, and the list shop administrators read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';
import { createStudent, type TestStudent } from './helpers/students';

const UID = {
  course: 'api::course.course',
  section: 'api::course-section.course-section',
  lecture: 'api::lecture.lecture',
  plan: 'api::pricing-plan.pricing-plan',
  order: 'api::order.order',
  line: 'api::order-line.order-line',
  setting: 'api::site-setting.site-setting',
};

const QUESTIONS = [
  { question: 'ข้อหนึ่ง', choices: ['ถูก', 'ผิด'], answer: 0 },
  { question: 'ข้อสอง', choices: ['ผิด', 'ถูก', 'ผิดอีก'], answer: 1 },
  { question: 'ข้อสาม', choices: ['ผิด', 'ถูก'], answer: 1 },
];

let cms: TestStrapi;
let owner: TestStudent;
let stranger: TestStudent;
let shopAdmin: TestStudent;
const ids = {} as Record<'course' | 'quiz' | 'text' | 'other' | 'homework', number>;
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function upload(student: TestStudent): Promise<string> {
  const form = new FormData();
  form.append('imageinput0', new Blob([pdf], { type: 'application/pdf' }), 'plan.pdf');
  const res = await fetch(`${cms.url}/api/home/test_upload`, { method: 'POST', body: form, headers: student.auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { fileName: string[] }).fileName[0];
}

const db = (uid: string) => cms.strapi.db.query(uid);
const create = async (uid: string, data: Record<string, unknown>) => (await db(uid).create({ data })) as { id: number };

async function call(method: 'GET' | 'POST', path: string, student?: TestStudent, body?: unknown) {
  const res = await fetch(`${cms.url}${path}`, {
    method,
    headers: { ...(student ? student.auth : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const quizPath = (lectureId = ids.quiz, courseId = ids.course) => `/private/course/${courseId}/quiz/${lectureId}`;
const handIn = (student: TestStudent, answers: (number | null)[]) => call('POST', quizPath(), student, { answers });

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
  await create(UID.setting, { title: 'ทดสอบ' });
  ids.course = (await create(UID.course, { title: 'คอร์สแบบทดสอบ', slug: 'quiz-course', course_type: 'Online', is_published: true })).id;
  const section = await create(UID.section, { sections_name: 'บทเดียว', sections_location: 1, course: ids.course });
  ids.quiz = (
    await create(UID.lecture, {
      lectures_name: 'แบบทดสอบท้ายบท',
      lectures_content_type: 'quiz',
      quiz_id: 5,
      quiz_pass_score: 60,
      quiz_require_all_answers: true,
      quiz_pass_to_complete: true,
      quiz_max_attempts: 2,
      quiz_questions: QUESTIONS,
      course: ids.course,
      section: section.id,
    })
  ).id;
  ids.homework = (
    await create(UID.lecture, {
      lectures_name: 'การบ้าน: แผนของคุณ',
      lectures_content_type: 'homework',
      homework_id: 3,
      content_text: 'ส่งแผนเป็นไฟล์ PDF',
      course: ids.course,
      section: section.id,
    })
  ).id;
  ids.text = (await create(UID.lecture, { lectures_name: 'บทความ', lectures_content_type: 'text', content_text: 'อ่าน', course: ids.course, section: section.id })).id;
  const otherCourse = await create(UID.course, { title: 'คอร์สอื่น', slug: 'other-course', course_type: 'Online', is_published: true });
  ids.other = otherCourse.id;
  const plan = await create(UID.plan, { name: 'ซื้อขาด', reference_code: 'COURSE', plan_type: 'One-Time Payment', price: 100000, pricing_type: 'default', status_show: true, course: ids.course });

  owner = await createStudent(cms.strapi);
  stranger = await createStudent(cms.strapi);
  shopAdmin = await createStudent(cms.strapi, { roleType: 'shop_admin' });
  const order = await create(UID.order, { order_token: 'quiz-test-1', state: 'approved', user: owner.id, currency_code: 'THB', price: 100000, net: 100000, approved_at: new Date() });
  await create(UID.line, { order: order.id, course: ids.course, pricing_plan: plan.id, title: 'คอร์สแบบทดสอบ', course_type: 'Online', price: 100000, discount: 0, net: 100000 });
});

afterAll(async () => {
  await cms?.stop();
});

describe('GET /private/course/{courseId}/quiz/{lectureId}', () => {
  it('shows the owner the questions and choices, never the answers', async () => {
    const { status, body } = await call('GET', quizPath(), owner);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ quiz_id: 5, name: 'แบบทดสอบท้ายบท', pass_score: 60, max_attempts: 2, attempts: 0, attempts_left: 2, score: null, passed: false });
    expect(body.data.questions).toEqual([
      { index: 0, question: 'ข้อหนึ่ง', choices: ['ถูก', 'ผิด'] },
      { index: 1, question: 'ข้อสอง', choices: ['ผิด', 'ถูก', 'ผิดอีก'] },
      { index: 2, question: 'ข้อสาม', choices: ['ผิด', 'ถูก'] },
    ]);
    expect(JSON.stringify(body)).not.toContain('answer"');
  });

  it('refuses a student who does not own the course, a visitor, and a lecture of another course or kind', async () => {
    const refused = await call('GET', quizPath(), stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('COURSE_NOT_PURCHASED');
    expect((await call('POST', quizPath(), stranger, { answers: [0, 1, 1] })).status).toBe(403);
    const visitor = await call('GET', quizPath());
    expect(visitor.status).toBe(401);
    expect(visitor.body.error.code).toBe('PERMISSION_DENIED');
    expect((await call('GET', quizPath(ids.quiz, ids.other), owner)).status).toBe(404);
    expect((await call('GET', quizPath(ids.text), owner)).status).toBe(404);
  });
});

describe('POST /private/course/{courseId}/quiz/{lectureId}', () => {
  it('asks for every answer when the quiz does, without using an attempt', async () => {
    const { status, body } = await handIn(owner, [0, null, 1]);
    expect(status).toBe(400);
    expect(body.error.code).toBe('QUIZ_ANSWERS_MISSING');
    expect(body.error.msg).toBe('กรุณาตอบให้ครบทุกข้อ');
    expect((await call('GET', quizPath(), owner)).body.data.attempts).toBe(0);
  });

  it('scores on the server: 1 of 3 right is 33 %, not passed, whatever score the body claims', async () => {
    const { status, body } = await call('POST', quizPath(), owner, { answers: [0, 0, 0], score: 100, passed: true });
    expect(status).toBe(200);
    expect(body.data.result).toEqual({ score: 33, correct: 1, total: 3, passed: false });
    expect(body.data).toMatchObject({ attempts: 1, attempts_left: 1, score: 33, passed: false, completed: false });
  });

  it('keeps the best score in the progress the playlist shows; passing completes the lecture', async () => {
    const { body } = await handIn(owner, [0, 1, 1]);
    expect(body.data.result).toEqual({ score: 100, correct: 3, total: 3, passed: true });
    expect(body.data).toMatchObject({ attempts: 2, attempts_left: 0, score: 100, passed: true, completed: true });
    const playlist = await call('GET', `/public/course/videoplaylist/${ids.course}`, owner);
    const quiz = playlist.body.dataResult.flatMap((section: { lectures: unknown[] }) => section.lectures).find((lecture: { lectures_id: number }) => lecture.lectures_id === ids.quiz);
    expect(quiz).toMatchObject({ quiz_score: 100, completed: true });
  });

  it('refuses a hand-in after the attempts the lecture allows, keeping the score', async () => {
    const { status, body } = await handIn(owner, [1, 0, 0]);
    expect(status).toBe(409);
    expect(body.error.code).toBe('QUIZ_NO_ATTEMPTS_LEFT');
    expect(body.error.msg).toBe('คุณใช้สิทธิ์ทำแบบทดสอบนี้ครบแล้ว');
    expect((await call('GET', quizPath(), owner)).body.data).toMatchObject({ attempts: 2, score: 100 });
  });

  it('answers bad input with 400, never 500', async () => {
    for (const body of [{}, { answers: 'all' }, { answers: [-1] }, { answers: [{ $ne: null }] }]) {
      expect((await call('POST', quizPath(), owner, body)).status).toBe(400);
    }
  });
});

describe('homework lectures', () => {
  const homeworkPath = (lectureId = ids.homework) => `/private/course/${ids.course}/homework/${lectureId}`;

  it('shows the owner the instructions; a non-owner, a visitor or another kind of lecture is refused', async () => {
    const { status, body } = await call('GET', homeworkPath(), owner);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ homework_id: 3, name: 'การบ้าน: แผนของคุณ', instructions: 'ส่งแผนเป็นไฟล์ PDF', submissions: [] });
    expect((await call('GET', homeworkPath(), stranger)).body.error.code).toBe('COURSE_NOT_PURCHASED');
    expect((await call('GET', homeworkPath())).status).toBe(401);
    expect((await call('GET', homeworkPath(ids.quiz), owner)).status).toBe(404);
  });

  it("takes the owner's own upload; someone else's file or a made-up name is refused the same way", async () => {
    const strangersFile = await upload(stranger);
    for (const files of [[strangersFile], ['0123456789abcdef0123456789abcdef.pdf']]) {
      const refused = await call('POST', homeworkPath(), owner, { files });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('HOMEWORK_FILE_INVALID');
    }
    const notOwner = await call('POST', homeworkPath(), stranger, { files: [strangersFile] });
    expect(notOwner.status).toBe(403);
    expect((await call('POST', homeworkPath(), owner, {})).status).toBe(400);

    const mine = await upload(owner);
    const { status, body } = await call('POST', homeworkPath(), owner, { files: [mine] });
    expect(status).toBe(200);
    expect(body.data.submissions).toHaveLength(1);
    expect(body.data.submissions[0].files).toEqual([expect.objectContaining({ name: mine, url: `/private/files/${mine}`, mime: 'application/pdf' })]);
  });

  it('lists the hand-ins to shop administrators only, whose token reads the file; the file stays off the public folder', async () => {
    expect((await call('GET', '/private/admin/homework', owner)).status).toBe(403);
    expect((await call('GET', '/private/admin/homework')).status).toBe(401);
    const { status, body } = await call('GET', '/private/admin/homework', shopAdmin);
    expect(status).toBe(200);
    const [latest] = body.data;
    expect(latest).toMatchObject({ student: { id: owner.id, username: owner.username }, course: { id: ids.course, title: 'คอร์สแบบทดสอบ' }, lecture: { id: ids.homework, name: 'การบ้าน: แผนของคุณ' } });
    const file = latest.files[0];
    const asAdmin = await fetch(`${cms.url}${file.url}`, { headers: shopAdmin.auth });
    expect(asAdmin.status).toBe(200);
    expect(
      Buffer.from(await asAdmin.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await fetch(`${cms.url}${file.url}`, { headers: stranger.auth })).status).toBe(404);
    expect((await fetch(`${cms.url}/uploads/${file.name}`)).status).toBe(404);
  });
});
