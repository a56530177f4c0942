/**
 * /courses/{courseId}-{slug}: the course detail page in the site's layout, and on the
 * registration layout its checkout. The id is the part before the first dash; any other
 * spelling of the address answers 301 to the canonical one, an unknown id a 404 page.
 *
 * Actions (field `intent`): checkout, coupon, report, login, logout, comment.
 */
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { CoursePage } from '~/components/course/course-page';
import { submitLogin } from '~/lib/auth.server';
import { PUBLIC_PAGE_CACHE_CONTROL } from '~/lib/cache-control';
import { loadCheckoutData } from '~/lib/checkout.server';
import { submitCheckout } from '~/lib/checkout-order.server';
import { submitTransferReport } from '~/lib/transfer-report.server';
import { lookUpCoupon } from '~/lib/coupons.server';
import { CmsApiError, CmsError, getCourseDetail, getSiteSettings, isCmsNotFound } from '~/lib/cms.server';
import { chooseLayout, loadCoursePage, submitComment } from '~/lib/course-page.server';
import { parseCourseId } from '~/models/course-path';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { commitSession, getSession, hasSessionCookie } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';
import { textsOfMatches, translatorFromTexts } from '~/models/i18n';
import type { PageScriptsHandle } from '~/models/page-scripts';
import { useNonce } from '~/lib/nonce';

const PRIVATE = 'private, no-store';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = getLocale(request);
  const { page, setCookie } = await loadCoursePage({ request, idParam: params.id, locale, siteName: 'Sala' });
  const headers = new Headers();
  // A page with a student's own data (or any session) is never kept by a shared cache.
  headers.set('Cache-Control', page.student || hasSessionCookie(request) ? PRIVATE : PUBLIC_PAGE_CACHE_CONTROL);
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return data(page, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  const cacheControl = errorHeaders?.get('Cache-Control') ?? (actionHeaders.has('Cache-Control') ? PRIVATE : loaderHeaders.get('Cache-Control')) ?? PRIVATE;
  headers.set('Cache-Control', errorHeaders && !errorHeaders.get('Cache-Control') ? 'no-store' : cacheControl);
  headers.set('Vary', 'Cookie');
  return headers;
};

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  if (!page) return [{ title: `${texts?.not_found_title ?? '404'} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
  const { seo } = page;
  const tags: ReturnType<MetaFunction> = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.url },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    { 'script:ld+json': seo.jsonLd },
  ];
  // The preview picture (the video's poster, the picture, layout 1's banner) is the largest thing
  // above the fold in every layout: fetched first, ahead of the scripts (ADR 145).
  const picture = page.course.preview?.pictureUrl;
  if (picture) tags.push({ tagName: 'link', rel: 'preload', as: 'image', href: picture, fetchpriority: 'high' });
  if (seo.image) {
    tags.push(
      { property: 'og:image', content: seo.image.url },
      { property: 'og:image:width', content: String(seo.image.width) },
      { property: 'og:image:height', content: String(seo.image.height) },
      { property: 'og:image:alt', content: seo.image.alt },
      { name: 'twitter:image', content: seo.image.url },
    );
  }
  return tags;
};

type Intent = 'checkout' | 'coupon' | 'report' | 'login' | 'logout' | 'comment';
const INTENTS: readonly Intent[] = ['checkout', 'coupon', 'report', 'login', 'logout', 'comment'];

/**
 * A form's answer, refusals included: they are part of the flow (the form shows them), so they
 * come back 200 like any page; only an unavailable CMS answers 503.
 */
function withCookie<T>(result: T, setCookie: string | null, status = 200) {
  const headers = new Headers({ 'Cache-Control': PRIVATE });
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return data(result, { status, headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const courseId = parseCourseId(params.id);
  if (courseId === null) throw data(null, { status: 404 });
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '') as Intent;
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 });

  const locale = getLocale(request);
  const t = translatorFromTexts(await getTexts(locale, request.signal), locale);
  const session = await getSession(request);
  const student = session.get('student') ?? null;
  const options = { signal: request.signal, locale, jwt: student?.jwt ?? null };

  try {
    switch (intent) {
      case 'logout': {
        session.unset('student');
        session.unset('pendingOrder');
        return redirect(new URL(request.url).pathname, { headers: { 'Set-Cookie': await commitSession(session) } });
      }
      case 'login': {
        const { result, setCookie } = await submitLogin({ formData, session, locale, t, signal: request.signal });
        return withCookie(result, setCookie);
      }
      case 'comment': {
        const result = await submitComment({ formData, session, courseId, locale, t, signal: request.signal });
        return withCookie(result, null);
      }
      case 'coupon': {
        const result = await lookUpCoupon({ code: String(formData.get('code') ?? ''), student, locale, signal: request.signal });
        return withCookie(result, null);
      }
      case 'report': {
        const settings = await getSiteSettings(options);
        const outcome = await submitTransferReport({ formData, session, courseId, settings, locale, t, signal: request.signal });
        if (outcome instanceof Response) return outcome;
        return withCookie(outcome.result, outcome.setCookie);
      }
      case 'checkout': {
        const [detail, settings] = await Promise.all([getCourseDetail(courseId, options), getSiteSettings(options)]);
        if (chooseLayout(settings.layout, detail.is_layout_course_registration) !== '4') throw data(null, { status: 400 });
        const checkout = await loadCheckoutData({ detail, settings, student, locale, now: new Date(), signal: request.signal });
        const outcome = await submitCheckout({ formData, session, detail, settings, checkout, locale, t, signal: request.signal });
        if (outcome instanceof Response) return outcome;
        return withCookie(outcome.result, outcome.setCookie);
      }
    }
  } catch (error) {
    if (isCmsNotFound(error)) throw data(null, { status: 404 });
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[course page] ${intent} failed: ${error.message}`);
      return withCookie({ intent, lastResult: { status: 'error' as const, error: { '': [t('server_error_title')] } } }, null, 503);
    }
    throw error;
  }
}

/** A coupon lookup changes nothing the page loaded; a filed report leaves the page on its own. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent');
  if (intent === 'coupon') return false;
  if (intent === 'report' && (actionResult as { reported?: unknown } | undefined)?.reported) return false;
  // A token the CMS refused (ADR 179): the page stays as it is under the session modal.
  if ((actionResult as { sessionRefused?: unknown } | undefined)?.sessionRefused) return false;
  return defaultShouldRevalidate;
};

/**
 * The page holds its scripts until the visitor uses it (ADR 220): everything on it works as
 * server HTML meanwhile (links, the forms, the checkout, ADR 123), and the checkout's slot wakes
 * the scripts when it comes within a screen.
 */
export const handle: PageScriptsHandle = { hydrate: 'on-engagement' };

const LINK_PATH_KEY = 'link_path';
/** Storage may be off (private mode): nothing depends on it here. */
const REMEMBER_LINK_PATH = `try{localStorage.setItem(${JSON.stringify(LINK_PATH_KEY)},location.pathname)}catch(e){}`;

/**
 * The page's path is kept as link_path, as the old client did, for flows that come back to it:
 * by an inline script when the page is loaded (its scripts may never run), by an effect after a
 * navigation in the browser.
 */
function RememberLinkPath() {
  const nonce = useNonce();
  const { pathname } = useLocation();
  useEffect(() => {
    try {
      window.localStorage.setItem(LINK_PATH_KEY, pathname);
    } catch {
      // as in REMEMBER_LINK_PATH
    }
  }, [pathname]);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: REMEMBER_LINK_PATH }} />;
}

export default function CourseRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <RememberLinkPath />
      <CoursePage page={page} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
