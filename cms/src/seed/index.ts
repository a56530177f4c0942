import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { LOCALES } from '@sala/shared/constants';
import { TEXTS } from '@sala/shared/texts';
import { DEMO_ACCOUNTS, DEMO_STOREFRONT_PASSWORD, ensureDemoAdmin, ensureSalaRoles, hashPassword } from './accounts';
import { BANK_CODES, COURSES, CUSTOM_LABELS, EXTRA_BANK_ACCOUNT, PRODUCTS, SITE_SETTINGS } from './data';
import { DEMO_FILE_PREFIX, uploadSeedFiles, type UploadedFile } from './media';
import { ensureTextLocales } from '../api/text/utils/locales';
import { loadSandboxDemoKeys } from './sandbox-keys';
import { HANDOUT_FILE, SUBTITLE_FILES, VIDEO_FILES, seedCatalogue } from './catalogue';
import { promptPayImage, seedMarketing, seedPayments, seedStudent } from './commerce';

export { DEMO_ACCOUNTS, DEMO_STOREFRONT_PASSWORD };
export type SeedOptions = { reset: boolean };
export type SeedResult = { seeded: boolean; ms: number };

type Row = { id: number; documentId: string };

/**
 * Seeds the Thai demo data into an empty database: a no-op when a course exists,
 * unless `reset`, which first deletes all content and the demo storefront accounts.
 * Everything is written in one transaction.
 */
export async function seedDemo(strapi: Core.Strapi, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  await ensureSalaRoles(strapi);
  await ensureTextLocales(strapi);
  // before the early return: a demo database seeded before a new admin account gets it too
  await ensureDemoAdmin(strapi);
  if (options.reset) {
    await deleteDemo(strapi);
  } else if ((await strapi.db.query('api::course.course').count()) > 0) {
    return { seeded: false, ms: 0 };
  }
  await strapi.db.transaction(() => writeDemo(strapi));
  const ms = Date.now() - started;
  strapi.log.info(`Demo data seeded in ${ms} ms`);
  return { seeded: true, ms };
}

/**
 * Deletes every entry of every content type of the application (ours and any other
 * api:: type), their components and media links, the demo media entries and the demo
 * storefront accounts. The Strapi admin accounts stay.
 */
export async function deleteDemo(strapi: Core.Strapi): Promise<void> {
  const contentTypes = Object.keys(strapi.contentTypes).filter((uid) => uid.startsWith('api::'));
  const components = Object.keys(strapi.components);
  await strapi.db.transaction(async ({ trx }) => {
    for (const uid of [...contentTypes, ...components]) await strapi.db.query(uid as never).deleteMany({});
    const related = strapi.db.metadata.get('plugin::upload.file').attributes.related as { joinTable?: { name: string } };
    if (related.joinTable) {
      await strapi.db
        .getConnection(related.joinTable.name)
        .transacting(trx)
        .whereIn('related_type', [...contentTypes, ...components])
        .delete();
    }
    const files = await strapi.db.query('plugin::upload.file').findMany({ where: { hash: { $startsWith: DEMO_FILE_PREFIX } }, select: ['id'] });
    // The rows go; the files on disk stay, since the next seed writes the same names again.
    for (const file of files) await strapi.db.query('plugin::upload.file').delete({ where: { id: file.id } });
    const usernames = [DEMO_ACCOUNTS.student.username, DEMO_ACCOUNTS.shopAdmin.username, DEMO_ACCOUNTS.instructor.username];
    await strapi.db.query('plugin::users-permissions.user').deleteMany({ where: { username: { $in: usernames } } });
  });
}

/** A document id in the shape Strapi uses (24 lowercase alphanumerics). */
function newDocumentId(): string {
  return `t${crypto.randomBytes(12).toString('hex').slice(0, 23)}`;
}

async function writeDemo(strapi: Core.Strapi): Promise<void> {
  const sandbox = loadSandboxDemoKeys();
  const bankAccountSeeds = [
    ...sandbox.DEMO_BANK_ACCOUNTS.map((a) => ({
      account_id: a.accountId,
      account_name: a.accountName,
      bank_name: a.bankName,
      bank_code: BANK_CODES[a.bankName] ?? null,
      promptpay_id: a.promptPayId,
    })),
    EXTRA_BANK_ACCOUNT,
  ];
  const create = async (uid: string, data: Record<string, unknown>): Promise<Row> => (await strapi.db.query(uid as never).create({ data })) as Row;

  const assetPaths = [
    ...COURSES.map((c) => c.picture),
    ...PRODUCTS.flatMap((p) => [p.picture, ...p.gallery]),
    ...bankAccountSeeds.map((b) => promptPayImage(b.promptpay_id)),
    ...Object.values(VIDEO_FILES),
    ...Object.values(SUBTITLE_FILES),
    HANDOUT_FILE,
  ];
  // A picture shared by several entries is described by the first one (a published course).
  const altTexts = new Map<string, string>();
  for (const [file, alt] of [
    ...COURSES.map((c) => [c.picture, c.title] as const),
    ...PRODUCTS.flatMap((p) => p.gallery.map((g) => [g, p.title] as const)),
    ...bankAccountSeeds.map((b) => [promptPayImage(b.promptpay_id), `QR พร้อมเพย์ ${b.bank_name}`] as const),
  ]) {
    if (!altTexts.has(file)) altTexts.set(file, alt);
  }
  // Image resizing (thread pool) and password hashing (main thread) overlap.
  const [media, demoPasswordHash] = await Promise.all([uploadSeedFiles(strapi, assetPaths, (p) => altTexts.get(p) ?? 'ไฟล์ตัวอย่าง'), hashPassword(strapi, DEMO_STOREFRONT_PASSWORD)]);
  const file = (relativePath: string): UploadedFile => {
    const found = media.get(relativePath);
    if (!found) throw new Error(`seed file ${relativePath} was not uploaded`);
    return found;
  };

  const context = { strapi, create, file };
  const catalogue = await seedCatalogue(context, demoPasswordHash);
  const payments = await seedPayments(context, sandbox, bankAccountSeeds);
  await seedMarketing(context, catalogue.courses, payments.methods);
  await strapi.db.query('api::custom-label.custom-label').createMany({
    data: CUSTOM_LABELS.map((label, index) => ({ ...label, order_label: index + 1, is_active: true })),
  });
  await create('api::site-setting.site-setting', { ...SITE_SETTINGS });
  // One document per key, localized in th and en (the i18n rows of a document share its documentId).
  await strapi.db.query('api::text.text').createMany({
    data: Object.entries(TEXTS).flatMap(([key, entry]) => {
      const documentId = newDocumentId();
      return LOCALES.map((locale) => ({ documentId, key, locale, value: entry[locale] }));
    }),
  });

  await seedStudent(context, demoPasswordHash, catalogue, payments);
}
