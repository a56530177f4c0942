import { z } from 'zod';
import { srcSetOf } from './picture';

/** One picture rendition as the CMS sends it (ADR 193): its address and its width in pixels. */
export const PictureSourceSchema = z.object({ url: z.string().min(1), width: z.number().int().positive() });
/** A picture's renditions; a CMS answer without them (an older CMS, a file without renditions) is an empty list. */
export const PictureSourcesSchema = z.array(PictureSourceSchema).default([]);

/** One card of the public course list, as `GET /public/courses` returns it. Money is integer satang. */
export const CourseListItemSchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  title: z.string(),
  course_type: z.string(),
  pictureUrl: z.string().nullable(),
  pictureSources: PictureSourcesSchema,
  imageAlt: z.string().nullable(),
  price: z.object({ amount: z.number().int(), currency: z.literal('THB') }).nullable(),
});
export type CourseListItem = z.infer<typeof CourseListItemSchema>;

/** A course card as a page renders it: its picture's addresses public, its renditions a `srcset` (ADR 193). */
export type CourseCardView = Omit<CourseListItem, 'pictureSources'> & { pictureSrcSet: string | null };

/** The card of a listed course, every address passed through `toUrl` (the public origin of the uploads). */
export function courseCardView(item: CourseListItem, toUrl: (url: string | null) => string | null): CourseCardView {
  const { pictureSources, ...card } = item;
  return { ...card, pictureUrl: toUrl(item.pictureUrl), pictureSrcSet: srcSetOf(pictureSources, toUrl) };
}

export const CourseListResponseSchema = z.object({ success: z.literal(true), data: z.array(CourseListItemSchema) });

export const TextsResponseSchema = z.object({ success: z.literal(true), data: z.record(z.string(), z.string()) });
