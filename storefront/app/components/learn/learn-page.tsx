/**
 * The video playlist screen: the lecture being studied (video, reading, file, quiz or
 * homework), the sections and lectures with their lock reasons, and the access countdown.
 * Lectures are plain links (`?lecture=`), so the list works before scripts load too.
 */
import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Markdown } from '~/components/course/markdown';
import { formatDate, formatDuration } from '~/components/course/format';
import type { CountdownView, LectureLock, LectureView, PlaylistView } from '~/models/learn/types';
import { useLocale, useT } from '~/models/i18n';
import { postProgress, VideoPlayer } from './video-player';

export type LearnPageProps = {
  course: { id: number; title: string; path: string };
  playlist: PlaylistView;
  selectedId: number;
  countdown: CountdownView | null;
  signedIn: boolean;
};

const Shell = chakra('div', { base: { maxW: '7xl', mx: 'auto', px: { base: '3', md: '6' }, py: { base: '4', md: '6' }, w: 'full' } });
const Columns = chakra('div', {
  base: { display: 'grid', gap: { base: '5', lg: '6' }, gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }, alignItems: 'start' },
});
const Panel = chakra('div', { base: { bg: 'bg', borderWidth: '1px', borderColor: 'border', borderRadius: 'xl', p: { base: '4', md: '5' } } });
const ActionLink = chakra('a', {
  base: { display: 'inline-flex', alignItems: 'center', h: '11', px: '5', borderRadius: 'lg', bg: 'brand', color: 'white', fontWeight: '600', _hover: { textDecoration: 'none', opacity: 0.9 } },
});
const BackLink = chakra(Link, { base: { color: 'brand', fontWeight: '600', fontSize: 'sm' } });

/** The loader the spec asks for: shown over the page, gone about a second after it loads (pure CSS, so also without scripts). */
const PageLoader = chakra('div', {
  base: {
    position: 'fixed',
    inset: '0',
    zIndex: 'overlay',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bg: 'bg',
    pointerEvents: 'none',
    animationName: 'fade-out',
    animationDuration: '200ms',
    animationDelay: '1s',
    animationFillMode: 'forwards',
    animationTimingFunction: 'ease-in',
  },
});
const Spinner = chakra('span', {
  base: { w: '10', h: '10', borderWidth: '4px', borderColor: 'border', borderTopColor: 'brand', borderRadius: 'full', animation: 'spin 0.8s linear infinite' },
});

function lockText(lock: LectureLock, t: ReturnType<typeof useT>, releaseDate: string | null): string {
  switch (lock) {
    case 'NOT_RELEASED':
      return t('learn_lock_not_released', { date: releaseDate ?? '' });
    case 'UNAUTHORIZED':
      return t('error_unauthorized');
    case 'COURSE_ACCESS_DENIED':
      return t('error_course_access_denied');
    case 'ORDER_IN_PROGRESS':
      return t('error_order_in_progress');
    case 'COURSE_ACCESS_EXPIRED':
      return t('error_course_access_expired');
    default:
      return t('error_course_not_purchased');
  }
}

function Countdown({ countdown }: { countdown: CountdownView }) {
  const t = useT();
  const locale = useLocale();
  if (countdown.lifetime) return <chakra.span>{t('learn_lifetime_access')}</chakra.span>;
  if (countdown.expired) return <chakra.span color="red.600">{t('countdown_expired')}</chakra.span>;
  const minutes = Math.floor(countdown.remainingMs / 60_000);
  return (
    <chakra.span>
      {t('countdown_remaining', { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 })}
      {countdown.finishAt ? <chakra.span color="fg.muted"> · {t('learn_access_until', { date: formatDate(countdown.finishAt, locale) ?? '' })}</chakra.span> : null}
    </chakra.span>
  );
}

/** A padlock drawn as SVG: emoji fonts are not on every machine. */
function LockIcon({ size = 14 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      style={{ display: 'inline-block', verticalAlign: 'middle' }}
    >
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

const KIND_ICON: Record<LectureView['kind'], string> = { video: '▶', text: '≡', file: '⎙', quiz: '?', homework: '✎' };

function LectureRow({ lecture, selected }: { lecture: LectureView; selected: boolean }) {
  const t = useT();
  const locale = useLocale();
  const duration = lecture.kind === 'video' ? formatDuration(lecture.seconds) : null;
  const body = (
    <>
      <chakra.span aria-hidden w="6" flexShrink={0} textAlign="center" color={lecture.lock ? 'fg.subtle' : 'brand'} fontWeight="700">
        {lecture.lock ? <LockIcon /> : lecture.completed ? '✓' : KIND_ICON[lecture.kind]}
      </chakra.span>
      <chakra.span flex="1" minW="0">
        <chakra.span display="block" fontWeight={selected ? '700' : '500'} overflowWrap="anywhere">
          {lecture.name}
        </chakra.span>
        <chakra.span display="block" fontSize="xs" color="fg.muted">
          {t(`learn_kind_${lecture.kind}`)}
          {duration ? ` · ${duration}` : ''}
          {lecture.preview ? ` · ${t('playlist_lecture_preview')}` : ''}
          {lecture.completed ? ` · ${t('learn_completed')}` : ''}
          {lecture.kind === 'quiz' && lecture.quizScore !== null ? ` · ${t('learn_quiz_score', { score: lecture.quizScore })}` : ''}
        </chakra.span>
        {lecture.lock ? (
          <chakra.span display="block" fontSize="xs" color="orange.700" data-testid="lecture-lock-reason">
            {lockText(lecture.lock, t, formatDate(lecture.releaseDate, locale))}
          </chakra.span>
        ) : null}
      </chakra.span>
    </>
  );
  const rowStyle = { display: 'flex', gap: '2', alignItems: 'flex-start', px: '3', py: '2.5', borderRadius: 'lg', w: 'full' } as const;
  return (
    <chakra.li data-testid="playlist-lecture" data-lecture-id={lecture.id} data-locked={lecture.lock ? 'true' : 'false'}>
      {lecture.lock ? (
        <chakra.div {...rowStyle} color="fg.muted" aria-disabled="true">
          {body}
        </chakra.div>
      ) : (
        <chakra.a
          asChild
          {...rowStyle}
          bg={selected ? 'brandSubtle' : undefined}
          _hover={{ bg: selected ? 'brandSubtle' : 'bg.muted', textDecoration: 'none' }}
          aria-current={selected ? 'true' : undefined}
        >
          <Link to={`?lecture=${lecture.id}`} preventScrollReset>
            {body}
          </Link>
        </chakra.a>
      )}
    </chakra.li>
  );
}

/** A reading or file lecture counts as done once opened (for a student who may save progress). */
function useMarkOpened(lecture: LectureView, progressUrl: string, signedIn: boolean, onFinished: (lectureId: number) => void) {
  useEffect(() => {
    if (!signedIn || lecture.lock || lecture.completed) return;
    if (lecture.kind === 'text' || lecture.kind === 'file') {
      postProgress(progressUrl, { lectureId: lecture.id, position: 0, completed: true });
      onFinished(lecture.id);
    }
  }, [progressUrl, lecture, signedIn, onFinished]);
}

function LectureContent({
  lecture,
  course,
  signedIn,
  onFinished,
}: {
  lecture: LectureView;
  course: LearnPageProps['course'];
  signedIn: boolean;
  /** Told when the student finishes the lecture here, so the list and the count follow at once. */
  onFinished: (lectureId: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const progressUrl = `${course.path}/learn/progress`;
  useMarkOpened(lecture, progressUrl, signedIn, onFinished);
  if (lecture.lock) {
    return (
      <Panel data-testid="lecture-locked" textAlign="center" py="10">
        <chakra.p fontSize="3xl" aria-hidden>
          <LockIcon size={28} />
        </chakra.p>
        <chakra.h2 fontWeight="700" fontSize="lg" mt="2">
          {t('learn_lock_title')}
        </chakra.h2>
        <chakra.p mt="2" color="fg.muted">
          {lockText(lecture.lock, t, formatDate(lecture.releaseDate, locale))}
        </chakra.p>
        {lecture.lock !== 'NOT_RELEASED' && lecture.lock !== 'ORDER_IN_PROGRESS' ? (
          <chakra.div mt="5">
            <ActionLink href={course.path}>{t('course_register_now')}</ActionLink>
          </chakra.div>
        ) : null}
      </Panel>
    );
  }
  switch (lecture.kind) {
    case 'video':
      if (lecture.video) return <VideoPlayer key={lecture.id} progressUrl={progressUrl} lecture={lecture} video={lecture.video} saves={signedIn} onFinished={onFinished} />;
      return (
        <Panel>
          {lecture.externalUrl ? (
            <ActionLink href={lecture.externalUrl} target="_blank" rel="noopener noreferrer">
              {t('learn_external_video')}
            </ActionLink>
          ) : (
            <chakra.p color="fg.muted">{t('learn_video_unsupported')}</chakra.p>
          )}
        </Panel>
      );
    case 'text':
      return <Panel data-testid="lecture-text">{lecture.text ? <Markdown source={lecture.text} /> : null}</Panel>;
    case 'file':
      return (
        <Panel data-testid="lecture-file">
          {lecture.text ? <Markdown source={lecture.text} /> : null}
          {lecture.file ? (
            <chakra.div mt={lecture.text ? '4' : '0'}>
              <ActionLink href={lecture.file.url} target="_blank" rel="noopener noreferrer" download>
                {t('learn_open_file', { name: lecture.file.name })}
              </ActionLink>
            </chakra.div>
          ) : null}
        </Panel>
      );
    case 'quiz':
      return (
        <Panel data-testid="lecture-quiz">
          <chakra.h2 fontWeight="700" fontSize="lg">
            {t('learn_quiz_title', { id: lecture.quizId ?? '-' })}
          </chakra.h2>
          {lecture.quizPassScore !== null ? <chakra.p mt="2">{t('learn_quiz_pass_score', { score: lecture.quizPassScore })}</chakra.p> : null}
          {lecture.quizScore !== null ? (
            <chakra.p mt="2" fontWeight="600" data-testid="lecture-quiz-score">
              {t('quiz_best_score', { score: lecture.quizScore })}
            </chakra.p>
          ) : null}
          {lecture.quizId !== null ? (
            <chakra.div mt="4">
              <ActionLink href={`/quiz/${lecture.quizId}?course=${course.id}&lecture=${lecture.id}`}>{t('learn_quiz_open')}</ActionLink>
            </chakra.div>
          ) : null}
        </Panel>
      );
    case 'homework':
      return (
        <Panel data-testid="lecture-homework">
          <chakra.h2 fontWeight="700" fontSize="lg">
            {t('learn_homework_title', { id: lecture.homeworkId ?? '-' })}
          </chakra.h2>
          {lecture.text ? (
            <chakra.div mt="2">
              <Markdown source={lecture.text} />
            </chakra.div>
          ) : null}
          {lecture.homeworkId !== null ? (
            <chakra.div mt="4">
              <ActionLink href={`/homework/${lecture.homeworkId}?course=${course.id}&lecture=${lecture.id}`}>{t('learn_homework_open')}</ActionLink>
            </chakra.div>
          ) : null}
        </Panel>
      );
  }
}

export function LearnPage({ course, playlist, selectedId, countdown, signedIn }: LearnPageProps) {
  const t = useT();
  const locale = useLocale();
  // Lectures finished while the page is open count at once; the saved progress says the same on the next load.
  const [finishedNow, setFinishedNow] = useState<ReadonlySet<number>>(() => new Set());
  const onFinished = useCallback((lectureId: number) => setFinishedNow((finished) => (finished.has(lectureId) ? finished : new Set(finished).add(lectureId))), []);
  const sections = useMemo(
    () =>
      playlist.sections.map((section) => ({
        ...section,
        lectures: section.lectures.map((lecture) => (finishedNow.has(lecture.id) && !lecture.completed ? { ...lecture, completed: true } : lecture)),
      })),
    [playlist.sections, finishedNow],
  );
  const lectures = sections.flatMap((section) => section.lectures);
  const selected = lectures.find((lecture) => lecture.id === selectedId) ?? lectures[0];
  const done = lectures.filter((lecture) => lecture.completed).length;
  const releaseDate = formatDate(playlist.releaseDate, locale);

  return (
    <Shell data-testid="learn-page">
      <PageLoader data-testid="page-loader" role="status" aria-label={t('learn_loading')}>
        <Spinner />
      </PageLoader>
      <chakra.div display="flex" flexWrap="wrap" gap="2" alignItems="baseline" justifyContent="space-between" mb="4">
        <chakra.div minW="0">
          <BackLink to={course.path}>← {t('learn_back_to_course')}</BackLink>
          <chakra.h1 fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700" mt="1" overflowWrap="anywhere">
            {course.title}
          </chakra.h1>
        </chakra.div>
        <chakra.div fontSize="sm" data-testid="learn-countdown" textAlign={{ base: 'left', md: 'right' }}>
          {countdown ? <Countdown countdown={countdown} /> : null}
          {signedIn && playlist.canLearn ? (
            <chakra.span display="block" color="fg.muted">
              {t('learn_completed_count', { done, total: lectures.length })}
            </chakra.span>
          ) : null}
        </chakra.div>
      </chakra.div>
      {!playlist.canLearn && playlist.lock ? (
        <chakra.p role="note" data-testid="learn-lock-notice" mb="4" p="3" borderRadius="lg" bg="orange.50" color="orange.800" fontSize="sm">
          {lockText(playlist.lock, t, releaseDate)}
        </chakra.p>
      ) : null}
      <Columns>
        <chakra.section aria-labelledby="lecture-title" minW="0">
          <chakra.p fontSize="xs" color="fg.muted">
            {t('learn_now_playing')}
          </chakra.p>
          <chakra.h2 id="lecture-title" fontSize={{ base: 'lg', md: 'xl' }} fontWeight="700" mb="3" overflowWrap="anywhere">
            {selected.name}
          </chakra.h2>
          <LectureContent key={selected.id} lecture={selected} course={course} signedIn={signedIn} onFinished={onFinished} />
        </chakra.section>
        <Panel as="nav" aria-labelledby="playlist-title" p={{ base: '2', md: '3' }}>
          <chakra.h2 id="playlist-title" fontWeight="700" px="3" pt="2" pb="1">
            {t('playlist_sections')}
          </chakra.h2>
          {lectures.length === 0 ? <chakra.p px="3">{t('learn_no_lectures')}</chakra.p> : null}
          {sections.map((section, index) => (
            <chakra.div key={section.id ?? `loose-${index}`} mt="2">
              {section.name ? (
                <chakra.h3 px="3" py="1" fontSize="sm" fontWeight="700" color="fg.muted">
                  {section.name}
                </chakra.h3>
              ) : null}
              <chakra.ul listStyle="none">
                {section.lectures.map((lecture) => (
                  <LectureRow key={lecture.id} lecture={lecture} selected={lecture.id === selected.id} />
                ))}
              </chakra.ul>
            </chakra.div>
          ))}
        </Panel>
      </Columns>
    </Shell>
  );
}
