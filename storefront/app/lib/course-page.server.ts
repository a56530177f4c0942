/**
 * The course detail page on the server: the CMS answers behind /courses/{id}-{slug} turned
 * into what the page's blocks show, the canonical address, the layout the site chose, and
 * the sign-in and comment actions that every layout offers.
 */
import { getEnv } from '~/env.server';
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from '@remix-run/node';
import type { Translate } from '@sala/shared/texts';
import { z } from 'zod';
import { planFromWire, initialPlanId } from '~/models/checkout/pricing';
import type { CommentsView, CourseLayout, CoursePageData, CourseView, CurriculumView, RelatedView, SeoView } from '~/models/course/types';
import { money } from '@sala/shared/money';
import { parseCourseId } from '~/models/course-path';
import { courseCardView, type CourseCardView, type CourseListItem } from '~/models/catalog';
import { srcSetOf } from '~/models/picture';
import { mayBuy, studentStateOf } from '~/models/course/student-state';
import { CmsApiError, CmsError, cmsErrorMessage, createCourseComment, getCourseComments, getCourseDetail, getHowToBuy, getSiteSettings, isCmsNotFound, toPublicAssetUrl } from './cms.server';
import type { WireCourseDetail, WireSiteSettings } from './cms-schemas.server';
import { loadCheckoutData, loadPaymentStep } from './checkout.server';
import type { Locale } from '~/models/i18n';
import { commitSession, getSession, hasSessionCookie, type AppSession } from './session.server';
import { sessionRefusal } from './session-refusal.server';

export const COURSE_LAYOUTS: readonly CourseLayout[] = ['1', '3', '4', 'default'];

/** Social image size of the spec. */
export const SOCIAL_IMAGE = { width: 600, height: 314 } as const;

/** The course's registration layout wins; otherwise the site's layout setting (unknown values read as the default). */
export function chooseLayout(siteLayout: string | null | undefined, registrationLayout: boolean): CourseLayout {
  if (registrationLayout) return '4';
  const layout = String(siteLayout ?? '').trim();
  return (COURSE_LAYOUTS as readonly string[]).includes(layout) ? (layout as CourseLayout) : 'default';
}

function withAbsoluteUrls(card: CourseListItem): CourseCardView {
  return courseCardView(card, toPublicAssetUrl);
}

function courseView(detail: WireCourseDetail, signedIn: boolean): CourseView {
  const { pictureSources, ...preview } = detail.preview;
  const hasPreview = Boolean(preview.videoUrl || preview.pictureUrl);
  const plans = detail.priceDetail.map(planFromWire);
  const defaultPlan = plans.find((plan) => plan.id === initialPlanId(plans)) ?? null;
  const learnPath = `${detail.link_path}/learn`;
  const studentState = studentStateOf({
    signedIn,
    courseType: detail.courseType,
    statusOrder: detail.statusOrder,
    orderCourseId: detail.orderCourseId,
    lockCourse: detail.lockCourse,
    canLearn: detail.canLearn,
    learnLockReason: detail.learnLockReason,
    learnPath,
  });
  return {
    id: detail.id,
    path: detail.link_path,
    title: detail.title,
    courseType: detail.courseType,
    shortDescription: detail.courseDescription.short_description,
    description: detail.courseDescription.description,
    preview: hasPreview
      ? { ...preview, videoUrl: toPublicAssetUrl(preview.videoUrl), pictureUrl: toPublicAssetUrl(preview.pictureUrl), pictureSrcSet: srcSetOf(pictureSources, toPublicAssetUrl) }
      : null,
    venue: detail.courseVenue,
    seat: detail.seat,
    seatsLeft: detail.seats_left,
    courseLength: detail.is_enable_length_course ? detail.course_length : null,
    language: detail.course_language,
    coursePoint: detail.coursePoint,
    freeBook: detail.free_book,
    teacher: detail.teacher ? { ...detail.teacher, pictureUrl: toPublicAssetUrl(detail.teacher.pictureUrl) } : null,
    groups: detail.groups.map((group) => ({ id: group.id, name: group.name })),
    fee: defaultPlan && defaultPlan.priceAmount !== null ? money(defaultPlan.priceAmount, 'THB') : null,
    canLearn: detail.canLearn,
    learnPath,
    studentState,
    mayBuy: mayBuy(studentState),
  };
}

function curriculumView(detail: WireCourseDetail): CurriculumView | null {
  if (!detail.curriculum) return null;
  return detail.curriculum.map((section) => ({
    id: section.sections_id,
    name: section.sections_name,
    lectures: section.lectures.map((lecture) => ({
      id: lecture.lectures_id,
      name: lecture.lectures_name,
      preview: lecture.lectures_preview,
      contentType: lecture.lectures_content_type,
      seconds: lecture.video_length,
    })),
  }));
}

function seoView(detail: WireCourseDetail, course: CourseView, origin: string, siteName: string): SeoView {
  const description = detail.meta_description ?? detail.courseDescription.short_description ?? '';
  const imagePath = detail.social_image?.url ?? detail.preview.pictureUrl;
  const imageUrl = toPublicAssetUrl(imagePath);
  const url = `${origin}${detail.link_path}`;
  const offers = detail.priceDetail
    .filter((plan) => plan.price !== null && !plan.disabled)
    .map((plan) => ({ '@type': 'Offer', name: plan.name, price: String(plan.price), priceCurrency: 'THB', category: plan.price === 0 ? 'Free' : 'Paid', url }));
  return {
    title: detail.meta_title ?? detail.title,
    description,
    url,
    siteName,
    image: imageUrl ? { url: imageUrl, ...SOCIAL_IMAGE, alt: detail.social_image?.alternativeText ?? detail.preview.imageAlt ?? detail.title } : null,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: detail.title,
      description: description || detail.title,
      url,
      ...(imageUrl ? { image: imageUrl } : {}),
      provider: { '@type': 'Organization', name: siteName, sameAs: origin },
      ...(detail.teacher ? { instructor: { '@type': 'Person', name: detail.teacher.name } } : {}),
      ...(detail.course_language ? { inLanguage: detail.course_language } : {}),
      ...(offers.length > 0 ? { offers } : {}),
      ...(course.preview?.startDate || course.venue
        ? {
            hasCourseInstance: {
              '@type': 'CourseInstance',
              courseMode:
                detail.courseType === 'Online' || detail.courseType === 'Flex' ? 'online' : detail.courseType === 'In-class' || detail.courseType === 'Private-Classroom' ? 'onsite' : 'online',
              ...(course.preview?.startDate ? { startDate: course.preview.startDate } : {}),
              ...(course.preview?.endDate ? { endDate: course.preview.endDate } : {}),
              ...(course.venue ? { location: course.venue } : {}),
            },
          }
        : {}),
    },
  };
}

const EMPTY_RELATED: RelatedView = { byTeacher: null, byGroup: null, bestSeller: null };

function unavailable(error: unknown, what: string): never {
  if (error instanceof CmsError || error instanceof CmsApiError) {
    console.error(`[course page] ${what} unavailable: ${error.message}`);
    throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }
  throw error;
}

/**
 * Loads the page, or throws: a 404 for an id the CMS does not publish, a 301 to the
 * canonical `/courses/{id}-{slug}` for any other spelling, and a redirect to the playlist
 * for `?learn=true` when the student may watch. `preview` is the course a verified preview
 * link read (ADR 170): the page shows it as a visitor would, and nothing of it is shared.
 */
export async function loadCoursePage(args: {
  request: Request;
  idParam: string | undefined;
  locale: Locale;
  siteName: string;
  preview?: WireCourseDetail;
}): Promise<{ page: CoursePageData; session: AppSession; setCookie: string | null }> {
  const { request, locale, preview } = args;
  const url = new URL(request.url);
  const courseId = preview ? preview.id : parseCourseId(args.idParam);
  if (courseId === null) throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });

  const session = await getSession(request);
  const student = preview ? null : (session.get('student') ?? null);
  // A visitor without a session sees what every such visitor sees: the course, its first page of
  // comments and the running promotions may come from the public-data cache (ADR 146).
  const shared = !preview && !student && !hasSessionCookie(request);
  const options = { signal: request.signal, locale, jwt: student?.jwt ?? null, shared };

  let detail: WireCourseDetail;
  let settings: WireSiteSettings;
  try {
    [detail, settings] = await Promise.all([preview ?? getCourseDetail(courseId, options), getSiteSettings(options)]);
  } catch (error) {
    if (isCmsNotFound(error)) throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    return unavailable(error, `course ${courseId}`);
  }

  if (!preview && `/courses/${args.idParam}` !== detail.link_path) {
    throw redirect(`${detail.link_path}${url.search}`, { status: 301, headers: { 'Cache-Control': 'public, max-age=300' } });
  }
  if (!preview && url.searchParams.get('learn') === 'true' && detail.canLearn) {
    throw redirect(`${detail.link_path}/learn`, { headers: { 'Cache-Control': 'no-store' } });
  }

  // The student's own state comes from the CMS's answer to their token: the page is theirs alone (never stored, see the route's headers).
  const course = courseView(detail, student !== null);
  const layout = chooseLayout(settings.layout, detail.is_layout_course_registration);
  const commentsEnabled = detail.is_enable_comment && settings.package_course_comment;
  const now = new Date();

  const [howToBuy, comments, checkout, payment] = await Promise.all([
    settings.is_enable_howtobuy
      ? getHowToBuy(options).then(
          (answer) => (answer.enabled ? answer.description : null),
          (error) => (error instanceof CmsError || error instanceof CmsApiError ? null : Promise.reject(error)),
        )
      : Promise.resolve(null),
    commentsEnabled ? loadComments(courseId, 1, options) : Promise.resolve(null),
    layout === '4' && course.mayBuy
      ? // a token the CMS refused: no checkout under the session modal (ADR 179)
        loadCheckoutData({ detail, settings, student, locale, now, signal: request.signal, shared }).catch((error) => (sessionRefusal(error) ? null : unavailable(error, 'checkout')))
      : Promise.resolve(null),
    loadPaymentStep({ session, student, courseId, settings, locale, signal: request.signal }),
  ]);

  const related = detail.related
    ? {
        byTeacher: settings.course_teacher ? (detail.related.byTeacher?.map(withAbsoluteUrls) ?? null) : null,
        byGroup: settings.course_group ? (detail.related.byGroup?.map(withAbsoluteUrls) ?? null) : null,
        bestSeller: settings.course_bestseller ? (detail.related.bestSeller?.map(withAbsoluteUrls) ?? null) : null,
      }
    : EMPTY_RELATED;

  return {
    page: {
      layout,
      course,
      curriculum: settings.package_course_curriculum ? curriculumView(detail) : null,
      comments,
      commentsEnabled,
      howToBuy,
      related,
      student: student ? { username: student.username, name: student.name, email: student.email } : null,
      checkout,
      payment: payment.step,
      // The configured public origin, never the request's Host: the page may be cached for every visitor (ADR 157).
      seo: seoView(detail, course, getEnv().PUBLIC_URL, settings.title ?? args.siteName),
      thankYouPage: settings.is_thank_you_page,
    },
    session,
    setCookie: payment.changed ? await commitSession(session) : null,
  };
}

async function loadComments(courseId: number, page: number, options: { signal?: AbortSignal; locale: Locale; shared?: boolean }): Promise<CommentsView | null> {
  try {
    const { comments, pagination } = await getCourseComments(courseId, page, options);
    return {
      list: comments.map((item) => ({
        id: item.id,
        comment: item.comment,
        createdAt: item.createdAt,
        author: item.author.name,
        replies: item.replies.map((reply) => ({ id: reply.id, comment: reply.comment, createdAt: reply.createdAt, author: reply.author.name })),
      })),
      total: pagination.total,
      page: pagination.page,
      pageCount: pagination.pageCount,
    };
  } catch (error) {
    if (!(error instanceof CmsError) && !(error instanceof CmsApiError)) throw error;
    console.warn(`[course page] comments of course ${courseId} unavailable: ${error.message}`);
    return null;
  }
}

/* ------------------------------------------------------------------ the comment action every layout offers */

export const CommentFormSchema = z.object({
  comment: z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().min(1).max(2000)),
  parentId: z.preprocess((v) => (v === undefined || v === '' ? null : Number(v)), z.number().int().positive().nullable()),
});

export type CommentActionResult = { intent: 'comment'; lastResult: SubmissionResult<string[]> };

/** A signed-in student's question or reply under the course. */
export async function submitComment(args: { formData: FormData; session: AppSession; courseId: number; locale: Locale; t: Translate; signal?: AbortSignal }) {
  const { formData, session, courseId, locale, t, signal } = args;
  const schema = z.unknown().transform((raw, ctx) => {
    const result = CommentFormSchema.safeParse(raw);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: t('validation_required', { label: t('comment_label') as never }), path: ['comment'] });
      return z.NEVER;
    }
    return result.data;
  });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return { intent: 'comment' as const, lastResult: submission.reply() };
  const student = session.get('student');
  if (!student) return { intent: 'comment' as const, lastResult: submission.reply({ formErrors: [t('comment_login_required')] }) };
  try {
    await createCourseComment(courseId, { comment: submission.value.comment, parentId: submission.value.parentId }, { jwt: student.jwt, locale, signal });
    return { intent: 'comment' as const, ok: true, lastResult: submission.reply({ resetForm: true }) };
  } catch (error) {
    if (!(error instanceof CmsApiError)) throw error;
    return { intent: 'comment' as const, lastResult: submission.reply({ formErrors: [cmsErrorMessage(error, t)] }) };
  }
}
