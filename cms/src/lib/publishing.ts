/**
 * When a course or product is published: the flag is on and the end of publication, if
 * any, is still ahead. `publishedWhere` says it to the query engine, `isPublishedAt` to
 * a row already read; the catalogue, the course page, the shop, checkout, the bookstore,
 * comments and the playlist all use the same rule.
 */

/** The query engine's `where` for published entries. */
export function publishedWhere(now: Date) {
  return {
    is_published: true,
    $or: [{ endPublish: { $null: true } }, { endPublish: { $gt: now.toISOString() } }],
  };
}

/** Published: the flag is on and the end of publication, if any, is still ahead. */
export function isPublishedAt(entry: { is_published?: boolean | null; endPublish?: string | Date | null }, now: Date): boolean {
  if (entry.is_published !== true) return false;
  if (entry.endPublish === null || entry.endPublish === undefined || entry.endPublish === '') return true;
  return new Date(entry.endPublish).getTime() > now.getTime();
}

/** A date column as the wire carries it: ISO 8601, or null for none or an unreadable value. */
export function toIso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
