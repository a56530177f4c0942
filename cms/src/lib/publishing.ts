/**
 * When a course or product is published: the flag is on and the end of publication, if
 * any, is still ahead. `publishedWhere` says it to the query engine, `isPublishedAt` to
 * a row already read; the catalogue, the course page, the shop, checkout, the bookstore,
 * comments and the playlist all use the same rule.
 */
import type { Core } from '@strapi/strapi';
import { notFound } from './errors';
import type { EntryRef } from './paths';

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

/**
 * The first published entry at a storefront address (an id or a slug); NOT_FOUND when there is none.
 * `unpublished` also takes an entry that is not published: only a verified preview link asks for it (ADR 170).
 */
export async function findPublished<T extends { is_published: boolean | null; endPublish: string | null; id: number; slug: string | null }>(
  strapi: Core.Strapi,
  uid: 'api::course.course' | 'api::product.product',
  ref: EntryRef,
  query: Record<string, unknown>,
  now: Date,
  options: { unpublished?: boolean } = {},
): Promise<T> {
  const where = ref.id !== null ? { id: ref.id } : { slug: ref.slug };
  const rows = (await strapi.db.query(uid).findMany({ ...query, where, orderBy: [{ id: 'asc' }], limit: 5 })) as T[];
  const row = rows.find((entry) => options.unpublished === true || isPublishedAt(entry, now));
  if (!row) throw notFound();
  return row;
}
