/**
 * Homework lectures: the instructions for a student who may open the lecture (the playlist's
 * rule), their hand-ins of files they uploaded themselves (private uploads, ADR 151), and the
 * list of hand-ins the shop's administrators read.
 */
import type { Core } from '@strapi/strapi';
import { badRequest, notFound } from '../../../lib/errors';
import type { AttachableUpload } from '../../storage/services/storage';

const SUBMISSION_UID = 'api::learning.homework-submission';
const STORAGE_SERVICE = 'api::storage.storage';

/** A file of a hand-in: read through /private/files by its owner and shop administrators only. */
export type HomeworkFileDto = { name: string; url: string; mime: string | null; size: number | null };
export type HomeworkSubmissionDto = { id: number; submitted_at: string | null; files: HomeworkFileDto[] };
export type HomeworkView = { lecture_id: number; course_id: number; homework_id: number | null; name: string; instructions: string | null; submissions: HomeworkSubmissionDto[] };
export type AdminHomeworkDto = HomeworkSubmissionDto & {
  student: { id: number; username: string; name: string; email: string | null } | null;
  course: { id: number; title: string } | null;
  lecture: { id: number; name: string } | null;
};

type FileRow = { id: number; url: string | null; mime: string | null; size: number | null; name: string | null };
type SubmissionRow = {
  id: number;
  submitted_at: string | Date | null;
  files?: FileRow[] | null;
  user?: { id: number; username: string; firstname?: string | null; lastname?: string | null; email?: string | null } | null;
  course?: { id: number; title: string } | null;
  lecture?: { id: number; lectures_name: string } | null;
};

const storedName = (file: FileRow) => (file.url ?? '').split('/').pop() || file.name || '';

function submissionDto(row: SubmissionRow): HomeworkSubmissionDto {
  return {
    id: row.id,
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    // Strapi reports kilobytes; the wire carries bytes
    files: (row.files ?? []).map((file) => ({ name: storedName(file), url: `/private/files/${storedName(file)}`, mime: file.mime, size: file.size === null ? null : Math.round(file.size * 1024) })),
  };
}

const FILE_POPULATE = { select: ['id', 'url', 'mime', 'size', 'name'] };

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const learning = () => strapi.service('api::learning.learning');
  const storage = () => strapi.service(STORAGE_SERVICE);

  async function homeworkLecture(input: { userId: number; courseId: number; lectureId: number; now: Date; shopAdmin?: boolean }) {
    const lecture = await learning().openLecture({ ...input, fields: ['lectures_name', 'content_text', 'homework_id'] });
    if (lecture.lectures_content_type !== 'homework') throw notFound();
    return lecture as { id: number; lectures_name: string; content_text: string | null; homework_id: number | null };
  }

  async function ownSubmissions(userId: number, lectureId: number): Promise<HomeworkSubmissionDto[]> {
    const rows = (await strapi.db.query(SUBMISSION_UID).findMany({
      select: ['id', 'submitted_at'],
      where: { user: { id: userId }, lecture: { id: lectureId } },
      populate: { files: FILE_POPULATE },
      orderBy: [{ submitted_at: 'desc' }, { id: 'desc' }],
    })) as SubmissionRow[];
    return rows.map(submissionDto);
  }

  const service = {
    /** The homework lecture, its instructions and the student's own hand-ins, newest first. */
    async homework(input: { userId: number; courseId: number; lectureId: number; now: Date; shopAdmin?: boolean }): Promise<HomeworkView> {
      const lecture = await homeworkLecture(input);
      return {
        lecture_id: lecture.id,
        course_id: input.courseId,
        homework_id: lecture.homework_id ?? null,
        name: lecture.lectures_name,
        instructions: lecture.content_text ?? null,
        submissions: await ownSubmissions(input.userId, lecture.id),
      };
    },

    /**
     * Hands in files the student uploaded (`POST /api/home/test_upload` with their token): each
     * name must be an image or document upload of theirs, else 400 HOMEWORK_FILE_INVALID, which
     * does not tell someone else's file from a missing one.
     */
    async submit(input: { userId: number; courseId: number; lectureId: number; files: string[]; now: Date; shopAdmin?: boolean }): Promise<HomeworkView> {
      const lecture = await homeworkLecture(input);
      const uploads = (await storage().findAttachable({ names: input.files, ownerId: input.userId, kinds: ['image', 'document'] })) as AttachableUpload[] | null;
      const fileIds = (uploads ?? []).map((upload) => upload.fileId).filter((id): id is number => id !== null);
      if (!uploads || uploads.length === 0 || fileIds.length !== uploads.length) throw badRequest('HOMEWORK_FILE_INVALID');
      await strapi.db.transaction(async () => {
        await strapi.db.query(SUBMISSION_UID).create({ data: { user: input.userId, course: input.courseId, lecture: lecture.id, files: fileIds, submitted_at: input.now } });
        await storage().claimUploads({ uploads, ownerId: input.userId });
      });
      return service.homework(input);
    },

    /** Every hand-in, newest first, with the student, course and lecture: for the shop's administrators. */
    async adminList(input: { page: number; pageSize: number }): Promise<{ data: AdminHomeworkDto[]; total: number }> {
      const [rows, total] = await Promise.all([
        strapi.db.query(SUBMISSION_UID).findMany({
          select: ['id', 'submitted_at'],
          populate: {
            files: FILE_POPULATE,
            user: { select: ['id', 'username', 'firstname', 'lastname', 'email'] },
            course: { select: ['id', 'title'] },
            lecture: { select: ['id', 'lectures_name'] },
          },
          orderBy: [{ submitted_at: 'desc' }, { id: 'desc' }],
          offset: (input.page - 1) * input.pageSize,
          limit: input.pageSize,
        }) as Promise<SubmissionRow[]>,
        strapi.db.query(SUBMISSION_UID).count({}),
      ]);
      return {
        data: rows.map((row) => ({
          ...submissionDto(row),
          student: row.user
            ? { id: row.user.id, username: row.user.username, name: [row.user.firstname, row.user.lastname].filter(Boolean).join(' ') || row.user.username, email: row.user.email ?? null }
            : null,
          course: row.course ? { id: row.course.id, title: row.course.title } : null,
          lecture: row.lecture ? { id: row.lecture.id, name: row.lecture.lectures_name } : null,
        })),
        total: Number(total),
      };
    },
  };

  return service;
};
