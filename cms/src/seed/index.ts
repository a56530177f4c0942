import crypto from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { LOCALES } from '@sala/shared/constants';
import { TEXTS } from '@sala/shared/texts';
import { DEMO_ACCOUNTS, DEMO_STOREFRONT_PASSWORD, ensureDemoAdmin, ensureSalaRoles, ensureStorefrontAccount, hashPassword } from './accounts';
import {
  BANK_CODES,
  COUPONS,
  COURSES,
  COURSE_GROUPS,
  CUSTOM_LABELS,
  ORIGIN_BANKS,
  PAYMENT_METHODS,
  PRODUCTS,
  PROMOTIONS,
  EXTRA_BANK_ACCOUNT,
  SHIPPING_FEES,
  SITE_SETTINGS,
  TEACHERS,
  USER_GROUPS,
  daysFromNow,
  type CourseSeed,
  type PlanSeed,
} from './data';
import { DEMO_FILE_PREFIX, uploadSeedFiles, type UploadedFile } from './media';
import { ensureTextLocales } from '../api/text/utils/locales';
import { loadSandboxDemoKeys, sandboxOrigin } from './sandbox-keys';

export { DEMO_ACCOUNTS, DEMO_STOREFRONT_PASSWORD };
export type SeedOptions = { reset: boolean };
export type SeedResult = { seeded: boolean; ms: number };

const VIDEO_FILES = {
  welcome: 'videos/lesson-welcome.mp4',
  basics: 'videos/lesson-basics.mp4',
  workshop: 'videos/lesson-workshop.mp4',
  cooking: 'videos/lesson-cooking.mp4',
} as const;
/** Videos that are not DEMO_VIDEO_SECONDS long, and the Thai subtitles of those that have them. */
const VIDEO_SECONDS: Partial<Record<keyof typeof VIDEO_FILES, number>> = { cooking: 60 };
const SUBTITLE_FILES: Partial<Record<keyof typeof VIDEO_FILES, string>> = { cooking: 'videos/lesson-cooking.th.vtt' };
const HANDOUT_FILE = 'files/handout.pdf';
/** Length of every demo video, in seconds. */
const DEMO_VIDEO_SECONDS = 3;

type Row = { id: number; documentId: string };
type Ids = Map<string, Row>;

/**
 * Seeds the Thai demo data into an empty database: a no-op when a course exists,
 * unless `reset`, which first deletes all content and the demo storefront accounts.
 * Everything is written in one transaction.
 */
export async function seedDemo(strapi: Core.Strapi, options: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  await ensureSalaRoles(strapi);
  await ensureTextLocales(strapi);
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

function orderToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** PromptPay QR images in cms/seed-assets, by PromptPay id. */
const promptPayImage = (promptPayId: string): string => `banks/promptpay-${promptPayId}.png`;

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
  const [media, demoPasswordHash] = await Promise.all([
    uploadSeedFiles(strapi, assetPaths, (p) => altTexts.get(p) ?? 'ไฟล์ตัวอย่าง'),
    hashPassword(strapi, DEMO_STOREFRONT_PASSWORD),
    ensureDemoAdmin(strapi).then(() => undefined),
  ]);
  const file = (relativePath: string): UploadedFile => {
    const found = media.get(relativePath);
    if (!found) throw new Error(`seed file ${relativePath} was not uploaded`);
    return found;
  };

  const userGroups: Ids = new Map();
  for (const [index, group] of USER_GROUPS.entries()) {
    userGroups.set(group.key, await create('api::user-group.user-group', { name: group.name, is_default: group.is_default, description: group.description, sort_order: index }));
  }
  const instructorId = await ensureStorefrontAccount(
    strapi,
    { username: DEMO_ACCOUNTS.instructor.username, email: DEMO_ACCOUNTS.instructor.email, role: DEMO_ACCOUNTS.instructor.role, firstname: 'สมชาย', lastname: 'ใจดี' },
    demoPasswordHash,
  );
  const teachers: Ids = new Map();
  for (const teacher of TEACHERS) {
    teachers.set(
      teacher.key,
      await create('api::teacher.teacher', {
        name: teacher.name,
        headline: teacher.headline,
        bio: teacher.bio,
        ...(teacher.key === 'somchai' ? { user: instructorId } : {}),
      }),
    );
  }
  const groups: Ids = new Map();
  for (const [index, group] of COURSE_GROUPS.entries()) {
    groups.set(group.key, await create('api::course-group.course-group', { name: group.name, slug: group.slug, description: group.description, sort_order: index }));
  }

  const courses: Ids = new Map();
  for (const [index, course] of COURSES.entries()) {
    courses.set(course.key, await create('api::course.course', courseData(course, index, { teachers, groups, userGroups, file })));
  }
  const lectureIds = new Map<string, number[]>();
  for (const course of COURSES) {
    const courseId = courses.get(course.key)!.id;
    const ids: number[] = [];
    for (const [sectionIndex, section] of course.curriculum.entries()) {
      const sectionRow = await create('api::course-section.course-section', { sections_name: section.name, sections_location: sectionIndex + 1, course: courseId });
      for (const [lectureIndex, lecture] of section.lectures.entries()) {
        const video = lecture.video ? file(VIDEO_FILES[lecture.video]) : null;
        const subtitlePath = lecture.video ? SUBTITLE_FILES[lecture.video] : undefined;
        const subtitle = subtitlePath ? file(subtitlePath) : null;
        const row = await create('api::lecture.lecture', {
          lectures_name: lecture.name,
          lectures_location: lectureIndex + 1,
          lectures_preview: lecture.preview ?? false,
          lectures_content_type: lecture.type,
          content_text: lecture.text ?? (lecture.type === 'homework' ? 'ส่งแผนคอนเทนต์ 1 เดือนของธุรกิจคุณเป็นไฟล์ PDF' : null),
          content_file: lecture.type === 'file' ? file(HANDOUT_FILE).id : null,
          quiz_id: lecture.type === 'quiz' ? 1 : null,
          quiz_require_all_answers: lecture.type === 'quiz',
          quiz_pass_to_complete: lecture.type === 'quiz',
          quiz_pass_score: lecture.type === 'quiz' ? 60 : null,
          quiz_integration_type: lecture.type === 'quiz' ? 'internal' : null,
          quiz_reset_progress_if_not_passed: false,
          homework_id: lecture.type === 'homework' ? 1 : null,
          upload_video_type: 'file',
          video_id: video ? `demo-${lecture.video}` : null,
          video_name: video ? video.name : null,
          video_url: video ? video.url : null,
          video_file: video ? video.id : null,
          video_length: video ? (VIDEO_SECONDS[lecture.video!] ?? DEMO_VIDEO_SECONDS) : null,
          is_subtitle: subtitle !== null,
          subtitle: subtitle ? subtitle.id : null,
          course: courseId,
          section: sectionRow.id,
        });
        ids.push(row.id);
      }
    }
    lectureIds.set(course.key, ids);
  }

  const plans: Ids = new Map();
  for (const course of COURSES) {
    for (const [index, plan] of course.plans.entries()) {
      plans.set(`${course.key}:${index}`, await create('api::pricing-plan.pricing-plan', planData(plan, index, { reference_code: 'COURSE', course: courses.get(course.key)!.id }, courses)));
    }
  }

  const products: Ids = new Map();
  const productPlans: Ids = new Map();
  for (const [index, product] of PRODUCTS.entries()) {
    const row = await create('api::product.product', {
      title: product.title,
      slug: product.slug,
      sku: product.sku,
      is_published: true,
      course_type: 'product',
      short_description: product.short_description,
      description: product.description,
      picture: file(product.picture).id,
      imageAlt: product.title,
      image_detail: product.gallery.map((g) => file(g).id),
      available_qty: product.available_qty,
      is_physical: true,
      meta_title: `${product.title} | ศาลา`,
      meta_description: product.short_description,
      social_title: product.title,
      social_description: product.short_description,
      social_image: file(product.picture).id,
      sort_order: index,
    });
    products.set(product.key, row);
    productPlans.set(
      product.key,
      await create('api::pricing-plan.pricing-plan', {
        name: 'ราคาหนังสือ',
        reference_code: 'PRODUCT',
        product: row.id,
        plan_type: 'One-Time Payment',
        price: product.price,
        price_usd: product.price_usd,
        pricing_type: 'default',
        status_show: true,
        is_default: true,
        sort_order: 0,
      }),
    );
  }
  for (const fee of SHIPPING_FEES) await create('api::shipping-fee.shipping-fee', { ...fee, enabled: true });

  const methods = new Map<number, Row>();
  for (const [index, method] of PAYMENT_METHODS.entries()) {
    const demo = sandbox.DEMO_METHOD_CONFIG[method.method_id];
    if (!demo) throw new Error(`payment-sandbox has no demo config for method ${method.method_id}`);
    methods.set(
      method.method_id,
      await create('api::payment-method.payment-method', {
        ...method,
        provider: demo.sandbox ?? 'bank-transfer',
        name_web: SITE_SETTINGS.title,
        enabled: true,
        sort_order: index,
        application_id_1: demo.applicationId1 || null,
        application_id_2: demo.applicationId2 || null,
        webhook_secret: demo.webhookSecret ?? null,
        api_key: demo.apiKey ?? null,
        settings: demo.settings ?? null,
        base_url: demo.sandbox ? sandboxOrigin(sandbox, demo.sandbox) : null,
      }),
    );
  }
  const bankAccounts: Row[] = [];
  for (const [index, account] of bankAccountSeeds.entries()) {
    bankAccounts.push(
      await create('api::bank-account.bank-account', {
        ...account,
        prompt_pay_image: file(promptPayImage(account.promptpay_id)).id,
        enabled: true,
        sort_order: index,
        payment_method: methods.get(1)!.id,
      }),
    );
  }
  await strapi.db.query('api::origin-bank.origin-bank').createMany({ data: ORIGIN_BANKS.map((bank, index) => ({ ...bank, sort_order: index })) });

  const sellable = COURSES.filter((c) => c.is_published !== false && !(c.end_publish_in_days && c.end_publish_in_days < 0));
  const courseIdsFor = (spec: string[] | 'online' | 'all'): number[] => {
    const keys = spec === 'all' ? sellable.map((c) => c.key) : spec === 'online' ? sellable.filter((c) => c.course_type === 'Online').map((c) => c.key) : spec;
    return keys.map((key) => courses.get(key)!.id);
  };
  for (const coupon of COUPONS) {
    await create('api::coupon.coupon', {
      ...coupon,
      courses: courseIdsFor(coupon.courses),
      payment_methods: (coupon.payment_methods === 'all' ? [...methods.keys()] : coupon.payment_methods).map((id) => methods.get(id)!.id),
      used_count: 0,
      valid_from: daysFromNow(-30),
      valid_to: daysFromNow(365),
      is_active: true,
    });
  }
  // Promotions hold their tiers in a component, which only the Document Service writes.
  for (const [index, promotion] of PROMOTIONS.entries()) {
    const { courses: keys, valid_to_in_days, ...fields } = promotion;
    await strapi.documents('api::promotion.promotion' as never).create({
      data: {
        ...fields,
        courses: keys.map((key) => courses.get(key)!.documentId),
        valid_from: daysFromNow(-7),
        valid_to: daysFromNow(valid_to_in_days),
        is_active: true,
        sort_order: index,
      },
    } as never);
  }

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

  const { student, shopAdmin } = DEMO_ACCOUNTS;
  const studentId = await ensureStorefrontAccount(
    strapi,
    {
      username: student.username,
      email: student.email,
      role: student.role,
      firstname: 'สมหญิง',
      lastname: 'เรียนดี',
      nickname: 'หญิง',
      tel: '0891234567',
      address: '99/9 ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพฯ 10400',
      user_group: userGroups.get('general')!.id,
    },
    demoPasswordHash,
  );
  await ensureStorefrontAccount(strapi, { username: shopAdmin.username, email: shopAdmin.email, role: shopAdmin.role, firstname: 'ผู้ดูแล', lastname: 'ร้านค้า' }, demoPasswordHash);

  // demo.student already owns two courses, so the playlist, progress and the
  // free-for-owners plan of the recertification course can be tried at once.
  await create('api::shipping-address.shipping-address', {
    user: studentId,
    fullname: 'สมหญิง เรียนดี',
    tel: '0891234567',
    address: '99/9 ถนนพหลโยธิน',
    subdistrict: 'สามเสนใน',
    district: 'พญาไท',
    province: 'กรุงเทพมหานคร',
    postcode: '10400',
    is_default: true,
  });
  const owned = [
    { course: 'marketing', plan: 'marketing:0', method: 1, bank: bankAccounts[0].id, daysAgo: 20 },
    { course: 'excel', plan: 'excel:0', method: 8, bank: null, daysAgo: 10 },
  ];
  for (const item of owned) {
    const course = COURSES.find((c) => c.key === item.course)!;
    const plan = course.plans[0];
    const price = plan.price ?? 0;
    const approvedAt = daysFromNow(-item.daysAgo);
    const order = await create('api::order.order', {
      order_token: orderToken(),
      status: 'approved',
      user: studentId,
      currency_code: 'THB',
      price,
      discount: 0,
      shipping_fee: 0,
      vat: 0,
      withholding_price: 0,
      net: price,
      payment_method: methods.get(item.method)!.id,
      approved_at: approvedAt,
    });
    await create('api::order-line.order-line', {
      order: order.id,
      course: courses.get(item.course)!.id,
      pricing_plan: plans.get(item.plan)!.id,
      title: course.title,
      course_type: course.course_type,
      quantity: 1,
      price,
      discount: 0,
      net: price,
    });
    await create('api::payment-report.payment-report', {
      order: order.id,
      user: studentId,
      payment_method: methods.get(item.method)!.id,
      status: 'approved',
      contact_name: 'สมหญิง เรียนดี',
      email: DEMO_ACCOUNTS.student.email,
      tel: '0891234567',
      bank_account: item.bank,
      bank_code: item.bank ? 'KBANK' : null,
      transfer_datetime: approvedAt,
      time: approvedAt.toISOString().slice(11, 19),
      transfer_amount: price,
      description: item.bank ? 'โอนผ่านแอปธนาคาร' : 'ชำระด้วยบัตร',
      address: '-',
      provider_reference: item.bank ? null : 'chrg_test_demo_0001',
      approve_by: DEMO_ACCOUNTS.shopAdmin.username,
      approved_at: approvedAt,
    });
  }
  const [firstLecture, secondLecture] = lectureIds.get('marketing')!;
  await create('api::progress.progress', {
    user: studentId,
    course: courses.get('marketing')!.id,
    lecture: firstLecture,
    position_seconds: DEMO_VIDEO_SECONDS,
    completed: true,
    completed_at: daysFromNow(-19),
  });
  await create('api::progress.progress', { user: studentId, course: courses.get('marketing')!.id, lecture: secondLecture, position_seconds: 0, completed: false });
  await create('api::course-comment.course-comment', {
    course: courses.get('marketing')!.id,
    user: studentId,
    comment: 'อาจารย์อธิบายเข้าใจง่ายมากค่ะ อยากให้มีตัวอย่างโฆษณาเพิ่มอีก',
  });
  await create('api::cart-item.cart-item', {
    user: studentId,
    product: products.get('book-marketing')!.id,
    pricing_plan: productPlans.get('book-marketing')!.id,
    quantity: 1,
  });
}

type Lookups = {
  teachers: Ids;
  groups: Ids;
  userGroups: Ids;
  file: (relativePath: string) => UploadedFile;
};

function courseData(course: CourseSeed, index: number, { teachers, groups, userGroups, file }: Lookups): Record<string, unknown> {
  const picture = file(course.picture);
  const preview = course.preview_video ? file(VIDEO_FILES[course.preview_video]) : null;
  return {
    title: course.title,
    slug: course.slug,
    is_published: course.is_published ?? true,
    endPublish: course.end_publish_in_days === undefined ? null : daysFromNow(course.end_publish_in_days),
    course_type: course.course_type,
    is_bestseller: course.is_bestseller ?? false,
    sort_order: index,
    short_description: course.short_description,
    description: course.description,
    picture: picture.id,
    imageAlt: course.title,
    videoUrl: preview ? preview.url : null,
    preview_video: preview ? preview.id : null,
    videoName: preview ? `ตัวอย่างคอร์ส ${course.title}` : null,
    videoDesc: preview ? course.short_description : null,
    classType: course.classType,
    startRegDate: course.dates ? daysFromNow(course.dates.startReg) : null,
    endRegDate: course.dates ? daysFromNow(course.dates.endReg) : null,
    startDate: course.dates ? daysFromNow(course.dates.start) : null,
    endDate: course.dates ? daysFromNow(course.dates.end) : null,
    courseVenue: course.courseVenue ?? null,
    coursePoint: course.coursePoint ?? null,
    seat: course.seat ?? null,
    seats_taken: 0,
    free_book: course.free_book ?? false,
    free_book_type: course.free_book_type ?? null,
    course_for_user_group: (course.only_for_groups ?? []).map((key) => userGroups.get(key)!.id),
    is_layout_course_registration: course.is_layout_course_registration ?? false,
    is_enable_length_course: Boolean(course.course_length),
    course_length: course.course_length ?? null,
    course_language: course.course_language ?? 'th',
    custom_text_language_key: null,
    is_recertification_course: course.is_recertification_course ?? false,
    meta_title: `${course.title} | ศาลา`,
    meta_description: course.short_description,
    social_title: course.title,
    social_description: course.short_description,
    social_image: picture.id,
    teacher: teachers.get(course.teacher)!.id,
    course_groups: course.groups.map((key) => groups.get(key)!.id),
  };
}

function planData(plan: PlanSeed, index: number, owner: Record<string, unknown>, courses: Ids): Record<string, unknown> {
  return {
    ...owner,
    name: plan.name,
    plan_type: plan.plan_type,
    term: plan.term ?? null,
    term_unit: plan.term_unit ?? null,
    term_2: plan.term_2 ?? null,
    term_unit_2: plan.term_unit_2 ?? null,
    price: plan.price,
    price_usd: plan.price_usd ?? null,
    pricing_type: plan.pricing_type ?? 'default',
    status_show: plan.status_show ?? true,
    is_default: plan.is_default ?? false,
    free_for: plan.free_for_owners_of ? 'Student' : null,
    free_courses: (plan.free_for_owners_of ?? []).map((key) => courses.get(key)!.id),
    need_approval: plan.need_approval ?? false,
    is_for_member: plan.is_for_member ?? false,
    sort_order: index,
  };
}
