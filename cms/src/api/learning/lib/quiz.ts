/**
 * A quiz lecture's questions as editors store them (`quiz_questions`), what a student may see
 * of them (no answers), and the score of a hand-in, counted here and nowhere else.
 */
import { z } from 'zod';
import type { LectureRow, QuizView } from './types';

const StoredQuestionSchema = z.object({
  question: z.string().trim().min(1),
  choices: z.array(z.string().trim().min(1)).min(2),
  answer: z.number().int().min(0),
});

export type QuizQuestion = z.infer<typeof StoredQuestionSchema>;

/** The questions an editor stored; one that is malformed (no text, under two choices, an answer outside them) is left out rather than failing the quiz. */
export function readQuestions(stored: unknown): QuizQuestion[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const parsed = StoredQuestionSchema.safeParse(item);
    return parsed.success && parsed.data.answer < parsed.data.choices.length ? [parsed.data] : [];
  });
}

/** The questions as the student sees them: the text and the choices, never the answer. */
export function publicQuestions(questions: QuizQuestion[]): { index: number; question: string; choices: string[] }[] {
  return questions.map((question, index) => ({ index, question: question.question, choices: question.choices }));
}

/**
 * The score in whole percent (rounded half up) of `answers`, one per question in order, null
 * for one left blank. A choice outside a question's choices counts as wrong.
 */
export function scoreQuiz(questions: QuizQuestion[], answers: (number | null)[]): { correct: number; total: number; score: number } {
  const total = questions.length;
  const correct = questions.filter((question, index) => answers[index] === question.answer).length;
  return { correct, total, score: total === 0 ? 0 : Math.floor((correct * 100 + Math.floor(total / 2)) / total) };
}

/** True when each question has an answer. */
export function answersAll(questions: QuizQuestion[], answers: (number | null)[]): boolean {
  return questions.every((_question, index) => typeof answers[index] === 'number');
}

/** The lecture columns a quiz page reads. */
export const QUIZ_FIELDS = ['lectures_name', 'quiz_id', 'quiz_require_all_answers', 'quiz_pass_to_complete', 'quiz_pass_score', 'quiz_questions', 'quiz_max_attempts'];

export type QuizLecture = LectureRow & { quiz_questions?: unknown; quiz_max_attempts?: number | null };
export type QuizProgress = { id: number; completed: boolean | null; completed_at: string | Date | null; quiz_score: number | null; quiz_attempts: number | null };

/** A quiz as its page shows it: the questions without their answers, attempts, the best score. */
export function quizView(lecture: QuizLecture, courseId: number, rows: QuizProgress[]): QuizView {
  const attempts = Math.max(0, ...rows.map((row) => row.quiz_attempts ?? 0));
  const scores = rows.map((row) => row.quiz_score).filter((score): score is number => typeof score === 'number');
  const best = scores.length > 0 ? Math.max(...scores) : null;
  const maxAttempts = lecture.quiz_max_attempts ?? 0;
  const passScore = lecture.quiz_pass_score ?? null;
  return {
    lecture_id: lecture.id,
    course_id: courseId,
    quiz_id: lecture.quiz_id ?? null,
    name: lecture.lectures_name,
    pass_score: passScore,
    require_all_answers: lecture.quiz_require_all_answers === true,
    pass_to_complete: lecture.quiz_pass_to_complete === true,
    max_attempts: maxAttempts,
    attempts,
    attempts_left: maxAttempts > 0 ? Math.max(0, maxAttempts - attempts) : null,
    score: best,
    passed: best !== null && (passScore === null || best >= passScore),
    completed: rows.some((row) => row.completed === true),
    questions: publicQuestions(readQuestions(lecture.quiz_questions)),
  };
}
