/** The quiz and homework lecture pages' views. Built in lib/lecture-pages.server.ts. */

export type LectureRef = { courseId: number; lectureId: number };

export type QuizView = {
  lectureId: number;
  quizId: number | null;
  name: string;
  passScore: number | null;
  requireAllAnswers: boolean;
  /** Null when unlimited. */
  attemptsLeft: number | null;
  attempts: number;
  /** The best score so far in whole percent. */
  score: number | null;
  passed: boolean;
  questions: { index: number; question: string; choices: string[] }[];
};

export type QuizResultView = { score: number; correct: number; total: number; passed: boolean };

export type QuizActionData = { result: QuizResultView; error?: undefined } | { error: string; result?: undefined };

/** Where the page links back to: the course's playlist at this lecture. */
export type LecturePageCourse = { title: string; playlistPath: string };

export type HomeworkFileView = { name: string; mime: string | null; size: number | null };

export type HomeworkView = {
  lectureId: number;
  homeworkId: number | null;
  name: string;
  instructions: string | null;
  submissions: { id: number; submittedAt: string | null; files: HomeworkFileView[] }[];
};

export type HomeworkActionData = { ok: true; error?: undefined } | { error: string; ok?: undefined };

/** A hand-in as the shop administrator's list shows it; files open through /admin/homework/file/{name}. */
export type AdminHomeworkView = {
  id: number;
  submittedAt: string | null;
  student: { username: string; name: string; email: string | null } | null;
  course: string | null;
  lecture: string | null;
  files: HomeworkFileView[];
};
