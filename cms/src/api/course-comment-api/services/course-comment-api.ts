/**
 * Questions and comments under a published course. Only visible while the COURSE_COMMENT
 * package switch is on; hidden comments (moderated in the admin) are never listed. A reply
 * hangs under a top-level comment of the same course; replies to replies are refused.
 * Authors are shown by name only, never by e-mail.
 */
import type { Core } from '@strapi/strapi';
import { badRequest, notFound } from '../../../lib/errors';
import { isPublishedAt, toIso } from '../../../lib/publishing';
import { readPageSettings } from '../../../lib/site-settings';

const COMMENT_UID = 'api::course-comment.course-comment';
const COURSE_UID = 'api::course.course';

export const COMMENT_MAX_LENGTH = 2000;

type Author = { id: number; username: string; firstname?: string | null; lastname?: string | null } | null;

type CommentRow = {
  id: number;
  comment: string;
  createdAt: string | Date;
  user?: Author;
  parent?: { id: number } | null;
  course?: { id: number } | null;
};

export type CommentReply = { id: number; comment: string; createdAt: string | null; author: { id: number | null; name: string } };
export type CommentItem = CommentReply & { replies: CommentReply[] };

const visible = { $or: [{ is_hidden: false }, { is_hidden: { $null: true } }] };
const USER_POPULATE = { user: { select: ['id', 'username', 'firstname', 'lastname'] } };

function authorOf(user: Author | undefined): CommentReply['author'] {
  if (!user) return { id: null, name: '' };
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ').trim();
  return { id: user.id, name: name || user.username };
}

function toReply(row: CommentRow): CommentReply {
  return { id: row.id, comment: row.comment, createdAt: toIso(row.createdAt), author: authorOf(row.user) };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** The course when it is published and comments are switched on; NOT_FOUND otherwise. */
  async function findOpenCourse(courseId: number, now: Date): Promise<{ id: number }> {
    const settings = await readPageSettings(strapi);
    if (!settings.commentSwitch) throw notFound();
    const course = (await strapi.db.query(COURSE_UID).findOne({
      select: ['id', 'is_published', 'endPublish', 'course_type'],
      where: { id: courseId },
    })) as { id: number; is_published: boolean | null; endPublish: string | null; course_type: string } | null;
    if (!course || course.course_type === 'product' || !isPublishedAt(course, now)) throw notFound();
    return course;
  }

  return {
    async list(input: { courseId: number; page: number; pageSize: number; now: Date }) {
      await findOpenCourse(input.courseId, input.now);
      const where = { $and: [{ course: { id: input.courseId } }, { parent: { id: { $null: true } } }, visible] };
      const [total, rows] = await Promise.all([
        strapi.db.query(COMMENT_UID).count({ where }),
        strapi.db.query(COMMENT_UID).findMany({
          select: ['id', 'comment', 'createdAt'],
          where,
          populate: USER_POPULATE,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          offset: (input.page - 1) * input.pageSize,
          limit: input.pageSize,
        }) as Promise<CommentRow[]>,
      ]);
      const parentIds = rows.map((row) => row.id);
      const replies = parentIds.length
        ? ((await strapi.db.query(COMMENT_UID).findMany({
            select: ['id', 'comment', 'createdAt'],
            where: { $and: [{ parent: { id: { $in: parentIds } } }, visible] },
            populate: { ...USER_POPULATE, parent: { select: ['id'] } },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          })) as CommentRow[])
        : [];
      const data: CommentItem[] = rows.map((row) => ({
        ...toReply(row),
        replies: replies.filter((reply) => reply.parent?.id === row.id).map(toReply),
      }));
      return { data, pagination: { page: input.page, pageSize: input.pageSize, pageCount: Math.ceil(total / input.pageSize), total } };
    },

    async create(input: { courseId: number; userId: number; comment: string; parentId: number | null; now: Date }): Promise<CommentItem> {
      await findOpenCourse(input.courseId, input.now);
      if (input.parentId !== null) {
        const parent = (await strapi.db.query(COMMENT_UID).findOne({
          select: ['id'],
          where: { $and: [{ id: input.parentId }, visible] },
          populate: { course: { select: ['id'] }, parent: { select: ['id'] } },
        })) as CommentRow | null;
        // A reply belongs under a visible top-level comment of the same course.
        if (!parent || parent.course?.id !== input.courseId || parent.parent) throw badRequest('INPUT_ERROR', undefined, { fields: ['parent_id'] });
      }
      const created = (await strapi.db.query(COMMENT_UID).create({
        data: { course: input.courseId, user: input.userId, parent: input.parentId, comment: input.comment, is_hidden: false },
        select: ['id', 'comment', 'createdAt'],
        populate: USER_POPULATE,
      })) as CommentRow;
      return { ...toReply(created), replies: [] };
    },
  };
};
