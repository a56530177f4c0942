/**
 * /myaccount/student/courses: "คอร์สของฉัน", the courses the signed-in student owns (an approved
 * order), newest first: lectures finished of the course's lectures, the access left (days, or
 * unlimited), and a link that opens the playlist where they stopped. A course that no longer
 * opens says why (access ran out, their user group may not open it). A visitor signs in first
 * and comes back. The page is the student's own: never stored by any cache.
 */
import { chakra } from '@chakra-ui/react';
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { getLocale } from '~/lib/i18n.server';
import { listMyCourses } from '~/lib/my-courses.server';
import { isSessionExpired, requireStudent } from '~/lib/orders.server';
import { sessionRefusedPage } from '~/lib/session-refusal.server';
import type { MyCourseView } from '~/models/my-courses/types';
import { textsOfMatches, useT } from '~/models/i18n';
import type { loader as rootLoader } from '~/root';
import { PICTURE_SIZES, responsiveAttributes } from '~/models/picture';
import { withChakra } from '~/components/provider';

const PRIVATE_PAGE = 'private, no-store';

export async function loader({ request }: LoaderFunctionArgs) {
  const student = await requireStudent(request);
  try {
    const courses = await listMyCourses({ jwt: student.jwt, locale: getLocale(request), signal: request.signal });
    return data({ courses }, { headers: { 'Cache-Control': PRIVATE_PAGE } });
  } catch (error) {
    if (isSessionExpired(error)) throw sessionRefusedPage();
    throw error;
  }
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': PRIVATE_PAGE, Vary: 'Cookie' });

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ matches }) => {
  const texts = textsOfMatches(matches);
  return [{ title: `${texts?.my_courses_title ?? 'My courses'} | ${texts?.site_name ?? 'Sala'}` }, { name: 'robots', content: 'noindex' }];
};

function lockText(reason: string | null, t: ReturnType<typeof useT>): string {
  switch (reason) {
    case 'COURSE_ACCESS_DENIED':
      return t('error_course_access_denied');
    case 'COURSE_ACCESS_EXPIRED':
      return t('error_course_access_expired');
    default:
      return t('error_course_not_purchased');
  }
}

function Progress({ course }: { course: MyCourseView }) {
  const t = useT();
  const percent = course.lecturesTotal > 0 ? Math.round((course.lecturesCompleted / course.lecturesTotal) * 100) : 0;
  return (
    <chakra.div display="flex" flexDirection="column" gap="1.5">
      <chakra.span fontSize="sm" data-testid="my-course-progress">
        {t('my_courses_progress', { done: course.lecturesCompleted, total: course.lecturesTotal })}
      </chakra.span>
      <chakra.div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={course.lecturesTotal}
        aria-valuenow={course.lecturesCompleted}
        aria-label={t('my_courses_progress', { done: course.lecturesCompleted, total: course.lecturesTotal })}
        h="2"
        bg="bg.muted"
        borderRadius="full"
        overflow="hidden"
      >
        <chakra.div h="full" bg="brand" borderRadius="full" style={{ width: `${percent}%` }} />
      </chakra.div>
    </chakra.div>
  );
}

function CourseRow({ course }: { course: MyCourseView }) {
  const t = useT();
  return (
    <chakra.article
      data-testid="my-course"
      data-course-id={course.id}
      display="grid"
      gridTemplateColumns={{ base: '1fr', md: '200px 1fr' }}
      gap={{ base: '3', md: '5' }}
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
      bg="bg"
    >
      <chakra.a href={course.path} display="block" borderRadius="lg" overflow="hidden" bg="bg.muted" aspectRatio="600 / 314" tabIndex={-1} aria-hidden>
        {course.pictureUrl ? (
          <chakra.img
            src={course.pictureUrl}
            {...responsiveAttributes(course.pictureSrcSet, PICTURE_SIZES.myCourse)}
            alt=""
            width="600"
            height="314"
            w="full"
            h="full"
            objectFit="cover"
            loading="lazy"
          />
        ) : null}
      </chakra.a>
      <chakra.div display="flex" flexDirection="column" gap="3" minW="0">
        <chakra.h2 fontSize="lg" fontWeight="700" overflowWrap="anywhere">
          <Link to={course.path}>{course.title}</Link>
        </chakra.h2>
        <Progress course={course} />
        <chakra.p fontSize="sm" color="fg.muted" data-testid="my-course-access">
          {course.unlimited ? t('my_courses_lifetime') : course.expired ? t('error_course_access_expired') : t('my_courses_days_left', { days: course.daysLeft ?? 0 })}
        </chakra.p>
        {course.canLearn ? (
          <chakra.a
            href={course.continuePath}
            data-testid="my-course-continue"
            alignSelf="flex-start"
            display="inline-flex"
            alignItems="center"
            h="10"
            px="5"
            borderRadius="lg"
            bg="brand"
            color="white"
            fontWeight="600"
            _hover={{ bg: 'teal.800' }}
          >
            {course.started ? t('my_courses_continue') : t('my_courses_start')}
          </chakra.a>
        ) : course.expired ? null : (
          <chakra.p fontSize="sm" color="fg.error" role="note" data-testid="my-course-locked">
            {lockText(course.lockReason, t)}
          </chakra.p>
        )}
      </chakra.div>
    </chakra.article>
  );
}

function MyCourses() {
  const { courses } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <chakra.div maxW="4xl" mx="auto" px="4" py={{ base: '6', md: '10' }} data-testid="my-courses">
      <chakra.h1 fontSize={{ base: '2xl', md: '3xl' }} fontWeight="700" mb="5">
        {t('my_courses_title')}
      </chakra.h1>
      {courses.length === 0 ? (
        <chakra.div borderWidth="1px" borderColor="border" borderRadius="xl" p="8" textAlign="center" data-testid="my-courses-empty">
          <chakra.p>{t('my_courses_empty')}</chakra.p>
          <chakra.span display="inline-block" mt="3" color="brand" fontWeight="600" textDecoration="underline" asChild>
            <Link to="/">{t('my_courses_browse')}</Link>
          </chakra.span>
        </chakra.div>
      ) : (
        <chakra.ul listStyleType="none" display="grid" gap="4">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseRow course={course} />
            </li>
          ))}
        </chakra.ul>
      )}
    </chakra.div>
  );
}
export default withChakra(MyCourses);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
