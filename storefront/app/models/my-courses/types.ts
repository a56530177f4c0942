/** One course of the student's "my courses" page, as the loader builds it from the CMS answer. */
export type MyCourseView = {
  id: number;
  title: string;
  path: string;
  pictureUrl: string | null;
  /** The picture's WebP renditions as a `srcset` (ADR 193); null when it has none. */
  pictureSrcSet: string | null;
  lecturesTotal: number;
  lecturesCompleted: number;
  /** Whole days of access left; null for unlimited access. */
  daysLeft: number | null;
  unlimited: boolean;
  expired: boolean;
  canLearn: boolean;
  /** Why the lessons do not open now (an error code with a Thai message); null when they do. */
  lockReason: string | null;
  /** The playlist, opened at the lecture saved last when there is one. */
  continuePath: string;
  /** True when the student has saved progress in the course (the link reads "continue" rather than "start"). */
  started: boolean;
};
