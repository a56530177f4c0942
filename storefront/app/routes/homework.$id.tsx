/**
 * /homework/{homeworkId}?course={courseId}&lecture={lectureId}: a homework lecture of the
 * playlist, for a signed-in student who may open it (the playlist's rule, held by the CMS): the
 * instructions and an upload of the student's work. The files go up as the student's own
 * private uploads and are handed in to the CMS, where shop administrators read them
 * (/admin/homework). A visitor signs in first; an unknown homework is a 404 page.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { HomeworkPage } from '~/components/lecture-pages/homework-page';
import { LectureRefused } from '~/components/lecture-pages/lecture-refused';
import { PRIVATE_NO_STORE } from '~/lib/auth.server';
import { CmsApiError } from '~/lib/cms.server';
import { getLocale, getTexts } from '~/lib/i18n.server';
import { getHomework, getLecturePageCourse, lectureRefOf, lecturePageError, submitHomework } from '~/lib/lecture-pages.server';
import { requireStudent } from '~/lib/orders.server';
import { textsOfMatches, translatorFromTexts } from '~/models/i18n';
import type { HomeworkActionData } from '~/models/lecture-pages/types';
import type { loader as rootLoader } from '~/root';
import { Provider, withChakra } from '~/components/provider';

const NO_STORE = { 'Cache-Control': PRIVATE_NO_STORE };

async function loadHomework(request: Request, homeworkIdParam: string | undefined) {
  const url = new URL(request.url);
  const ref = lectureRefOf(url);
  if (ref === null || !/^\d{1,9}$/.test(homeworkIdParam ?? '')) throw data(null, { status: 404, headers: NO_STORE });
  const student = await requireStudent(request);
  const options = { jwt: student.jwt, locale: getLocale(request), signal: request.signal };
  try {
    const [homework, course] = await Promise.all([getHomework(ref, options), getLecturePageCourse(ref, options)]);
    if (homework.homeworkId !== Number(homeworkIdParam)) throw data(null, { status: 404, headers: NO_STORE });
    return { ref, url, options, homework, course };
  } catch (error) {
    if (error instanceof Response) throw error;
    return lecturePageError(error, url, 'homework page');
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { homework, course } = await loadHomework(request, params.id);
  return data({ homework, course }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { ref, url, options } = await loadHomework(request, params.id);
  const form = await request.formData();
  const files = form.getAll('file').filter((value): value is File => typeof value === 'object' && value !== null && 'size' in value && value.size > 0);
  if (files.length === 0) {
    const t = translatorFromTexts(await getTexts(options.locale, request.signal), options.locale);
    return data<HomeworkActionData>({ error: t('homework_choose_file') }, { status: 400, headers: NO_STORE });
  }
  try {
    await submitHomework(ref, files, options);
    return data<HomeworkActionData>({ ok: true }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof CmsApiError && error.status !== 401 && error.status !== 403 && error.status < 500) {
      return data<HomeworkActionData>({ error: error.msg }, { status: error.status, headers: NO_STORE });
    }
    return lecturePageError(error, url, 'homework hand-in');
  }
}

export const headers = () => ({ ...NO_STORE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  return [{ title: `${page?.homework.name ?? texts?.learn_kind_homework ?? 'Homework'} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
};

function HomeworkRoute() {
  const { homework, course } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <HomeworkPage course={course} homework={homework} actionData={actionData} />;
}
export default withChakra(HomeworkRoute);

export function ErrorBoundary() {
  return (
    <Provider>
      <GeneralErrorBoundary statusHandlers={{ 403: ({ error }) => <LectureRefused code={(error.data as { code?: string } | null)?.code ?? null} /> }} />
    </Provider>
  );
}
