/**
 * A quiz lecture's questions as editors store them (`quiz_questions`), what a student may see
 * of them (no answers), and the score of a hand-in, counted here and nowhere else.
 */
import { z } from 'zod';

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
