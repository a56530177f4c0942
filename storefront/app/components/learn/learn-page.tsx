/**
 * The video playlist screen: the lecture being studied (video, reading, file, quiz or
 * homework), the sections and lectures with their lock reasons, and the access countdown.
 * Lectures are plain links (`?lecture=`), so the list works before scripts load too. Plain
 * elements with the static classes of styles/learn.css: no runtime styling (ADR 208).
 */
import { Link } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState, type AnchorHTMLAttributes, type HTMLAttributes } from 'react';
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

/** A bordered block of the page: the lecture's content and the playlist. */
function Panel({ as: Element = 'div', className, ...props }: HTMLAttributes<HTMLElement> & { as?: 'div' | 'nav' }) {
  return <Element className={className ? `learn-panel ${className}` : 'learn-panel'} {...props} />;
}

function ActionLink(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a className="learn-action" {...props} />;
}

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
  if (countdown.lifetime) return <span>{t('learn_lifetime_access')}</span>;
  if (countdown.expired) return <span className="learn-expired">{t('countdown_expired')}</span>;
  const minutes = Math.floor(countdown.remainingMs / 60_000);
  return (
    <span>
      {t('countdown_remaining', { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 })}
      {countdown.finishAt ? <span className="learn-muted"> · {t('learn_access_until', { date: formatDate(countdown.finishAt, locale) ?? '' })}</span> : null}
    </span>
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
      <span aria-hidden className="learn-row-icon">
        {lecture.lock ? <LockIcon /> : lecture.completed ? '✓' : KIND_ICON[lecture.kind]}
      </span>
      <span className="learn-row-text">
        <span className={selected ? 'learn-row-name learn-bold' : 'learn-row-name'}>{lecture.name}</span>
        <span className="learn-block learn-xs learn-muted">
          {t(`learn_kind_${lecture.kind}`)}
          {duration ? ` · ${duration}` : ''}
          {lecture.preview ? ` · ${t('playlist_lecture_preview')}` : ''}
          {lecture.completed ? ` · ${t('learn_completed')}` : ''}
          {lecture.kind === 'quiz' && lecture.quizScore !== null ? ` · ${t('learn_quiz_score', { score: lecture.quizScore })}` : ''}
        </span>
        {lecture.lock ? (
          <span className="learn-block learn-xs learn-lock" data-testid="lecture-lock-reason">
            {lockText(lecture.lock, t, formatDate(lecture.releaseDate, locale))}
          </span>
        ) : null}
      </span>
    </>
  );
  return (
    <li data-testid="playlist-lecture" data-lecture-id={lecture.id} data-locked={lecture.lock ? 'true' : 'false'}>
      {lecture.lock ? (
        <div className="learn-row learn-row-locked" aria-disabled="true">
          {body}
        </div>
      ) : (
        <Link
          to={`?lecture=${lecture.id}`}
          preventScrollReset
          className={selected ? 'learn-row learn-row-link learn-row-selected' : 'learn-row learn-row-link'}
          aria-current={selected ? 'true' : undefined}
        >
          {body}
        </Link>
      )}
    </li>
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
      <Panel data-testid="lecture-locked" className="learn-locked">
        <p className="learn-locked-icon" aria-hidden>
          <LockIcon size={28} />
        </p>
        <h2 className="learn-heading learn-mt-2">{t('learn_lock_title')}</h2>
        <p className="learn-mt-2 learn-muted">{lockText(lecture.lock, t, formatDate(lecture.releaseDate, locale))}</p>
        {lecture.lock !== 'NOT_RELEASED' && lecture.lock !== 'ORDER_IN_PROGRESS' ? (
          <div className="learn-mt-5">
            <ActionLink href={course.path}>{t('course_register_now')}</ActionLink>
          </div>
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
            <p className="learn-muted">{t('learn_video_unsupported')}</p>
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
            <div className={lecture.text ? 'learn-mt-4' : undefined}>
              <ActionLink href={lecture.file.url} target="_blank" rel="noopener noreferrer" download>
                {t('learn_open_file', { name: lecture.file.name })}
              </ActionLink>
            </div>
          ) : null}
        </Panel>
      );
    case 'quiz':
      return (
        <Panel data-testid="lecture-quiz">
          <h2 className="learn-heading">{t('learn_quiz_title', { id: lecture.quizId ?? '-' })}</h2>
          {lecture.quizPassScore !== null ? <p className="learn-mt-2">{t('learn_quiz_pass_score', { score: lecture.quizPassScore })}</p> : null}
          {lecture.quizScore !== null ? (
            <p className="learn-mt-2 learn-strong" data-testid="lecture-quiz-score">
              {t('quiz_best_score', { score: lecture.quizScore })}
            </p>
          ) : null}
          {lecture.quizId !== null ? (
            <div className="learn-mt-4">
              <ActionLink href={`/quiz/${lecture.quizId}?course=${course.id}&lecture=${lecture.id}`}>{t('learn_quiz_open')}</ActionLink>
            </div>
          ) : null}
        </Panel>
      );
    case 'homework':
      return (
        <Panel data-testid="lecture-homework">
          <h2 className="learn-heading">{t('learn_homework_title', { id: lecture.homeworkId ?? '-' })}</h2>
          {lecture.text ? (
            <div className="learn-mt-2">
              <Markdown source={lecture.text} />
            </div>
          ) : null}
          {lecture.homeworkId !== null ? (
            <div className="learn-mt-4">
              <ActionLink href={`/homework/${lecture.homeworkId}?course=${course.id}&lecture=${lecture.id}`}>{t('learn_homework_open')}</ActionLink>
            </div>
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
    <div className="learn-shell" data-testid="learn-page">
      {/* the loader the spec asks for: over the page, gone about a second after it loads (pure CSS, so also without scripts) */}
      <div className="learn-loader" data-testid="page-loader" role="status" aria-label={t('learn_loading')}>
        <span className="learn-spinner" />
      </div>
      <div className="learn-head">
        <div className="learn-head-title">
          <Link to={course.path} className="learn-back learn-sm">
            ← {t('learn_back_to_course')}
          </Link>
          <h1 className="learn-title">{course.title}</h1>
        </div>
        <div className="learn-status learn-sm" data-testid="learn-countdown">
          {countdown ? <Countdown countdown={countdown} /> : null}
          {signedIn && playlist.canLearn ? <span className="learn-block learn-muted">{t('learn_completed_count', { done, total: lectures.length })}</span> : null}
        </div>
      </div>
      {!playlist.canLearn && playlist.lock ? (
        <p role="note" data-testid="learn-lock-notice" className="learn-notice">
          {lockText(playlist.lock, t, releaseDate)}
        </p>
      ) : null}
      <div className="learn-columns">
        <section aria-labelledby="lecture-title" className="learn-main">
          <p className="learn-xs learn-muted">{t('learn_now_playing')}</p>
          <h2 id="lecture-title" className="learn-lecture-title">
            {selected.name}
          </h2>
          <LectureContent key={selected.id} lecture={selected} course={course} signedIn={signedIn} onFinished={onFinished} />
        </section>
        <Panel as="nav" aria-labelledby="playlist-title" className="learn-playlist">
          <h2 id="playlist-title" className="learn-playlist-title learn-bold">
            {t('playlist_sections')}
          </h2>
          {lectures.length === 0 ? <p className="learn-px-3">{t('learn_no_lectures')}</p> : null}
          {sections.map((section, index) => (
            <div key={section.id ?? `loose-${index}`} className="learn-mt-2">
              {section.name ? <h3 className="learn-section-title learn-sm learn-bold learn-muted">{section.name}</h3> : null}
              <ul>
                {section.lectures.map((lecture) => (
                  <LectureRow key={lecture.id} lecture={lecture} selected={lecture.id === selected.id} />
                ))}
              </ul>
            </div>
          ))}
        </Panel>
      </div>
    </div>
  );
}
