/** What the learning calls answer (course access, the playlist, progress) and the rows they read. */
import type { ErrorCode, OrderStatus, PlanType, TermUnit } from '@sala/shared/constants';
import type { CountdownRecord } from '@sala/shared/plans';
import type { FileDto, UploadFile } from '../../../lib/media';
import type { PictureSource } from '../../../lib/media';

/** Why a course's lectures are closed to the caller; each is an error code with a Thai message. */
export type LockReason = Extract<ErrorCode, 'UNAUTHORIZED' | 'COURSE_ACCESS_DENIED' | 'ORDER_IN_PROGRESS' | 'COURSE_NOT_PURCHASED' | 'COURSE_ACCESS_EXPIRED'>;

/** Why a lecture of the playlist is closed: the course's lock, or a class start date still ahead. */
export type LectureLockReason = LockReason | Extract<ErrorCode, 'NOT_RELEASED'>;

export type CourseAccess = {
  /** May open every lecture of the course now. */
  canLearn: boolean;
  reason: LockReason | null;
  /** The user group may access the course (always true when the rule is off or the course is open to all). */
  groupAllowed: boolean;
  /** The status of the caller's latest order holding the course, and its id. */
  statusOrder: OrderStatus | null;
  latestOrderId: number | null;
  hasApprovedOrder: boolean;
  /** The countdown of the approved order that gives access (or, when all ran out, the last to run out). */
  countdown: CountdownRecord | null;
};

export type PlaylistLecture = {
  sections_id: number | null;
  sections_name: string | null;
  sections_location: number | null;
  lectures_id: number;
  lectures_name: string;
  lectures_location: number;
  lectures_preview: boolean;
  lectures_content_type: string;
  locked: boolean;
  lock_reason: LectureLockReason | null;
  /** When a lecture locked as NOT_RELEASED opens (ISO); null otherwise. */
  release_date: string | null;
  content_text: string | null;
  content_file: FileDto | null;
  quiz_id: number | null;
  quiz_require_all_answers: boolean | null;
  quiz_pass_to_complete: boolean | null;
  quiz_pass_score: number | null;
  quiz_integration_type: string | null;
  quiz_reset_progress_if_not_passed: boolean | null;
  homework_id: number | null;
  upload_video_type: string | null;
  video_id: string | null;
  video_name: string | null;
  video_url: string | null;
  video_file: FileDto | null;
  /** Seconds; shown for locked lectures too, as the curriculum does. */
  video_length: number | null;
  is_subtitle: boolean;
  subtitle: FileDto | null;
  /** The caller's progress in this lecture; null for a visitor or before the first save. */
  position_seconds: number | null;
  completed: boolean;
  /** The caller's best score of a quiz lecture in whole percent; null for other lectures or before the first hand-in. */
  quiz_score: number | null;
};

export type PlaylistSection = {
  sections_id: number | null;
  sections_name: string | null;
  sections_location: number | null;
  lectures: PlaylistLecture[];
};

export type Playlist = {
  dataResult: PlaylistSection[];
  /** The lecture to open first: where the student left off, else the first open video, else the first open lecture. */
  videoResult: PlaylistLecture | null;
  access: { canLearn: boolean; reason: LectureLockReason | null; releaseDate: string | null };
};

export type ProgressItem = {
  id: number;
  course_id: number;
  section_id: number | null;
  lectures_id: number;
  position_seconds: number;
  completed: boolean;
  completed_at: string | null;
  updated_at: string | null;
};

export type LineRow = {
  id: number;
  order?: { id: number; state: OrderStatus; approved_at?: string | Date | null; createdAt?: string | Date | null } | null;
  pricing_plan?: { id: number; plan_type: PlanType; term: number | null; term_unit: TermUnit | null; term_2: number | null; term_unit_2: TermUnit | null } | null;
};

export type LectureRow = {
  id: number;
  lectures_name: string;
  lectures_location: number | null;
  lectures_preview: boolean | null;
  lectures_content_type: string;
  content_text: string | null;
  quiz_id: number | null;
  quiz_require_all_answers: boolean | null;
  quiz_pass_to_complete: boolean | null;
  quiz_pass_score: number | null;
  quiz_integration_type: string | null;
  quiz_reset_progress_if_not_passed: boolean | null;
  homework_id: number | null;
  upload_video_type: string | null;
  video_id: string | null;
  video_name: string | null;
  video_url: string | null;
  video_length: number | null;
  is_subtitle: boolean | null;
  content_file?: UploadFile | null;
  video_file?: UploadFile | null;
  subtitle?: UploadFile | null;
  section?: { id: number } | null;
  course?: { id: number } | null;
};

export type ProgressRow = {
  id: number;
  position_seconds: number | null;
  completed: boolean | null;
  completed_at: string | Date | null;
  quiz_score?: number | null;
  updatedAt?: string | Date | null;
  lecture?: { id: number; section?: { id: number } | null } | null;
};

/** One course of GET /private/myaccount/students/courses: a course the caller holds an approved order for. */
export type MyCourse = {
  course_id: number;
  title: string;
  link_path: string;
  course_type: string;
  picture_url: string | null;
  /** WebP renditions for the card's srcset (ADR 193). */
  picture_sources: PictureSource[];
  lectures_total: number;
  lectures_completed: number;
  /** Access left: `lifetime` for a plan without term; otherwise whole days left (rounded up) and when it ends. */
  access: { lifetime: boolean; days_left: number | null; finish_at: string | null; expired: boolean };
  can_learn: boolean;
  lock_reason: LockReason | null;
  /** The lecture the caller saved last in this course, to continue from; null before the first save. */
  last_lecture_id: number | null;
  approved_at: string | null;
};

/** A quiz lecture as its page shows it: the questions without their answers, and the caller's attempts and best score. */
export type QuizView = {
  lecture_id: number;
  course_id: number;
  quiz_id: number | null;
  name: string;
  /** Whole percent needed to pass; null when any hand-in passes. */
  pass_score: number | null;
  require_all_answers: boolean;
  pass_to_complete: boolean;
  /** 0 for unlimited. */
  max_attempts: number;
  attempts: number;
  /** Null when unlimited. */
  attempts_left: number | null;
  /** The best score so far in whole percent, null before the first hand-in. */
  score: number | null;
  passed: boolean;
  completed: boolean;
  questions: { index: number; question: string; choices: string[] }[];
};

/** The score of one hand-in, counted by the server. */
export type QuizResult = { score: number; correct: number; total: number; passed: boolean };
