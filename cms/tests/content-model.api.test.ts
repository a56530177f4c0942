import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MODEL_CHECKLIST, NOT_STORED_ENTITIES } from './content-model.checklist';
import { startStrapi, type TestStrapi } from './helpers/strapi';

type Attribute = { type: string; customField?: string; target?: string; component?: string; enum?: string[]; private?: boolean; default?: unknown };
type Model = { uid: string; attributes: Record<string, Attribute>; options?: { draftAndPublish?: boolean } };

let cms: TestStrapi;

beforeAll(async () => {
  cms = await startStrapi({ seed: false });
});

afterAll(async () => {
  await cms?.stop();
});

function model(uid: string): Model | undefined {
  return cms.strapi.contentTypes[uid] ?? cms.strapi.components[uid];
}

/** Follows `a.b.c` through relations, components and media; returns what is missing, or null. */
function missingAlong(uid: string, path: string): string | null {
  let current = model(uid);
  if (!current) return `${uid} is not a content type or component`;
  const segments = path.split('.');
  for (const [index, segment] of segments.entries()) {
    const here = `${current.uid}.${segment}`;
    if (segment === 'id') return index === segments.length - 1 ? null : `${here} is not a relation`;
    const attribute = current.attributes[segment];
    if (!attribute) return `${here} is missing`;
    if (index === segments.length - 1) return null;
    const next = attribute.type === 'relation' ? attribute.target : attribute.type === 'component' ? attribute.component : attribute.type === 'media' ? 'plugin::upload.file' : undefined;
    if (!next) return `${here} (${attribute.type}) cannot lead to ${segments[index + 1]}`;
    current = model(next);
    if (!current) return `${here} leads to unknown ${next}`;
  }
  return null;
}

describe('content model against spec section 3', () => {
  it('has an attribute for every field the spec names', () => {
    const missing = CONTENT_MODEL_CHECKLIST.flatMap((entry) =>
      Object.entries(entry.fields).flatMap(([specField, path]) => {
        const problem = missingAlong(entry.uid, path);
        return problem ? [`${entry.spec} › ${specField} → ${entry.uid}.${path}: ${problem}`] : [];
      }),
    );
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('says why for every spec field or entity that is deliberately not stored', () => {
    const unexplained = [
      ...CONTENT_MODEL_CHECKLIST.flatMap((entry) =>
        Object.entries(entry.notStored ?? {})
          .filter(([, why]) => why.trim().length < 10)
          .map(([field]) => `${entry.spec} › ${field}`),
      ),
      ...Object.entries(NOT_STORED_ENTITIES)
        .filter(([, why]) => why.trim().length < 10)
        .map(([entity]) => entity),
    ];
    expect(unexplained).toEqual([]);
  });

  it('holds the closed lists of the spec as exact enumerations', () => {
    const wrong = CONTENT_MODEL_CHECKLIST.flatMap((entry) =>
      Object.entries(entry.enums ?? {}).flatMap(([name, values]) => {
        const attribute = model(entry.uid)?.attributes[name];
        return attribute?.type === 'enumeration' && JSON.stringify(attribute.enum) === JSON.stringify(values)
          ? []
          : [`${entry.uid}.${name}: expected enumeration ${JSON.stringify(values)}, found ${JSON.stringify(attribute?.enum ?? attribute?.type)}`];
      }),
    );
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('keeps provider secrets and password hashes private', () => {
    const exposed = CONTENT_MODEL_CHECKLIST.flatMap((entry) => (entry.private ?? []).filter((name) => model(entry.uid)?.attributes[name]?.private !== true).map((name) => `${entry.uid}.${name}`));
    expect(exposed).toEqual([]);
  });

  it('stores every money field as an integer of minor units and no number as a float', () => {
    const notInteger = CONTENT_MODEL_CHECKLIST.flatMap((entry) => (entry.money ?? []).filter((name) => model(entry.uid)?.attributes[name]?.type !== 'integer').map((name) => `${entry.uid}.${name}`));
    expect(notInteger).toEqual([]);
    const models = [...Object.values(cms.strapi.contentTypes), ...Object.values(cms.strapi.components)] as Model[];
    const floats = models
      .filter((m) => m.uid.startsWith('api::') || !m.uid.includes('::'))
      .flatMap((m) =>
        Object.entries(m.attributes)
          .filter(([, a]) => a.type === 'decimal' || a.type === 'float')
          .map(([name]) => `${m.uid}.${name}`),
      );
    expect(floats).toEqual([]);
  });

  it('edits every money field as baht or dollars, and every basis-point rate as a percent, in the admin (ADR 164)', () => {
    const models = ([...Object.values(cms.strapi.contentTypes), ...Object.values(cms.strapi.components)] as Model[]).filter((m) => m.uid.startsWith('api::') || !m.uid.includes('::'));
    const listed = CONTENT_MODEL_CHECKLIST.flatMap((entry) =>
      (entry.money ?? []).filter((name) => model(entry.uid)?.attributes[name]?.customField !== 'global::money').map((name) => `${entry.uid}.${name}`),
    );
    expect(listed).toEqual([]);
    // a money column added later as a bare integer would show 149000 to an editor again
    const moneyName = /price|amount|fee|discount|^net$|^vat$/;
    const bareMoney = models.flatMap((m) =>
      Object.entries(m.attributes)
        .filter(([name, a]) => a.type === 'integer' && moneyName.test(name) && !/percent|_bp$/.test(name) && a.customField !== 'global::money')
        .map(([name]) => `${m.uid}.${name}`),
    );
    expect(bareMoney).toEqual([]);
    const barePercent = models.flatMap((m) =>
      Object.entries(m.attributes)
        .filter(([name, a]) => (name.endsWith('_bp') || name === 'vat_value') && a.customField !== 'global::percent')
        .map(([name]) => `${m.uid}.${name}`),
    );
    expect(barePercent).toEqual([]);
    expect(model('api::site-setting.site-setting')?.attributes.layout).toMatchObject({ type: 'string', customField: 'global::site-layout' });
  });

  it('uses no draft & publish on any content type, so row ids never change', () => {
    const all = Object.keys(cms.strapi.contentTypes).filter((uid) => uid.startsWith('api::'));
    const checked = [...new Set(CONTENT_MODEL_CHECKLIST.map((entry) => entry.uid))].filter((uid) => uid.startsWith('api::'));
    expect(checked.length).toBeGreaterThanOrEqual(24);
    expect(all.filter((uid) => cms.strapi.contentTypes[uid].options?.draftAndPublish !== false)).toEqual([]);
  });
});

describe('publishing and slugs', () => {
  it('hides a new course or product until is_published is set', () => {
    expect(model('api::course.course')!.attributes.is_published.default).toBe(false);
    expect(model('api::product.product')!.attributes.is_published.default).toBe(false);
  });

  it('keeps the numeric id of a course when it is published', async () => {
    const courses = cms.strapi.documents('api::course.course');
    const draft = await courses.create({ data: { title: 'Excel สำหรับคนทำงาน', course_type: 'Flex' } });
    const published = await courses.update({ documentId: draft.documentId, data: { is_published: true } });
    expect(published.id).toBe(draft.id);
    expect(await cms.strapi.db.query('api::course.course').count({ where: { documentId: draft.documentId } })).toBe(1);
  });

  it('gives a course with a Thai title a readable ASCII slug', async () => {
    const course = await cms.strapi.documents('api::course.course').create({ data: { title: 'การตลาดออนไลน์สำหรับมือใหม่', course_type: 'Online' } });
    expect(course.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(course.slug).toContain('kar');
    const stored = await cms.strapi.db.query('api::course.course').findOne({ where: { id: course.id } });
    expect(stored.slug).toBe(course.slug);
  });

  it('falls back to course-{id} when the title gives no slug, and keeps a slug the editor typed', async () => {
    const courses = cms.strapi.documents('api::course.course');
    const symbols = await courses.create({ data: { title: '!!! ??? ***', course_type: 'Online' } });
    expect(symbols.slug).toBe(`course-${symbols.id}`);
    const typed = await courses.create({ data: { title: 'ทดสอบ', slug: 'my-own-slug', course_type: 'Online' } });
    expect(typed.slug).toBe('my-own-slug');
    const product = await cms.strapi.documents('api::product.product').create({ data: { title: '###' } });
    expect(product.slug).toBe(`product-${product.id}`);
  });
});

describe('texts', () => {
  it('are localized with i18n: the key is shared by the locales, the value is per locale', () => {
    const text = model('api::text.text')!;
    expect(cms.strapi.plugin('i18n').service('content-types').isLocalizedContentType(text)).toBe(true);
    expect(text.attributes.key).toMatchObject({ pluginOptions: { i18n: { localized: false } } });
    expect(text.attributes.value).toMatchObject({ pluginOptions: { i18n: { localized: true } } });
  });
});

describe('uniqueness the database enforces', () => {
  it('allows one text per key and locale', async () => {
    const texts = cms.strapi.db.query('api::text.text');
    await texts.create({ data: { key: 'unique_probe', locale: 'th', value: 'หนึ่ง' } });
    await texts.create({ data: { key: 'unique_probe', locale: 'en', value: 'one' } });
    await expect(texts.create({ data: { key: 'unique_probe', locale: 'th', value: 'สอง' } })).rejects.toThrow();
  });

  it('allows one order per order_token', async () => {
    const orders = cms.strapi.db.query('api::order.order');
    await orders.create({ data: { order_token: 'token-probe' } });
    await expect(orders.create({ data: { order_token: 'token-probe' } })).rejects.toThrow();
  });
});
