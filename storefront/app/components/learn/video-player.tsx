/**
 * An HTML5 video lecture that starts where the student stopped and saves where they are:
 * every 10 s while playing, on pause, on a seek, at the end (completed), when the lecture
 * changes and when the page is left (sendBeacon). Saves go to the playlist's own progress
 * route, which adds the student from the session. Styled by styles/learn.css (ADR 208).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LectureView } from '~/models/learn/types';
import { useT } from '~/models/i18n';
import { formatDuration } from '~/components/course/format';

/** How often a playing video's position is saved. */
export const SAVE_EVERY_MS = 10_000;

export type ProgressInput = { lectureId: number; position: number; completed?: boolean };

/** Sends a position to the progress route; `beacon` when the page is going away. Failures are not the student's problem: the next save retries. */
export function postProgress(url: string, input: ProgressInput, beacon = false): void {
  const body = new URLSearchParams({ lectureId: String(input.lectureId), position: String(Math.max(0, Math.floor(input.position))), completed: input.completed ? 'true' : 'false' });
  if (beacon && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

type Props = { progressUrl: string; lecture: LectureView; video: NonNullable<LectureView['video']>; saves: boolean; onFinished?: (lectureId: number) => void };

export function VideoPlayer({ progressUrl, lecture, video, saves, onFinished }: Props) {
  const t = useT();
  const ref = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef({ at: 0, position: -1 });
  const resumed = useRef(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  // A lecture watched to the end starts again from the beginning.
  const start = lecture.completed && lecture.seconds !== null && lecture.positionSeconds >= lecture.seconds - 2 ? 0 : lecture.positionSeconds;

  const save = useCallback(
    (options: { completed?: boolean; beacon?: boolean; force?: boolean } = {}) => {
      const element = ref.current;
      if (!saves || !element || !resumed.current) return;
      const position = Math.floor(element.currentTime);
      if (!options.force && !options.completed && position === lastSaved.current.position) return;
      lastSaved.current = { at: Date.now(), position };
      postProgress(progressUrl, { lectureId: lecture.id, position, completed: options.completed }, options.beacon);
    },
    [lecture.id, progressUrl, saves],
  );

  const resume = useCallback(() => {
    const element = ref.current;
    if (!element || resumed.current) return;
    resumed.current = true;
    if (start > 0 && (!Number.isFinite(element.duration) || start < element.duration - 1)) {
      element.currentTime = start;
      setResumedAt(start);
    }
    lastSaved.current = { at: Date.now(), position: Math.floor(start) };
  }, [start]);

  useEffect(() => {
    const element = ref.current;
    // The metadata may have arrived before the page hydrated.
    if (element && element.readyState >= 1) resume();
    const onPageHide = () => save({ beacon: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      save();
    };
  }, [resume, save]);

  const resumedLabel = resumedAt !== null ? formatDuration(resumedAt) : null;
  return (
    <div>
      <video
        className="learn-video"
        ref={ref}
        data-testid="lecture-video"
        data-lecture-id={lecture.id}
        controls
        playsInline
        preload="metadata"
        crossOrigin={video.subtitleUrl ? 'anonymous' : undefined}
        onLoadedMetadata={resume}
        onTimeUpdate={() => {
          if (Date.now() - lastSaved.current.at >= SAVE_EVERY_MS) save();
        }}
        onPause={() => save()}
        onSeeked={() => save()}
        onEnded={() => {
          save({ completed: true });
          if (saves) onFinished?.(lecture.id);
        }}
      >
        <source src={video.url} type={video.mime ?? undefined} />
        {video.subtitleUrl ? <track kind="subtitles" src={video.subtitleUrl} srcLang="th" label={t('learn_subtitles')} default /> : null}
        {t('learn_video_unsupported')}
      </video>
      {resumedLabel ? (
        <p className="learn-mt-2 learn-sm learn-muted" data-testid="video-resumed">
          {t('learn_resumed_at', { time: resumedLabel })}
        </p>
      ) : null}
    </div>
  );
}
