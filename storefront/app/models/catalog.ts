import { z } from 'zod';

/** One card of the public course list, as `GET /public/courses` returns it. Money is integer satang. */
export const CourseListItemSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
  course_type: z.string(),
  pictureUrl: z.string().nullable(),
  imageAlt: z.string().nullable(),
  price: z.object({ amount: z.number().int(), currency: z.literal('THB') }).nullable(),
});
export type CourseListItem = z.infer<typeof CourseListItemSchema>;

export const CourseListResponseSchema = z.object({ success: z.literal(true), data: z.array(CourseListItemSchema) });

export const TextsResponseSchema = z.object({ success: z.literal(true), data: z.record(z.string(), z.string()) });
