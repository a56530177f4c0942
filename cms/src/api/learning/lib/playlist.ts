/**
 * The playlist built from the rows read: the lectures under their sections (a lecture of no
 * section in a last, nameless one), locked lectures listed without their content, each with the
 * caller's progress, and the lecture to open first. Progress rows read back as progress items.
 */
import { fileDto } from '../../../lib/media';
import type { LectureLockReason, LectureRow, Playlist, PlaylistSection, ProgressItem, ProgressRow } from './types';

/** The lecture columns the playlist reads. */
export const PLAYLIST_LECTURE_FIELDS = [
  'id',
  'lectures_name',
  'lectures_location',
  'lectures_preview',
  'lectures_content_type',
  'content_text',
  'quiz_id',
  'quiz_require_all_answers',
  'quiz_pass_to_complete',
  'quiz_pass_score',
  'quiz_integration_type',
  'quiz_reset_progress_if_not_passed',
  'homework_id',
  'upload_video_type',
  'video_id',
  'video_name',
  'video_url',
  'video_length',
  'is_subtitle',
] as const;

export const time = (value: string | Date | null | undefined): number => (value ? new Date(value).getTime() || 0 : 0);
export const iso = (value: string | Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** Several progress rows of one lecture (two first saves at once) read as one: furthest along wins. */
export function mergeProgress(rows: ProgressRow[]): Map<number, ProgressRow> {
  const byLecture = new Map<number, ProgressRow>();
  for (const row of rows) {
    const lectureId = row.lecture?.id;
    if (!lectureId) continue;
    const seen = byLecture.get(lectureId);
    if (!seen || time(row.updatedAt) > time(seen.updatedAt)) {
      byLecture.set(lectureId, { ...row, completed: Boolean(row.completed || seen?.completed), completed_at: seen?.completed_at ?? row.completed_at });
    } else if (row.completed && !seen.completed) {
      byLecture.set(lectureId, { ...seen, completed: true, completed_at: row.completed_at });
    }
  }
  return byLecture;
}

/** The playlist from the course's sections, lectures and the caller's progress rows; `canLearn` opens every lecture, else only previews. */
export function buildPlaylist(input: {
  sections: { id: number; sections_name: string; sections_location: number | null }[];
  lectures: LectureRow[];
  progress: ProgressRow[];
  canLearn: boolean;
  reason: LectureLockReason | null;
  releaseDate: string | null;
}): Playlist {
  const { sections, lectures, progress, canLearn, reason, releaseDate } = input;
  const progressByLecture = mergeProgress(progress);

  const groups: PlaylistSection[] = sections.map((section) => ({
    sections_id: section.id,
    sections_name: section.sections_name,
    sections_location: section.sections_location ?? null,
    lectures: [],
  }));
  const bySection = new Map(groups.map((group) => [group.sections_id, group]));
  let loose: PlaylistSection | null = null;

  for (const lecture of lectures) {
    let group = lecture.section ? bySection.get(lecture.section.id) : undefined;
    if (!group) {
      loose ??= { sections_id: null, sections_name: null, sections_location: null, lectures: [] };
      group = loose;
    }
    const open = lecture.lectures_preview === true || canLearn;
    const saved = progressByLecture.get(lecture.id);
    const videoFile = open ? fileDto(lecture.video_file) : null;
    group.lectures.push({
      sections_id: group.sections_id,
      sections_name: group.sections_name,
      sections_location: group.sections_location,
      lectures_id: lecture.id,
      lectures_name: lecture.lectures_name,
      lectures_location: lecture.lectures_location ?? 0,
      lectures_preview: lecture.lectures_preview === true,
      lectures_content_type: lecture.lectures_content_type,
      locked: !open,
      lock_reason: open ? null : reason,
      release_date: open ? null : releaseDate,
      content_text: open ? (lecture.content_text ?? null) : null,
      content_file: open ? fileDto(lecture.content_file) : null,
      quiz_id: open ? (lecture.quiz_id ?? null) : null,
      quiz_require_all_answers: open ? (lecture.quiz_require_all_answers ?? null) : null,
      quiz_pass_to_complete: open ? (lecture.quiz_pass_to_complete ?? null) : null,
      quiz_pass_score: open ? (lecture.quiz_pass_score ?? null) : null,
      quiz_integration_type: open ? (lecture.quiz_integration_type ?? null) : null,
      quiz_reset_progress_if_not_passed: open ? (lecture.quiz_reset_progress_if_not_passed ?? null) : null,
      homework_id: open ? (lecture.homework_id ?? null) : null,
      upload_video_type: lecture.upload_video_type ?? null,
      video_id: open ? (lecture.video_id ?? null) : null,
      video_name: open ? (lecture.video_name ?? null) : null,
      video_url: open ? lecture.video_url || videoFile?.url || null : null,
      video_file: videoFile,
      video_length: lecture.video_length ?? null,
      is_subtitle: lecture.is_subtitle === true,
      subtitle: open ? fileDto(lecture.subtitle) : null,
      position_seconds: saved ? (saved.position_seconds ?? 0) : null,
      completed: Boolean(saved?.completed),
      quiz_score: lecture.lectures_content_type === 'quiz' && open ? (saved?.quiz_score ?? null) : null,
    });
  }
  const dataResult = loose ? [...groups, loose] : groups;

  const items = dataResult.flatMap((section) => section.lectures);
  const open = items.filter((item) => !item.locked);
  const lastSaved = [...progressByLecture.values()].filter((row) => open.some((item) => item.lectures_id === row.lecture?.id)).sort((a, b) => time(b.updatedAt) - time(a.updatedAt) || b.id - a.id)[0];
  const videoResult =
    (lastSaved && open.find((item) => item.lectures_id === lastSaved.lecture?.id)) || open.find((item) => item.lectures_content_type === 'video' && item.video_url) || open[0] || null;

  return { dataResult, videoResult, access: { canLearn, reason, releaseDate } };
}

export function toProgressItem(row: ProgressRow, courseId: number): ProgressItem {
  return {
    id: row.id,
    course_id: courseId,
    section_id: row.lecture?.section?.id ?? null,
    lectures_id: row.lecture?.id ?? 0,
    position_seconds: Math.max(0, row.position_seconds ?? 0),
    completed: row.completed === true,
    completed_at: iso(row.completed_at),
    updated_at: iso(row.updatedAt),
  };
}
