/**
 * The quiz and homework lectures on the server. The CMS decides who may open them (the
 * playlist's rule), scores a quiz and keeps the score; the browser sends only the chosen
 * choices and the student's files, and the student's token stays here.
 */
import { data, redirect } from '@remix-run/node';
import { z } from 'zod';
import { callJson, CmsApiError, CmsError, getCourseDetail, isCmsNotFound, postJson, uploadFiles, type CallOptions } from './cms.server';
import { nullableNumber } from './cms-schemas.server';
import type { AdminHomeworkView, HomeworkFileView, HomeworkView, LecturePageCourse, LectureRef, QuizResultView, QuizView } from '~/models/lecture-pages/types';

const QuizSchema = z.looseObject({
  lecture_id: z.number().int(),
  quiz_id: nullableNumber,
  name: z.string(),
  pass_score: nullableNumber,
  require_all_answers: z.boolean(),
  attempts: z.number().int(),
  attempts_left: nullableNumber,
  score: nullableNumber,
  passed: z.boolean(),
  questions: z.array(z.looseObject({ index: z.number().int(), question: z.string(), choices: z.array(z.string()) })),
});

const QuizResponseSchema = z.object({ success: z.literal(true), data: QuizSchema });
const QuizSubmitResponseSchema = z.object({
  success: z.literal(true),
  data: QuizSchema.extend({ result: z.looseObject({ score: z.number(), correct: z.number(), total: z.number(), passed: z.boolean() }) }),
});

function quizView(data: z.infer<typeof QuizSchema>): QuizView {
  return {
    lectureId: data.lecture_id,
    quizId: data.quiz_id,
    name: data.name,
    passScore: data.pass_score,
    requireAllAnswers: data.require_all_answers,
    attemptsLeft: data.attempts_left,
    attempts: data.attempts,
    score: data.score,
    passed: data.passed,
    questions: data.questions.map((question) => ({ index: question.index, question: question.question, choices: question.choices })),
  };
}

const quizPath = ({ courseId, lectureId }: LectureRef) => `/private/course/${courseId}/quiz/${lectureId}`;

/** The quiz lecture for the signed-in student: questions without answers, attempts and best score. */
export async function getQuiz(ref: LectureRef, options: CallOptions & { jwt: string }): Promise<QuizView> {
  return quizView((await callJson(quizPath(ref), QuizResponseSchema, options)).data);
}

/** The chosen choice of each question (`q{index}` fields; a blank one is null), in question order. */
export function readQuizAnswers(formData: FormData, questionCount: number): (number | null)[] {
  return Array.from({ length: questionCount }, (_unused, index) => {
    const value = String(formData.get(`q${index}`) ?? '');
    return /^\d{1,3}$/.test(value) ? Number(value) : null;
  });
}

/** Hands the answers in; the CMS scores them. */
export async function submitQuiz(ref: LectureRef, answers: (number | null)[], options: CallOptions & { jwt: string }): Promise<{ quiz: QuizView; result: QuizResultView }> {
  const { data } = await postJson(quizPath(ref), QuizSubmitResponseSchema, { answers }, options);
  return { quiz: quizView(data), result: { score: data.result.score, correct: data.result.correct, total: data.result.total, passed: data.result.passed } };
}

/** `?course=..&lecture=..` of a quiz or homework page, or null when either is missing or not an id. */
export function lectureRefOf(url: URL): LectureRef | null {
  const id = (name: string) => {
    const value = url.searchParams.get(name) ?? '';
    return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
  };
  const courseId = id('course');
  const lectureId = id('lecture');
  return courseId !== null && lectureId !== null ? { courseId, lectureId } : null;
}

/** The course's title and the playlist address at this lecture, for the page's back link. */
export async function getLecturePageCourse(ref: LectureRef, options: CallOptions): Promise<LecturePageCourse> {
  const detail = await getCourseDetail(ref.courseId, options);
  return { title: detail.title, playlistPath: `${detail.link_path}/learn?lecture=${ref.lectureId}` };
}

const HomeworkFileSchema = z.looseObject({ name: z.string(), url: z.string(), mime: z.string().nullable(), size: nullableNumber });
const HomeworkSubmissionSchema = z.looseObject({ id: z.number().int(), submitted_at: z.string().nullable(), files: z.array(HomeworkFileSchema) });
const HomeworkResponseSchema = z.object({
  success: z.literal(true),
  data: z.looseObject({ lecture_id: z.number().int(), homework_id: nullableNumber, name: z.string(), instructions: z.string().nullable(), submissions: z.array(HomeworkSubmissionSchema) }),
});
const AdminHomeworkResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    HomeworkSubmissionSchema.extend({
      student: z.looseObject({ username: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
      course: z.looseObject({ title: z.string() }).nullable(),
      lecture: z.looseObject({ name: z.string() }).nullable(),
    }),
  ),
  pagination: z.looseObject({ page: z.number(), pageSize: z.number(), total: z.number() }),
});

const fileView = (file: z.infer<typeof HomeworkFileSchema>): HomeworkFileView => ({ name: file.name, mime: file.mime, size: file.size });

function homeworkView(data: z.infer<typeof HomeworkResponseSchema>['data']): HomeworkView {
  return {
    lectureId: data.lecture_id,
    homeworkId: data.homework_id,
    name: data.name,
    instructions: data.instructions,
    submissions: data.submissions.map((submission) => ({ id: submission.id, submittedAt: submission.submitted_at, files: submission.files.map(fileView) })),
  };
}

const homeworkPath = ({ courseId, lectureId }: LectureRef) => `/private/course/${courseId}/homework/${lectureId}`;

/** The homework lecture for the signed-in student: instructions and their hand-ins. */
export async function getHomework(ref: LectureRef, options: CallOptions & { jwt: string }): Promise<HomeworkView> {
  return homeworkView((await callJson(homeworkPath(ref), HomeworkResponseSchema, options)).data);
}

/** Uploads the student's files as their own private uploads, then hands them in. */
export async function submitHomework(ref: LectureRef, files: readonly File[], options: CallOptions & { jwt: string }): Promise<HomeworkView> {
  const names = await uploadFiles(files, options);
  return homeworkView((await postJson(homeworkPath(ref), HomeworkResponseSchema, { files: names }, options)).data);
}

/** One page of every hand-in, newest first, for a shop administrator. */
export async function listHomework(page: number, options: CallOptions & { jwt: string }): Promise<{ items: AdminHomeworkView[]; page: number; pages: number }> {
  const answer = await callJson(`/private/admin/homework?page=${page}&pageSize=20`, AdminHomeworkResponseSchema, options);
  return {
    items: answer.data.map((item) => ({
      id: item.id,
      submittedAt: item.submitted_at,
      student: item.student ? { username: item.student.username, name: item.student.name, email: item.student.email } : null,
      course: item.course?.title ?? null,
      lecture: item.lecture?.name ?? null,
      files: item.files.map(fileView),
    })),
    page: answer.pagination.page,
    pages: Math.max(1, Math.ceil(answer.pagination.total / answer.pagination.pageSize)),
  };
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** A refusal of the CMS as a quiz or homework page's answer: sign in again (401), locked with the CMS's code (403), not found, or unavailable. */
export function lecturePageError(error: unknown, url: URL, what: string): never {
  if (error instanceof CmsApiError && error.status === 401) throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`, { headers: NO_STORE });
  if (error instanceof CmsApiError && error.status === 403) throw data({ code: error.code }, { status: 403, headers: NO_STORE });
  if (isCmsNotFound(error) || (error instanceof CmsApiError && error.status === 400)) throw data(null, { status: 404, headers: NO_STORE });
  if (error instanceof CmsError || error instanceof CmsApiError) {
    console.error(`[${what}] unavailable: ${error.message}`);
    throw data(null, { status: 503, headers: NO_STORE });
  }
  throw error;
}

const STORED_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

/** True when `name` is a file of a hand-in the CMS lists to this administrator: the only private files /admin/homework/file serves. */
export async function isHandedInFile(name: string, options: CallOptions & { jwt: string }): Promise<boolean> {
  if (!STORED_NAME.test(name)) return false;
  for (let page = 1; page <= 50; page += 1) {
    const list = await listHomework(page, options);
    if (list.items.some((item) => item.files.some((file) => file.name === name))) return true;
    if (page >= list.pages) break;
  }
  return false;
}
