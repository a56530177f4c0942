/**
 * The database under the hot public pages: SQLite runs in WAL mode with synchronous=NORMAL
 * (orders do not wait for the disk on every commit), and the course list and the course
 * page stay within their SQL statement budgets (docs/performance.md, P3) while answering
 * what the query engine reads: the same curriculum, teacher, groups, pictures and cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrapi, type TestStrapi } from './helpers/strapi';

let cms: TestStrapi;
let statements = 0;
const countStatement = () => {
  statements += 1;
};

beforeAll(async () => {
  cms = await startStrapi();
  // The scheduled jobs (order expiry every minute, the upload clean-up hourly) use the same
  // connection: on a slow machine a run lands inside a measured request and its statements
  // would be counted as the request's.
  cms.strapi.cron.stop();
  cms.strapi.db.connection.on('query', countStatement);
});

afterAll(async () => {
  cms?.strapi.db.connection.off('query', countStatement);
  await cms?.stop();
});

/** The answer of one GET and the SQL statements the CMS sent while answering it. */
async function measured(path: string): Promise<{ status: number; body: any; statements: number }> {
  const before = statements;
  const res = await fetch(`${cms.url}${path}`);
  const body = await res.json();
  return { status: res.status, body, statements: statements - before };
}

describe('SQLite settings', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('journal_mode is WAL and synchronous is NORMAL on the live connection', async () => {
    const knex = cms.strapi.db.connection;
    const journal = (await knex.raw('PRAGMA journal_mode')) as { journal_mode: string }[];
    const synchronous = (await knex.raw('PRAGMA synchronous')) as { synchronous: number }[];
    expect(journal[0].journal_mode).toBe('wal');
    expect(synchronous[0].synchronous).toBe(1); // 0 OFF, 1 NORMAL, 2 FULL
  });
});

describe('SQL statements per public page', () => {
  it('the course list takes at most 6 statements', async () => {
    await measured('/public/courses');
    const list = await measured('/public/courses');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(3);
    console.info(`[statements] course list ${list.statements}`);
    expect(list.statements).toBeLessThanOrEqual(6);
  });

  it('the course page takes at most 8 statements, the learn view too, and both answer what the query engine reads', async () => {
    const { body: list } = await measured('/public/courses');
    const seeded = list.data.find((item: { slug: string }) => item.slug === 'online-marketing-for-beginners') ?? list.data[0];
    await measured(`/public/courses/${seeded.id}-${seeded.slug}/0`);
    const page = await measured(`/public/courses/${seeded.id}-${seeded.slug}/0`);
    const learn = await measured(`/public/courses/${seeded.id}-${seeded.slug}/1`);
    expect(page.status).toBe(200);
    expect(learn.status).toBe(200);
    console.info(`[statements] course page ${page.statements}, learn view ${learn.statements}`);
    expect(page.statements, 'course page').toBeLessThanOrEqual(8);
    expect(learn.statements, 'learn view').toBeLessThanOrEqual(8);
    expect(learn.body.data.related).toBeNull();
    expect({ ...learn.body.data, related: null }).toEqual({ ...page.body.data, related: null });

    const detail = page.body.data;
    const course = await cms.strapi.db.query('api::course.course').findOne({
      where: { id: seeded.id },
      select: ['id', 'title'],
      populate: {
        picture: { select: ['url', 'formats'] },
        teacher: { select: ['id', 'name'], populate: { picture: { select: ['url', 'formats'] } } },
        course_groups: { select: ['id', 'name'] },
        pricing_plans: { select: ['id', 'name'], populate: { free_courses: { select: ['id'] } } },
      },
    });
    expect(detail.preview.pictureUrl).toBe(course.picture ? course.picture.formats?.large?.url || course.picture.url : null);
    expect(detail.teacher?.id ?? null).toBe(course.teacher?.id ?? null);
    if (course.teacher) expect(detail.teacher.pictureUrl).toBe(course.teacher.picture ? course.teacher.picture.formats?.small?.url || course.teacher.picture.url : null);
    expect(detail.groups.map((g: { id: number }) => g.id).sort()).toEqual(course.course_groups.map((g: { id: number }) => g.id).sort());
    expect(detail.priceDetail.length).toBeGreaterThan(0);
    for (const plan of detail.priceDetail as { id: number; name: string; free_course_ids: string | null }[]) {
      const row = course.pricing_plans.find((candidate: { id: number }) => candidate.id === plan.id);
      expect(plan.name).toBe(row.name);
      const free = row.free_courses.map((c: { id: number }) => c.id);
      expect(plan.free_course_ids).toBe(free.length > 0 ? free.join(',') : null);
    }

    // The curriculum: every section of the course with its lectures, in the editors' order.
    const sections = await cms.strapi.db.query('api::course-section.course-section').findMany({
      where: { course: { id: seeded.id } },
      select: ['id'],
      orderBy: [{ sections_location: 'asc' }, { id: 'asc' }],
    });
    const lectures = await cms.strapi.db.query('api::lecture.lecture').findMany({
      where: { course: { id: seeded.id } },
      select: ['id'],
      populate: { section: { select: ['id'] } },
      orderBy: [{ lectures_location: 'asc' }, { id: 'asc' }],
    });
    expect(sections.length).toBeGreaterThan(0);
    expect(detail.curriculum.map((s: { sections_id: number; lectures: { lectures_id: number }[] }) => [s.sections_id, s.lectures.map((l) => l.lectures_id)])).toEqual(
      sections.map((s: { id: number }) => [s.id, lectures.filter((l: { section?: { id: number } }) => l.section?.id === s.id).map((l: { id: number }) => l.id)]),
    );

    // Related cards are the catalogue's cards, field for field.
    const cards = [...(detail.related.byTeacher ?? []), ...(detail.related.byGroup ?? []), ...(detail.related.bestSeller ?? [])];
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) expect(card).toEqual(list.data.find((item: { id: number }) => item.id === card.id));
  });
});
