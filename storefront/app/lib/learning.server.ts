/**
 * The video playlist on the server: the CMS's playlist, the student's access countdown and
 * their saved positions, turned into what /courses/{id}-{slug}/learn shows. The student's
 * token stays here; the browser only ever sends a lecture and a second, and the CMS takes
 * the student from the token.
 */
import { z } from 'zod';
import { callJson, postJson, toPublicAssetUrl, type CallOptions } from './cms.server';
import type { CountdownView, LectureKind, LectureLock, LectureView, PlaylistView } from '~/models/learn/types';
import { nullableString, nullableNumber } from './cms-schemas.server';

const FileSchema = z
  .looseObject({ name: nullableString, url: z.string(), mime: nullableString })
  .nullable()
  .optional()
  .transform((value) => value ?? null);

const LockReasonSchema = nullableString;

const PlaylistLectureSchema = z.looseObject({
  sections_id: nullableNumber,
  lectures_id: z.number().int(),
  lectures_name: z.string(),
  lectures_preview: z.boolean(),
  lectures_content_type: z.string(),
  locked: z.boolean(),
  lock_reason: LockReasonSchema,
  release_date: nullableString,
  content_text: nullableString,
  content_file: FileSchema,
  quiz_id: nullableNumber,
  quiz_pass_score: nullableNumber,
  homework_id: nullableNumber,
  upload_video_type: nullableString,
  video_name: nullableString,
  video_url: nullableString,
  video_file: FileSchema,
  video_length: nullableNumber,
  is_subtitle: z.boolean().optional().default(false),
  subtitle: FileSchema,
  position_seconds: nullableNumber,
  completed: z.boolean().optional().default(false),
  quiz_score: nullableNumber.optional().transform((value) => value ?? null),
});

const PlaylistResponseSchema = z.looseObject({
  dataResult: z.array(
    z.looseObject({
      sections_id: nullableNumber,
      sections_name: nullableString,
      lectures: z.array(PlaylistLectureSchema),
    }),
  ),
  videoResult: PlaylistLectureSchema.nullable(),
  canLearn: z.boolean(),
  lockReason: LockReasonSchema,
  releaseDate: nullableString,
});

const CountdownResponseSchema = z.looseObject({
  data: z.looseObject({
    planType: z.string(),
    countDownTime: nullableNumber,
    finishDateTime: nullableString,
    expired: z.boolean(),
    readLecture: z.number().optional().default(0),
  }),
});

const ProgressResponseSchema = z.looseObject({
  data: z.looseObject({ lectures_id: z.number(), position_seconds: z.number(), completed: z.boolean() }),
});

const LOCKS: readonly LectureLock[] = ['UNAUTHORIZED', 'COURSE_ACCESS_DENIED', 'ORDER_IN_PROGRESS', 'COURSE_NOT_PURCHASED', 'COURSE_ACCESS_EXPIRED', 'NOT_RELEASED'];

function lockOf(value: string | null): LectureLock | null {
  if (value === null) return null;
  return (LOCKS as readonly string[]).includes(value) ? (value as LectureLock) : 'COURSE_NOT_PURCHASED';
}

const KINDS: readonly LectureKind[] = ['video', 'text', 'file', 'quiz', 'homework'];
const PLAYABLE = /\.(mp4|webm|ogv|m4v|mov)(\?|$)/i;

function lectureView(wire: z.infer<typeof PlaylistLectureSchema>): LectureView {
  const kind = (KINDS as readonly string[]).includes(wire.lectures_content_type) ? (wire.lectures_content_type as LectureKind) : 'text';
  // The CMS decides what is locked and why (a start date still ahead included) and leaves the content out.
  const lock = wire.locked ? (lockOf(wire.lock_reason) ?? 'COURSE_NOT_PURCHASED') : null;
  const open = lock === null;
  const videoUrl = open ? toPublicAssetUrl(wire.video_file?.url ?? wire.video_url) : null;
  const isFile = Boolean(videoUrl && (wire.video_file || PLAYABLE.test(videoUrl)));
  return {
    id: wire.lectures_id,
    name: wire.lectures_name,
    kind,
    preview: wire.lectures_preview,
    lock,
    releaseDate: lock === 'NOT_RELEASED' ? wire.release_date : null,
    seconds: wire.video_length,
    positionSeconds: Math.max(0, Math.floor(wire.position_seconds ?? 0)),
    completed: wire.completed,
    video: kind === 'video' && videoUrl && isFile ? { url: videoUrl, mime: wire.video_file?.mime ?? null, subtitleUrl: wire.is_subtitle ? toPublicAssetUrl(wire.subtitle?.url ?? null) : null } : null,
    externalUrl: kind === 'video' && videoUrl && !isFile ? videoUrl : null,
    text: open ? wire.content_text : null,
    file: open && wire.content_file ? { url: toPublicAssetUrl(wire.content_file.url)!, name: wire.content_file.name ?? wire.lectures_name } : null,
    quizId: open ? wire.quiz_id : null,
    quizPassScore: open ? wire.quiz_pass_score : null,
    quizScore: open ? wire.quiz_score : null,
    homeworkId: open ? wire.homework_id : null,
  };
}

/**
 * The course's playlist for the caller (a visitor when `jwt` is null), as the CMS opens it:
 * before the course's class start, a student who may learn sees every lecture but only the
 * previews open, each other one locked as NOT_RELEASED with the date it opens.
 */
export async function getPlaylist(courseId: number, options: CallOptions): Promise<PlaylistView> {
  const answer = await callJson(`/public/course/videoplaylist/${courseId}`, PlaylistResponseSchema, options);
  const sections = answer.dataResult.map((section) => ({
    id: section.sections_id,
    name: section.sections_name,
    lectures: section.lectures.map((lecture) => lectureView(lecture)),
  }));
  const lectures = sections.flatMap((section) => section.lectures);
  const resume = answer.videoResult ? lectures.find((lecture) => lecture.id === answer.videoResult!.lectures_id && lecture.lock === null) : undefined;
  const lock = answer.canLearn ? null : lockOf(answer.lockReason);
  return {
    canLearn: answer.canLearn,
    lock,
    releaseDate: lock === 'NOT_RELEASED' ? answer.releaseDate : null,
    sections,
    resumeLectureId: resume?.id ?? lectures.find((lecture) => lecture.lock === null)?.id ?? null,
  };
}

/** The signed-in student's access countdown for the course, or null when they hold no approved order. */
export async function getCountdown(courseId: number, options: CallOptions & { jwt: string }): Promise<CountdownView | null> {
  try {
    const { data } = await callJson(`/private/course/countdowntime/${courseId}`, CountdownResponseSchema, options);
    return {
      lifetime: data.countDownTime === null,
      remainingMs: Math.max(0, data.countDownTime ?? 0),
      finishAt: data.finishDateTime,
      expired: data.expired,
      completedLectures: data.readLecture,
    };
  } catch (error) {
    if (error instanceof Error && 'status' in error && (error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export const ProgressFormSchema = z.object({
  lectureId: z.coerce.number().int().positive(),
  position: z.coerce.number().finite().min(0).max(10_000_000),
  completed: z
    .union([z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0'), z.boolean()])
    .optional()
    .transform((value) => value === true || value === 'true' || value === '1'),
});

/** Saves where the signed-in student is in a lecture; the CMS takes the student from the token. */
export async function saveProgress(courseId: number, input: z.infer<typeof ProgressFormSchema>, options: CallOptions & { jwt: string }) {
  const { data } = await postJson(
    '/private/progress',
    ProgressResponseSchema,
    { course_id: courseId, lecture_id: input.lectureId, position_seconds: Math.floor(input.position), completed: input.completed },
    options,
  );
  return { lectureId: data.lectures_id, positionSeconds: data.position_seconds, completed: data.completed };
}
