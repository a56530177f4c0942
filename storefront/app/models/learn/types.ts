/** A course's lectures and access countdown as the learning page shows them. Built in lib/learning.server.ts. */

/** Why a lecture cannot be opened: the CMS's codes, a course whose classes have not started yet (NOT_RELEASED) included. */
export type LectureLock = 'UNAUTHORIZED' | 'COURSE_ACCESS_DENIED' | 'ORDER_IN_PROGRESS' | 'COURSE_NOT_PURCHASED' | 'COURSE_ACCESS_EXPIRED' | 'NOT_RELEASED';

export type LectureKind = 'video' | 'text' | 'file' | 'quiz' | 'homework';

export type LectureView = {
  id: number;
  name: string;
  kind: LectureKind;
  preview: boolean;
  lock: LectureLock | null;
  /** When a NOT_RELEASED lecture opens (ISO), as the CMS says. */
  releaseDate: string | null;
  /** Seconds, shown for locked lectures too. */
  seconds: number | null;
  positionSeconds: number;
  completed: boolean;
  video: { url: string; mime: string | null; subtitleUrl: string | null } | null;
  /** An external player's page (YouTube, Vimeo) when the video is not a file the browser plays. */
  externalUrl: string | null;
  text: string | null;
  file: { url: string; name: string } | null;
  quizId: number | null;
  quizPassScore: number | null;
  /** The student's best score of a quiz lecture in whole percent, counted by the CMS; null before the first hand-in. */
  quizScore: number | null;
  homeworkId: number | null;
};

export type SectionView = { id: number | null; name: string | null; lectures: LectureView[] };

export type CountdownView = { lifetime: boolean; remainingMs: number; finishAt: string | null; expired: boolean; completedLectures: number };

export type PlaylistView = {
  canLearn: boolean;
  lock: LectureLock | null;
  /** When the course's lectures open to its buyers (ISO), while that is still ahead; from the CMS. */
  releaseDate: string | null;
  sections: SectionView[];
  /** The lecture to open first: where the student stopped, else the first open one. */
  resumeLectureId: number | null;
};
