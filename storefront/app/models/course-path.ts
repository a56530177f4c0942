/**
 * Course detail URLs have the shape /courses/{id}-{slug}; the id is the part of the
 * segment before the first dash, so slugs may contain dashes (and Thai letters).
 */

/** `/courses/12-intro-to-thai` for course 12 with slug `intro-to-thai`; `/courses/12` when the slug is empty. */
export function getCoursePath(course: { id: number; slug: string | null | undefined }): string {
  const slug = (course.slug ?? '').trim();
  return slug ? `/courses/${course.id}-${encodeURIComponent(slug)}` : `/courses/${course.id}`;
}

/** The numeric id in a `{id}-{slug}` route segment, or null when the part before the first dash is not a positive integer. */
export function parseCourseId(segment: string | null | undefined): number | null {
  if (!segment) return null;
  const head = segment.split('-', 1)[0];
  if (!/^\d+$/.test(head)) return null;
  const id = Number(head);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
