/**
 * /quiz/{quizId}?course={courseId}&lecture={lectureId}: a quiz lecture of the playlist, for a
 * signed-in student who may open it (the playlist's rule, held by the CMS). The student picks a
 * choice per question; the CMS scores the hand-in, keeps the best score in the lecture's progress
 * and counts the attempts the lecture allows. A visitor signs in first; a student who may not
 * open the lecture sees why; an unknown quiz is a 404 page.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LectureRefused } from '~/components/lecture-pages/lecture-refused';
import { QuizPage } from '~/components/lecture-pages/quiz-page';
import { PRIVATE_NO_STORE } from '~/lib/auth.server';
import { CmsApiError } from '~/lib/cms.server';
import { getLocale } from '~/lib/i18n.server';
import { getLecturePageCourse, getQuiz, lecturePageError, lectureRefOf, readQuizAnswers, submitQuiz } from '~/lib/lecture-pages.server';
import { requireStudent } from '~/lib/orders.server';
import { textsOfMatches } from '~/models/i18n';
import type { QuizActionData } from '~/models/lecture-pages/types';
import type { loader as rootLoader } from '~/root';
import { Provider, withChakra } from '~/components/provider';

const NO_STORE = { 'Cache-Control': PRIVATE_NO_STORE };

async function loadQuiz(request: Request, quizIdParam: string | undefined) {
  const url = new URL(request.url);
  const ref = lectureRefOf(url);
  if (ref === null || !/^\d{1,9}$/.test(quizIdParam ?? '')) throw data(null, { status: 404, headers: NO_STORE });
  const student = await requireStudent(request);
  const options = { jwt: student.jwt, locale: getLocale(request), signal: request.signal };
  try {
    const [quiz, course] = await Promise.all([getQuiz(ref, options), getLecturePageCourse(ref, options)]);
    if (quiz.quizId !== Number(quizIdParam)) throw data(null, { status: 404, headers: NO_STORE });
    return { ref, url, options, quiz, course };
  } catch (error) {
    if (error instanceof Response) throw error;
    return lecturePageError(error, url, 'quiz page');
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { quiz, course } = await loadQuiz(request, params.id);
  return data({ quiz, course }, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { ref, url, options, quiz } = await loadQuiz(request, params.id);
  const answers = readQuizAnswers(await request.formData(), quiz.questions.length);
  try {
    const { result } = await submitQuiz(ref, answers, options);
    return data<QuizActionData>({ result }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof CmsApiError && (error.status === 400 || error.status === 409) && error.code !== 'VALIDATION_ERROR') {
      return data<QuizActionData>({ error: error.msg }, { status: error.status, headers: NO_STORE });
    }
    return lecturePageError(error, url, 'quiz hand-in');
  }
}

export const headers = () => ({ ...NO_STORE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const texts = textsOfMatches(matches);
  const siteName = texts?.site_name ?? 'Sala';
  return [{ title: `${page?.quiz.name ?? texts?.learn_kind_quiz ?? 'Quiz'} | ${siteName}` }, { name: 'robots', content: 'noindex' }];
};

function QuizRoute() {
  const { quiz, course } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <QuizPage course={course} quiz={quiz} actionData={actionData} />;
}
export default withChakra(QuizRoute);

export function ErrorBoundary() {
  return (
    <Provider>
      <GeneralErrorBoundary statusHandlers={{ 403: ({ error }) => <LectureRefused code={(error.data as { code?: string } | null)?.code ?? null} /> }} />
    </Provider>
  );
}
