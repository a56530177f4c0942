/**
 * /courses/{courseId}-{slug}/learn: the video playlist. It stands on its own (not inside the
 * course page's layout): sections and lectures, the lecture being studied, and the access
 * countdown. It opens where the student stopped (lecture and second) unless `?lecture=` asks
 * for another. A caller who may open no lecture at all is sent to the course page; one who
 * may open only the free previews sees the rest locked, each with its reason (the CMS's, a
 * class start date still ahead included).
 */
import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LearnPage } from '~/components/learn/learn-page';
import { CmsApiError, CmsError, getCourseDetail, isCmsNotFound } from '~/lib/cms.server';
import { parseCourseId } from '~/models/course-path';
import { getLocale } from '~/lib/i18n.server';
import { getCountdown, getPlaylist } from '~/lib/learning.server';
import type { CountdownView } from '~/models/learn/types';
import { getSession } from '~/lib/session.server';
import type { loader as rootLoader } from '~/root';
import { textsOfMatches } from '~/models/i18n';

const PRIVATE = 'private, no-store';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const courseId = parseCourseId(params.id);
  if (courseId === null) throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const url = new URL(request.url);
  const locale = getLocale(request);
  const student = (await getSession(request)).get('student') ?? null;
  const options = { signal: request.signal, locale, jwt: student?.jwt ?? null };

  try {
    const detail = await getCourseDetail(courseId, options);
    if (`/courses/${params.id}` !== detail.link_path) {
      throw redirect(`${detail.link_path}/learn${url.search}`, { status: 301, headers: { 'Cache-Control': 'no-store' } });
    }
    const playlist = await getPlaylist(courseId, options);
    const lectures = playlist.sections.flatMap((section) => section.lectures);
    // a buyer waiting for the start date stays, to read when the lectures open
    if (!lectures.some((lecture) => lecture.lock === null) && !(playlist.lock === 'NOT_RELEASED' && lectures.length > 0)) {
      throw redirect(detail.link_path, { headers: { 'Cache-Control': 'no-store' } });
    }
    let countdown: CountdownView | null = null;
    if (student && playlist.lock !== 'COURSE_NOT_PURCHASED' && playlist.lock !== 'ORDER_IN_PROGRESS') {
      countdown = await getCountdown(courseId, { ...options, jwt: student.jwt }).catch((error) => {
        if (error instanceof CmsError || error instanceof CmsApiError) return null;
        throw error;
      });
    }
    const asked = Number(url.searchParams.get('lecture'));
    const selected = lectures.find((lecture) => lecture.id === asked) ?? lectures.find((lecture) => lecture.id === playlist.resumeLectureId) ?? lectures[0];
    return data(
      {
        course: { id: courseId, title: detail.title, path: detail.link_path },
        playlist,
        selectedId: selected.id,
        countdown,
        signedIn: student !== null,
      },
      { headers: { 'Cache-Control': PRIVATE } },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isCmsNotFound(error)) throw data(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    if (error instanceof CmsError || error instanceof CmsApiError) {
      console.error(`[learn] course ${courseId} unavailable: ${error.message}`);
      throw data(null, { status: 503, headers: { 'Cache-Control': 'no-store' } });
    }
    throw error;
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const headers = new Headers({ 'Cache-Control': errorHeaders ? 'no-store' : (loaderHeaders.get('Cache-Control') ?? PRIVATE) });
  headers.set('Vary', 'Cookie');
  return headers;
};

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  if (!page) return [{ title: `${texts?.not_found_title ?? '404'} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
  const title = (texts?.learn_page_title ?? '{course}').replace('{course}', page.course.title);
  return [{ title: `${title} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
};

export default function LearnRoute() {
  const page = useLoaderData<typeof loader>();
  return <LearnPage {...page} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
