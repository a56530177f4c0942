import { COURSES, COURSE_GROUPS, DEMO_QUIZ_QUESTIONS, PRODUCTS, SHIPPING_FEES, TEACHERS, USER_GROUPS, daysFromNow, type CourseSeed, type PlanSeed } from './data';
import { DEMO_ACCOUNTS, ensureStorefrontAccount } from './accounts';
import { courseEnglishColumns, planEnglishName, PRODUCT_ENGLISH } from './english';
import type { Ids, SeedContext } from './context';
import type { UploadedFile } from './media';

export const VIDEO_FILES = {
  welcome: 'videos/lesson-welcome.mp4',
  basics: 'videos/lesson-basics.mp4',
  workshop: 'videos/lesson-workshop.mp4',
  cooking: 'videos/lesson-cooking.mp4',
} as const;
/** Videos that are not DEMO_VIDEO_SECONDS long, and the Thai subtitles of those that have them. */
const VIDEO_SECONDS: Partial<Record<keyof typeof VIDEO_FILES, number>> = { cooking: 60 };
export const SUBTITLE_FILES: Partial<Record<keyof typeof VIDEO_FILES, string>> = { cooking: 'videos/lesson-cooking.th.vtt' };
export const HANDOUT_FILE = 'files/handout.pdf';
/** Length of every demo video, in seconds. */
export const DEMO_VIDEO_SECONDS = 3;

/** The catalogue's rows by key: what the marketing and student parts of the seed point at. */
export type Catalogue = {
  userGroups: Ids;
  courses: Ids;
  lectureIds: Map<string, number[]>;
  plans: Ids;
  products: Ids;
  productPlans: Ids;
};

/** User groups, teachers (one with the demo instructor's account), course groups, courses with their curriculum and plans, products and shipping fees. */
export async function seedCatalogue({ strapi, create, file }: SeedContext, demoPasswordHash: string): Promise<Catalogue> {
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
          quiz_questions: lecture.type === 'quiz' ? DEMO_QUIZ_QUESTIONS : null,
          quiz_max_attempts: lecture.type === 'quiz' ? 3 : 0,
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
      plans.set(
        `${course.key}:${index}`,
        await create('api::pricing-plan.pricing-plan', {
          ...planData(plan, index, { reference_code: 'COURSE', course: courses.get(course.key)!.id }, courses),
          name_en: planEnglishName(course.key, plan.name),
        }),
      );
    }
  }

  const products: Ids = new Map();
  const productPlans: Ids = new Map();
  for (const [index, product] of PRODUCTS.entries()) {
    const row = await create('api::product.product', {
      title: product.title,
      title_en: PRODUCT_ENGLISH[product.key]?.title ?? null,
      short_description_en: PRODUCT_ENGLISH[product.key]?.short_description ?? null,
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

  return { userGroups, courses, lectureIds, plans, products, productPlans };
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
    ...courseEnglishColumns(course.key),
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
