/**
 * The signed-in student's own courses (GET /private/myaccount/students/courses): the CMS takes
 * the student from the token, so the answer is theirs alone; the page that shows it is private.
 */
import { z } from 'zod';
import type { MyCourseView } from '~/models/my-courses/types';
import { srcSetOf } from '~/models/picture';
import { PictureSourcesSchema } from './cms-schemas.server';
import { callJson, toPublicAssetUrl, type CallOptions } from './cms.server';
import { nullableNumber, nullableString } from './cms-schemas.server';

const MyCourseSchema = z.looseObject({
  course_id: z.number().int(),
  title: z.string(),
  link_path: z.string(),
  picture_url: nullableString,
  picture_sources: PictureSourcesSchema,
  lectures_total: z.number().int().nonnegative(),
  lectures_completed: z.number().int().nonnegative(),
  access: z.looseObject({ lifetime: z.boolean(), days_left: nullableNumber, expired: z.boolean() }),
  can_learn: z.boolean(),
  lock_reason: nullableString,
  last_lecture_id: nullableNumber,
});

const MyCoursesResponseSchema = z.looseObject({ success: z.literal(true), data: z.array(MyCourseSchema) });

export function myCourseView(wire: z.infer<typeof MyCourseSchema>): MyCourseView {
  const learn = `${wire.link_path}/learn`;
  return {
    id: wire.course_id,
    title: wire.title,
    path: wire.link_path,
    pictureUrl: toPublicAssetUrl(wire.picture_url),
    pictureSrcSet: srcSetOf(wire.picture_sources, toPublicAssetUrl),
    lecturesTotal: wire.lectures_total,
    lecturesCompleted: Math.min(wire.lectures_completed, wire.lectures_total),
    daysLeft: wire.access.lifetime ? null : Math.max(0, wire.access.days_left ?? 0),
    unlimited: wire.access.lifetime,
    expired: wire.access.expired,
    canLearn: wire.can_learn,
    lockReason: wire.can_learn ? null : wire.lock_reason,
    continuePath: wire.last_lecture_id !== null ? `${learn}?lecture=${wire.last_lecture_id}` : learn,
    started: wire.last_lecture_id !== null,
  };
}

/** The courses of the token's student, newest approval first. */
export async function listMyCourses(options: CallOptions & { jwt: string }): Promise<MyCourseView[]> {
  const answer = await callJson('/private/myaccount/students/courses', MyCoursesResponseSchema, options);
  return answer.data.map(myCourseView);
}
